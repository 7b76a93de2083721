import Foundation
import Testing
@testable import CardFormApp
@testable import CardFormSupport
@testable import Payments

@Suite struct StoreConfigurationTests {
    static let key = String(repeating: "0f", count: 32)

    /// Applies `values` the way every configuration source does, key by key.
    static func configuration(_ values: [String: String]) throws -> StoreConfiguration {
        var configuration = StoreConfiguration()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            let apply = try #require(StoreConfiguration.keys[key])
            try apply(&configuration, .string(value))
        }
        return configuration
    }

    @Test func theKeysAreReadFromTheEnvironmentUnderTheirContractNames() {
        #expect(StoreConfiguration.keys.keys.sorted().map(ServerConfiguration.environmentName(of:))
            == ["CARDFORM_DATA_DIR", "CARDFORM_STORE_KEY", "CARDFORM_STORE_URL"])
    }

    @Test func withNothingSetSessionsAndEventsStayInMemory() throws {
        guard case .memory(nil) = try StoreConfiguration().resolve() else { Issue.record("not memory only"); return }
    }

    @Test func aDataDirectoryGetsAnOutboxFolderCreated() throws {
        let folder = try TemporaryFolder()
        let configuration = try Self.configuration(["dataDir": folder.path("state/cardform")])
        guard case .memory(let outbox?) = try configuration.resolve() else { Issue.record("no outbox"); return }
        #expect(outbox.path == folder.path("state/cardform/outbox"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: outbox.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func aRedisURLWithItsKeySelectsRedisAndTheKeySealsCardData() throws {
        let configuration = try Self.configuration(["store.url": "redis://:pw@10.0.0.7:6380/2", "store.key": Self.key.uppercased()])
        guard case .redis(let pool, let box) = try configuration.resolve() else { Issue.record("not redis"); return }
        #expect(pool.url == (try RedisURL(parsing: "redis://:pw@10.0.0.7:6380/2")))
        let sealed = box.seal(Array("4111111111111111".utf8), associatedData: Array("cs_1".utf8))
        #expect(try SecretBox(hexKey: Self.key).open(sealed, associatedData: Array("cs_1".utf8)) == Array("4111111111111111".utf8))
        #expect(!"\(configuration)".contains(Self.key) && !"\(configuration)".lowercased().contains(Self.key))
    }

    @Test(arguments: [
        ("store.url", "redis://cache:6379/0?ssl=true", "options after ? or # are not supported (redis://[:password@]host:port/db)"),
        ("store.url", "", "must be a non-empty string"),
        ("store.key", String(key.dropLast()), "the key must be 64 hex characters (0-9, a-f)"),
        ("store.key", String(key.dropLast()) + "x", "the key must be 64 hex characters (0-9, a-f)"),
        ("dataDir", "", "must be a non-empty string"),
    ])
    func aBadValueIsRefusedAsItIsRead(key: String, value: String, message: String) {
        #expect(throws: ConfigValue.Problem(message)) { try Self.configuration([key: value]) }
    }

    @Test(arguments: [
        (["store.url": "redis://cache:6379/0"], "configuration: store.key: required when store.url is set: 64 hex characters (32 random bytes)"),
        (["store.key": key], "configuration: store.key: only used with store.url (card data in Redis); set store.url or remove store.key"),
        (["store.url": "redis://cache:6379/0", "store.key": key, "dataDir": "/var/lib/cardform"],
         "configuration: dataDir: not used when store.url is set (the webhook outbox is in Redis); remove dataDir"),
    ])
    func aCombinationThatCannotWorkIsRefusedNamingTheKey(values: [String: String], message: String) throws {
        let configuration = try Self.configuration(values)
        let error = #expect(throws: ServerConfigurationError.self) { try configuration.resolve() }
        #expect(error?.description == message)
    }

    @Test func aSocketURLIsCheckedAtStartForASocketAtItsPath() async throws {
        let folder = try TemporaryFolder()
        try folder.write("not a socket", to: "file.sock")
        for (path, problem) in [
            (folder.path("none.sock"), "no Unix socket at \(folder.path("none.sock")): No such file or directory (is redis-server's unixsocket set to it, and running?)"),
            (folder.path("file.sock"), "\(folder.path("file.sock")) is not a Unix socket"),
        ] {
            let configuration = try Self.configuration(["store.url": "redis+unix://\(path)", "store.key": Self.key])
            #expect(throws: ServerConfigurationError(key: "store.url", problem: problem, source: "configuration")) { try configuration.resolve() }
        }
        let redis = try await RedisServerProcess.start()
        let listening = try Self.configuration(["store.url": "redis+unix://\(redis.socketPath)?db=1", "store.key": Self.key])
        guard case .redis(let pool, _) = try listening.resolve() else { Issue.record("not redis"); return }
        #expect(pool.url.address == .socket(path: redis.socketPath) && pool.url.database == 1)
    }

    @Test func aDataDirectoryThatCannotBeWrittenIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a folder", to: "file")
        let configuration = try Self.configuration(["dataDir": folder.path("file")])
        let error = #expect(throws: ServerConfigurationError.self) { try configuration.resolve() }
        #expect(error?.key == "dataDir" && error?.problem.hasPrefix("cannot create \(folder.path("file/outbox"))") == true)
    }
}

/// `dataDir` as `serve` reads it: the webhook outbox on disk.
@Suite struct StoreDataDirectoryTests {
    static let webhook = ["CARDFORM_WEBHOOK_URL": "http://127.0.0.1:9/hook", "CARDFORM_WEBHOOK_SECRET": "whsec_0123456789abcdef"]

    static func load(_ environment: [String: String]) throws -> ServerConfiguration {
        try ServerConfiguration.load(file: nil, environment: environment, flags: [:])
    }

    @Test func withDataDirWebhookEventsGoToFilesAndWithoutItMemoryIsLoggedOnce() throws {
        let folder = try TemporaryFolder()
        let durable = try PaymentCoordinator.configured(try Self.load(Self.webhook.merging(["CARDFORM_DATA_DIR": folder.path("d")]) { $1 }))
        #expect((durable.webhooks?.outbox as? FileOutbox)?.directory.path == folder.path("d/outbox"))
        let logs = LogRecorder()
        let volatile = try PaymentCoordinator.configured(try Self.load(Self.webhook), logger: logs.logger)
        #expect(volatile.webhooks?.outbox is MemoryOutbox)
        #expect(logs.all.filter { $0.contains(#""event":"webhook.outbox""#) }.count == 1)
        #expect(logs.all.first?.contains(#""durable":false"#) == true)
    }

    @Test func aSecondServerOnTheSameDataDirIsRefusedNamingTheKey() throws {
        let folder = try TemporaryFolder()
        let configuration = try Self.load(Self.webhook.merging(["CARDFORM_DATA_DIR": folder.path("d")]) { $1 })
        let running = try PaymentCoordinator.configured(configuration)
        let refused = #expect(throws: ServerConfigurationError.self) { try PaymentCoordinator.configured(configuration) }
        #expect(refused?.description == "configuration: dataDir: another cardform process delivers from \(folder.path("d/outbox"))")
        _ = running
    }

    @Test func dataDirWithoutAWebhookURLIsRefused() throws {
        let folder = try TemporaryFolder()
        let configuration = try Self.load(["CARDFORM_DATA_DIR": folder.path("d")])
        #expect(throws: ServerConfigurationError(key: "dataDir", problem: "keeps undelivered webhook events: set webhook.url or remove dataDir", source: "configuration")) {
            try PaymentCoordinator.configured(configuration)
        }
    }
}

/// `store.url` and `store.key` as `serve` reads them: checked like every key; a bad key stops
/// the binary (exit 2), while a Redis that does not answer leaves it up, answering 503.
@Suite struct StoreRedisServeTests {
    static let redis = ["CARDFORM_STORE_URL": "redis://127.0.0.1:9/0", "CARDFORM_STORE_KEY": StoreConfigurationTests.key]

    @Test func serveReadsTheRedisKeys() throws {
        let configuration = try StoreDataDirectoryTests.load(Self.redis)
        #expect(configuration.store.url == (try RedisURL(parsing: "redis://127.0.0.1:9/0")))
        #expect(configuration.store.key == (try StoreKey(StoreConfigurationTests.key)))
    }

    @Test(arguments: [
        ("0123", "configuration: store.key: required when store.url is set: 64 hex characters (32 random bytes)"),
        (String(StoreConfigurationTests.key.dropLast()), "environment CARDFORM_STORE_KEY: store.key: the key must be 64 hex characters (0-9, a-f)"),
    ])
    func theBinaryExitsWithStatusTwoAndOneLineForAMissingOrBadKey(key: String, line: String) async throws {
        guard let binary = Cardform.binary else { throw Cardform.NotBuilt() }
        let folder = try TemporaryFolder()
        var environment = Self.redis.merging(["CARDFORM_SECRET_KEY": ServerHarness.secretKey]) { $1 }
        environment["CARDFORM_STORE_KEY"] = key == "0123" ? nil : key
        let process = try ChildProcess(binary.path, ["serve", "--port", "0"], environment: environment, logPath: folder.path("serve.log"))
        let status = try await onOwnThread { process.waitForExit(timeout: .seconds(20)) }
        #expect(status == 2)
        #expect(process.log == "cardform serve: \(line)\n")
    }

    @Test func withRedisUnreachableTheServerStaysUpAndAnswers503() async throws {
        let folder = try TemporaryFolder()
        // A port this test holds bound without listening: connecting is refused at once, and no
        // other process (another test run's redis-server) can take it meanwhile, as it could a
        // port merely found free (`Loopback.reservedPort`), which then answered as a real Redis.
        let (socket, port) = try Loopback.bind(listening: false)
        defer { close(socket) }
        let environment = ["CARDFORM_STORE_URL": "redis://127.0.0.1:\(port)/0", "CARDFORM_STORE_KEY": StoreConfigurationTests.key]
        let server = try await CardformProcess.start(environment: environment, logPath: folder.path("serve.log"))
        let created = try await server.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"], body: Data(#"{"amount": 100, "currency": "EUR"}"#.utf8))
        #expect(created.status == 503 && created.body.contains(#""store-unavailable""#))
        let ready = try await server.request("GET", "/readyz")
        #expect(ready.status == 503 && ready.body.contains(#""store-unavailable""#))
        #expect(try await server.request("GET", "/healthz").status == 200)
        #expect(try await server.request("GET", "/s/\(String(repeating: "a", count: 26))").status == 503)
        #expect(server.process.isRunning)
    }
}
