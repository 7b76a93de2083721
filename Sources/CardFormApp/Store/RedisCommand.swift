/// One command with its arguments as raw bytes, so that values holding any byte (sealed card
/// data, NULs, CR LF) travel unchanged: hiredis is given each argument's length, never a C string.
struct RedisCommand: Sendable, Hashable, CustomStringConvertible {
    var arguments: [[UInt8]]

    /// `RedisCommand("HSET", key, "d", bytes)`.
    init(_ name: String, _ arguments: any RedisArgument...) {
        self.init(name, arguments)
    }

    init(_ name: String, _ arguments: [any RedisArgument]) {
        self.arguments = [Array(name.utf8)] + arguments.map(\.redisBytes)
    }

    /// The command's name alone: arguments may be secrets or card data and are never printed.
    var description: String { String(decoding: arguments.first ?? [], as: UTF8.self) }
}

/// A value that can be a command argument.
protocol RedisArgument: Sendable {
    var redisBytes: [UInt8] { get }
}

extension String: RedisArgument {
    var redisBytes: [UInt8] { Array(utf8) }
}

extension Array: RedisArgument where Element == UInt8 {
    var redisBytes: [UInt8] { self }
}

extension Int: RedisArgument {
    var redisBytes: [UInt8] { Array(String(self).utf8) }
}

extension Int64: RedisArgument {
    var redisBytes: [UInt8] { Array(String(self).utf8) }
}
