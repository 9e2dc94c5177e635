#ifndef CIRCLES_CCAIRO_SHIM_H
#define CIRCLES_CCAIRO_SHIM_H
// Found under the system's include folder, as Debian's libcairo2-dev installs them.
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
#endif
