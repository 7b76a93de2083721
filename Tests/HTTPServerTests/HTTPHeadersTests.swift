import HTTPServer
import Testing

@Suite("Headers and responses")
struct HTTPHeadersTests {
    @Test("lookups ignore the case of the name and keep every value in order")
    func caseInsensitive() {
        let headers: HTTPHeaders = ["Content-Type": "text/html", "X-Tag": "a", "x-tag": "b"]
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers.values(for: "X-TAG") == ["a", "b"])
        #expect(headers["Content-Typ"] == nil)
        #expect(headers["Content-Type2"] == nil)
    }

    @Test("names of one length are equal only byte for byte, ASCII letters in any case")
    func sameLengthNames() {
        let pairs: [(String, String, Bool)] = [
            ("Accept-Language", "Accept-Encoding", false), ("Accept-Language", "ACCEPT-language", true),
            ("X^", "x~", false), ("x-a", "X-A", true), ("x-a", "X-B", false),
            ("Access-Control-Allow-Origin", "access-control-allow-origin", true),
            ("Access-Control-Allow-Origin", "Access-Control-Allow-Origim", false),
        ]
        for (left, right, equal) in pairs {
            #expect((HTTPHeaders.Name(left)! == HTTPHeaders.Name(right)!) == equal, "\(left) \(right)")
        }
        let headers: HTTPHeaders = ["Accept-Language": "fr"]
        #expect(headers["Accept-Encoding"] == nil && headers["accept-LANGUAGE"] == "fr")
    }

    @Test("set replaces every value under a name; add keeps them")
    func setAndAdd() {
        var headers: HTTPHeaders = ["Set-Cookie": "a=1", "Vary": "Origin"]
        headers.add("set-cookie", "b=2")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        headers.set("SET-COOKIE", "c=3")
        #expect(headers.map { "\($0.name): \($0.value)" } == ["Vary: Origin", "SET-COOKIE: c=3"])
        headers.remove("vary")
        #expect(headers.count == 1)
    }

    @Test("convenience responses carry their content type and UTF-8 bytes", arguments: [
        (Response.text("é"), "text/plain; charset=utf-8", [0xC3, 0xA9]),
        (Response.html("<p>"), "text/html; charset=utf-8", Array("<p>".utf8)),
        (Response.json(Array("{}".utf8), status: .created), "application/json", Array("{}".utf8)),
    ] as [(Response, String, [UInt8])])
    func conveniences(response: Response, contentType: String, bytes: [UInt8]) {
        #expect(response.headers["Content-Type"] == contentType)
        #expect(response.body.bytes == bytes)
        #expect(response.body.count == bytes.count)
    }
}
