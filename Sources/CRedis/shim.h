#ifndef CREDIS_SHIM_H
#define CREDIS_SHIM_H
// hiredis (Debian's libhiredis-dev, 0.14 on bookworm; the calls used here are the same in 1.x).
// Commands are formatted in Swift (RedisCommand) and go through redisAppendFormattedCommand and
// redisGetReply, neither variadic, so binary values need no shim. The one shim below reads a fixed-size char array that Swift
// imports as a 128-element tuple.
#include <hiredis/hiredis.h>

/// The context's last error as a C string (empty when there is none).
static inline const char *credis_errstr(const redisContext *context) {
    return context->errstr;
}

#endif
