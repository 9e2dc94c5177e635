#ifndef CIRCLES_CMICROHTTPD_SHIM_H
#define CIRCLES_CMICROHTTPD_SHIM_H

// microhttpd.h expects these types to be declared before it.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

#endif
