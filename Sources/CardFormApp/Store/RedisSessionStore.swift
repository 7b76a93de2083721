import CardEngine
import CardFormSupport
import Foundation
import Payments
import Synchronization

/// Sessions in Redis, shared by every instance: any instance answers any request of any session.
///
/// Each session is a hash `{v: version, d: sealed record, c: sealed configuration, a: last
/// activity the index follows}` (`SealedRecordFormat`: no card data in plaintext; `c` is written
/// only when the configuration changes) under `<prefix>session:<id>`, expiring with the session's
/// idle time plus retention (renewed by a write that moves its activity by `indexSlack` or more).
/// Two sorted sets index the sessions for the sweep and the cap: `live` scored by when each
/// session's time is up (at most `indexSlack` early), `retired` by when it is forgotten.
///
/// `withSession` reads, runs the body on the copy and writes back only what changed, with a
/// compare-and-set on the version (one Lua script): when another instance wrote in between, the
/// body runs again on the fresh record, so no keystroke is lost and no payment starts twice (and a
/// writer that keeps losing takes the session's turn: `RedisSessionStore+Turns.swift`). While
/// only this instance writes a session (its last read found its own last write), the read is
/// skipped and the body starts from the copy it wrote: the compare-and-set still checks it. Any
/// Redis failure is `StoreError.unavailable`; nothing falls back to memory.
final class RedisSessionStore: SessionStore {
    let pool: RedisPool
    let lifetime: SessionLifetime
    let capacity: Int
    let keys: Keys
    let format: SealedRecordFormat
    /// How often `withSession` tries before giving up on a session many writers fight over.
    private let attempts = 16
    /// Payment locks this instance holds, by session id (`RedisSessionStore+Payments.swift`).
    let leases = Mutex<[String: RedisFence]>([:])
    /// How long a payment lock holds (`defaultPaymentLockTime`; tests shorten it).
    let paymentLockTime: Duration
    /// How long a session's turn holds (`defaultTurnTime`; tests shorten it).
    let turnTime: Duration
    /// The record this instance last read or wrote per session, with its version: while Redis
    /// still holds that version (the shopper's next keystroke came here too), it is not opened
    /// and parsed again. Versions only grow and ids are never reused, so a match is the record.
    /// `isOwn`: the last read found the version this instance had written, so nobody else is
    /// writing the session and the next event may skip the read (`withRecent`).
    private let recent = Mutex<[String: Recent]>([:])
    static let recentCapacity = 4_096

    /// Where everything is kept: one prefix, so several deployments can share a Redis database.
    /// The two indexes' names are made once: a keystroke's write names both.
    struct Keys: Sendable, Hashable {
        let prefix: String
        let live: String
        let retired: String
        init(prefix: String) {
            self.prefix = prefix
            live = prefix + "sessions:live"
            retired = prefix + "sessions:retired"
        }
        func record(_ id: String) -> String { prefix + "session:" + id }
        func paymentLock(_ id: String) -> String { prefix + "session:" + id + ":payment" }
        /// The session's turn (`RedisSessionStore+Turns.swift`).
        func turn(_ id: String) -> String { prefix + "session:" + id + ":turn" }
    }

    init(
        pool: RedisPool, box: SecretBox, lifetime: SessionLifetime, capacity: Int, prefix: String = "cardform:",
        paymentLockTime: Duration = RedisSessionStore.defaultPaymentLockTime, turnTime: Duration = RedisSessionStore.defaultTurnTime
    ) {
        self.pool = pool
        self.paymentLockTime = paymentLockTime
        self.turnTime = turnTime
        self.lifetime = lifetime
        self.capacity = capacity
        self.keys = Keys(prefix: prefix)
        self.format = SealedRecordFormat(box: box)
    }

    func create(now: Date, _ make: (String) -> CardSession) throws(StoreError) -> SessionRecord {
        let id = RandomToken.make128()
        let record = SessionRecord(session: make(id), token: RandomToken.make128(), now: now)
        let sealed = format.seal(record, configurationVersion: 1)
        let configuration = try format.sealConfiguration(record.session)
        let answer = try redis {
            try pool.evaluate(
                Self.createScript, keys: [keys.record(id), keys.live],
                arguments: [
                    capacity, sealed, recordTTL.redisMilliseconds, Self.score(lifetime.dueAt(record)), id, configuration,
                    Self.score(record.lastActiveAt),
                ]
            ).integer()
        }
        switch answer {
        case 1:
            format.remember(id, version: 1, record.session.configuration)
            return record
        case -1: throw .full
        default: throw .unavailable("a fresh random session id was taken")
        }
    }

    func withSession<T: Sendable>(
        _ id: Substring, now: Date, _ body: (inout SessionRecord) -> T
    ) throws(StoreError) -> SessionLookup<T> {
        guard RandomToken.isWellFormed(id) else { return .unknown }
        let id = String(id)
        if let known = recent.withLock({ $0[id] }), known.isOwn, let result = try withRecent(known, body) {
            return .live(result)
        }
        var contention = WriteContention(attempts: attempts, turnTime: turnTime)
        defer { endTurn(of: contention, id: id) }
        while contention.allowsAnother {
            guard let before = try read(id) else { return .unknown }
            if before.record.retiredAt != nil { return .expired(before.record) }
            var record = before.record
            let result = body(&record)
            if Self.isUnchanged(record, from: before.record) { return .live(result) }
            switch try writeGuardingPayment(record, over: before, turn: contention.turnToken) {
            case .stored:
                contention.wrote()
                return .live(result)
            case .othersTurn: backOff(&contention)
            case .paymentUnderway:
                // Waiting on another instance's payment lock: a turn held meanwhile would only
                // hold every other writer of the session back.
                endTurn(of: contention, id: id)
                contention.paymentUnderway()
            case .conflict, .fenced: contention.lost()
            }
        }
        throw .unavailable("session \(id.prefix(6))…: \(contention.failure)")
    }

    func sweep(now: Date) throws(StoreError) -> SweepResult {
        let nowScore = Self.score(now)
        var result = SweepResult()
        for id in try due(in: keys.live, at: nowScore) {
            do throws(StoreError) {
                if try retireIfDue(id, now: now) { result.retired.append(id) }
            } catch .unreadable(let record) {
                result.unreadable.append(record)
            }
        }
        for id in try due(in: keys.retired, at: nowScore) {
            // The script always answers 1: only its failure says anything.
            _ = try redis { try pool.evaluate(Self.forgetScript, keys: [keys.record(id), keys.retired], arguments: [id]) }
        }
        return result
    }

    func liveCount() throws(StoreError) -> Int {
        Int(try redis { try pool.run(RedisCommand("ZCARD", keys.live)).integer() })
    }

    /// Every call is a round trip to Redis.
    var waitsOnNetwork: Bool { true }

    /// Redis answers a PING within the pool's timeouts (1 s to connect, 1 s to answer).
    func checkReachable() throws(StoreError) {
        // Any reply is Redis answering (an error reply throws in `run`): its text says nothing more.
        _ = try redis { try pool.run(RedisCommand("PING")) }
    }

    /// How long Redis keeps a record after the last write that set it: past it the session is
    /// forgotten anyway, even when no instance runs the sweep. A live session's write that moves
    /// its activity less than `indexSlack` from the one this was last set at leaves it
    /// (`writeScript`: hence the `indexSlack` more), and so does one that does not move it at all
    /// (a payment's result); a retiring write always sets it. So a record outlives its last
    /// activity by at least idle + retention + 60 s (the clocks agreeing), and is gone at most
    /// idle + retention + 61 s after its last write.
    var recordTTL: Duration { .seconds(lifetime.idle + lifetime.retention + 60) + Self.indexSlack }

    /// How far a live session's last activity may move before a write moves its score in the live
    /// index and its time to live along: below it a keystroke writes the record alone (the script
    /// skips PEXPIRE and ZADD). The sweep may then find a session in the index at most this early:
    /// it reads it, leaves it live, and retires it at its first pass once its time is up.
    static let indexSlack: Duration = .seconds(1)

    /// Retires session `id` if its time is up (retrying when a keystroke wrote meanwhile); says
    /// whether this call retired it. A record Redis already dropped leaves the index.
    private func retireIfDue(_ id: String, now: Date) throws(StoreError) -> Bool {
        for _ in 0..<attempts {
            guard let before = try read(id) else {
                // How many it removed does not matter: another instance's sweep may have been first.
                _ = try redis { try pool.run(RedisCommand("ZREM", keys.live, id)) }
                return false
            }
            var record = before.record
            guard lifetime.apply(to: &record, now: now) == .retired else { return false }
            switch try write(record, over: before) {
            case .stored: return true
            case .othersTurn: return false  // a writer's turn: the next pass retires it
            case .conflict, .fenced, .paymentUnderway: continue
            }
        }
        return false
    }

    /// The record as Redis holds it, or nil when there is none. The sealed configuration comes in
    /// the same reply, opened only when this instance does not hold the version the record names.
    private func read(_ id: String) throws(StoreError) -> Stored? {
        let fields = try redis { try pool.run(RedisCommand("HMGET", keys.record(id), "v", "d", "c")).elements() }
        guard fields.count == 3,
            let version = try redis({ try fields[0].bytesOrNil() }), let sealed = try redis({ try fields[1].bytesOrNil() })
        else { return nil }
        guard let number = Int64(String(decoding: version, as: UTF8.self)) else { throw .unavailable("a session's version is not a number") }
        if let known = recent.withLock({ $0[id] }), known.stored.version == number {
            if !known.isOwn { recent.withLock { $0[id]?.isOwn = true } }
            return known.stored
        }
        let opened = try format.open(sealed, configuration: try redis { try fields[2].bytesOrNil() }, id: id)
        let stored = Stored(version: number, record: opened.record, configurationVersion: opened.configurationVersion)
        remember(stored, isOwn: false)
        return stored
    }

    /// Runs `body` on the copy this instance last wrote of a session nobody else is writing, and
    /// writes with that copy's version as always: while the shopper's events keep coming here,
    /// the read before each is skipped (one round trip per keystroke, not two). A body that
    /// changed nothing stands once Redis still holds that version (`HGET` of the version alone).
    /// Nil when another writer moved the session on: the caller reads it and runs `body` again.
    private func withRecent<T>(_ known: Recent, _ body: (inout SessionRecord) -> T) throws(StoreError) -> T? {
        guard known.stored.record.retiredAt == nil else { return nil }
        var record = known.stored.record
        let result = body(&record)
        if Self.isUnchanged(record, from: known.stored.record) { return try isCurrent(known.stored.version, record.id) ? result : nil }
        return try writeGuardingPayment(record, over: known.stored, turn: nil) == .stored ? result : nil
    }

    /// Whether a body left the record as it was. A page's event always moves `lastActiveAt`, so
    /// that is compared first, and the whole record (dozens of hashes) only when it did not move.
    private static func isUnchanged(_ record: SessionRecord, from before: SessionRecord) -> Bool {
        record.lastActiveAt == before.lastActiveAt && record == before
    }

    /// Whether Redis still holds `version` of session `id`.
    private func isCurrent(_ version: Int64, _ id: String) throws(StoreError) -> Bool {
        let fields = try redis { try pool.run(RedisCommand("HGET", keys.record(id), "v")) }
        return try redis { try fields.bytesOrNil() }.map { Int64(String(decoding: $0, as: UTF8.self)) } == version
    }

    /// Keeps `stored` as this instance's copy of the session; `isOwn` nil keeps what the copy it
    /// replaces said (false when there was none), under the same lock. The copy replaced (pages,
    /// dozens of hashes) is freed after the lock is let go: every keystroke's thread takes it.
    private func remember(_ stored: Stored, isOwn: Bool?) {
        var dropped: [String: Recent] = [:]
        var replaced: Recent?
        recent.withLock { recent in
            let isOwn = isOwn ?? recent[stored.record.id]?.isOwn ?? false
            if recent.count >= Self.recentCapacity { swap(&recent, &dropped) }
            replaced = recent.updateValue(Recent(stored: stored, isOwn: isOwn), forKey: stored.record.id)
        }
        withExtendedLifetime((dropped, replaced)) {}  // freed here, outside the lock
    }

    /// A record as Redis holds (or held) it: its version, and the version its configuration (`c`)
    /// was written at (nil: a record of an earlier format, with no `c` of its own yet).
    struct Stored: Sendable {
        var version: Int64
        var record: SessionRecord
        var configurationVersion: Int64?
    }

    /// A record as this instance last saw it (`recent`). The record is held by reference: every
    /// keystroke takes its session's out of the cache and puts the next one in, and a reference is
    /// one retain where the record's own fields are dozens.
    struct Recent: Sendable {
        private let held: Held
        var isOwn: Bool
        var stored: Stored { held.stored }
        init(stored: Stored, isOwn: Bool) { (held, self.isOwn) = (Held(stored: stored), isOwn) }
        private final class Held: Sendable {
            let stored: Stored
            init(stored: Stored) { self.stored = stored }
        }
    }

    /// What a write did.
    enum WriteOutcome {
        case stored, conflict, fenced
        /// Another writer holds the session's turn (`RedisSessionStore+Turns.swift`).
        case othersTurn
        /// Another instance holds the payment lock: nothing was sent.
        case paymentUnderway
    }

    /// Writes `record` (changed from `before`) if Redis still holds `before`, no other writer holds
    /// the session's turn (`turn`: this writer's token, with which a lost write takes the turn)
    /// and, with a `fence`, while that fence holds the session's payment lock. The configuration
    /// is sealed and sent only when it differs from `before`'s (or `before` had none apart): what
    /// Redis holds at `before`'s version is then the configuration already, and the write stands
    /// only on that.
    func write(_ record: SessionRecord, over before: Stored, fence: RedisFence? = nil, turn: String? = nil) throws(StoreError) -> WriteOutcome {
        let kept = before.configurationVersion.flatMap { record.session.configuration == before.record.session.configuration ? $0 : nil }
        let configurationVersion = kept ?? before.version + 1
        let configuration: [UInt8] = kept == nil ? try format.sealConfiguration(record.session) : []
        let arguments = writeArguments(record, over: before, configurationVersion: configurationVersion, configuration, fence: fence, turn: turn)
        let answer = try redis { try pool.evaluate(Self.writeScript, arguments).integer() }
        switch answer {
        case 1:
            if kept == nil { format.remember(record.id, version: configurationVersion, record.session.configuration) }
            remember(Stored(version: before.version + 1, record: record, configurationVersion: configurationVersion), isOwn: nil)
            return .stored
        case 0:
            // Another writer is at work: the next event reads first.
            recent.withLock { $0[record.id]?.isOwn = false }
            return .conflict
        case -2:
            recent.withLock { $0[record.id]?.isOwn = false }
            return .othersTurn
        default: return .fenced
        }
    }

    /// Up to 1,000 ids of `index` scored at or before `score`.
    private func due(in index: String, at score: Int64) throws(StoreError) -> [String] {
        try redis {
            try pool.run(RedisCommand("ZRANGEBYSCORE", index, "-inf", score, "LIMIT", 0, 1_000)).elements().map { try $0.text() }
        }
    }

    /// Runs a Redis call, its failure as the store's.
    func redis<T>(_ call: () throws -> T) throws(StoreError) -> T {
        do { return try call() } catch { throw .unavailable(String(describing: error)) }
    }

    /// A time as an index score: milliseconds since 1970.
    static func score(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded(.down)) }
}
