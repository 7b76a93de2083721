/// Records kept in Redis with a version, written only by whoever read the current version: the
/// primitive a shared session store needs so that two instances updating one session at once never
/// lose either update (optimistic concurrency; the loser reads again and reapplies its change).
///
/// A record is a hash `{v: version, d: bytes}` with a time to live refreshed on every write.
/// Version 0 means "no record": writing with expected version 0 creates one only if none exists.
/// The compare-and-set is one Lua script, so it is atomic and one round trip.
struct RedisRecords: Sendable {
    /// A record as read: its bytes and the version they belong to.
    struct Versioned: Sendable, Hashable {
        var version: Int64
        var bytes: [UInt8]
    }

    /// What a compare-and-set did.
    enum WriteResult: Sendable, Hashable {
        /// Written; the record now has `version`.
        case stored(version: Int64)
        /// Someone wrote first: the record is at `current` (0: it is gone), nothing was written.
        case conflict(current: Int64)
        /// The fence given no longer holds its lock: nothing was written.
        case fenced
    }

    let pool: RedisPool

    /// The record at `key`, or nil when there is none (never written, deleted or expired).
    func read(_ key: String) throws(RedisError) -> Versioned? {
        let fields = try pool.run(RedisCommand("HMGET", key, "v", "d")).elements()
        guard fields.count == 2, let version = try fields[0].bytesOrNil(), let bytes = try fields[1].bytesOrNil() else { return nil }
        guard let number = Int64(String(decoding: version, as: UTF8.self)) else {
            throw RedisError(.unexpectedReply, "the record's version is not a number")
        }
        return Versioned(version: number, bytes: bytes)
    }

    /// Writes `bytes` at `key` with time to live `ttl` if the record is still at `expected`
    /// (0: only if there is none), and, with a `fence`, only while that fence holds its lock.
    func write(
        _ key: String, bytes: [UInt8], expected: Int64, ttl: Duration, fence: RedisFence? = nil
    ) throws(RedisError) -> WriteResult {
        var keys: [any RedisArgument] = [key]
        var arguments: [any RedisArgument] = [expected, bytes, ttl.redisMilliseconds]
        if let fence {
            keys.append(fence.lockKey)
            arguments.append(fence.token)
        }
        let answer = try pool.evaluate(Self.compareAndSet, keys: keys, arguments: arguments).elements()
        guard answer.count == 2 else { throw RedisError(.unexpectedReply, "compare-and-set answered \(answer.count) values") }
        let (outcome, version) = (try answer[0].integer(), try answer[1].integer())
        switch outcome {
        case 1: return .stored(version: version)
        case 0: return .conflict(current: version)
        default: return .fenced
        }
    }

    /// Reads, applies `change` and writes back, again from a fresh read whenever another writer
    /// got there first (so `change` may run more than once: it must only compute). `change` gets
    /// nil for a missing record; returning nil leaves the record as it is. At most `attempts`
    /// tries, then `contention`.
    @discardableResult
    func update(
        _ key: String, ttl: Duration, attempts: Int = 16, fence: RedisFence? = nil,
        _ change: (Versioned?) throws(RedisError) -> [UInt8]?
    ) throws(RedisError) -> Versioned? {
        for _ in 0..<attempts {
            let current = try read(key)
            guard let bytes = try change(current) else { return current }
            switch try write(key, bytes: bytes, expected: current?.version ?? 0, ttl: ttl, fence: fence) {
            case .stored(let version): return Versioned(version: version, bytes: bytes)
            case .conflict: continue
            case .fenced: throw RedisError(.contention, "\(key): the fence no longer holds its lock")
            }
        }
        throw RedisError(.contention, "\(key): another writer won \(attempts) times in a row")
    }

    /// Deletes the record; says whether there was one.
    @discardableResult
    func delete(_ key: String) throws(RedisError) -> Bool {
        try pool.run(RedisCommand("DEL", key)).integer() == 1
    }

    /// KEYS[1] the record, KEYS[2] (optional) a lock that must hold ARGV[4];
    /// ARGV[1] the expected version, ARGV[2] the bytes, ARGV[3] the time to live in ms.
    /// Answers {1, new version}, {0, current version} or {-1, current version}.
    static let compareAndSet = RedisScript(name: "compare-and-set", source: """
        local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
        if #KEYS > 1 and redis.call('GET', KEYS[2]) ~= ARGV[4] then return {-1, current} end
        if current ~= tonumber(ARGV[1]) then return {0, current} end
        redis.call('HSET', KEYS[1], 'v', current + 1, 'd', ARGV[2])
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        return {1, current + 1}
        """)
}

extension Duration {
    /// Whole milliseconds, at least 1 (Redis refuses a zero or negative expiry).
    var redisMilliseconds: Int {
        let (seconds, attoseconds) = components
        return max(1, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
