import CardEngine
import Foundation
import Payments
import Synchronization
import Testing
@testable import CardFormApp

/// What only the Redis session store has to show (the shared contract is `SessionStoreTests`):
/// two instances writing one session lose nothing, a record opens only under its key and id, and
/// an unreachable Redis is an error, then forgotten once it is back.
@Suite struct StoreRedisSessionTests {
    static let box = try! SecretBox(hexKey: String(repeating: "7e", count: 32))
    static let lifetime = SessionLifetime(idle: .seconds(600))

    static func store(_ redis: RedisServerProcess, box: SecretBox = box) throws -> RedisSessionStore {
        RedisSessionStore(pool: RedisPool(url: try redis.url()), box: box, lifetime: lifetime, capacity: 100)
    }

    static func create(_ store: RedisSessionStore) throws -> SessionRecord {
        try store.create(now: Date()) { CardSession(id: $0, configuration: SessionConfiguration()) }
    }

    @Test func twoInstancesUpdatingOneSessionAtOnceLoseNoUpdate() async throws {
        let redis = try await RedisServerProcess.start()
        let (first, second) = (try Self.store(redis), try Self.store(redis))
        let id = try Self.create(first).id
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in [first, second] {
                group.addTask {
                    try await onOwnThread {
                        for _ in 0..<40 {
                            _ = try store.withSession(id[...]) { record in record.answerPage("p") { page, _, _ in page.lastSeq += 1 } }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        guard case .live(let seq) = try first.withSession(id[...], { $0.page("p")?.lastSeq }) else { Issue.record("gone"); return }
        #expect(seq == 79)
    }

    /// The compare-and-set alone starves a writer that must read first (and takes a while over
    /// its body) against one that keeps writing without reading: each of the slow one's windows
    /// holds one of the fast one's writes, so it would lose every attempt. The session's turn
    /// lets it through; the fast one waits, and neither loses an update.
    @Test func aSlowWriterIsNotStarvedByOneThatKeepsWritingWithoutReading() async throws {
        try await Self.race(slowBody: { _ in 0.003 })
    }

    /// A holder whose turn expired during its event (a stall longer than the turn) takes it
    /// again with its next lost write, instead of being starved from then on.
    @Test func aWriterWhoseTurnExpiredTakesItAgain() async throws {
        // Runs 1 and 2 lose (the second takes the turn); run 3 outlasts the turn by more than the
        // fast writer's longest back-off (16 ms), so the fast one writes meanwhile and run 3 loses.
        try await Self.race(turnTime: .milliseconds(100), slowBody: { run in run == 3 ? 0.13 : 0.003 })
    }

    /// One store writing as fast as it can without reading, another writing 8 times with a body
    /// that sleeps `slowBody(run)` seconds (`run` counts the body's runs from 1); both must finish
    /// and every update must be kept.
    static func race(turnTime: Duration = RedisSessionStore.defaultTurnTime, slowBody: @escaping @Sendable (Int) -> Double) async throws {
        let redis = try await RedisServerProcess.start()
        let slow = RedisSessionStore(pool: RedisPool(url: try redis.url()), box: box, lifetime: lifetime, capacity: 100, turnTime: turnTime)
        let fast = try Self.store(redis)
        let id = try Self.create(fast).id
        let slowDone = DoneFlag()
        let fastWrites = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                try await onOwnThread {
                    var count = 0
                    // Until the slow writer is done (bounded, so a starved one still ends the test).
                    while !slowDone.isSet && count < 20_000 {
                        _ = try fast.withSession(id[...]) { record in record.answerPage("p") { page, _, _ in page.lastSeq += 1 } }
                        count += 1
                    }
                    return count
                }
            }
            group.addTask {
                try await onOwnThread {
                    defer { slowDone.set() }
                    var runs = 0
                    for _ in 0..<8 {
                        _ = try slow.withSession(id[...]) { record in
                            runs += 1
                            Thread.sleep(forTimeInterval: slowBody(runs))  // a window many fast writes long
                            record.answerPage("p") { page, _, _ in page.lastSeq += 1 }
                        }
                    }
                    return 0
                }
            }
            return try await group.reduce(0, +)
        }
        guard case .live(let seq) = try fast.withSession(id[...], { $0.page("p")?.lastSeq }) else { Issue.record("gone"); return }
        #expect(fastWrites > 8, "the fast writer kept writing meanwhile")
        #expect(seq == fastWrites + 8 - 1)
    }

    /// A turn left by a writer that died holds the others back until it expires, no longer: they
    /// wait for it (they do not fail), then write.
    @Test func aTurnLeftByAWriterThatDiedHoldsWritesBackOnlyUntilItExpires() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let id = try Self.create(store).id
        _ = try store.pool.run(RedisCommand("SET", store.keys.turn(id), "dead", "PX", store.turnTime.redisMilliseconds))
        let started = ContinuousClock.now
        _ = try store.withSession(id[...]) { record in record.answerPage("p") { page, _, _ in page.lastSeq += 1 } }
        #expect(ContinuousClock.now - started >= store.turnTime * 0.8, "it waited for the turn to expire")
        guard case .live(0) = try store.withSession(id[...], { $0.page("p")?.lastSeq }) else { Issue.record("not written"); return }
    }

    /// The write script's answer for each turn and fence, and what becomes of the turn: refused
    /// under another's turn (before the fence is looked at), taken by a write that loses with a
    /// token, ended by its holder's write.
    @Test func theWriteScriptKeepsTurnsAndFences() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let id = try Self.create(store).id
        let turnKey = store.keys.turn(id)
        let turnHolder = { try store.pool.run(RedisCommand("GET", turnKey)).bytesOrNil().map { String(decoding: $0, as: UTF8.self) } }
        let setTurn = { (token: String) in _ = try store.pool.run(RedisCommand("SET", turnKey, token, "PX", 60_000)) }
        guard case .live(let stored) = try store.withSession(id[...], { $0 }) else { Issue.record("gone"); return }
        let current = RedisSessionStore.Stored(version: 1, record: stored, configurationVersion: 1)
        let stale = RedisSessionStore.Stored(version: 0, record: stored, configurationVersion: 1)
        var changed = stored
        changed.answerPage("p") { page, _, _ in page.lastSeq += 1 }
        let lock = RedisLock(pool: store.pool)
        let fence = try #require(try lock.acquire(store.keys.paymentLock(id), ttl: .seconds(60)))
        let staleFence = RedisFence(lockKey: fence.lockKey, token: fence.token - 1)

        try setTurn("theirs")
        #expect(try store.write(changed, over: current) == .othersTurn)
        #expect(try store.write(changed, over: current, fence: staleFence, turn: "mine") == .othersTurn)
        #expect(try turnHolder() == "theirs")
        try setTurn("mine")
        #expect(try store.write(changed, over: current, fence: staleFence, turn: "mine") == .fenced)
        #expect(try store.write(changed, over: stale, turn: "mine") == .conflict)
        #expect(try turnHolder() == "mine", "a lost write keeps its own turn")
        let left = try store.pool.run(RedisCommand("PTTL", turnKey)).integer()
        #expect(left > 0 && left <= store.turnTime.redisMilliseconds, "and sets it to one turn's time again")
        _ = try store.pool.run(RedisCommand("DEL", turnKey))
        #expect(try store.write(changed, over: stale) == .conflict)
        #expect(try turnHolder() == nil, "a write without a token takes no turn")
        #expect(try store.write(changed, over: stale, turn: "mine") == .conflict)
        #expect(try turnHolder() == "mine", "a write that loses with a token takes the turn")
        #expect(try store.write(changed, over: current, fence: fence, turn: "mine") == .stored)
        #expect(try turnHolder() == nil, "the holder's write ends its turn")
    }

    @Test func aSessionWrittenOverTCPIsReadAndUpdatedOverTheUnixSocket() async throws {
        let redis = try await RedisServerProcess.start(password: "pw-socket")
        let overTCP = try Self.store(redis)
        let overSocket = RedisSessionStore(pool: RedisPool(url: try redis.socketURL()), box: Self.box, lifetime: Self.lifetime, capacity: 100)
        let id = try Self.create(overTCP).id
        _ = try overTCP.withSession(id[...]) { record in record.answerPage("p") { page, _, _ in page.lastSeq = 4 } }
        _ = try overSocket.withSession(id[...]) { record in record.answerPage("p") { page, _, _ in page.lastSeq += 1 } }
        guard case .live(let seq) = try overTCP.withSession(id[...], { $0.page("p")?.lastSeq }) else { Issue.record("gone"); return }
        #expect(seq == 5)
    }

    /// How many times Redis ran `command` so far (`INFO commandstats`).
    static func calls(_ command: String, _ pool: RedisPool) throws -> Int {
        let info = try pool.run(RedisCommand("INFO", "commandstats")).text()
        let line = info.split(whereSeparator: \.isNewline).first { $0.hasPrefix("cmdstat_\(command):") }
        return line.flatMap { $0.firstMatch(of: /calls=([0-9]+)/) }.flatMap { Int($0.1) } ?? 0
    }

    @Test func eventsComingToOneInstanceSkipTheReadYetAnotherWritersChangeIsNeverMissed() async throws {
        let redis = try await RedisServerProcess.start()
        let (first, second) = (try Self.store(redis), try Self.store(redis))
        let pool = RedisPool(url: try redis.url())
        let id = try Self.create(first).id
        let step = { (store: RedisSessionStore) throws in
            _ = try store.withSession(id[...]) { record in record.answerPage("p") { page, _, _ in page.lastSeq += 1 } }
        }
        for _ in 0..<2 { try step(first) }
        let (reads, writes) = (try Self.calls("hmget", pool), try Self.calls("evalsha", pool))
        for _ in 0..<10 { try step(first) }
        #expect(try Self.calls("hmget", pool) == reads, "no read while only this instance writes")
        #expect(try Self.calls("evalsha", pool) == writes + 10)
        // Another instance writes: the first one's copy is stale, its write loses and it reads again.
        _ = try second.withSession(id[...]) { record in
            record.session.update(.cardholderName, value: "ada", caret: 3, in: SessionEnvironment())
        }
        guard case .live(let name) = try first.withSession(id[...], { $0.session.value(for: .cardholderName) }) else {
            Issue.record("gone"); return
        }
        #expect(name == "Ada", "a body that changes nothing still sees the other instance's write")
        try step(first)
        try step(second)
        try step(first)
        guard case .live(let seq) = try second.withSession(id[...], { $0.page("p")?.lastSeq }) else { Issue.record("gone"); return }
        #expect(seq == 14)
        guard case .live(let kept) = try first.withSession(id[...], { $0.session.value(for: .cardholderName) }) else {
            Issue.record("gone"); return
        }
        #expect(kept == "Ada")
    }

    /// A keystroke within `indexSlack` of the activity the live index was last set at writes the
    /// record alone (no ZADD, no PEXPIRE): the index stays early by less than that, and follows
    /// the activity once it moves further, or at once for a record an earlier build wrote (no `a`).
    @Test func keystrokesWithinTheSlackLeaveTheIndexWhichFollowsOnceActivityMovesFurther() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let pool = RedisPool(url: try redis.url())
        let id = try Self.create(store).id
        guard case .live(let created) = try store.withSession(id[...], { $0.lastActiveAt }) else { Issue.record("gone"); return }
        let touch = { (seconds: TimeInterval) throws in
            _ = try store.withSession(id[...]) { record in
                record.lastActiveAt = created.addingTimeInterval(seconds)
                record.answerPage("p") { page, _, _ in page.lastSeq += 1 }
            }
        }
        let score = { try Int64(pool.run(RedisCommand("ZSCORE", store.keys.live, id)).text()) }
        let due = { (seconds: TimeInterval) in RedisSessionStore.score(created.addingTimeInterval(seconds + 600)) }
        let (zadds, expiries) = (try Self.calls("zadd", pool), try Self.calls("pexpire", pool))
        try touch(0.4)
        try touch(0.9)
        #expect(try score() == due(0), "within the slack the index stays, early by less than it")
        #expect(try Self.calls("zadd", pool) == zadds && Self.calls("pexpire", pool) == expiries)
        try touch(1.5)
        #expect(try score() == due(1.5))
        #expect(try Self.calls("zadd", pool) == zadds + 1 && Self.calls("pexpire", pool) == expiries + 1)
        let ttl = try pool.run(RedisCommand("PTTL", store.keys.record(id))).integer()
        #expect(ttl > (600 + 3_600 + 60) * 1_000, "the time to live counts the slack on top")
        try pool.run(RedisCommand("HDEL", store.keys.record(id), "a"))
        try touch(1.6)
        #expect(try score() == due(1.6), "a record without `a` is indexed in full")
        try touch(1.7)
        #expect(try score() == due(1.6))
    }

    /// The live index may hold a typing session up to `indexSlack` early: the sweep that finds it
    /// there before its time leaves it live (its card kept), and retires it at its first pass
    /// after its last activity's idle time, as when the index is exact.
    @Test func aSessionTheIndexHoldsEarlyIsSweptOnlyOnceItsTimeIsUp() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let id = try Self.create(store).id
        guard case .live(let created) = try store.withSession(id[...], { $0.lastActiveAt }) else { Issue.record("gone"); return }
        _ = try store.withSession(id[...]) { record in
            record.lastActiveAt = created.addingTimeInterval(0.9)
            record.answerPage("p") { page, _, _ in page.lastSeq += 1 }
        }
        let idle = Self.lifetime.idle
        #expect(try store.sweep(now: created.addingTimeInterval(idle + 0.5)).retired == [], "due in the index, not yet by its activity")
        guard case .live = try store.withSession(id[...], { _ in }) else { Issue.record("swept early"); return }
        #expect(try store.sweep(now: created.addingTimeInterval(idle + 1)).retired == [id])
        guard case .expired = try store.withSession(id[...], { _ in }) else { Issue.record("not retired"); return }
    }

    /// A due record this build cannot read (here sealed for another session) is reported and
    /// left where it is; the sessions due after it are retired in the same pass.
    @Test func aSweepPassesOverAnUnreadableRecordAndRetiresTheOthersDue() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let (damaged, other) = (try Self.create(store).id, try Self.create(store).id)
        guard let sealed = try Self.parts(store, other).record else { Issue.record("no record"); return }
        _ = try store.pool.run(RedisCommand("HSET", store.keys.record(damaged), "d", sealed))
        let result = try store.sweep(now: Date().addingTimeInterval(Self.lifetime.idle + 2))
        #expect(result.retired == [other])
        #expect(result.unreadable.map(\.session) == [damaged])
        #expect(result.unreadable.map(\.reason) == [.key])
        #expect(try store.pool.run(RedisCommand("ZSCORE", store.keys.live, damaged)).bytesOrNil() != nil, "still indexed: the next pass tries again")
    }

    /// Session `id`'s sealed record (`d`) and configuration (`c`) as Redis holds them.
    static func parts(_ store: RedisSessionStore, _ id: String) throws -> (record: [UInt8]?, configuration: [UInt8]?) {
        let fields = try store.pool.run(RedisCommand("HMGET", store.keys.record(id), "d", "c")).elements()
        return (try fields[0].bytesOrNil(), try fields[1].bytesOrNil())
    }

    static func type(_ text: String, into id: String, on store: RedisSessionStore) throws {
        _ = try store.withSession(id[...]) { record in
            record.session.update(.cardNumber, value: text, caret: text.count, in: SessionEnvironment())
        }
    }

    @Test func keystrokesWriteTheRecordAloneWhileAChangedConfigurationReachesEveryInstance() async throws {
        let redis = try await RedisServerProcess.start()
        let (first, second) = (try Self.store(redis), try Self.store(redis))
        let id = try Self.create(first).id
        let created = try Self.parts(first, id)
        #expect(created.configuration != nil)
        for length in 1...6 { try Self.type(String("411111".prefix(length)), into: id, on: first) }
        try Self.type("4111112", into: id, on: second)
        let typed = try Self.parts(first, id)
        #expect(typed.record != created.record)
        #expect(typed.configuration == created.configuration, "keystrokes leave the configuration as it was written")

        _ = try second.withSession(id[...]) { record in
            var configuration = record.session.configuration
            configuration.amount = 4_200
            _ = record.session.reconfigure(configuration, in: SessionEnvironment())
        }
        let changed = try Self.parts(first, id)
        #expect(changed.configuration != created.configuration)
        guard case .live(let amount) = try first.withSession(id[...], { $0.session.configuration.amount }) else { Issue.record("gone"); return }
        #expect(amount == 4_200)
        try Self.type("41111123", into: id, on: first)
        #expect(try Self.parts(first, id).configuration == changed.configuration, "written once, by the change")
        guard case .live(let (seen, number)) = try Self.store(redis).withSession(id[...], { ($0.session.configuration.amount, $0.session.value(for: .cardNumber)) })
        else { Issue.record("gone"); return }
        #expect(seen == 4_200 && number == "4111 1123", "a fresh instance opens both parts")
    }

    @Test(arguments: [1, 2] as [UInt8])
    func aRecordAnEarlierBuildStoredOpensAndItsNextWriteKeepsTheConfigurationApart(format: UInt8) async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let id = try Self.create(store).id
        try Self.type("4111", into: id, on: store)
        guard case .live(let record) = try store.withSession(id[...], { $0 }) else { Issue.record("gone"); return }
        // Stored as an earlier build stored it: a version and the record, its configuration inside.
        let old = SealedRecordFormat(box: Self.box)
        let sealed = format == 1 ? try old.sealJSON(record) : try old.sealFormatTwo(record)
        try store.pool.run(RedisCommand("DEL", store.keys.record(id)))
        try store.pool.run(RedisCommand("HSET", store.keys.record(id), "v", 7, "d", sealed))

        let upgraded = try Self.store(redis)
        guard case .live(let read) = try upgraded.withSession(id[...], { $0 }) else { Issue.record("the open form was lost"); return }
        #expect(read == record)
        try Self.type("41111", into: id, on: upgraded)
        let parts = try Self.parts(upgraded, id)
        let plaintext = try Self.box.open(try #require(parts.record), associatedData: Array(id.utf8))
        #expect(plaintext.first == SealedRecordFormat.version)
        #expect(parts.configuration != nil, "the first write stores the configuration apart")
        guard case .live(let number) = try Self.store(redis).withSession(id[...], { $0.session.value(for: .cardNumber) }) else {
            Issue.record("gone"); return
        }
        #expect(number == "4111 1")
    }

    @Test func aRecordOpensOnlyUnderItsKeyAndItsOwnId() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let record = try Self.create(store)
        let other = try Self.store(redis, box: try SecretBox(hexKey: String(repeating: "11", count: 32)))
        #expect(throws: StoreError.self) { try other.withSession(record.id[...]) { _ in } }
        let copy = try Self.create(store)
        let pool = RedisPool(url: try redis.url())
        let sealed = try pool.run(RedisCommand("HGET", store.keys.record(record.id), "d"))
        try pool.run(RedisCommand("HSET", store.keys.record(copy.id), "d", try sealed.bytesOrNil() ?? []))
        #expect(throws: StoreError.self) { try store.withSession(copy.id[...]) { _ in } }
    }

    @Test func redisDownIsUnavailableAndTheStoreRecoversWhenItIsBack() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        try await redis.stop()
        #expect(throws: StoreError.self) { try Self.create(store) }
        #expect(throws: StoreError.self) { try store.checkReachable() }
        #expect(throws: StoreError.self) { try store.sweep(now: Date()) }
        try await redis.start()
        try store.checkReachable()
        let record = try Self.create(store)
        guard case .live(let token) = try store.withSession(record.id[...], { $0.token }) else { Issue.record("not found"); return }
        #expect(token == record.token)
    }

    @Test func aPaymentStartsOnlyUnderTheSessionsPaymentLockWhichTheResultReleases() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let id = try Self.create(store).id
        let lock = RedisLock(pool: store.pool)
        let held = try #require(try lock.acquire(store.keys.paymentLock(id), ttl: .seconds(60)))
        #expect(throws: StoreError.self) { try store.withSession(id[...]) { SessionStoreTests.fillAndSubmit(&$0) } }
        guard case .live(.ready) = try store.withSession(id[...], { $0.session.phase }) else { Issue.record("a payment started"); return }
        try lock.release(held)
        guard case .live(true) = try store.withSession(id[...], { SessionStoreTests.fillAndSubmit(&$0) }) else { Issue.record("no payment"); return }
        let fence = try #require(store.leases.withLock { $0[id] })
        #expect(fence.token > held.token)
        #expect(try store.pool.run(RedisCommand("GET", store.keys.paymentLock(id))).bytesOrNil() == Array(String(fence.token).utf8))
        _ = try store.withSession(id[...]) { $0.session.paymentResult(.succeeded(id: "pay_lock")) }
        #expect(try store.pool.run(RedisCommand("GET", store.keys.paymentLock(id))).bytesOrNil() == nil)
        #expect(store.leases.withLock { $0.isEmpty })
    }

    @Test func aPaymentLockLeftByAnInstanceThatDiedHoldsSubmitsBackOnlyBriefly() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try Self.store(redis)
        let id = try Self.create(store).id
        guard case .live(true) = try store.withSession(id[...], { SessionStoreTests.fillAndSubmit(&$0) }) else { Issue.record("no payment"); return }
        let left = try store.pool.run(RedisCommand("PTTL", store.keys.paymentLock(id))).integer()
        #expect(left > 0 && left <= 15_000, "the lock guards the step into processing, not the whole payment")

        // An instance took the lock and died before its write: the next submit waits for it to lapse.
        let quick = RedisSessionStore(
            pool: RedisPool(url: try redis.url()), box: Self.box, lifetime: Self.lifetime, capacity: 100, paymentLockTime: .milliseconds(1_500))
        let other = try Self.create(quick).id
        _ = try #require(try RedisLock(pool: quick.pool).acquire(quick.keys.paymentLock(other), ttl: quick.paymentLockTime))
        #expect(throws: StoreError.self) { try quick.withSession(other[...]) { SessionStoreTests.fillAndSubmit(&$0) } }
        try await Task.sleep(for: .milliseconds(1_700))
        guard case .live(true) = try quick.withSession(other[...], { SessionStoreTests.fillAndSubmit(&$0) }) else {
            Issue.record("the lapsed lock still held the payment back"); return
        }
        // A payment that outlasts its lock stores its result all the same.
        try await Task.sleep(for: .milliseconds(1_700))
        _ = try quick.withSession(other[...]) { $0.session.paymentResult(.succeeded(id: "pay_late")) }
        guard case .live(.succeeded) = try quick.withSession(other[...], { $0.session.phase.name }) else { Issue.record("result lost"); return }
        #expect(quick.leases.withLock { $0.isEmpty })
    }
}

/// A flag one thread sets and another reads.
private final class DoneFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}
