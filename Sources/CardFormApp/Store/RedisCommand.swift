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
        self.init(name, reserving: arguments.reduce(0) { $0 + 16 + $1.redisByteCount })
        for argument in arguments { append(argument) }
    }

    /// The name alone, with room for about `size` bytes of arguments to be appended.
    init(_ name: String, reserving size: Int) {
        self.name = name
        frames.reserveCapacity(16 + name.utf8.count + size)
        append(name)
    }

    /// Adds one argument at the end.
    mutating func append(_ argument: any RedisArgument) {
        argument.appendRedisFrame(to: &frames)
        count += 1
    }

    /// Hands `body` the array's header, `*<count>\r\n`, which goes before the frames (built on
    /// the stack: nothing allocated per command). 24 bytes hold the longest: `*`, the 19 digits
    /// of `Int.max`, CR LF (the pointer's subscript is unchecked in a release build).
    func withHeader<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            buffer[0] = UInt8(ascii: "*")
            var end = 1
            DecimalDigits.with(UInt64(count), negative: false) { digits in
                for digit in digits {
                    buffer[end] = digit
                    end += 1
                }
            }
            buffer[end] = 13
            buffer[end + 1] = 10
            return body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<(end + 2)]))
        }
    }

    /// The command's name alone: arguments may be secrets or card data and are never printed.
    var description: String { name }

    /// `bytes` as one bulk string.
    static func appendFrame(_ bytes: some Collection<UInt8>, to frames: inout [UInt8]) {
        frames.append(UInt8(ascii: "$"))
        DecimalDigits.with(UInt64(bytes.count), negative: false) { frames.append(contentsOf: $0) }
        frames.append(13)
        frames.append(10)
        frames.append(contentsOf: bytes)
        frames.append(13)
        frames.append(10)
    }

    /// A whole number's decimal digits as a bulk string, as Redis reads integer arguments.
    static func appendFrame(_ value: Int64, to frames: inout [UInt8]) {
        DecimalDigits.with(value.magnitude, negative: value < 0) { digits in
            frames.append(UInt8(ascii: "$"))
            // At most 20 characters (`Int64.min`): the length is one or two digits.
            if digits.count >= 10 { frames.append(UInt8(ascii: "0") + UInt8(digits.count / 10)) }
            frames.append(UInt8(ascii: "0") + UInt8(digits.count % 10))
            frames.append(13)
            frames.append(10)
            frames.append(contentsOf: digits)
            frames.append(13)
            frames.append(10)
        }
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
    func appendRedisFrame(to frames: inout [UInt8]) { RedisCommand.appendFrame(Int64(self), to: &frames) }

    var redisByteCount: Int { 20 }
}

extension Int64: RedisArgument {
    func appendRedisFrame(to frames: inout [UInt8]) { RedisCommand.appendFrame(self, to: &frames) }
    var redisByteCount: Int { 20 }
}
