#ifndef CIRCLES_CAIRO_LOADER_H
#define CIRCLES_CAIRO_LOADER_H

/// Loads Cairo the first time a caller needs it, so that commands which draw nothing (`--help`,
/// `--version`, `check` of files already decoded) start without loading Cairo's two dozen
/// shared libraries.
///
/// Returns NULL once Cairo is loaded, or a message saying why it cannot be. Safe to call from
/// any thread; every call after the first returns the first call's answer.
const char *circles_cairo_load(void);

#endif
