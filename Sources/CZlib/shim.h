#ifndef CIRCLES_CZLIB_SHIM_H
#define CIRCLES_CZLIB_SHIM_H
#include <zlib.h>
#endif
