#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 is a macro (it passes the library's version and the stream's size), which Swift
   does not import: this is it as a function. windowBits 16 + n asks for a gzip wrapper. */
static inline int czlib_deflate_init_gzip(z_stream *stream, int level, int window_bits, int mem_level) {
    return deflateInit2(stream, level, Z_DEFLATED, 16 + window_bits, mem_level, Z_DEFAULT_STRATEGY);
}

/* inflateInit2 likewise, for tests that read what was compressed (32 + n: gzip or zlib). */
static inline int czlib_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 32 + 15);
}
#endif
