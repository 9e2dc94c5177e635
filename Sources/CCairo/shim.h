#ifndef CIRCLES_CCAIRO_SHIM_H
#define CIRCLES_CCAIRO_SHIM_H
// The include folder comes from pkg-config (`pkg-config --cflags cairo`).
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#endif
