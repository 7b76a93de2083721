import Foundation
import HTTPServer
import Testing

/// A self-signed certificate for 127.0.0.1 and localhost and its key, and a key of another pair,
/// made once per test run with Debian's `openssl`.
enum TestCertificate {
    struct Files {
        var certificate: String
        var key: String
        var otherKey: String
    }

    static let files: Result<Files, any Error> = Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardform-tls-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = Files(
            certificate: directory.appendingPathComponent("cert.pem").path, key: directory.appendingPathComponent("key.pem").path,
            otherKey: directory.appendingPathComponent("other.pem").path)
        let made = try ExternalTool.run("openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", files.key, "-out", files.certificate, "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ])
        let other = try ExternalTool.run("openssl", [
            "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", files.otherKey,
        ])
        guard made.status == 0, other.status == 0 else {
            throw ExternalTool.Failure(description: "openssl failed: \(made.errors) \(other.errors)")
        }
        return files
    }

    static func credentials() throws -> TLSCredentials {
        let files = try files.get()
        return try TLSCredentials.load(certificatePath: files.certificate, keyPath: files.key)
    }
}

@Suite("HTTPS on a real port", .ownThread)
struct TLSTests {
    /// `curl` trusting only the test certificate: the status line and headers, a blank line, the body.
    private func fetch(_ port: Int, _ path: String) throws -> String {
        let files = try TestCertificate.files.get()
        let result = try ExternalTool.run("curl", [
            "--silent", "--show-error", "--include", "--max-time", "5", "--path-as-is",
            "--cacert", files.certificate, "https://127.0.0.1:\(port)\(path)",
        ])
        #expect(result.status == 0, "\(result.errors)")
        return result.output
    }

    @Test("with a certificate and its key the daemon speaks HTTPS, and every answer carries Strict-Transport-Security")
    func servesHTTPS() throws {
        let tls = try TestCertificate.credentials()
        let daemon = try startServer({ $0.tls = tls }) { request in
            .text("secure \(request.path)", status: request.path == "/missing" ? .notFound : .ok)
        }
        let page = try fetch(daemon.port, "/hello")
        #expect(page.hasPrefix("HTTP/1.1 200"))
        #expect(page.contains("\r\nStrict-Transport-Security: max-age=31536000\r\n"))
        #expect(page.hasSuffix("\r\n\r\nsecure /hello"))
        #expect(try fetch(daemon.port, "/missing").contains("\r\nStrict-Transport-Security: max-age=31536000\r\n"))
        let refused = try fetch(daemon.port, "/%zz")
        #expect(refused.hasPrefix("HTTP/1.1 400"))
        #expect(refused.contains("\r\nStrict-Transport-Security: max-age=31536000\r\n"))
    }

    @Test("a responder's own Strict-Transport-Security is kept; plain HTTP answers carry none")
    func responderHeaderWins() throws {
        let tls = try TestCertificate.credentials()
        let secure = try startServer({ $0.tls = tls }) { _ in
            var response = Response.text("ok")
            response.headers.add(.strictTransportSecurity, "max-age=60")
            return response
        }
        let page = try fetch(secure.port, "/")
        #expect(page.contains("\r\nStrict-Transport-Security: max-age=60\r\n"))
        #expect(!page.contains("max-age=31536000"))
        let plain = try startServer { _ in .text("ok") }
        #expect(try RawClient.exchange(port: plain.port, "GET", "/").header("Strict-Transport-Security") == nil)
    }

    @Test("plain HTTP sent to the HTTPS port gets no HTTP answer")
    func plainHTTPIsNotAnswered() throws {
        let tls = try TestCertificate.credentials()
        let daemon = try startServer({ $0.tls = tls }) { _ in .text("never") }
        let client = try RawClient(port: daemon.port)
        try client.send("GET", "/")
        #expect(throws: RawClient.Failure.self) { try client.readReply() }
    }

    @Test("a connection that never starts its TLS handshake is closed at the request timeout")
    func silentHandshake() throws {
        let tls = try TestCertificate.credentials()
        let daemon = try startServer({ $0.tls = tls; $0.requestTimeout = .milliseconds(500) }) { _ in .text("never") }
        let client = try RawClient(port: daemon.port)
        let started = ContinuousClock.now
        #expect(client.isClosedByServer(within: .seconds(3)))
        #expect(ContinuousClock.now - started >= .milliseconds(400))
    }

    @Test("TLS 1.2 and 1.3 are accepted; 1.1 and 1.0 are refused by the server", arguments: [
        ("-tls1_3", "TLSv1.3", true), ("-tls1_2", "TLSv1.2", true), ("-tls1_1", "TLSv1.1", false), ("-tls1", "TLSv1", false),
    ])
    func protocolVersions(flag: String, version: String, accepted: Bool) throws {
        let tls = try TestCertificate.credentials()
        let daemon = try startServer({ $0.tls = tls }) { _ in .text("ok") }
        // SECLEVEL=0 lets this OpenSSL offer the old versions at all (it then completes a TLS 1.1
        // handshake with `openssl s_server -tls1_1`), so a refusal here is the server's.
        let result = try ExternalTool.run("openssl", [
            "s_client", "-connect", "127.0.0.1:\(daemon.port)", flag, "-cipher", "DEFAULT:@SECLEVEL=0", "-brief", "-ign_eof",
        ], input: "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(result.errors.contains("CONNECTION ESTABLISHED") == accepted, "\(result.errors)")
        #expect(result.errors.contains("Protocol version: \(version)\n") == accepted)
        #expect(result.output.contains("HTTP/1.1 200") == accepted)
    }

    @Test("a key that is not the certificate's is refused, saying so")
    func mismatchedKey() throws {
        let files = try TestCertificate.files.get()
        let error = #expect(throws: HTTPServerError.self) {
            try TLSCredentials.load(certificatePath: files.certificate, keyPath: files.otherKey)
        }
        #expect(error?.code == .invalidTLSCredentials)
        #expect(error?.message == "the certificate and key cannot serve TLS: The certificate and the given key do not match.")
    }

    @Test("a file that is not PEM, or swapped files, are refused", arguments: [false, true])
    func notPEM(swapped: Bool) throws {
        let files = try TestCertificate.files.get()
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString).pem")
        try Data("not a certificate\n".utf8).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        let (certificate, key) = swapped ? (files.key, files.certificate) : (garbage.path, files.key)
        #expect {
            try TLSCredentials.load(certificatePath: certificate, keyPath: key)
        } throws: { ($0 as? HTTPServerError)?.code == .invalidTLSCredentials }
    }

    @Test("a missing or unreadable file is named in the error", arguments: ["/nonexistent/cert.pem", "/"])
    func unreadableFile(path: String) throws {
        let files = try TestCertificate.files.get()
        let error = #expect(throws: HTTPServerError.self) {
            try TLSCredentials.load(certificatePath: path, keyPath: files.key)
        }
        #expect(error?.code == .unreadableTLSFile)
        #expect(error?.message.contains("certificate \(path)") == true)
    }
}
