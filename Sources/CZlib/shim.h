#ifndef CIRCLES_CZLIB_SHIM_H
#define CIRCLES_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit2 is a macro, which Swift cannot call: this wraps it with the library's version
/// and stream size filled in, memory level 8 and the deflate method.
static inline int circles_deflate_init(z_streamp stream, int level, int window_bits, int strategy) {
  return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, strategy);
}

/// inflateInit2, wrapped for the same reason.
static inline int circles_inflate_init(z_streamp stream, int window_bits) {
  return inflateInit2(stream, window_bits);
}
#endif
