#if canImport(Glibc)
import Glibc
#endif

extension HTTPHeaders {
    /// A header name: an RFC 9110 token, compared ignoring ASCII case, kept as written.
    ///
    /// The common names are constants (`.contentType`, `.cacheControl`…). A literal is checked
    /// when made and must be a token (a mistake in our own source stops the program at its first
    /// use); a name from elsewhere goes through the failable `init(_:)`.
    public struct Name: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name as written (`Content-Type`).
        public let rawName: String
        /// `rawName`'s length in bytes, kept: most names compared differ in length, and a look-up
        /// compares the name asked for with every field's (~40 instructions each through the
        /// String's own count, one here).
        private let length: Int

        /// A name from a runtime string; nil unless it is a token (letters, digits and
        /// ``!#$%&'*+-.^_`|~``).
        public init?(_ name: String) {
            guard Self.isToken(name) else { return nil }
            rawName = name
            length = name.utf8.count
        }

        /// A name from a literal in our own source, which must be a token.
        public init(stringLiteral value: String) {
            precondition(Self.isToken(value), "'\(value)' is not a header name")
            rawName = value
            length = value.utf8.count
        }

        public var description: String { rawName }

        /// ASCII case-insensitive: header names are tokens, so no Unicode folding applies. Lengths
        /// first: most names compared differ in length, and that answer costs nothing.
        public static func == (lhs: Name, rhs: Name) -> Bool {
            guard lhs.length == rhs.length else { return false }
            // Names are ASCII, so String equality is byte equality here: the usual case, same spelling, at once.
            if lhs.rawName == rhs.rawName { return true }
            return lhs.rawName.utf8.elementsEqual(rhs.rawName.utf8) { $0 == $1 || lowered($0) == lowered($1) }
        }

        public func hash(into hasher: inout Hasher) {
            for byte in rawName.utf8 { hasher.combine(Self.lowered(byte)) }
        }

        /// A name libmicrohttpd read from a request head, whose bytes `isToken` accepted.
        init(checked name: String) {
            rawName = name
            length = name.utf8.count
        }

        /// The name whose spelling is exactly `bytes`, when it is one most requests carry: made
        /// from a literal, so reading a head makes no string for it (and checks no token) for
        /// these. Another spelling (`content-type`) is read as any other name.
        static func common(_ bytes: UnsafeRawBufferPointer) -> Name? {
            switch bytes.count {
            case 4: spelled(bytes, "Host")
            case 6: spelled(bytes, "Origin") ?? spelled(bytes, "Accept") ?? spelled(bytes, "Cookie")
            case 7: spelled(bytes, "Referer")
            case 10: spelled(bytes, "User-Agent") ?? spelled(bytes, "Connection")
            case 12: spelled(bytes, "Content-Type")
            case 14: spelled(bytes, "Content-Length") ?? spelled(bytes, "Sec-Fetch-Dest") ?? spelled(bytes, "Sec-Fetch-Mode") ?? spelled(bytes, "Sec-Fetch-Site")
            case 15: spelled(bytes, "Accept-Encoding") ?? spelled(bytes, "Accept-Language")
            default: nil
            }
        }

        /// `name` (a literal: no string is made) when `bytes` spell it.
        private static func spelled(_ bytes: UnsafeRawBufferPointer, _ name: String) -> Name? {
            var text = name
            // memcmp: the generic `elementsEqual` on buffers costs ~20 instructions a byte.
            let equal = text.withUTF8 { spelling in
                spelling.count == bytes.count && (bytes.isEmpty || memcmp(spelling.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
            }
            return equal ? Name(checked: name) : nil
        }

        static func isToken(_ name: String) -> Bool {
            var name = name
            return name.withUTF8 { isToken(UnsafeRawBufferPointer($0)) }
        }

        /// `isToken` on raw bytes (a request head's names, straight from libmicrohttpd's buffer).
        static func isToken(_ name: UnsafeRawBufferPointer) -> Bool {
            let sets = tokenBytes
            guard !name.isEmpty else { return false }
            // No branch per byte (names are short, and nearly always tokens): each byte's bit is
            // taken from its half's set and the answers are and-ed together.
            var all: UInt64 = 1
            for byte in name {
                let set = byte < 64 ? sets.low : byte < 128 ? sets.high : 0
                all &= set >> (byte & 63)
            }
            return all & 1 == 1
        }

        /// The token bytes (RFC 9110 §5.6.2: letters, digits and ``!#$%&'*+-.^_`|~``) as two bit
        /// sets, bytes 0–63 and 64–127. Constants, not a lazily made global, which cost a
        /// `swift_once` on each read; a test checks them against the list.
        private static var tokenBytes: (low: UInt64, high: UInt64) { (0x03FF_6CFA_0000_0000, 0x57FF_FFFF_C7FF_FFFE) }

        private static func lowered(_ byte: UInt8) -> UInt8 {
            byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
        }
    }
}

extension HTTPHeaders.Name {
    public static let accept: Self = "Accept"
    public static let acceptLanguage: Self = "Accept-Language"
    public static let accessControlAllowHeaders: Self = "Access-Control-Allow-Headers"
    public static let accessControlAllowMethods: Self = "Access-Control-Allow-Methods"
    public static let accessControlAllowOrigin: Self = "Access-Control-Allow-Origin"
    public static let accessControlMaxAge: Self = "Access-Control-Max-Age"
    public static let allow: Self = "Allow"
    public static let authorization: Self = "Authorization"
    public static let cacheControl: Self = "Cache-Control"
    public static let connection: Self = "Connection"
    public static let contentLength: Self = "Content-Length"
    public static let contentSecurityPolicy: Self = "Content-Security-Policy"
    public static let contentType: Self = "Content-Type"
    public static let etag: Self = "ETag"
    public static let host: Self = "Host"
    public static let ifNoneMatch: Self = "If-None-Match"
    public static let location: Self = "Location"
    public static let origin: Self = "Origin"
    public static let referrerPolicy: Self = "Referrer-Policy"
    public static let retryAfter: Self = "Retry-After"
    public static let setCookie: Self = "Set-Cookie"
    public static let strictTransportSecurity: Self = "Strict-Transport-Security"
    public static let transferEncoding: Self = "Transfer-Encoding"
    public static let vary: Self = "Vary"
    public static let wwwAuthenticate: Self = "WWW-Authenticate"
    public static let xContentTypeOptions: Self = "X-Content-Type-Options"
}
