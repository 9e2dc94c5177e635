#ifndef CIRCLES_CCAIRO_SHIM_H
#define CIRCLES_CCAIRO_SHIM_H
#include <cairo.h>
#endif
