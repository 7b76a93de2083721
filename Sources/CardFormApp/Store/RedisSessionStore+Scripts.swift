/// The session store's Lua scripts: each one atomic and one round trip, so the record and the
/// indexes never disagree. Every key is named in KEYS (standalone Redis; a cluster would need the
/// keys in one hash slot).
extension RedisSessionStore {
    /// KEYS[1] the record, KEYS[2] the live index; ARGV[1] the cap, ARGV[2] the sealed record,
    /// ARGV[3] its time to live (ms), ARGV[4] its due score, ARGV[5] the id, ARGV[6] the sealed
    /// configuration. Answers 1 (created), -1 (at the cap) or 0 (the id exists).
    static let createScript = RedisScript(name: "session-create", source: """
        if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[1]) then return -1 end
        if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
        redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[2], 'c', ARGV[6])
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
        return 1
        """)

    /// KEYS[1] the record, KEYS[2] the live index, KEYS[3] the retired index; ARGV[1] the version
    /// read, ARGV[2] the sealed record, ARGV[3] its time to live (ms), ARGV[4] the id, ARGV[5] its
    /// score, ARGV[6] 1 while live (scored in the live index by when it is due), 0 once retired
    /// (moved to the retired index, scored by when it is forgotten), ARGV[7] the sealed
    /// configuration when it changed, else empty (a sealed value never is): `c` is kept as it is.
    /// With KEYS[4] (the session's payment lock) and ARGV[8] (a fence), only while that fence
    /// holds the lock. Answers 1 (written), 0 (another writer changed or removed it) or -1 (the
    /// fence no longer holds the lock); nothing is written unless 1.
    static let writeScript = RedisScript(name: "session-write", source: """
        local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
        if #KEYS > 3 and redis.call('GET', KEYS[4]) ~= ARGV[8] then return -1 end
        if current == 0 or current ~= tonumber(ARGV[1]) then return 0 end
        if ARGV[7] == '' then
          redis.call('HSET', KEYS[1], 'v', current + 1, 'd', ARGV[2])
        else
          redis.call('HSET', KEYS[1], 'v', current + 1, 'd', ARGV[2], 'c', ARGV[7])
        end
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        if ARGV[6] == '1' then
          redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4])
        else
          redis.call('ZREM', KEYS[2], ARGV[4])
          redis.call('ZADD', KEYS[3], ARGV[5], ARGV[4])
        end
        return 1
        """)

    /// KEYS[1] the record, KEYS[2] the retired index; ARGV[1] the id.
    static let forgetScript = RedisScript(name: "session-forget", source: """
        redis.call('DEL', KEYS[1])
        redis.call('ZREM', KEYS[2], ARGV[1])
        return 1
        """)
}
