/// One command with its arguments as raw bytes, so that values holding any byte (sealed card
/// data, NULs, CR LF) travel unchanged. The command is built as the protocol sends it (RESP: an
/// array of bulk strings, `RedisFrames`), straight into buffers that hiredis takes as they are
/// (`redisAppendFormattedCommand`): no array per argument, and no second copy formatted by hiredis.
struct RedisCommand: Sendable, Hashable, CustomStringConvertible {
    /// The command's name, for messages.
    let name: String
    /// The arguments, the name first.
    private(set) var frames: RedisFrames
    /// Arguments built apart that follow `frames` (a script's keys and arguments, which its
    /// `EVALSHA` and the `EVAL` that may follow it share): sent after them, never copied in.
    let tail: RedisFrames

    /// `RedisCommand("HSET", key, "d", bytes)`.
    init(_ name: String, _ arguments: any RedisArgument...) {
        self.init(name, reserving: arguments.reduce(0) { $0 + 16 + $1.redisByteCount })
        for argument in arguments { frames.append(argument) }
    }

    /// The name alone, with room for about `size` bytes of arguments to be appended, then `tail`.
    init(_ name: String, reserving size: Int, tail: RedisFrames = RedisFrames()) {
        self.name = name
        self.tail = tail
        frames = RedisFrames(reserving: 16 + name.utf8.count + size)
        frames.append(name)
    }

    /// Adds one argument after the others (before `tail`).
    mutating func append(_ argument: String) { frames.append(argument) }

    /// How many arguments, the name included.
    var count: Int { frames.count + tail.count }

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
}
