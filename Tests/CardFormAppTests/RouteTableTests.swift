import HTTPServer
import Testing

@testable import CardFormApp

/// Paths are matched as UTF-8 bytes: a path the table takes is exactly the bytes of its pattern.
@Suite struct RouteTableTests {
    static let table = RouteTable(routes: [
        Route(.get, "/Kelvin") { _ throws(Refusal) in .text("k") },
        Route(.get, "/s/:id") { _ throws(Refusal) in .text("s") },
        Route(.get, "/assets/*") { _ throws(Refusal) in .text("a") },
    ])

    /// A table of `routes` in order, each answering its own pattern.
    static func table(_ routes: [(HTTPMethod, StaticString)]) -> RouteTable {
        RouteTable(routes: routes.map { method, pattern in Route(method, pattern) { _ throws(Refusal) in .text("\(pattern)") } })
    }

    static func parameters(_ path: String) -> [String]? {
        guard case .found(_, _, let parameters) = table.match(method: .get, path: path) else { return nil }
        return parameters.values(in: path).map(String.init)
    }

    @Test("a literal segment matches its own bytes only, not a canonically equivalent text")
    func literalsAreBytes() {
        #expect(Self.parameters("/Kelvin") == [])
        // U+212A KELVIN SIGN is canonically equivalent to `K`: equal as Strings, not as bytes.
        #expect("\u{212A}elvin" == "Kelvin")
        #expect(Self.parameters("/\u{212A}elvin") == nil)
    }

    @Test("a combining mark after a slash stays in its segment: the slash still separates")
    func combiningMarkAfterSlash() {
        // "/" and U+064B make one Character; split by Characters the path would have no segments.
        #expect(Self.parameters("/s/\u{64B}abc") == ["\u{64B}abc"])
        #expect(Self.parameters("/assets/\u{301}x/y") == ["\u{301}x/y"])
        #expect(Self.parameters("/\u{301}s/abc") == nil)
    }

    @Test("segments: `:name` takes any one segment (even empty), `*` one or more, literals their own bytes")
    func segments() {
        #expect(Self.parameters("/s/abc") == ["abc"])
        #expect(Self.parameters("/s/") == [""])
        #expect(Self.parameters("/s") == nil)
        #expect(Self.parameters("/s/abc/") == nil)
        #expect(Self.parameters("/s/abc/def") == nil)
        #expect(Self.parameters("/assets/a/b.css") == ["a/b.css"])
        #expect(Self.parameters("/assets/") == [""])
        #expect(Self.parameters("/assets") == nil)
        #expect(Self.parameters("/Kelvin/") == nil)
        #expect(Self.parameters("/kelvin") == nil)
        #expect(Self.parameters("/Kelvi") == nil)
        #expect(Self.parameters("") == nil)
        #expect(Self.parameters("//s/abc") == nil)
        // More segments than a split path keeps (8): counted past those, never a fit but for `*`.
        #expect(Self.parameters("/s/a/b/c/d/e/f/g/h/i") == nil)
        #expect(Self.parameters("/assets/a/b/c/d/e/f/g/h/i") == ["a/b/c/d/e/f/g/h/i"])
        #expect(Self.parameters("/s/a/b/c/d/e/f") == nil)
        #expect(Self.parameters("/assets//") == ["/"])
    }

    @Test("routes are tried in order whatever their first segment: a literal, a `:name` or `*`")
    func firstSegmentsKeepTheOrder() {
        let table = Self.table([(.get, "/:section/fixed"), (.post, "/s/:id"), (.get, "/s/:id"), (.get, "/"), (.get, "/*")])
        func found(_ path: String, _ method: HTTPMethod = .get) -> (String, [String])? {
            guard case .found(let pattern, _, let parameters) = table.match(method: method, path: path) else { return nil }
            return ("\(pattern)", parameters.values(in: path).map(String.init))
        }
        #expect(found("/s/fixed")! == ("/:section/fixed", ["s"]))
        #expect(found("/s/abc")! == ("/s/:id", ["abc"]))
        #expect(found("/s/abc", .post)! == ("/s/:id", ["abc"]))
        #expect(found("/")! == ("/", []))
        #expect(found("/t/abc")! == ("/*", ["t/abc"]))
        #expect(found("/ss/abc")! == ("/*", ["ss/abc"]))
        #expect(found("no-slash") == nil)
        guard case .methodNotAllowed(let methods) = table.match(method: .put, path: "/s/abc") else {
            Issue.record("expected 405")
            return
        }
        #expect(Set(methods.map(\.rawValue)) == ["POST", "GET", "HEAD"])
    }

    @Test("routes are tried by segment count in the table's order: a `*` route fits every longer path, before or after the others")
    func segmentCountsKeepTheOrder() {
        let table = Self.table([(.get, "/a/b/c"), (.get, "/a/*"), (.post, "/a/:x/c/d"), (.get, "/a/b/c/d/e/f/g/h"), (.put, "/*")])
        func found(_ path: String, _ method: HTTPMethod = .get) -> String? {
            guard case .found(let pattern, _, _) = table.match(method: method, path: path) else { return nil }
            return "\(pattern)"
        }
        func allowed(_ path: String) -> [String]? {
            guard case .methodNotAllowed(let methods) = table.match(method: .delete, path: path) else { return nil }
            return methods.map(\.rawValue)
        }
        #expect(found("/a/b/c") == "/a/b/c")
        #expect(found("/a/b/d") == "/a/*")
        #expect(found("/a/b/c/d") == "/a/*")
        #expect(found("/a/b/c/d", .post) == "/a/:x/c/d")
        // Eight segments: the literal route comes after `/a/*`, which takes it first.
        #expect(found("/a/b/c/d/e/f/g/h") == "/a/*")
        // More segments than a split keeps: only `*` routes fit.
        #expect(found("/a/b/c/d/e/f/g/h/i/j") == "/a/*")
        #expect(found("/b/c/d/e/f/g/h/i/j", .put) == "/*")
        #expect(found("/b/c/d/e/f/g/h/i/j") == nil)
        #expect(allowed("/a/b/c/d") == ["GET", "HEAD", "POST", "PUT"])
        #expect(allowed("/a/b/c/d/e/f/g/h/i") == ["GET", "HEAD", "PUT"])
        #expect(allowed("/b") == ["PUT"])
    }

    @Test("a route's request reads its parameters from its own path: `id` is the first, empty with none")
    func parametersAreCutFromThePath() throws {
        let table = RouteTable(routes: [
            Route(.get, "/:any/:id/input") { _ throws(Refusal) in .text("1") },
            Route(.get, "/healthz") { _ throws(Refusal) in .text("2") },
        ])
        func request(_ path: String) throws -> RouteRequest? {
            guard case .found(_, _, let parameters) = table.match(method: .get, path: path) else { return nil }
            return RouteRequest(request: try Request(method: .get, target: path), parameters: parameters)
        }
        let two = try #require(try request("/one/abc/input"))
        #expect(two.parameters.count == 2)
        #expect(two.id == "one")
        #expect(two.parameters.values(in: two.request.path) == ["one", "abc"])
        let none = try #require(try request("/healthz"))
        #expect(none.parameters.count == 0 && none.id == "")
        #expect(none.parameters.values(in: none.request.path).isEmpty)
    }

    @Test("a path some route takes with another method is a 405 naming it (GET also answers HEAD)")
    func otherMethod() {
        guard case .methodNotAllowed(let methods) = Self.table.match(method: .post, path: "/s/abc") else {
            Issue.record("expected 405")
            return
        }
        #expect(methods == [.get, .head])
        guard case .found = Self.table.match(method: .head, path: "/s/abc") else {
            Issue.record("HEAD should reach the GET route")
            return
        }
        guard case .notFound = Self.table.match(method: .post, path: "/nothing") else {
            Issue.record("expected 404")
            return
        }
    }

    @Test("a 405 names every method whose route fits, in the table's order; HEAD, OPTIONS and unknown methods alike")
    func allowedInOrder() {
        let table = RouteTable(routes: [
            Route(.post, "/s/:id/input") { _ throws(Refusal) in .text("1") },
            Route(.get, "/s/:id/:page") { _ throws(Refusal) in .text("2") },
            Route(.options, "/s/:id/input") { _ throws(Refusal) in .text("3") },
            Route(.put, "/s/:id") { _ throws(Refusal) in .text("4") },
            Route(.delete, "/:any/:id/input") { _ throws(Refusal) in .text("5") },
        ])
        func allowed(_ method: HTTPMethod, _ path: String) -> [HTTPMethod]? {
            guard case .methodNotAllowed(let methods) = table.match(method: method, path: path) else { return nil }
            return methods
        }
        func found(_ method: HTTPMethod, _ path: String) -> String? {
            guard case .found(let pattern, _, _) = table.match(method: method, path: path) else { return nil }
            return "\(pattern)"
        }
        #expect(allowed("BREW", "/s/abc/input") == [.post, .get, .head, .options, .delete])
        #expect(allowed(.patch, "/s/abc/input") == [.post, .get, .head, .options, .delete])
        #expect(allowed(.options, "/s/abc/other") == [.get, .head])
        #expect(allowed(.head, "/s/abc") == [.put])
        #expect(allowed(.post, "/t/abc/other") == nil)
        #expect(found(.head, "/s/abc/input") == "/s/:id/:page")
        #expect(found(.options, "/s/abc/input") == "/s/:id/input")
        #expect(found(.delete, "/s/abc/input") == "/:any/:id/input")
        #expect(found(.post, "/s/abc/input") == "/s/:id/input")
        #expect(found("post", "/s/abc/input") == nil)  // methods are case-sensitive
    }
}
