/// The session store's Lua scripts: each one atomic and one round trip, so the record and the
/// indexes never disagree. Every key is named in KEYS (standalone Redis; a cluster would need the
/// keys in one hash slot).
extension RedisSessionStore {
    /// KEYS[1] the record, KEYS[2] the live index; ARGV[1] the cap, ARGV[2] the sealed record,
    /// ARGV[3] its time to live (ms), ARGV[4] its due score, ARGV[5] the id, ARGV[6] the sealed
    /// configuration, ARGV[7] when it was last active (ms, field `a`: see `writeScript`). Answers
    /// 1 (created), -1 (at the cap) or 0 (the id exists).
    static let createScript = RedisScript(name: "session-create", source: """
        if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[1]) then return -1 end
        if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
        redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[2], 'c', ARGV[6], 'a', ARGV[7])
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
        return 1
        """)

    /// KEYS[1] the record, KEYS[2] the live index, KEYS[3] the retired index; ARGV[1] the version
    /// read, ARGV[2] the sealed record, ARGV[3] its time to live (ms), ARGV[4] the id, ARGV[5] its
    /// score, ARGV[6] 1 while live (scored in the live index by when it is due), 0 once retired
    /// (moved to the retired index, scored by when it is forgotten), ARGV[7] the sealed
    /// configuration when it changed, else empty (a sealed value never is): `c` is kept as it is,
    /// ARGV[8] when the record was last active (ms), ARGV[9] how far that may move (ms) before the
    /// index and the time to live follow it, ARGV[10] the version written (ARGV[1] + 1). With
    /// KEYS[5] (the session's payment lock) and ARGV[13] (a fence), only while that fence holds
    /// the lock. Answers 1 (written), 0 (another writer changed or removed it), -1 (the fence no
    /// longer holds the lock) or -2 (another writer's turn); nothing is written unless 1.
    ///
    /// A live session's score and time to live follow only its last activity, so while that moves
    /// less than ARGV[9] from the `a` they were last set at (a shopper typing), the write is the
    /// record alone: the index is then early by at most that much, never late, and the time to
    /// live (counted with that much more) still outlasts the retention. A record without `a` (an
    /// earlier build wrote it, and such builds set both every write) is set in full. The script
    /// reads with HGET, not HMGET: the tests count HMGET calls as the store's reads. Versions are
    /// compared and written as the decimal text Redis holds (no number parsed or printed: a
    /// version is only ever written as a whole number's digits, by this script, the create
    /// script, or earlier builds' scripts adding 1 in Lua).
    ///
    /// KEYS[4] is the session's turn (`RedisSessionStore+Turns.swift`), ARGV[11] the writer's
    /// token for it (empty before its first loss) and ARGV[12] how long a turn holds (ms): while
    /// another writer holds it the answer is -2 and nothing is written; a write that loses with a
    /// token takes the turn (or extends its own); the holder's write ends it. The payment lock and
    /// its fence are then KEYS[5] and ARGV[13].
    static let writeScript = RedisScript(name: "session-write", source: """
        local turn = redis.call('GET', KEYS[4])
        if turn and turn ~= ARGV[11] then return -2 end
        if #KEYS > 4 and redis.call('GET', KEYS[5]) ~= ARGV[13] then return -1 end
        if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then
          if ARGV[11] ~= '' then redis.call('SET', KEYS[4], ARGV[11], 'PX', ARGV[12]) end
          return 0
        end
        if turn then redis.call('DEL', KEYS[4]) end
        redis.call('HSET', KEYS[1], 'v', ARGV[10], 'd', ARGV[2])
        if ARGV[7] ~= '' then redis.call('HSET', KEYS[1], 'c', ARGV[7]) end
        local active, indexed = tonumber(ARGV[8]), tonumber(redis.call('HGET', KEYS[1], 'a') or '')
        if ARGV[6] == '1' and indexed and active >= indexed and active <= indexed + tonumber(ARGV[9]) then return 1 end
        redis.call('PEXPIRE', KEYS[1], ARGV[3])
        if ARGV[6] == '1' then
          redis.call('HSET', KEYS[1], 'a', ARGV[8])
          redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4])
        else
          redis.call('ZREM', KEYS[2], ARGV[4])
          redis.call('ZADD', KEYS[3], ARGV[5], ARGV[4])
        end
        return 1
        """)

    /// `writeScript`'s keys and arguments in its order, each framed by its own type, the record
    /// sealed straight into its frame (about 1 KB, the bulk of the command).
    func writeArguments(
        _ record: SessionRecord, over before: Stored, configurationVersion: Int64, _ configuration: [UInt8], fence: RedisFence?,
        turn: String?
    ) -> RedisFrames {
        let isLive = record.retiredAt == nil
        var arguments = RedisFrames(reserving: 2_400)
        // The key count is the list's own: a key added here can never shift KEYS into ARGV.
        var scriptKeys = [keys.record(record.id), keys.live, keys.retired, keys.turn(record.id)]
        if let fence { scriptKeys.append(fence.lockKey) }
        arguments.append(scriptKeys.count)
        for key in scriptKeys { arguments.append(key) }
        arguments.append(before.version)
        format.seal(record, configurationVersion: configurationVersion, into: &arguments)
        arguments.append(recordTTL.redisMilliseconds)
        arguments.append(record.id)
        arguments.append(Self.score(isLive ? lifetime.dueAt(record) : lifetime.forgetAt(record)))
        arguments.append(isLive ? 1 : 0)
        arguments.append(configuration)
        arguments.append(Self.score(record.lastActiveAt))
        arguments.append(Self.indexSlack.redisMilliseconds)
        arguments.append(before.version + 1)
        arguments.append(turn ?? "")
        arguments.append(turnTime.redisMilliseconds)
        if let fence { arguments.append(fence.token) }
        return arguments
    }

    /// KEYS[1] the record, KEYS[2] the retired index; ARGV[1] the id.
    static let forgetScript = RedisScript(name: "session-forget", source: """
        redis.call('DEL', KEYS[1])
        redis.call('ZREM', KEYS[2], ARGV[1])
        return 1
        """)
}
