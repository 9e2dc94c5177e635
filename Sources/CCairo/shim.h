#ifndef CIRCLES_CCAIRO_SHIM_H
#define CIRCLES_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#endif
