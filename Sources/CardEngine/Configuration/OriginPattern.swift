/// An entry of a session's `allowedOrigins`: an origin (`https://shop.example`,
/// `http://localhost:3000`) or a pattern whose host starts with `*.` (`https://*.shop.example`),
/// matched as a CSP host-source is (`frame-ancestors`), so that who may frame the form and who may
/// call the shell routes are decided alike.
///
/// Refused outright (`init` fails): any scheme but http and https, a path, a query, user info,
/// quotes, spaces or semicolons (nothing that could break out of a header), a `*` anywhere but as
/// the whole first label, a wildcard port, and a wildcard over a single label (`https://*.com`:
/// every site under a top-level domain, never one merchant's). Suffixes such as `co.uk` cannot be
/// told from a merchant's domain without the public suffix list, which is not shipped: a merchant
/// listing `https://*.co.uk` gets what they wrote.
public struct OriginPattern: Sendable, Hashable {
    /// `http` or `https`.
    public let scheme: String
    /// Lower-cased; for a wildcard, what follows `*.`.
    public let host: String
    /// Whether the host was `*.` + `host`: any subdomain of `host`, not `host` itself.
    public let isWildcard: Bool
    /// The port written, nil for the scheme's default.
    public let port: Int?

    /// Parses `text` as an allowed origin; nil when it is not one (see the type's description).
    ///
    /// Read as UTF-8 bytes: every part it accepts is ASCII, and it runs for every answer (the
    /// policy's `frame-ancestors` is filtered through it) and every shell request's origin check.
    public init?(_ text: String) {
        let utf8 = text.utf8
        guard let parts = utf8.withContiguousStorageIfAvailable(Self.parse) ?? Array(utf8).withUnsafeBufferPointer(Self.parse)
        else { return nil }
        (scheme, host, isWildcard, port) = parts
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, String, Bool, Int?)? {
        let scheme: String
        var hostStart: Int
        if starts(bytes, with: "https://") {
            (scheme, hostStart) = ("https", 8)
        } else if starts(bytes, with: "http://") {
            (scheme, hostStart) = ("http", 7)
        } else {
            return nil
        }
        var hostEnd = hostStart
        while hostEnd < bytes.count, bytes[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
        guard (1...253).contains(hostEnd - hostStart) else { return nil }
        var port: Int?
        if hostEnd < bytes.count {
            guard let number = Self.port(UnsafeBufferPointer(rebasing: bytes[(hostEnd + 1)...])) else { return nil }
            port = number
        }
        let isWildcard = hostEnd - hostStart >= 2 && bytes[hostStart] == UInt8(ascii: "*") && bytes[hostStart + 1] == UInt8(ascii: ".")
        if isWildcard { hostStart += 2 }
        var labels = 0
        var labelStart = hostStart
        for index in hostStart...hostEnd where index == hostEnd || bytes[index] == UInt8(ascii: ".") {
            guard isLabel(UnsafeBufferPointer(rebasing: bytes[labelStart..<index])) else { return nil }
            labels += 1
            labelStart = index + 1
        }
        guard !isWildcard || labels >= 2 else { return nil }
        let host = String(unsafeUninitializedCapacity: hostEnd - hostStart) { buffer in
            for offset in 0..<(hostEnd - hostStart) {
                let byte = bytes[hostStart + offset]
                buffer[offset] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            }
            return hostEnd - hostStart
        }
        return (scheme, host, isWildcard, port)
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix) }
    }

    /// `1`…`65535` written in at most five ASCII digits; nil otherwise (a second `:` included).
    private static func port(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...5).contains(digits.count) else { return nil }
        var value = 0
        for byte in digits {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
        return (1...65535).contains(value) ? value : nil
    }

    /// Whether a request's `Origin` (always a plain origin, never a pattern) is one this entry
    /// allows, by CSP's rules: the same scheme or http upgraded to https; the same host, or for a
    /// wildcard any host ending in `.` + `host`; the same port, the scheme's default standing for
    /// an absent one, and 80 also allowing 443 when http is upgraded.
    public func matches(_ origin: String) -> Bool {
        guard let other = OriginPattern(origin), !other.isWildcard else { return false }
        guard other.scheme == scheme || (scheme == "http" && other.scheme == "https") else { return false }
        if isWildcard {
            guard other.host.count > host.count + 1, other.host.hasSuffix("." + host) else { return false }
        } else {
            guard other.host == host else { return false }
        }
        let otherPort = other.port ?? Self.defaultPort(other.scheme)
        guard let port else { return otherPort == Self.defaultPort(other.scheme) }
        return otherPort == port || (port == 80 && otherPort == 443 && other.scheme == "https")
    }

    private static func defaultPort(_ scheme: String) -> Int { scheme == "https" ? 443 : 80 }

    /// A DNS label: 1 to 63 ASCII letters, digits and inner hyphens.
    private static func isLabel(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else { return false }
        return label.allSatisfy { ($0 | 0x20) &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: "-") }
    }
}

extension OriginPattern {
    /// Whether any of `patterns` allows `origin` (entries that do not parse allow nothing).
    public static func allows(_ patterns: [String], _ origin: String) -> Bool {
        patterns.contains { OriginPattern($0)?.matches(origin) == true }
    }
}
