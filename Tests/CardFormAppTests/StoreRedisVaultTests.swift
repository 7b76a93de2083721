import CardEngine
import Foundation
import Testing
@testable import CardFormApp
@testable import Payments

/// A card vaulted on one instance while another instance sweeps: with sessions in Redis the sweep
/// that retires a session may run anywhere, and the card must still be wiped where it is held.
@Suite struct StoreRedisVaultTests {
    static let key = String(repeating: "5a", count: 32)

    /// An instance's application (store, payments, sweep) on the shared Redis, without its HTTP side.
    static func instance(_ redis: RedisServerProcess) throws -> AppContext {
        var configuration = ServerConfiguration()
        configuration.store.url = try redis.url()
        configuration.store.key = try StoreKey(key)
        configuration.sessionTTLSeconds = 60
        return try AppContext(configuration: configuration, resources: try ServerHarness.defaultResources.get())
    }

    @Test func aSessionSweptOnAnotherInstanceHasItsCardWipedWhereItIsVaulted() async throws {
        let redis = try await RedisServerProcess.start()
        let (holder, sweeper) = (try Self.instance(redis), try Self.instance(redis))
        let id = try holder.store.create(now: Date()) { CardSession(id: $0, configuration: SessionConfiguration()) }.id
        let other = try holder.store.create(now: Date()) { CardSession(id: $0, configuration: SessionConfiguration()) }.id
        let vault = holder.payments.coordinator.vault
        _ = try #require(vault.store(try PaymentsFixtures.draft(session: id)))
        _ = try #require(vault.store(try PaymentsFixtures.draft(session: other)))

        holder.sweepSessions()
        #expect(vault.count == 2, "live sessions keep their cards")

        // A minute idle: `id` is due, `other` was used since.
        let later = Date().addingTimeInterval(61)
        _ = try holder.store.withSession(other[...], now: later) { $0.lastActiveAt = later }
        sweeper.sweepSessions(now: later)
        guard case .expired = try sweeper.store.withSession(id[...], { _ in }) else { Issue.record("not retired"); return }
        #expect(vault.count == 2, "the sweeping instance holds no card: the holder's are still there")

        holder.sweepSessions(now: later)
        #expect(vault.sessionIds == [other], "the holder wiped the swept session's card on its next pass, and only it")
    }
}
