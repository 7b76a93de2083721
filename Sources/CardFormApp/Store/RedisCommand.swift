/// One command with its arguments as raw bytes, so that values holding any byte (sealed card
/// data, NULs, CR LF) travel unchanged. The command is built as the protocol sends it (RESP: an
/// array of bulk strings, each `$<length>\r\n<bytes>\r\n`), straight into one buffer that hiredis
/// takes as it is (`redisAppendFormattedCommand`): no array per argument, and no second copy
/// formatted by hiredis.
struct RedisCommand: Sendable, Hashable, CustomStringConvertible {
    /// The command's name, for messages.
    let name: String
    /// The arguments, the name first, each framed as a bulk string.
    private(set) var frames: [UInt8] = []
    /// How many arguments `frames` holds (the name included).
    private(set) var count = 0

    /// `RedisCommand("HSET", key, "d", bytes)`.
    init(_ name: String, _ arguments: any RedisArgument...) {
        self.init(name, arguments)
    }

    init(_ name: String, _ arguments: [any RedisArgument]) {
        self.name = name
        frames.reserveCapacity(arguments.reduce(16 + name.utf8.count) { $0 + 16 + $1.redisByteCount })
        append(name)
        for argument in arguments { append(argument) }
    }

    /// Adds one argument at the end.
    mutating func append(_ argument: any RedisArgument) {
        argument.appendRedisFrame(to: &frames)
        count += 1
    }

    /// What goes before the frames: the array's header, `*<count>\r\n`.
    var header: [UInt8] { Array("*\(count)\r\n".utf8) }

    /// The command's name alone: arguments may be secrets or card data and are never printed.
    var description: String { name }

    /// `bytes` as one bulk string. The length's digits go through a `String`, which Swift keeps
    /// inline (no allocation) at that size.
    static func appendFrame(_ bytes: some Collection<UInt8>, to frames: inout [UInt8]) {
        frames.append(UInt8(ascii: "$"))
        frames.append(contentsOf: String(bytes.count).utf8)
        frames.append(13)
        frames.append(10)
        frames.append(contentsOf: bytes)
        frames.append(13)
        frames.append(10)
    }
}

/// A value that can be a command argument.
protocol RedisArgument: Sendable {
    /// Appends the argument as one bulk string (`RedisCommand.appendFrame`).
    func appendRedisFrame(to frames: inout [UInt8])
    /// About how many bytes it takes (a reservation, not a promise).
    var redisByteCount: Int { get }
}

extension String: RedisArgument {
    func appendRedisFrame(to frames: inout [UInt8]) { RedisCommand.appendFrame(utf8, to: &frames) }
    var redisByteCount: Int { utf8.count }
}

extension Array: RedisArgument where Element == UInt8 {
    func appendRedisFrame(to frames: inout [UInt8]) { RedisCommand.appendFrame(self, to: &frames) }
    var redisByteCount: Int { count }
}

extension Int: RedisArgument {
    func appendRedisFrame(to frames: inout [UInt8]) { RedisCommand.appendFrame(String(self).utf8, to: &frames) }

    var redisByteCount: Int { 20 }
}

extension Int64: RedisArgument {
    func appendRedisFrame(to frames: inout [UInt8]) { RedisCommand.appendFrame(String(self).utf8, to: &frames) }
    var redisByteCount: Int { 20 }
}
