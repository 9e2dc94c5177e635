#ifndef CIRCLES_CMICROHTTPD_SHIM_H
#define CIRCLES_CMICROHTTPD_SHIM_H

// microhttpd.h expects these types to be declared before it.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_get_connection_info is variadic, which Swift does not import: the socket of a connection,
// or -1.
static inline int circles_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info ? info->connect_fd : -1;
}

#endif
