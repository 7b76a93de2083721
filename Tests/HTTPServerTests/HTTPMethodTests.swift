import HTTPServer
import Testing

@Suite("HTTP methods")
struct HTTPMethodTests {
    static let common: [(HTTPMethod, String)] = [
        (.get, "GET"), (.head, "HEAD"), (.post, "POST"), (.put, "PUT"), (.patch, "PATCH"), (.delete, "DELETE"),
        (.options, "OPTIONS"),
    ]

    @Test("a common method made from its token is its constant, and gives its token back")
    func commonTokens() {
        for (method, token) in Self.common {
            #expect(HTTPMethod(rawValue: token) == method)
            #expect(method.rawValue == token && method.description == token)
            #expect(HTTPMethod(rawValue: token).hashValue == method.hashValue)
            for (other, otherToken) in Self.common where otherToken != token { #expect(method != other) }
        }
        let literal: HTTPMethod = "PATCH"
        #expect(literal == .patch)
    }

    @Test("any other token is kept as sent and compared exactly: case counts")
    func otherTokens() {
        let tokens = ["get", "Get", "GETS", "GE", "", "PROPFIND", "M-SEARCH", "OTHER"]
        for token in tokens {
            let method = HTTPMethod(rawValue: token)
            #expect(method.rawValue == token)
            #expect(!Self.common.contains { $0.0 == method }, "\(token)")
            #expect(method == HTTPMethod(rawValue: token))
        }
        #expect(HTTPMethod(rawValue: "PROPFIND") != HTTPMethod(rawValue: "propfind"))
        #expect(Set(tokens.map(HTTPMethod.init(rawValue:))).count == tokens.count)
    }
}
