import CRedis

/// One reply of the Redis protocol (RESP2, what hiredis speaks unless asked for more), copied out
/// of hiredis's reply tree so nothing C outlives the call.
enum RedisReply: Sendable, Hashable {
    /// `+OK`, `+QUEUED`, `+PONG`.
    case status(String)
    /// An error inside an array (a failed command in `EXEC`'s answer); a top-level error reply is
    /// thrown as `RedisError.server` instead.
    case error(String)
    case integer(Int64)
    /// A bulk string: any bytes.
    case bulk([UInt8])
    /// The nil bulk string or nil array (a missing key, a Lua `false`).
    case null
    case array([RedisReply])

    /// Copies hiredis's reply tree at `pointer`; nil for a reply type RESP2 does not have.
    init?(copying pointer: UnsafePointer<redisReply>) {
        let reply = pointer.pointee
        switch reply.type {
        case REDIS_REPLY_STATUS: self = .status(Self.text(reply))
        case REDIS_REPLY_ERROR: self = .error(Self.text(reply))
        case REDIS_REPLY_INTEGER: self = .integer(Int64(reply.integer))
        case REDIS_REPLY_NIL: self = .null
        case REDIS_REPLY_STRING: self = .bulk(Self.bytes(reply))
        case REDIS_REPLY_ARRAY:
            var elements: [RedisReply] = []
            elements.reserveCapacity(reply.elements)
            for index in 0..<reply.elements {
                guard let element = reply.element[index], let copied = RedisReply(copying: element) else { return nil }
                elements.append(copied)
            }
            self = .array(elements)
        default: return nil
        }
    }

    /// The integer, or the reply as an `unexpectedReply` error.
    func integer() throws(RedisError) -> Int64 {
        guard case .integer(let value) = self else { throw unexpected("an integer") }
        return value
    }

    /// The bulk string's bytes; nil for a nil reply.
    func bytesOrNil() throws(RedisError) -> [UInt8]? {
        switch self {
        case .bulk(let bytes): return bytes
        case .null: return nil
        default: throw unexpected("a bulk string or nil")
        }
    }

    /// The elements of an array reply.
    func elements() throws(RedisError) -> [RedisReply] {
        guard case .array(let elements) = self else { throw unexpected("an array") }
        return elements
    }

    /// The bulk or status text as UTF-8.
    func text() throws(RedisError) -> String {
        switch self {
        case .status(let text): return text
        case .bulk(let bytes): return String(decoding: bytes, as: UTF8.self)
        default: throw unexpected("a string")
        }
    }

    private func unexpected(_ expected: String) -> RedisError {
        RedisError(.unexpectedReply, "expected \(expected), got \(kind)")
    }

    /// The reply's kind, for messages (never its content: it may be card data, sealed or not).
    var kind: String {
        switch self {
        case .status: "a status"
        case .error: "an error"
        case .integer: "an integer"
        case .bulk: "a bulk string"
        case .null: "nil"
        case .array: "an array"
        }
    }

    private static func bytes(_ reply: redisReply) -> [UInt8] {
        guard let string = reply.str, reply.len > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: string, count: reply.len))
    }

    private static func text(_ reply: redisReply) -> String {
        String(decoding: bytes(reply), as: UTF8.self)
    }
}
