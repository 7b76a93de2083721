import HTTPServer
import Testing

@Suite("Request, in memory")
struct RequestTests {
    @Test("the target splits into a decoded path and a raw query", arguments: [
        ("/", "/", nil),
        ("/s/abc/input", "/s/abc/input", nil),
        ("/s/a%20b", "/s/a b", nil),
        ("/a+b", "/a+b", nil),
        ("/caf%C3%A9", "/café", nil),
        ("/a%2Fb", "/a/b", nil),
        ("/healthz?", "/healthz", ""),
        ("/x?a=1&b=%zz", "/x", "a=1&b=%zz"),
        ("http://example.com/s/1?q=2", "/s/1", "q=2"),
        ("https://example.com", "/", nil),
        ("http://example.com?q", "/", "q"),
        ("/a?b?c", "/a", "b?c"),
        ("/plain?x=%41", "/plain", "x=%41"),
        ("/caf%C3%A9?x=%41", "/café", "x=%41"),
        ("http://ex%41mple.com/a?b", "/a", "b"),
        ("http://example.com/a%20b?c", "/a b", "c"),
    ] as [(String, String, String?)])
    func targetSplits(target: String, path: String, query: String?) throws {
        let request = try Request(method: .get, target: target)
        #expect(request.target == target)
        #expect(request.path == path)
        #expect(request.query == query)
    }

    @Test("a path starts with the byte '/' even when the next character combines with it")
    func combiningMarkAfterSlash() throws {
        // Found by the head fuzz target: `"/\u{64B}…".hasPrefix("/")` is false, since the slash and
        // the mark make one Character. Routes must compare paths by their UTF-8 bytes.
        let request = try Request(method: .get, target: "/\u{64B}x")
        #expect(request.path.utf8.first == UInt8(ascii: "/"))
        #expect(!request.path.hasPrefix("/"))
    }

    @Test("a malformed target is refused with malformed-request-target", arguments: [
        "", "*", "relative/path", "/a%", "/a%4", "/a%zz", "/%FF", "/a%00", "/a#b", "ftp://host/x",
        "/a b", "/a\tb", "/a\u{7F}", "/a\u{1}b", "/a\0b",
    ])
    func malformedTarget(target: String) {
        #expect(throws: HTTPServerError.self) {
            do throws(HTTPServerError) {
                _ = try Request(method: .get, target: target)
            } catch {
                #expect(error.code == .malformedRequestTarget)
                #expect(!error.message.contains(target) || target.isEmpty)
                throw error
            }
        }
    }

    @Test("query items decode the query as form data, strictly")
    func queryItems() throws {
        let request = try Request(method: .get, target: "/x?a=1&b=two+words&a=3")
        #expect(try request.queryItems.values(for: "a") == ["1", "3"])
        #expect(try request.queryItems["b"] == "two words")
        #expect(try Request(method: .get, target: "/x").queryItems.isEmpty)
        #expect(throws: FormDecodingError(.malformedPercentEncoding, "'%' must be followed by two hex digits")) {
            try Request(method: .get, target: "/x?a=%zz").queryItems
        }
    }

    @Test("a form body is decoded only when its content type says so", arguments: [
        ("application/x-www-form-urlencoded", true),
        ("application/x-www-form-urlencoded; charset=UTF-8", true),
        ("Application/X-WWW-Form-URLEncoded", true),
        (" application/x-www-form-urlencoded ;charset=UTF-8", true),
        ("application/x-www-form-urlencodedx", false),
        ("application/x-www-form", false),
        ("application/json", false),
        ("multipart/form-data; boundary=x", false),
        (nil, false),
    ] as [(String?, Bool)])
    func formBody(contentType: String?, decodes: Bool) throws {
        var headers = HTTPHeaders()
        if let contentType { headers.add("Content-Type", contentType) }
        let request = try Request(method: .post, target: "/f", headers: headers, body: Array("field=cvv&value=12".utf8))
        do throws(FormDecodingError) {
            let form = try request.formFields()
            #expect(decodes && form["field"] == "cvv" && form["value"] == "12")
        } catch {
            #expect(!decodes && error.code == .unsupportedMediaType)
        }
    }

    @Test("a responder can be driven in memory, without a socket")
    func inMemory() throws {
        let responder = ResponderFunction { request in
            request.method == .get && request.path == "/healthz" ? .text("ok") : .text("not found", status: .notFound)
        }
        #expect(responder.respond(to: try Request(method: .get, target: "/healthz")).body.bytes == Array("ok".utf8))
        #expect(responder.respond(to: try Request(method: .post, target: "/healthz")).status == .notFound)
    }
}
