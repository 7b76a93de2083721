/*
 * The yardstick for bench/http.sh: a bare libmicrohttpd server with the same threading as
 * cardform's Daemon (one daemon per core, each its own epoll thread, fed connections in turn by one
 * accepting thread; the same limits), answering every request with one constant ~300-byte HTML
 * fragment. Whatever cardform is slower than this is the cost of our own code.
 *
 * usage: bare_server [PORT] [BODY_BYTES|-] [headers]   (PORT 0 or absent: a free port; `-`: the
 * constant fragment). Prints "bare listening
 * on http://127.0.0.1:PORT" once ready and stops on SIGINT or SIGTERM.
 *
 * BODY_BYTES (bench/shoppers.sh): answers a fragment of that many bytes instead, as many as
 * cardform's answers averaged in the same round. A request's `X-Bench-Shopper: N` header comes back
 * as a Content-Security-Policy naming `https://shopper-N.example`, as cardform's policy names the
 * session's allowed origin, so the wrk script tells the answers apart the same way for both.
 */
#define _GNU_SOURCE /* accept4 */
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char fragment[] =
    "<template data-cf-block=\"cardNumber\"><div class=\"cf-field\" data-cf-block=\"cardNumber\">"
    "<label for=\"cf-cardNumber\">Card number</label><input id=\"cf-cardNumber\" name=\"cardNumber\" "
    "autocomplete=\"cc-number\" inputmode=\"numeric\" value=\"4242 4242 4242 4242\" aria-invalid=\"false\" "
    "aria-describedby=\"cardNumber-error\"><p id=\"cardNumber-error\"></p></div></template>\n";

static int marker;

/* Whether answers carry cardform's headers (`headers` argument). */
static int match_headers;

/* cardform's policy for an answer a session's allowed origin may frame (SecureResponse.policy). */
static const char policy_start[] =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors ";

/* What every request is answered: `fragment`, or the padded one BODY_BYTES asks for. */
static const char *body = fragment;
static size_t body_size = sizeof fragment - 1;

/* A fragment of `size` bytes: the constant one's block (with a revision, as cardform's answers
 * carry) repeated, then spaces, then the closing tag. */
static char *padded_fragment(size_t size)
{
    static const char head[] = "<template data-cf-block=\"cardNumber\" data-cf-rev=\"1\">";
    static const char tail[] = "</template>\n";
    const char *inner = strchr(fragment, '>') + 1;
    size_t inner_size = strlen(inner) - strlen(tail);
    size_t fixed = sizeof head - 1 + sizeof tail - 1;
    if (size < fixed) size = fixed;
    char *out = malloc(size + 1);
    if (out == NULL) return NULL;
    size_t at = sizeof head - 1;
    memcpy(out, head, at);
    while (at + inner_size <= size - (sizeof tail - 1)) {
        memcpy(out + at, inner, inner_size);
        at += inner_size;
    }
    memset(out + at, ' ', size - (sizeof tail - 1) - at);
    memcpy(out + size - (sizeof tail - 1), tail, sizeof tail - 1);
    out[size] = '\0';
    return out;
}

/* Adds the policy naming the shopper's origin when the request names a shopper (digits only). */
static void echo_shopper(struct MHD_Connection *connection, struct MHD_Response *response)
{
    const char *shopper = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "X-Bench-Shopper");
    if (shopper == NULL || shopper[0] == '\0' || strlen(shopper) > 12 || strspn(shopper, "0123456789") != strlen(shopper))
        return;
    char policy[sizeof policy_start + 64];
    snprintf(policy, sizeof policy, "%shttps://shopper-%s.example", match_headers ? policy_start : "frame-ancestors ", shopper);
    MHD_add_response_header(response, "Content-Security-Policy", policy);
}

/* Reads the whole body like the real server does (bodies arrive over several calls), then answers. */
static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **state)
{
    (void) cls; (void) url; (void) method; (void) version; (void) upload;
    if (*state == NULL) {
        *state = &marker;
        return MHD_YES;
    }
    if (*upload_size > 0) {
        *upload_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response =
        MHD_create_response_from_buffer(body_size, (void *) body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "text/html; charset=utf-8");
    if (match_headers) {
        MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
        MHD_add_response_header(response, "Referrer-Policy", "same-origin");
    }
    echo_shopper(connection, response);
    if (match_headers) {
        MHD_add_response_header(response, "Cache-Control", "no-store");
        MHD_add_response_header(response, "Vary", "Accept-Encoding");
    }
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

/* The accepting thread: deals connections out to the workers in turn, as cardform's Acceptor does
 * (without its connection limit, which a benchmark never reaches). */
struct acceptor {
    int listen_fd;
    struct MHD_Daemon **workers;
    long count;
};

static void *accept_loop(void *argument)
{
    struct acceptor *acceptor = argument;
    unsigned long next = 0;
    for (;;) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        int client = accept4(acceptor->listen_fd, (struct sockaddr *) &address, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EINVAL || errno == EBADF) return NULL; /* shut down: stopping */
            continue;
        }
        MHD_add_connection(acceptor->workers[next++ % acceptor->count], client, (struct sockaddr *) &address, length);
    }
}

int main(int argc, char **argv)
{
    uint16_t port = argc > 1 ? (uint16_t) atoi(argv[1]) : 0;
    if (argc > 4 || (argc == 4 && strcmp(argv[3], "headers") != 0)) {
        fprintf(stderr, "usage: bare_server [PORT] [BODY_BYTES|-] [headers]\n");
        return 2;
    }
    match_headers = argc == 4;
    if (argc > 2 && strcmp(argv[2], "-") != 0) {
        body_size = (size_t) strtoul(argv[2], NULL, 10);
        body = padded_fragment(body_size);
        if (body == NULL) return 1;
        body_size = strlen(body);
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1) cores = 1;
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    /* Blocked before any thread starts, so every thread inherits the mask and sigwait below gets them. */
    pthread_sigmask(SIG_BLOCK, &stop, NULL);

    struct sockaddr_in loopback;
    memset(&loopback, 0, sizeof loopback);
    loopback.sin_family = AF_INET;
    loopback.sin_port = htons(port);
    loopback.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int yes = 1;
    setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (listen_fd < 0 || bind(listen_fd, (struct sockaddr *) &loopback, sizeof loopback) != 0 || listen(listen_fd, 511) != 0) {
        fprintf(stderr, "bare_server: cannot listen on port %u\n", port);
        return 1;
    }
    socklen_t length = sizeof loopback;
    getsockname(listen_fd, (struct sockaddr *) &loopback, &length);

    /* One daemon per core, each its own epoll thread with no listen socket: cardform's Daemon. */
    struct MHD_Daemon *workers[cores];
    for (long i = 0; i < cores; i++) {
        workers[i] = MHD_start_daemon(
            MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_NO_LISTEN_SOCKET, 0, NULL, NULL,
            answer, NULL,
            MHD_OPTION_CONNECTION_LIMIT, 2048u + 16u,
            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t) (32 * 1024),
            MHD_OPTION_CONNECTION_TIMEOUT, 30u,
            MHD_OPTION_END);
        if (workers[i] == NULL) {
            fprintf(stderr, "bare_server: cannot start worker %ld\n", i);
            return 1;
        }
    }
    struct acceptor acceptor = { listen_fd, workers, cores };
    pthread_t thread;
    pthread_create(&thread, NULL, accept_loop, &acceptor);
    printf("bare listening on http://127.0.0.1:%u\n", ntohs(loopback.sin_port));
    fflush(stdout);
    int signal_number;
    sigwait(&stop, &signal_number);
    shutdown(listen_fd, SHUT_RDWR);
    pthread_join(thread, NULL);
    for (long i = 0; i < cores; i++) MHD_stop_daemon(workers[i]);
    close(listen_fd);
    return 0;
}
