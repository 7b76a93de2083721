import Foundation
import HTTPServer
import Testing
@testable import CardFormApp

/// The server side of a built shell: `/shell/<id>` answers a page on one of the session's allowed
/// origins, with CORS, and nobody else; the `/s/<id>` routes stay same-origin.
struct BuildShellRouteTests {
    static let cdn = "https://cdn.example"
    static let options = #"{"allowedOrigins": ["https://shop.example", "https://cdn.example"], "amount": 1000, "currency": "EUR", "locale": "fr"}"#

    /// The bootstrap JSON as the shell's script reads it.
    struct Bootstrap: Decodable {
        var action: String
        var token: String
        var page: String
        var lang: String
        var dir: String
        var title: String
        var theme: String?
        var html: String
    }

    static func bootstrap(_ harness: ServerHarness, _ id: String) async throws -> (ServerHarness.Reply, Bootstrap) {
        let reply = try await harness.get("/shell/\(id)", headers: ["Origin": cdn])
        return (reply, try JSONDecoder().decode(Bootstrap.self, from: Data(reply.body.utf8)))
    }

    @Test("hands an allowed origin the session's form, its token and a new page id, readable by CORS")
    func bootstrapsTheForm() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(Self.options)
        let (reply, answer) = try await Self.bootstrap(harness, id)
        #expect(reply.status == 200)
        #expect(reply.header("Access-Control-Allow-Origin") == Self.cdn)
        // Large enough to be gzipped for a client that accepts it, so it varies with that too.
        #expect(reply.body.utf8.count >= Compression.minimumSize && reply.header("Vary") == "Origin, Accept-Encoding")
        #expect(reply.header("Cache-Control") == "no-store")
        #expect(answer.action == "/shell/\(id)")
        #expect(answer.lang == "fr")
        #expect(answer.dir == "ltr")
        #expect(answer.title == "Paiement")
        #expect(answer.theme == nil)
        #expect(answer.html.hasPrefix("<form class=\"cf-form\" method=\"post\" action=\"/s/\(id)\" data-cf-block=\"form\""))
        #expect(ServerHarness.hidden("_token", in: answer.html) == answer.token)
        #expect(ServerHarness.hidden("_page", in: answer.html) == answer.page)
        #expect(answer.html.contains("Payer 10,00"))
        let page = try await harness.openPage(id)
        #expect(page.token == answer.token)
        #expect(page.page != answer.page)
    }

    @Test("names the session's theme stylesheet when it sets appearance variables")
    func namesTheTheme() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(##"{"allowedOrigins": ["https://cdn.example"], "appearance": {"--cf-radius": "0"}}"##)
        let (_, answer) = try await Self.bootstrap(harness, id)
        #expect(answer.theme == "/s/\(id)/theme.css")
    }

    @Test("refuses, without CORS headers, a page the session does not allow", arguments: [
        (#"{"allowedOrigins": ["https://cdn.example"]}"#, "https://evil.example"),
        (#"{"allowedOrigins": ["https://cdn.example"]}"#, "http://cdn.example"),
        (#"{"allowedOrigins": ["https://cdn.example"]}"#, "null"),
        (#"{"allowedOrigins": ["https://cdn.example"]}"#, nil),
        ("{}", "https://cdn.example"),
    ] as [(String, String?)])
    func refusesOtherOrigins(options: String, origin: String?) async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(options)
        let headers = origin.map { ["Origin": $0] } ?? [:]
        for (method, path) in [("GET", "/shell/\(id)"), ("OPTIONS", "/shell/\(id)/input")] {
            let reply = try await harness.request(method, path, headers: headers)
            #expect(reply.status == 403, "\(method) \(path)")
            #expect(reply.header("Access-Control-Allow-Origin") == nil)
            #expect(!reply.body.contains("token"))
        }
        let input = try await harness.post("/shell/\(id)/input", form: [("field", "cardNumber"), ("value", "4")], headers: headers)
        #expect(input.status == 403)
    }

    @Test("answers a form whose block names repeat a numbered one (`x`, `x#2`, `x` again), and its keystrokes")
    func answersAFormWhoseBlockKeysRepeat() async throws {
        let folder = try ServerDevTests.overlay([
            "sections/submit-button.mustache": #"{{> blocks/submit-button}}<i data-cf-block="x"></i><i data-cf-block="x#2"></i><i data-cf-block="x"></i>"#
        ])
        let harness = try ServerHarness(sources: .init(templatesOverlay: folder))
        let id = try await harness.createSession(Self.options)
        let (reply, answer) = try await Self.bootstrap(harness, id)
        #expect(reply.status == 200)
        #expect(answer.html.contains(#"<i data-cf-block="x#2"></i>"#))
        let input = try await harness.post(
            "/shell/\(id)/input", form: [("field", "cardNumber"), ("value", "4"), ("caret", "1"), ("seq", "1"), ("page", answer.page), ("rev", "0")],
            headers: ["Origin": Self.cdn, "X-CardForm-Token": answer.token])
        #expect(input.status == 200)
        #expect(input.body.contains(#"data-cf-value="4""#))
    }

    @Test("answers the preflight for the token header and the two methods")
    func answersThePreflight() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(Self.options)
        for path in ["/shell/\(id)", "/shell/\(id)/input", "/shell/\(id)/events"] {
            let reply = try await harness.request("OPTIONS", path, headers: [
                "Origin": Self.cdn, "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "x-cardform-token, content-type",
            ])
            #expect(reply.status == 204)
            #expect(reply.header("Access-Control-Allow-Origin") == Self.cdn)
            #expect(reply.header("Access-Control-Allow-Methods") == "GET, POST")
            #expect(reply.header("Access-Control-Allow-Headers") == "X-CardForm-Token, X-CardForm-Page, Content-Type")
            #expect(reply.header("Access-Control-Max-Age") == "600")
        }
    }

    @Test("takes keystrokes from the shell and answers the changed blocks, as /s/<id>/input does")
    func takesKeystrokes() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(Self.options)
        let (_, answer) = try await Self.bootstrap(harness, id)
        let reply = try await harness.post(
            "/shell/\(id)/input",
            form: [("field", "cardNumber"), ("value", "4000002500001001"), ("caret", "16"), ("seq", "1"), ("page", answer.page), ("rev", "0")],
            headers: ["Origin": Self.cdn, "X-CardForm-Token": answer.token])
        #expect(reply.status == 200)
        #expect(reply.header("Access-Control-Allow-Origin") == Self.cdn)
        #expect(reply.body.contains(#"data-cf-field="cardNumber" data-cf-value="4000 0025 0000 1001""#) || reply.body.contains(#"<template data-cf-block="cardNumber" data-cf-rev="1" data-cf-value="4000 0025 0000 1001""#))
        #expect(reply.body.contains(#"name="cardNetwork""#))

        let network = try await harness.post(
            "/shell/\(id)/network", form: [("network", "CARTES_BANCAIRES"), ("page", answer.page)],
            headers: ["Origin": Self.cdn, "X-CardForm-Token": answer.token])
        #expect(network.status == 200)
        #expect(network.body.contains(#"<option value="CARTES_BANCAIRES" selected>"#))
    }

    @Test("checks the origin in the event's own store call: a keystroke costs Redis what a page's costs")
    func looksTheSessionUpOnce() async throws {
        let redis = try await RedisServerProcess.start()
        let harness = try ServerHarness { configuration in
            configuration.store.url = try? redis.url()
            configuration.store.key = try? StoreKey(String(repeating: "4b", count: 32))
        }
        let id = try await harness.createSession(Self.options)
        let (_, shell) = try await Self.bootstrap(harness, id)
        let page = try await harness.openPage(id)
        let pool = RedisPool(url: try redis.url())
        // Commands Redis ran, those of the session scripts included (their reads count as `hget`).
        let commands = { () throws -> Int in try ["hmget", "hget", "evalsha"].reduce(0) { $0 + (try StoreRedisSessionTests.calls($1, pool)) } }
        var costs: [String: [Int]] = [:]
        for (seq, value) in ["4", "40", "400", "4000"].enumerated() {
            for (path, pageID, origin) in [("/shell/\(id)/input", shell.page, Self.cdn), ("/s/\(id)/input", page.page, nil)] {
                let before = try commands()
                let reply = try await harness.post(
                    path, form: [("field", "cardNumber"), ("value", value), ("caret", "\(value.count)"), ("seq", "\(seq + 1)"), ("page", pageID), ("rev", "0")],
                    headers: ["X-CardForm-Token": page.token].merging(origin.map { ["Origin": $0] } ?? [:]) { $1 })
                #expect(reply.status == 200)
                costs[path, default: []].append(try commands() - before)
            }
        }
        #expect(costs["/shell/\(id)/input"] == costs["/s/\(id)/input"])
        // An event for a session the store does not know is looked up once too, not again to
        // decide whether its refusal may carry CORS.
        var unknownCosts: [Int] = []
        for (path, origin) in [("/shell/aaaaaaaaaaaaaaaaaaaaaaaaaa/input", Self.cdn), ("/s/aaaaaaaaaaaaaaaaaaaaaaaaaa/input", nil)] {
            let before = try commands()
            let reply = try await harness.post(
                path, form: [("field", "cvv"), ("value", "1"), ("page", page.page)],
                headers: ["X-CardForm-Token": page.token].merging(origin.map { ["Origin": $0] } ?? [:]) { $1 })
            #expect(reply.status >= 400)
            unknownCosts.append(try commands() - before)
        }
        #expect(unknownCosts[0] == unknownCosts[1] && unknownCosts[0] > 0, "\(unknownCosts)")
    }

    @Test("refuses what a handler answers without checking the origin in its store call, card data included")
    func refusesAnAnswerThatSkippedTheOriginCheck() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(Self.options)
        let app = harness.server.app
        _ = try app.store.withSession(id[...]) { record in
            record.session.update(.cardNumber, value: "4111111111111111", caret: 16, in: app.environment)
        }
        let middleware = ShellRoutes(app: app).allowedOrigin(unknown: ShellRoutes.originRefused)
        /// The request through the shell's origin check to `handler`, as the browser would see it.
        func answer(from origin: String, _ handler: @escaping RouteHandler) throws -> Response {
            let request = try Request(method: .get, target: "/shell/\(id)", headers: ["Origin": origin])
            do throws(Refusal) {
                var parameters = RouteParameters()
                parameters.append("/shell/".utf8.count..<request.path.utf8.count)
                var routeRequest = RouteRequest(request: request, parameters: parameters)
                return try middleware.run(&routeRequest) { (request: inout RouteRequest) throws(Refusal) in try handler(request) }
            } catch {
                return error.response(app: app)
            }
        }
        // A handler reading the session by its id alone, past the shell's check.
        let unchecked: RouteHandler = { request throws(Refusal) in
            let number = try app.withLiveSession(request.id) { $0.session.value(for: .cardNumber) }
            return SecureResponse.json(.string(number))
        }
        for origin in ["https://evil.example", Self.cdn] {
            let reply = try answer(from: origin, unchecked)
            #expect(reply.status == .forbidden, "\(origin)")
            #expect(reply.headers[.accessControlAllowOrigin] == nil)
            #expect(!String(decoding: reply.body.bytes, as: UTF8.self).contains("4111"))
        }
        let checked: RouteHandler = { request throws(Refusal) in
            guard case .live = try app.lookup(request, { _ in () }) else { throw .notFound }
            return SecureResponse.json(.string("checked"))
        }
        #expect(try answer(from: "https://evil.example", checked).status == .forbidden)
        let allowed = try answer(from: Self.cdn, checked)
        #expect(allowed.status == .ok)
        #expect(allowed.headers[.accessControlAllowOrigin] == Self.cdn)
    }

    @Test("still wants the form token, and leaves /s/<id> routes to their own origin")
    func keepsTheOtherChecks() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(Self.options)
        let (_, answer) = try await Self.bootstrap(harness, id)
        let form = [("field", "cvv"), ("value", "1"), ("page", answer.page)]
        let noToken = try await harness.post("/shell/\(id)/input", form: form, headers: ["Origin": Self.cdn])
        #expect(noToken.status == 403)
        #expect(noToken.body == "missing or wrong form token\n")
        let direct = try await harness.post("/s/\(id)/input", form: form, headers: ["Origin": Self.cdn, "X-CardForm-Token": answer.token])
        #expect(direct.status == 403)
        #expect(direct.body == "cross-origin request refused\n")
    }

    @Test("lets an allowed page read a refusal made before the session was looked up; not another page")
    func refusalsBeforeTheLookupCarryCORSForAllowedOrigins() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(Self.options)
        let (_, answer) = try await Self.bootstrap(harness, id)
        let form = [("field", "cvv"), ("value", "1"), ("page", answer.page)]
        for origin in [Self.cdn, "https://evil.example"] {
            let expected = origin == Self.cdn ? origin : nil
            let noToken = try await harness.post("/shell/\(id)/input", form: form, headers: ["Origin": origin])
            #expect(noToken.status == 403)
            #expect(noToken.header("Access-Control-Allow-Origin") == expected, "\(origin)")
            let notAForm = try await harness.request(
                "POST", "/shell/\(id)/input",
                headers: ["Origin": origin, "X-CardForm-Token": answer.token, "Content-Type": "text/plain"], body: Data("value=1".utf8))
            #expect(notAForm.status == 415)
            #expect(notAForm.header("Access-Control-Allow-Origin") == expected, "\(origin)")
        }
        let unknown = try await harness.post("/shell/aaaaaaaaaaaaaaaaaaaaaaaaaa/input", form: form, headers: ["Origin": Self.cdn])
        #expect(unknown.header("Access-Control-Allow-Origin") == nil)
    }

    @Test("says a session is unknown (404) or expired (410, in its language)")
    func unknownAndExpiredSessions() async throws {
        let harness = try ServerHarness { $0.sessionTTLSeconds = 60 }
        let unknown = try await harness.get("/shell/aaaaaaaaaaaaaaaaaaaaaaaaaa", headers: ["Origin": Self.cdn])
        #expect(unknown.status == 404)
        #expect(unknown.body.contains(#""code":"not-found""#))
        let id = try await harness.createSession(Self.options)
        #expect(try harness.server.app.store.sweep(now: Date().addingTimeInterval(61)).retired.count == 1)
        let expired = try await harness.get("/shell/\(id)", headers: ["Origin": Self.cdn])
        #expect(expired.status == 410)
        #expect(expired.header("Access-Control-Allow-Origin") == Self.cdn)
        #expect(expired.body.contains(#""code":"expired""#))
        #expect(expired.body.contains("Pour votre sécurité"))
        let input = try await harness.post("/shell/\(id)/input", form: [("field", "cvv"), ("value", "1")], headers: ["Origin": Self.cdn])
        #expect(input.status == 410)
        #expect(input.header("Access-Control-Allow-Origin") == Self.cdn)
    }

    /// The server's route table, as the router holds it.
    static let table: RouteTable = {
        let app = try! AppContext(configuration: ServerConfiguration(), resources: LeafRenderingTests.defaults)
        return .cardform(app: app, reloader: nil)
    }()

    /// What the table makes of a request: the route's pattern, `405 <Allow>` or `404`.
    static func routing(_ method: String, _ path: String) -> String {
        switch table.match(method: HTTPMethod(rawValue: method), path: path) {
        case .found(let route, _): table.routes[route].pattern.description
        case .methodNotAllowed(let methods): "405 " + methods.map(\.rawValue).joined(separator: ", ")
        case .notFound: "404"
        }
    }

    @Test("routes only the shell's paths and methods; another method on a shell path is a 405", arguments: [
        ("GET", "/shell/abc", "/shell/:id"),
        ("HEAD", "/shell/abc", "/shell/:id"),
        ("OPTIONS", "/shell/abc", "/shell/:id"),
        ("OPTIONS", "/shell/abc/submit", "/shell/:id/submit"),
        ("POST", "/shell/abc/input", "/shell/:id/input"),
        ("POST", "/shell/abc/cancel", "/shell/:id/cancel"),
        ("GET", "/shell/abc/events", "/shell/:id/events"),
        ("POST", "/shell/abc", "405 GET, HEAD, OPTIONS"),
        ("GET", "/shell/abc/input", "405 POST, OPTIONS"),
        ("POST", "/shell/abc/events", "405 GET, HEAD, OPTIONS"),
        ("POST", "/shell/abc/theme.css", "404"),
        ("OPTIONS", "/s/abc/input", "405 POST"),
        ("GET", "/shell/abc/input/more", "404"),
    ])
    func routes(method: String, path: String, expected: String) {
        #expect(Self.routing(method, path) == expected)
    }
}
