import Payments

/// Arguments as the protocol sends them, each a bulk string (`$<length>\r\n<bytes>\r\n`), in one
/// buffer, with how many there are. A caller that knows its arguments' types appends each with
/// its own method (nothing boxed per argument), and a sealed value is sealed straight into its
/// frame (`appendSealed`): no copy of it is made on the way to hiredis.
struct RedisFrames: Sendable, Hashable {
    /// The frames, one after the other.
    private(set) var bytes: [UInt8] = []
    /// How many frames `bytes` holds.
    private(set) var count = 0

    /// Frames with room for about `size` bytes.
    init(reserving size: Int = 0) { bytes.reserveCapacity(size) }

    /// A string's UTF-8 bytes.
    mutating func append(_ string: String) {
        Self.frame(string.utf8, to: &bytes)
        count += 1
    }

    /// Raw bytes, as they are.
    mutating func append(_ value: [UInt8]) {
        Self.frame(value, to: &bytes)
        count += 1
    }

    /// A whole number's decimal digits, as Redis reads integer arguments.
    mutating func append(_ value: Int64) {
        DecimalDigits.with(value.magnitude, negative: value < 0) { digits in
            bytes.append(UInt8(ascii: "$"))
            // At most 20 characters (`Int64.min`): the length is one or two digits.
            if digits.count >= 10 { bytes.append(UInt8(ascii: "0") + UInt8(digits.count / 10)) }
            bytes.append(UInt8(ascii: "0") + UInt8(digits.count % 10))
            bytes.append(13)
            bytes.append(10)
            bytes.append(contentsOf: digits)
            bytes.append(13)
            bytes.append(10)
        }
        count += 1
    }

    mutating func append(_ value: Int) { append(Int64(value)) }

    /// Any argument (for callers that hold a mixed list).
    mutating func append(_ argument: any RedisArgument) {
        argument.appendRedisFrame(to: &self)
    }

    /// `plaintext` sealed by `box` for `associatedData` (`SecretBox.seal`), as one frame: the
    /// ciphertext is written where the frame's bytes go.
    mutating func appendSealed(_ plaintext: [UInt8], box: SecretBox, associatedData: String) {
        Self.length(plaintext.count + SecretBox.overhead, to: &bytes)
        box.seal(plaintext, associatedData: associatedData, appendingTo: &bytes)
        bytes.append(13)
        bytes.append(10)
        count += 1
    }

    private static func frame(_ value: some Collection<UInt8>, to bytes: inout [UInt8]) {
        length(value.count, to: &bytes)
        bytes.append(contentsOf: value)
        bytes.append(13)
        bytes.append(10)
    }

    /// A frame's start: `$<length>\r\n`.
    private static func length(_ length: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "$"))
        DecimalDigits.with(UInt64(length), negative: false) { bytes.append(contentsOf: $0) }
        bytes.append(13)
        bytes.append(10)
    }
}

/// A value that can be a command argument.
protocol RedisArgument: Sendable {
    /// Appends the argument as one frame.
    func appendRedisFrame(to frames: inout RedisFrames)
    /// About how many bytes it takes (a reservation, not a promise).
    var redisByteCount: Int { get }
}

extension String: RedisArgument {
    func appendRedisFrame(to frames: inout RedisFrames) { frames.append(self) }
    var redisByteCount: Int { utf8.count }
}

extension Array: RedisArgument where Element == UInt8 {
    func appendRedisFrame(to frames: inout RedisFrames) { frames.append(self) }
    var redisByteCount: Int { count }
}

extension Int: RedisArgument {
    func appendRedisFrame(to frames: inout RedisFrames) { frames.append(self) }
    var redisByteCount: Int { 20 }
}

extension Int64: RedisArgument {
    func appendRedisFrame(to frames: inout RedisFrames) { frames.append(self) }
    var redisByteCount: Int { 20 }
}

extension RedisFrames: CustomStringConvertible {
    /// How many frames, never their bytes: they hold sealed records and session ids, which no
    /// log or error message is to print.
    var description: String { "\(count) arguments" }
}
