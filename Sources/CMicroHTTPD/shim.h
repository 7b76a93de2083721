#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
// Every helper here is `static inline` and prefixed `cmhd_`; each says why Swift needs it.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

#endif
