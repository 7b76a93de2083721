import CardFormSupport
import Foundation
import Payments

/// The webhook outbox shared by every instance through Redis: an event written by one instance is
/// delivered by it, or, if it stops (crash, `kill -9`, scaled down), by another.
///
/// Layout under `prefix`: `:events` (hash id → body), `:created` (sorted set id → creation in ms,
/// for depth and age), `:owner` (hash id → the instance delivering it) and one `:alive:<instance>`
/// key per instance, set for `lease` by every call. An event whose owner's key has expired is
/// abandoned; `claimAbandoned` moves it to the caller, atomically (one Lua script), so two
/// instances never take the same one. Sweeping more often than `lease` keeps an instance's own
/// events its own. Event bodies hold no card data (last four digits at most).
struct RedisOutbox: WebhookOutbox {
    let pool: RedisPool
    var prefix = "cardform:outbox"
    /// How long an instance counts as alive after its last call.
    var lease: Duration = .seconds(30)
    /// This process, among the instances sharing the outbox.
    let instance: String

    init(pool: RedisPool, prefix: String = "cardform:outbox", lease: Duration = .seconds(30), instance: String = RandomToken.make128()) {
        self.pool = pool
        self.prefix = prefix
        self.lease = lease
        self.instance = instance
    }

    func add(_ entry: OutboxEntry) throws(OutboxError) {
        let created = Int64((entry.created.timeIntervalSince1970 * 1_000).rounded())
        try call(Self.addScript, arguments: [entry.id, entry.body, created])
    }

    func remove(_ id: String) throws(OutboxError) {
        try call(Self.removeScript, arguments: [id])
    }

    func claimAbandoned(limit: Int) throws(OutboxError) -> [OutboxEntry] {
        let flat = try call(Self.claimScript, arguments: [max(0, limit)])
        do throws(RedisError) {
            let values = try flat.elements()
            return try stride(from: 0, to: values.count - 2, by: 3).map { index throws(RedisError) in
                let created = Double(try values[index + 2].text()) ?? 0
                return OutboxEntry(
                    id: try values[index].text(), body: try values[index + 1].bytesOrNil() ?? [],
                    created: Date(timeIntervalSince1970: created / 1_000))
            }
        } catch {
            throw OutboxError(.unavailable, error.description)
        }
    }

    func stats() throws(OutboxError) -> OutboxStats {
        do throws(RedisError) {
            let depth = try pool.run(RedisCommand("ZCARD", prefix + ":created")).integer()
            let oldest = try pool.run(RedisCommand("ZRANGE", prefix + ":created", 0, 0, "WITHSCORES")).elements()
            let milliseconds = oldest.count == 2 ? Double(try oldest[1].text()) : nil
            return OutboxStats(depth: Int(depth), oldest: milliseconds.map { Date(timeIntervalSince1970: $0 / 1_000) })
        } catch {
            throw OutboxError(.unavailable, error.description)
        }
    }

    /// Runs `script` with the outbox's keys and this instance's liveness first in its arguments.
    @discardableResult
    private func call(_ script: RedisScript, arguments: [any RedisArgument]) throws(OutboxError) -> RedisReply {
        let keys: [any RedisArgument] = [":events", ":created", ":owner", ":alive:" + instance].map { prefix + $0 }
        do {
            return try pool.evaluate(script, keys: keys, arguments: [instance, lease.redisMilliseconds, prefix + ":alive:"] + arguments)
        } catch {
            throw OutboxError(.unavailable, error.description)
        }
    }

    /// Every script starts by renewing the caller's liveness. KEYS: events, created, owner, alive;
    /// ARGV: instance, lease ms, alive-key prefix, then the script's own.
    private static let heartbeat = "redis.call('SET', KEYS[4], '1', 'PX', ARGV[2])\n"

    static let addScript = RedisScript(name: "outbox-add", source: heartbeat + """
        redis.call('HSET', KEYS[1], ARGV[4], ARGV[5])
        redis.call('ZADD', KEYS[2], ARGV[6], ARGV[4])
        redis.call('HSET', KEYS[3], ARGV[4], ARGV[1])
        return 1
        """)

    static let removeScript = RedisScript(name: "outbox-remove", source: heartbeat + """
        redis.call('HDEL', KEYS[1], ARGV[4])
        redis.call('ZREM', KEYS[2], ARGV[4])
        redis.call('HDEL', KEYS[3], ARGV[4])
        return 1
        """)

    /// Oldest first; answers id, body, created (ms) for each event claimed, flat.
    static let claimScript = RedisScript(name: "outbox-claim", source: heartbeat + """
        local limit = tonumber(ARGV[4])
        local claimed = {}
        if limit <= 0 then return claimed end
        for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
            local owner = redis.call('HGET', KEYS[3], id)
            if owner ~= ARGV[1] and (not owner or redis.call('EXISTS', ARGV[3] .. owner) == 0) then
                redis.call('HSET', KEYS[3], id, ARGV[1])
                table.insert(claimed, id)
                table.insert(claimed, redis.call('HGET', KEYS[1], id) or '')
                table.insert(claimed, redis.call('ZSCORE', KEYS[2], id))
                if #claimed >= limit * 3 then break end
            end
        end
        return claimed
        """)
}
