#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
// Every helper here is `static inline` and prefixed `cmhd_`; each says why Swift needs it.
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <microhttpd.h>
#include <gnutls/gnutls.h>

/// The URI-log callback's type. microhttpd.h spells it out only inside a comment, so Swift would
/// otherwise see no named function-pointer type to write its top-level callback against.
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon. Why: `MHD_start_daemon` is variadic and Swift cannot call C variadics.
/// The callbacks are typed parameters so that Swift never casts a function pointer to an
/// integer (which `MHD_OPTION_ARRAY` would require for them); the numeric options (limits,
/// timeout) arrive as an `MHD_OPTION_END`-terminated `MHD_OPTION_ARRAY`.
static inline struct MHD_Daemon *cmhd_start_daemon(unsigned int flags,
                                                   MHD_AccessHandlerCallback handler,
                                                   cmhd_uri_log_callback uri_log,
                                                   MHD_RequestCompletedCallback completed,
                                                   MHD_NotifyConnectionCallback connection,
                                                   void *context,
                                                   struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_NOTIFY_CONNECTION, connection, context,
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

/// The connection's socket, or -1. Why: `MHD_get_connection_info` is variadic. Used only to watch a
/// suspended connection for the client hanging up, which libmicrohttpd does not notice by itself.
static inline int cmhd_connection_socket(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The connection's socket context (what `MHD_CONNECTION_NOTIFY_STARTED` stored), or NULL. Why:
/// `MHD_get_connection_info` is variadic. It holds the connection's activity flag, set per request.
static inline void *cmhd_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// How many bytes the request line and header fields took, or 0. Why: `MHD_get_connection_info`
/// is variadic. With the method's pointer it bounds the head in libmicrohttpd's read buffer.
static inline size_t cmhd_header_size(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/// Whether `cert` (a PEM chain) and `key` (a PEM private key) can serve TLS together: 0 when
/// they can, else a GnuTLS error code whose text is written to `message`. Why here: libmicrohttpd
/// only says that it could not start, and the operator needs to know which file is wrong and how.
/// The same GnuTLS call libmicrohttpd makes, with its check that the key matches the certificate.
static inline int cmhd_tls_check_pair(const char *cert, size_t cert_size, const char *key, size_t key_size,
                                      char *message, size_t message_size)
{
    gnutls_certificate_credentials_t credentials;
    int result = gnutls_certificate_allocate_credentials(&credentials);
    if (result >= 0) {
        gnutls_datum_t cert_datum = { (unsigned char *)cert, (unsigned int)cert_size };
        gnutls_datum_t key_datum = { (unsigned char *)key, (unsigned int)key_size };
        result = gnutls_certificate_set_x509_key_mem2(credentials, &cert_datum, &key_datum,
                                                      GNUTLS_X509_FMT_PEM, NULL, 0);
        gnutls_certificate_free_credentials(credentials);
    }
    if (result >= 0) return 0;
    snprintf(message, message_size, "%s", gnutls_strerror(result));
    return result;
}

// Swift's Glibc module imports neither <sys/epoll.h> nor <sys/eventfd.h>, and `struct epoll_event`
// is packed on x86_64; these helpers keep that struct on the C side. They serve the one thread
// that watches suspended connections (timeouts and hang-ups), not libmicrohttpd.

/// A close-on-exec epoll instance, or -1.
static inline int cmhd_epoll_create(void)
{
    return epoll_create1(EPOLL_CLOEXEC);
}

/// A close-on-exec, non-blocking eventfd used to wake the watcher thread, or -1.
static inline int cmhd_eventfd_create(void)
{
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

/// Adds `fd` to the epoll set under `key`: for reading when `readable` (the wake-up eventfd),
/// otherwise only for the peer hanging up (a socket: data the client sends must not wake us).
static inline int cmhd_epoll_add(int epoll_fd, int fd, uint64_t key, int readable)
{
    struct epoll_event event;
    event.events = readable ? EPOLLIN : EPOLLRDHUP;
    event.data.u64 = key;
    return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event);
}

/// Removes `fd` from the epoll set.
static inline int cmhd_epoll_remove(int epoll_fd, int fd)
{
    return epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, NULL);
}

/// Waits up to `timeout_ms` (-1: for ever) and writes the keys of at most `capacity` (<= 64) ready
/// descriptors to `keys`; returns how many, or -1 with errno set.
static inline int cmhd_epoll_wait(int epoll_fd, uint64_t *keys, int capacity, int timeout_ms)
{
    struct epoll_event events[64];
    int count = epoll_wait(epoll_fd, events, capacity < 64 ? capacity : 64, timeout_ms);
    for (int index = 0; index < count; index++) keys[index] = events[index].data.u64;
    return count;
}

#endif
