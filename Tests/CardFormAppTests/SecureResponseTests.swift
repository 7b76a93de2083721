import HTTPServer
import Testing

@testable import CardFormApp

/// The security headers' shortcuts on the request path: the policy written once per set of
/// origins, the page's origin compared in place, route names compared on their bytes.
@Suite struct SecureResponseTests {
    @Test("an answer's policy from the cache is the policy written afresh, for each set of origins")
    func cachedPoliciesAreFreshOnes() {
        let cache = PolicyCache()
        let sets = [["https://shop.example"], ["https://shop.example", "https://*.cdn.example"], ["bad origin; script-src *"],
                    ["https://shop.example", "javascript:alert(1)"], ["https://shop.example"]]
        for origins in sets {
            let field = cache.field(frameAncestors: origins)
            #expect(field.name == .contentSecurityPolicy && field.isValid)
            #expect(field.value == SecureResponse.policy(frameAncestors: origins))
        }
        #expect(cache.count == 4)
        #expect(SecureResponse.policy(frameAncestors: ["bad origin; script-src *"]).hasSuffix("frame-ancestors 'self'"))
        let html = SecureResponse.html("<p>", frameAncestors: ["https://shop.example"])
        #expect(html.headers[.contentSecurityPolicy]?.hasSuffix("frame-ancestors https://shop.example") == true)
    }

    @Test("a page event's answer leaves the router with the headers an HTML answer gets there, in the same order", arguments: [
        [], ["https://shop.example"], ["https://shop.example", "https://*.cdn.example"], ["bad origin; script-src *"],
    ])
    func fragmentsGetTheRoutersHeaders(origins: [String]) {
        func routed(_ response: Response) -> Response {
            var response = response
            SecureResponse.guarding(&response.headers)
            Compression.negotiate(&response, acceptEncoding: "gzip")
            return response
        }
        let small = "<template id=\"b\"><p>x</p></template>"
        let plain = routed(SecureResponse.html(small, frameAncestors: origins))
        let own = SecureResponse.ownFragmentHeaders(frameAncestors: origins)
        #expect(own.fields == plain.headers.fields)
        #expect(routed(SecureResponse.fragments(small, headers: own)) == plain)
        // What lets `Router` send a small page event's answer as it is: prepared, every baseline
        // header there; an answer built by `html` is neither until routed.
        #expect(own.isPrepared && SecureResponse.isGuarded(own))
        #expect(!SecureResponse.html(small, frameAncestors: origins).headers.isPrepared)
        #expect(!SecureResponse.isGuarded(SecureResponse.html(small, frameAncestors: origins).headers))
        // Past `Compression.minimumSize`: gzipped alike, `Content-Encoding` last.
        let large = String(repeating: "<p>x</p>", count: 400)
        let gzipped = routed(SecureResponse.fragments(large, headers: own))
        #expect(gzipped == routed(SecureResponse.html(large, frameAncestors: origins)))
        #expect(gzipped.headers.fields.last?.name == .contentEncoding)
    }

    @Test("the cache starts again past its capacity instead of growing without bound")
    func theCacheIsBounded() {
        let cache = PolicyCache()
        for index in 0...PolicyCache.capacity {
            _ = cache.field(frameAncestors: ["https://shop\(index).example"])
        }
        #expect(cache.count == 1)
        #expect(cache.field(frameAncestors: ["https://shop0.example"]).value.hasSuffix("frame-ancestors https://shop0.example"))
    }

    @Test("a page event's origin must be exactly scheme://host", arguments: [
        ("http://127.0.0.1:8080", "http", "127.0.0.1:8080", true),
        ("https://pay.example", "https", "pay.example", true),
        ("https://pay.example", "http", "pay.example", false),
        ("http://pay.example.evil", "http", "pay.example", false),
        ("http://pay.exampl", "http", "pay.example", false),
        ("http:/pay.example", "http", "pay.example", false),
        ("http:///pay.exampl", "http", "pay.example", false),
        ("HTTP://pay.example", "http", "pay.example", false),
        ("http://PAY.example", "http", "pay.example", false),
        ("null", "http", "pay.example", false),
        ("http://", "http", "", true),
        ("", "http", "", false),
    ])
    func originsAreComparedExactly(origin: String, scheme: String, host: String, allowed: Bool) {
        #expect(Access.isOrigin(origin, scheme: scheme, host: host) == allowed)
        #expect(allowed == (origin == "\(scheme)://\(host)"))
    }

    @Test("route names made from different literals are equal, and hash alike, when their text is")
    func routeNamesCompareTheirText() {
        let page: RouteName = "/s/:id/input"
        let other = RouteName("/s/:id/input")
        #expect(page == other && Set([page]).contains(other))
        #expect(page != "/s/:id/inpu" && page != "/shell/:id/input" && page != "/s/:id/Input")
        #expect(page.description == "/s/:id/input")
        #expect(Metrics.keystrokeRoutes.contains(other))
    }
}
