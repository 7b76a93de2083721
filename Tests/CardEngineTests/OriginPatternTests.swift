import CardEngine
import Testing

/// `allowedOrigins` entries: origins and `*.` patterns, parsed strictly and matched as CSP's
/// `frame-ancestors` matches them.
@Suite struct OriginPatternTests {
    @Test(arguments: [
        "https://shop.example", "http://localhost:3000", "https://*.shop.example", "http://*.shop.example:8080",
        "https://*.example.co.uk", "https://SHOP.example", "http://127.0.0.1:9999", "https://xn--bcher-kva.example",
    ])
    func acceptsOriginsAndSubdomainPatterns(_ text: String) {
        #expect(OriginPattern(text) != nil, "\(text)")
    }

    @Test(arguments: [
        "https://*",                          // every site
        "https://*.com", "http://*.localhost", // every site under one top-level label
        "https://a.*.b", "https://*a.shop.example", "https://*.*.shop.example", "https://shop.*",
        "https://*.shop.example:*", "https://shop.example:*",
        "ftp://*.shop.example", "javascript://*.shop.example", "data:text/html,x", "*.shop.example", "//shop.example",
        "https://*.shop.example/", "https://*.shop.example/path", "https://shop.example?x", "https://user@shop.example",
        "https://*.shop.example; script-src *", "https://*.shop.example 'unsafe-inline'", "https://'self'",
        "https://shop.example\"", "https://shop.example,evil.example", "https://shop .example", "https://shop.example\r\nX: y",
        "https://", "https://:443", "https://shop.example:", "https://shop.example:0", "https://shop.example:65536",
        "https://shop..example", "https://shop.example.", "https://-shop.example", "https://[::1]:8080",
        "https://shop.example:80:80", "https://shop.example:123456", "https://b\u{FC}cher.example", "https://shop.\u{212A}.example",
        "https://shop-.example", "https://*.", "https://*.example", "HTTPS://shop.example", "https:/\u{301}/shop.example",
        "https://" + String(repeating: "a", count: 64) + ".example", "https://" + String(repeating: "a.", count: 127) + "ab",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(OriginPattern(text) == nil, "\(text)")
    }

    @Test("the parts read: scheme, host lower-cased, wildcard and port")
    func parts() throws {
        let pattern = try #require(OriginPattern("http://*.Pay.SHOP.example:08080"))
        #expect(pattern.scheme == "http" && pattern.host == "pay.shop.example" && pattern.isWildcard && pattern.port == 8080)
        let plain = try #require(OriginPattern("https://" + String(repeating: "a", count: 63) + ".example"))
        #expect(plain.scheme == "https" && !plain.isWildcard && plain.port == nil && plain.host.utf8.count == 71)
    }

    @Test(arguments: [
        ("https://*.shop.example", "https://pay.shop.example", true),
        ("https://*.shop.example", "https://a.b.shop.example", true),
        ("https://*.shop.example", "https://PAY.shop.example", true),
        ("https://*.shop.example", "https://shop.example", false),          // not the apex
        ("https://*.shop.example", "https://evilshop.example", false),
        ("https://*.shop.example", "https://pay.shop.example.evil.example", false),
        ("https://*.shop.example", "http://pay.shop.example", false),       // no downgrade
        ("http://*.shop.example", "https://pay.shop.example", true),        // CSP's upgrade
        ("https://*.shop.example", "https://pay.shop.example:8443", false),
        ("https://*.shop.example", "https://pay.shop.example:443", true),
        ("https://*.shop.example:8443", "https://pay.shop.example:8443", true),
        ("https://*.shop.example:8443", "https://pay.shop.example", false),
        ("http://*.shop.example:80", "https://pay.shop.example", true),
        ("https://*.shop.example", "null", false),
        ("https://*.shop.example", "https://*.shop.example", false),
        ("https://shop.example", "https://shop.example", true),
        ("https://shop.example", "https://pay.shop.example", false),
        ("https://shop.example", "http://shop.example", false),
        ("http://localhost:3000", "http://localhost:3000", true),
        ("http://localhost:3000", "http://localhost:3001", false),
    ])
    func matchesAsCSPDoes(_ pattern: String, _ origin: String, _ allowed: Bool) throws {
        let parsed = try #require(OriginPattern(pattern))
        #expect(parsed.matches(origin) == allowed, "\(pattern) vs \(origin)")
    }
}
