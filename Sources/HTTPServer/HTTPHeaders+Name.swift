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
            return equalIgnoringCase(lhs.rawName, rhs.rawName)
        }

        /// Names of one length that differ (`Accept-Language` asked of `Accept-Encoding`): one
        /// loop over both buffers, not the generic walk over two UTF-8 views (~160 instructions).
        /// Kept out of line, so that `==` stays small enough to be inlined where names are compared.
        @inline(never)
        private static func equalIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
            if let answer = lhs.utf8.withContiguousStorageIfAvailable({ left in
                rhs.utf8.withContiguousStorageIfAvailable { right in equalIgnoringCase(left, right) }
            }), let answer {
                return answer
            }
            return lhs.utf8.elementsEqual(rhs.utf8) { $0 == $1 || lowered($0) == lowered($1) }
        }

        private static func equalIgnoringCase(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
            guard left.count == right.count else { return false }
            for index in left.indices where left[index] != right[index] && lowered(left[index]) != lowered(right[index]) {
                return false
            }
            return true
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
        ///
        /// Compared as the length and two words: the first and last 8 bytes (4 below 8 bytes),
        /// which overlap and so cover every byte of a name up to 16 (up to 8) long. The constants
        /// are the names' bytes read little-endian; a test checks each, and every byte changed.
        static func common(_ bytes: UnsafeRawBufferPointer) -> Name? {
            let count = bytes.count
            guard count >= 4, count <= 16 else { return nil }
            let head: UInt64
            let tail: UInt64
            if count >= 8 {
                head = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
                tail = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            } else {
                head = UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
                tail = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            }
            let name: String? = switch (count, head, tail) {
            case (4, 0x7473_6F48, 0x7473_6F48): "Host"
            case (6, 0x6769_724F, 0x6E69_6769): "Origin"
            case (6, 0x6563_6341, 0x7470_6563): "Accept"
            case (6, 0x6B6F_6F43, 0x6569_6B6F): "Cookie"
            case (7, 0x6566_6552, 0x7265_7265): "Referer"
            case (10, 0x6567_412D_7265_7355, 0x746E_6567_412D_7265): "User-Agent"
            case (10, 0x6974_6365_6E6E_6F43, 0x6E6F_6974_6365_6E6E): "Connection"
            case (12, 0x2D74_6E65_746E_6F43, 0x6570_7954_2D74_6E65): "Content-Type"
            case (14, 0x2D74_6E65_746E_6F43, 0x6874_676E_654C_2D74): "Content-Length"
            case (14, 0x6374_6546_2D63_6553, 0x7473_6544_2D68_6374): "Sec-Fetch-Dest"
            case (14, 0x6374_6546_2D63_6553, 0x6564_6F4D_2D68_6374): "Sec-Fetch-Mode"
            case (14, 0x6374_6546_2D63_6553, 0x6574_6953_2D68_6374): "Sec-Fetch-Site"
            case (15, 0x452D_7470_6563_6341, 0x676E_6964_6F63_6E45): "Accept-Encoding"
            case (15, 0x4C2D_7470_6563_6341, 0x6567_6175_676E_614C): "Accept-Language"
            // Not HTTP's, but on every page event the page script sends (16 bytes: a string made
            // for it would be allocated, unlike the shorter ones stored inline).
            case (16, 0x6F46_6472_6143_2D58, 0x6E65_6B6F_542D_6D72): "X-CardForm-Token"
            default: nil
            }
            return name.map(Name.init(checked:))
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
