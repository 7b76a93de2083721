import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `deploy/nginx.conf` run by Debian's nginx in front of two stand-in instances.
@Suite struct DeployNginxTests {
    static func get(_ nginx: NginxProcess, _ session: URLSession, _ path: String = "/healthz") async throws -> ServerHarness.Reply {
        try await ServerHarness.request(session, base: nginx.base, "GET", path)
    }

    @Test func requestsAlternateBetweenTheInstancesAndCarryTheClientsAddress() async throws {
        let (a, b) = (try ReceiverServer([.json("a")]), try ReceiverServer([.json("b")]))
        let nginx = try await NginxProcess.start(upstreams: [a.url().port!, b.url().port!])
        let session = URLSession(configuration: .ephemeral)
        var answers: [String] = []
        for _ in 0..<4 { answers.append(try await Self.get(nginx, session).body) }
        #expect(answers.sorted() == ["a", "a", "b", "b"])
        #expect(answers[0] != answers[1] && answers[1] != answers[2])
        let seen = try #require(a.requests.first)
        #expect(seen.headers["X-Forwarded-For"] == "127.0.0.1" && seen.headers["X-Real-IP"] == "127.0.0.1")
        #expect(seen.headers["X-Forwarded-Proto"] == "http" && seen.headers["Host"] == "127.0.0.1:\(nginx.port)")
    }

    @Test func anInstanceThatIsGoneIsSkippedForPostsToo() async throws {
        let (a, b) = (try ReceiverServer([.json("a")]), try ReceiverServer([.json("b")]))
        let nginx = try await NginxProcess.start(upstreams: [a.url().port!, b.url().port!])
        b.stop()
        let session = URLSession(configuration: .ephemeral)
        for _ in 0..<4 {
            let reply = try await ServerHarness.request(session, base: nginx.base, "POST", "/s/x/input", body: Data("field=cvv".utf8))
            #expect(reply.status == 200 && reply.body == "a")
        }
    }

    @Test func theOperatorsRoutesAreNotServedToThePublic() async throws {
        let (a, b) = (try ReceiverServer([.json("a")]), try ReceiverServer([.json("b")]))
        let nginx = try await NginxProcess.start(upstreams: [a.url().port!, b.url().port!])
        let session = URLSession(configuration: .ephemeral)
        for path in ["/metrics", "/readyz", "/metrics?x=1"] {
            #expect(try await Self.get(nginx, session, path).status == 403)
        }
        #expect(try await Self.get(nginx, session, "/healthz").status == 200)
        #expect(a.requests.count + b.requests.count == 1)
    }

    @Test func theLongPollIsAllowedMoreThanItsTwentyFiveSeconds() throws {
        let text = try String(contentsOf: NginxProcess.deployed, encoding: .utf8)
        let seconds = try #require(text.firstMatch(of: /proxy_read_timeout ([0-9]+)s;/).flatMap { Int($0.1) })
        #expect(seconds > 25)
        let directives = text.split(separator: "\n").map { $0.prefix { $0 != "#" } }.joined(separator: "\n")
        #expect(!directives.contains("ip_hash") && !directives.contains("sticky") && !directives.contains("hash "))
    }
}
