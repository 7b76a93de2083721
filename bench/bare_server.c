/*
 * The yardstick for bench/http.sh: a bare libmicrohttpd server with the same threading as
 * cardform's Daemon (internal polling thread on epoll, a pool of one thread per core, the same
 * limits), answering every request with one constant ~300-byte HTML fragment. Whatever cardform
 * is slower than this is the cost of our own code.
 *
 * usage: bare_server [PORT]   (0 or absent: a free port). Prints "bare listening on
 * http://127.0.0.1:PORT" once ready and stops on SIGINT or SIGTERM.
 */
#include <arpa/inet.h>
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
        MHD_create_response_from_buffer(sizeof fragment - 1, (void *) fragment, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "text/html; charset=utf-8");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv)
{
    uint16_t port = argc > 1 ? (uint16_t) atoi(argv[1]) : 0;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    /* Blocked before the pool starts, so the workers inherit the mask and sigwait below gets them. */
    pthread_sigmask(SIG_BLOCK, &stop, NULL);

    struct sockaddr_in loopback;
    memset(&loopback, 0, sizeof loopback);
    loopback.sin_family = AF_INET;
    loopback.sin_port = htons(port);
    loopback.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC, port, NULL, NULL, answer, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int) (cores > 1 ? cores : 1),
        MHD_OPTION_CONNECTION_LIMIT, 1024u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t) (32 * 1024),
        MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *) &loopback,
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "bare_server: cannot start on port %u\n", port);
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("bare listening on http://127.0.0.1:%u\n", info ? info->port : port);
    fflush(stdout);
    int signal_number;
    sigwait(&stop, &signal_number);
    MHD_stop_daemon(daemon);
    return 0;
}
