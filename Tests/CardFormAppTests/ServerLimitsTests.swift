import Foundation
import HTTPServer
import Testing
@testable import CardFormApp

/// `limits.*` and `tls.*` (CONTRACT §8): read from every source, refused when unusable, and handed
/// to the daemon by `serve`. What the daemon does with them is tested in HTTPServerTests.
@Suite struct ServerLimitsTests {
    @Test(arguments: [
        ("limits.requestTimeoutMs", "CARDFORM_LIMITS_REQUEST_TIMEOUT_MS"),
        ("limits.connectionsPerAddress", "CARDFORM_LIMITS_CONNECTIONS_PER_ADDRESS"),
        ("tls.cert", "CARDFORM_TLS_CERT"), ("tls.key", "CARDFORM_TLS_KEY"),
    ])
    func eachKeyHasItsEnvironmentVariable(key: String, name: String) throws {
        #expect(ServerConfiguration.environmentName(of: key) == name)
        #expect(ServerConfiguration.keys[key] != nil)
    }

    @Test func theLimitsDefaultToTenSecondsAndSixtyFourConnections() throws {
        let config = try ServerConfiguration.load(file: nil, environment: [:], flags: [:])
        #expect(config.requestTimeoutMs == 10_000)
        #expect(config.connectionsPerAddress == 64)
    }

    @Test func theLimitsAreReadFromTheFileAndTheEnvironment() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "cardform-\(UUID().uuidString).json")
        try #"{"limits": {"requestTimeoutMs": 2500, "connectionsPerAddress": 8}}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try ServerConfiguration.load(file: file, environment: [:], flags: [:])
        #expect(fromFile.requestTimeoutMs == 2500 && fromFile.connectionsPerAddress == 8)
        let fromEnvironment = try ServerConfiguration.load(
            file: file, environment: ["CARDFORM_LIMITS_CONNECTIONS_PER_ADDRESS": "16"], flags: [:])
        #expect(fromEnvironment.connectionsPerAddress == 16)
    }

    @Test(arguments: [
        ("CARDFORM_LIMITS_REQUEST_TIMEOUT_MS", "0"), ("CARDFORM_LIMITS_REQUEST_TIMEOUT_MS", "ten"),
        ("CARDFORM_LIMITS_CONNECTIONS_PER_ADDRESS", "0"), ("CARDFORM_LIMITS_CONNECTIONS_PER_ADDRESS", "1.5"),
    ])
    func anUnusableLimitIsRefused(name: String, value: String) {
        #expect(throws: ServerConfigurationError.self) {
            try ServerConfiguration.load(file: nil, environment: [name: value], flags: [:])
        }
    }

    @Test func serveHandsTheLimitsToTheDaemon() throws {
        let harness = try ServerHarness { config in
            config.requestTimeoutMs = 1_500
            config.connectionsPerAddress = 3
        }
        #expect(harness.server.daemon.requestTimeout == .milliseconds(1_500))
        #expect(harness.server.daemon.connectionsPerAddress == 3)
        #expect(!harness.server.daemon.servesTLS)
    }

    /// `cardform serve` with `configJSON` as its configuration file: exit status and what it printed.
    private func serve(_ configJSON: String) throws -> (status: Int32, errors: String) {
        let file = FileManager.default.temporaryDirectory.appending(path: "cardform-\(UUID().uuidString).json")
        try configJSON.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = LintCapture()
        let status = CardFormCLI.run(["serve", "--port", "0", "--config", file.path], output: output)
        return (status, output.errors)
    }

    @Test func aMisspeltKeyStopsServeWithOneLineAndExit2() throws {
        let (status, errors) = try serve(#"{"secretKey": "sk_test_0123456789abcdef", "limits": {"requestTimeoutMS": 500}}"#)
        #expect(status == 2)
        #expect(errors.hasSuffix(": limits.requestTimeoutMS: no such setting (did you mean 'limits.requestTimeoutMs'?)\n"))
        #expect(errors.hasPrefix("cardform serve: "))
        #expect(errors.filter { $0 == "\n" }.count == 1)
    }

    @Test func aMissingCertificateStopsServeWithOneLineAndExit2() throws {
        let (status, errors) = try serve(#"{"secretKey": "sk_test_0123456789abcdef", "tls": {"cert": "/nonexistent/cert.pem", "key": "/nonexistent/key.pem"}}"#)
        #expect(status == 2)
        #expect(errors == "cardform serve: tls: cannot read the TLS certificate /nonexistent/cert.pem: No such file or directory\n")
    }

    @Test func aFileThatIsNotACertificateStopsServeWithExit2() throws {
        let garbage = FileManager.default.temporaryDirectory.appending(path: "cardform-\(UUID().uuidString).pem")
        try "not a certificate\n".write(to: garbage, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: garbage) }
        let (status, errors) = try serve(#"{"secretKey": "sk_test_0123456789abcdef", "tls": {"cert": "\#(garbage.path)", "key": "\#(garbage.path)"}}"#)
        #expect(status == 2)
        #expect(errors.hasPrefix("cardform serve: tls: the certificate and key cannot serve TLS: "))
        #expect(errors.filter { $0 == "\n" }.count == 1)
    }

    @Test func aCertificateWithoutItsKeyIsRefused() throws {
        let (status, errors) = try serve(#"{"secretKey": "sk_test_0123456789abcdef", "tls": {"cert": "/etc/hostname"}}"#)
        #expect(status == 2)
        #expect(errors == "cardform serve: tls.cert and tls.key go together: set both for HTTPS, or neither\n")
    }
}
