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
    public init?(_ text: String) {
        let rest: Substring
        if text.hasPrefix("https://") {
            (scheme, rest) = ("https", text.dropFirst(8))
        } else if text.hasPrefix("http://") {
            (scheme, rest) = ("http", text.dropFirst(7))
        } else {
            return nil
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), var host = parts.first, (1...253).contains(host.count) else { return nil }
        if parts.count == 2 {
            guard parts[1].count <= 5, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(parts[1]),
                  (1...65535).contains(port)
            else { return nil }
            self.port = port
        } else {
            port = nil
        }
        isWildcard = host.hasPrefix("*.")
        if isWildcard { host = host.dropFirst(2) }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !isWildcard || labels.count >= 2, labels.allSatisfy(Self.isLabel) else { return nil }
        self.host = host.lowercased()
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
    private static func isLabel(_ label: Substring) -> Bool {
        !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
            && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}

extension OriginPattern {
    /// Whether any of `patterns` allows `origin` (entries that do not parse allow nothing).
    public static func allows(_ patterns: [String], _ origin: String) -> Bool {
        patterns.contains { OriginPattern($0)?.matches(origin) == true }
    }
}
