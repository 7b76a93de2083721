#if canImport(Glibc)
import Glibc
#endif
import CardFormSupport

/// Why the HTTP server could not start, or why a request could not be made into a `Request`. Its
/// message never repeats a request target (it may hold ids); a socket failure's names the `errno`.
public typealias HTTPServerError = CodedError<HTTPServerFailure>

/// The codes of `HTTPServerError`.
public enum HTTPServerFailure: String, ErrorCode {
    /// Another socket already listens on the host and port.
    case addressInUse = "address-in-use"
    /// The process may not bind that port (e.g. below 1024 without privileges).
    case permissionDenied = "permission-denied"
    /// The host is not an address of this machine.
    case addressUnavailable = "address-unavailable"
    /// The host is not an IPv4 address (or `localhost`).
    case invalidHost = "invalid-host"
    /// The port is outside 0...65535.
    case invalidPort = "invalid-port"
    /// A socket call failed for another reason; the message says which and why.
    case socketFailed = "socket-failed"
    /// libmicrohttpd refused to start with the given options.
    case startFailed = "start-failed"
    /// The request target is not an origin-form path with valid percent-encoding and UTF-8.
    case malformedRequestTarget = "malformed-request-target"
    /// HTTPS was asked for, but this libmicrohttpd was built without TLS.
    case tlsUnavailable = "tls-unavailable"
    /// A TLS certificate or key file is missing or cannot be read.
    case unreadableTLSFile = "unreadable-tls-file"
    /// The TLS certificate or key is not valid PEM, or the key is not the certificate's.
    case invalidTLSCredentials = "invalid-tls-credentials"
}

extension HTTPServerError {
    /// Maps the `errno` of a failed `bind` to the code a person can act on.
    static func binding(errno number: Int32, host: String, port: Int) -> HTTPServerError {
        let place = "\(host):\(port)"
        switch number {
        case EADDRINUSE: return HTTPServerError(.addressInUse, "\(place) is already in use")
        case EACCES: return HTTPServerError(.permissionDenied, "no permission to listen on \(place)")
        case EADDRNOTAVAIL:
            return HTTPServerError(.addressUnavailable, "\(host) is not an address of this machine")
        default: return .system("bind to \(place)", errno: number)
        }
    }

    /// A socket call that failed for a reason with no dedicated code.
    static func system(_ what: String, errno number: Int32) -> HTTPServerError {
        HTTPServerError(.socketFailed, "\(what) failed: \(String(cString: strerror(number)))")
    }
}
