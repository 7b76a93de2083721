#ifndef CSODIUM_SHIM_H
#define CSODIUM_SHIM_H
// libsodium (Debian's libsodium-dev) for HMAC-SHA256 webhook and processor signatures.
#include <sodium.h>
#endif
