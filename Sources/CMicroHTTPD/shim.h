#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
// Every helper here is `static inline` and prefixed `cmhd_`; each says why Swift needs it.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The URI-log callback's type. microhttpd.h spells it out only inside a comment, so Swift would
/// otherwise see no named function-pointer type to write its top-level callback against.
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon. Why: `MHD_start_daemon` is variadic and Swift cannot call C variadics.
/// The two callbacks are typed parameters so that Swift never casts a function pointer to an
/// integer (which `MHD_OPTION_ARRAY` would require for them); the numeric options (listen socket,
/// thread pool, limits, timeout) arrive as an `MHD_OPTION_END`-terminated `MHD_OPTION_ARRAY`.
static inline struct MHD_Daemon *cmhd_start_daemon(unsigned int flags,
                                                   MHD_AccessHandlerCallback handler,
                                                   cmhd_uri_log_callback uri_log,
                                                   MHD_RequestCompletedCallback completed,
                                                   void *context,
                                                   struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// The peer's socket address, or NULL. Why: `MHD_get_connection_info` is variadic.
static inline const struct sockaddr *cmhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

#endif
