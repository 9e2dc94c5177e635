#ifndef CIRCLES_CSPNG_SHIM_H
#define CIRCLES_CSPNG_SHIM_H
#include <spng.h>
#endif
