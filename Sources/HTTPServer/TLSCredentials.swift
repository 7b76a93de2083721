import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// A certificate chain and its private key, both PEM, checked to work together: what the daemon
/// needs to serve HTTPS (libmicrohttpd's own TLS, through GnuTLS).
public struct TLSCredentials: Sendable, Equatable {
    /// The certificate chain, PEM, the server's certificate first.
    public let certificate: [UInt8]
    /// The private key, PEM, unencrypted.
    public let key: [UInt8]

    /// Checks that this libmicrohttpd has TLS, that `certificate` holds a certificate and `key` a
    /// private key, and that the key is the certificate's.
    ///
    /// Throws `tlsUnavailable` or `invalidTLSCredentials`, with GnuTLS's reason in the message.
    public init(certificate: [UInt8], key: [UInt8]) throws(HTTPServerError) {
        guard MHD_is_feature_supported(.FEATURE_TLS) == .YES else {
            throw HTTPServerError(.tlsUnavailable, "this libmicrohttpd was built without TLS")
        }
        var message = [CChar](repeating: 0, count: 256)
        let result = certificate.withUnsafeBufferPointer { cert in
            key.withUnsafeBufferPointer { key in
                cert.withMemoryRebound(to: CChar.self) { cert in
                    key.withMemoryRebound(to: CChar.self) { key in
                        cmhd_tls_check_pair(cert.baseAddress, cert.count, key.baseAddress, key.count, &message, message.count)
                    }
                }
            }
        }
        guard result == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw HTTPServerError(.invalidTLSCredentials, "the certificate and key cannot serve TLS: \(reason)")
        }
        self.certificate = certificate
        self.key = key
    }

    /// Reads both PEM files and checks them (see `init(certificate:key:)`); also throws
    /// `unreadableTLSFile` naming the file that is missing or cannot be read.
    public static func load(certificatePath: String, keyPath: String) throws(HTTPServerError) -> TLSCredentials {
        try TLSCredentials(certificate: try read(certificatePath, "certificate"), key: try read(keyPath, "key"))
    }

    private static func read(_ path: String, _ what: String) throws(HTTPServerError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw HTTPServerError(.unreadableTLSFile, "cannot read the TLS \(what) \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes.append(contentsOf: chunk[..<count])
            // A PEM file is a few kilobytes; a bound keeps a wrong path (a device, a huge file) harmless.
            guard count == chunk.count, bytes.count <= 1 << 20 else { break }
        }
        guard ferror(file) == 0, bytes.count <= 1 << 20 else {
            throw HTTPServerError(.unreadableTLSFile, "cannot read the TLS \(what) \(path): not a PEM file of at most 1 MiB")
        }
        return bytes
    }
}

/// The TLS options of every worker daemon, as NUL-terminated C strings that live as long as the
/// daemons do (libmicrohttpd is handed pointers, not copies).
final class TLSOptions: Sendable {
    /// TLS 1.2 and 1.3 only, GnuTLS's default ciphers otherwise.
    static let priorities = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"

    private let certificate: CString
    private let key: CString
    private let priorities: CString

    init(_ credentials: TLSCredentials) {
        certificate = CString(credentials.certificate)
        key = CString(credentials.key)
        priorities = CString(Array(Self.priorities.utf8))
    }

    /// The options to put before the others.
    var items: [MHD_OptionItem] {
        [
            MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: certificate.pointer),
            MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: key.pointer),
            MHD_OptionItem(option: .HTTPS_PRIORITIES, value: 0, ptr_value: priorities.pointer),
        ]
    }
}

/// A heap copy of bytes with a NUL after them, freed with its owner. `@unchecked Sendable`: it is
/// written once, in `init`, and only read (by libmicrohttpd) after.
private final class CString: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init(_ bytes: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count + 1, alignment: 1)
        buffer.copyBytes(from: bytes)
        buffer[bytes.count] = 0
        pointer = buffer.baseAddress!
    }

    deinit { pointer.deallocate() }
}
