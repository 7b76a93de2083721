/// A lock held in Redis with an expiry and a fencing token: what makes "exactly one payment per
/// session" hold across instances.
///
/// Taking the lock increments a counter kept beside it, and the lock's value is that number (the
/// fence). A holder that stalls past the expiry loses the lock to the next taker, who gets a larger
/// fence; the stalled one's writes fenced with its old token are then refused
/// (`RedisRecords.write(…, fence:)` checks atomically that the lock still holds that token), and
/// so are its `release` and `renew`.
struct RedisLock: Sendable {
    let pool: RedisPool
    /// How long the fence counter outlives the last lock taken; past it the numbering may start
    /// again, so make it longer than anything guarded lives (a session's lifetime).
    var counterLifetime: Duration = .seconds(7 * 24 * 3600)

    /// Takes the lock `key` for `ttl`; nil when someone holds it.
    func acquire(_ key: String, ttl: Duration) throws(RedisError) -> RedisFence? {
        let reply = try pool.evaluate(
            Self.acquireScript, keys: [key, key + ":fence"],
            arguments: [ttl.redisMilliseconds, max(ttl, counterLifetime).redisMilliseconds])
        if case .null = reply { return nil }
        return RedisFence(lockKey: key, token: try reply.integer())
    }

    /// Releases the lock if `fence` still holds it; says whether it did.
    @discardableResult
    func release(_ fence: RedisFence) throws(RedisError) -> Bool {
        try pool.evaluate(Self.releaseScript, keys: [fence.lockKey], arguments: [fence.token]).integer() == 1
    }

    /// Extends the lock to `ttl` from now if `fence` still holds it; says whether it did.
    func renew(_ fence: RedisFence, ttl: Duration) throws(RedisError) -> Bool {
        try pool.evaluate(Self.renewScript, keys: [fence.lockKey], arguments: [fence.token, ttl.redisMilliseconds]).integer() == 1
    }

    /// KEYS[1] the lock, KEYS[2] its fence counter; ARGV[1] the lock's ttl, ARGV[2] the counter's.
    static let acquireScript = RedisScript(name: "lock-acquire", source: """
        if redis.call('EXISTS', KEYS[1]) == 1 then return false end
        local token = redis.call('INCR', KEYS[2])
        redis.call('PEXPIRE', KEYS[2], ARGV[2])
        redis.call('SET', KEYS[1], token, 'PX', ARGV[1])
        return token
        """)

    static let releaseScript = RedisScript(name: "lock-release", source: """
        if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
        return 0
        """)

    static let renewScript = RedisScript(name: "lock-renew", source: """
        if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
        return 0
        """)
}

/// Proof of holding a `RedisLock`: the lock's key and the token it was taken with. Tokens only
/// grow, so a later holder's fence is always larger.
struct RedisFence: Sendable, Hashable {
    var lockKey: String
    var token: Int64
}
