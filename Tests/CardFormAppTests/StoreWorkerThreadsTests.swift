import Foundation
import HTTPServer
import Testing
@testable import CardFormApp

/// With sessions in Redis every keystroke waits a network round trip, so the daemon runs a second
/// worker thread per core to use the core while the first waits; in memory nothing waits.
@Suite struct StoreWorkerThreadsTests {
    @Test func aServerOnRedisRunsTwoWorkerThreadsPerCoreAndInMemoryOne() async throws {
        let redis = try await RedisServerProcess.start()
        let shared = try CardFormServer(app: try StoreRedisVaultTests.instance(redis), host: "127.0.0.1", port: 0)
        defer { shared.stop() }
        #expect(shared.daemon.threadCount == 2 * Daemon.processorCount)
        let alone = try ServerHarness()
        #expect(alone.server.daemon.threadCount == Daemon.processorCount)
    }
}
