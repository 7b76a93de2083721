import Mustache

/// An answer's UTF-8 written straight into the storage of the `String` it becomes
/// (`String(unsafeUninitializedCapacity:)`): the room is counted before (`Room`, an upper
/// bound), so the answer takes one allocation, where a `[UInt8]` took its own (large: the slow
/// path of `malloc`), grew through `append(contentsOf:)`'s checks, and was copied again into the
/// `String` (`String(decoding:)`).
///
/// Valid UTF-8 by construction, not assumed: every piece is ASCII (literals, digits), whole
/// `String`s (keys and values, escaped), or a block's markup cut at `<` and `>` from a render of
/// such pieces. The `String` initializer still validates what was written (and would repair it),
/// so a break here shows as a differing answer, never as an invalid `String`.
///
/// Not copyable: a copy appended to would write bytes the original's `count` leaves out.
struct AnswerBytes: ~Copyable {
    private let room: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written so far.
    private(set) var count = 0

    /// The most bytes `AnswerBytes` may be asked to write, summed piece by piece in the order the
    /// writer will take them: each method here has its twin in `AnswerBytes`.
    struct Room {
        private(set) var bytes = 0
        mutating func add(_ literal: StaticString) { bytes += literal.utf8CodeUnitCount }
        mutating func add(byteCount: Int) { bytes += byteCount }
        /// A decimal `Int`: at most 20 bytes with its sign.
        mutating func addDecimal() { bytes += 20 }
        /// Escaping turns a byte into at most six (`&quot;`).
        mutating func add(escaping text: String) { bytes += 6 * text.utf8.count }
    }

    /// A `String` of what `write` writes, in room for `room.bytes`.
    static func string(room: Room, _ write: (inout AnswerBytes) -> Void) -> String {
        String(unsafeUninitializedCapacity: room.bytes) { buffer in
            // The storage may be larger (rounded up to malloc's sizes): held to what was counted,
            // an undercount traps wherever it falls, not only past the rounding.
            var bytes = AnswerBytes(room: UnsafeMutableBufferPointer(rebasing: buffer[..<room.bytes]))
            write(&bytes)
            return bytes.count
        }
    }

    private init(room: UnsafeMutableBufferPointer<UInt8>) { self.room = room }

    /// `bytes` as they are.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= room.count - count, "answer room undercounted")
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        (room.baseAddress! + count).initialize(from: base, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) { bytes.withUnsafeBufferPointer { append($0) } }

    mutating func append(_ literal: StaticString) { literal.withUTF8Buffer { append($0) } }

    mutating func append(_ byte: UInt8) {
        precondition(count < room.count, "answer room undercounted")
        room[count] = byte
        count += 1
    }

    mutating func append(decimal number: Int) {
        DecimalDigits.with(UInt64(number.magnitude), negative: number < 0) { append($0) }
    }

    /// `text` escaped as templates escape it (`HTMLEscaping`): most keys and values need none and
    /// are copied where they lie; the others go through `HTMLEscaping.escape`.
    mutating func append(escaping text: String) {
        if HTMLEscaping.leavesUnchanged(text) {
            text.utf8Span.span.withUnsafeBufferPointer { append($0) }
        } else {
            let escaped = HTMLEscaping.escape(text)
            escaped.utf8Span.span.withUnsafeBufferPointer { append($0) }
        }
    }
}
