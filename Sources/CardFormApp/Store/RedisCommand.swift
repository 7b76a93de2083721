/// One command with its arguments as raw bytes, so that values holding any byte (sealed card
/// data, NULs, CR LF) travel unchanged: hiredis is given each argument's length, never a C string.
/// The arguments lie end to end in one buffer, as hiredis reads them: building a command costs one
/// buffer, not an array per argument joined again before sending.
struct RedisCommand: Sendable, Hashable, CustomStringConvertible {
    /// Every argument's bytes, the command's name first.
    private(set) var bytes: [UInt8] = []
    /// Each argument's length, in order.
    private(set) var lengths: [Int] = []

    /// `RedisCommand("HSET", key, "d", bytes)`.
    init(_ name: String, _ arguments: any RedisArgument...) {
        self.init(name, arguments)
    }

    init(_ name: String, _ arguments: [any RedisArgument]) {
        lengths.reserveCapacity(arguments.count + 1)
        append(name)
        for argument in arguments { append(argument) }
    }

    /// Adds one argument at the end.
    mutating func append(_ argument: any RedisArgument) {
        let start = bytes.count
        argument.appendRedisBytes(to: &bytes)
        lengths.append(bytes.count - start)
    }

    /// The command's name alone: arguments may be secrets or card data and are never printed.
    var description: String { String(decoding: bytes.prefix(lengths.first ?? 0), as: UTF8.self) }
}

/// A value that can be a command argument.
protocol RedisArgument: Sendable {
    /// Appends the argument's bytes as Redis receives them.
    func appendRedisBytes(to bytes: inout [UInt8])
}

extension String: RedisArgument {
    func appendRedisBytes(to bytes: inout [UInt8]) { bytes.append(contentsOf: utf8) }
}

extension Array: RedisArgument where Element == UInt8 {
    func appendRedisBytes(to bytes: inout [UInt8]) { bytes.append(contentsOf: self) }
}

extension Int: RedisArgument {
    func appendRedisBytes(to bytes: inout [UInt8]) { bytes.append(contentsOf: String(self).utf8) }
}

extension Int64: RedisArgument {
    func appendRedisBytes(to bytes: inout [UInt8]) { bytes.append(contentsOf: String(self).utf8) }
}
