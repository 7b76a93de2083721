import Foundation
import Testing
@testable import CardFormApp

/// Behind a proxy that ends TLS (deploy/nginx.conf), the page's origin is https while the server
/// speaks http: the proxy's `X-Forwarded-Proto` is what the origin check compares with.
@Suite struct ServerProxyTests {
    @Test func aPostFromTheHTTPSOriginIsAcceptedWhenTheProxySaysTheClientUsedHTTPS() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let (token, page, _) = try await harness.openPage(id)
        let host = URL(string: harness.base)!.host! + ":" + String(URL(string: harness.base)!.port!)
        let form = [("field", "cvv"), ("value", "1"), ("page", page)]
        let plain = try await harness.post("/s/\(id)/input", form: form, headers: ["X-CardForm-Token": token, "Origin": "https://\(host)"])
        #expect(plain.status == 403)
        let proxied = try await harness.post(
            "/s/\(id)/input", form: form, headers: ["X-CardForm-Token": token, "Origin": "https://\(host)", "X-Forwarded-Proto": "https"])
        #expect(proxied.status == 200)
    }
}
