import Foundation
import Synchronization

/// JSON-lines logging that cannot carry a card number, a CVV or a token, by construction.
///
/// Nothing here accepts an arbitrary runtime string: keys and texts are `StaticString`s written in
/// our source, numbers are numbers, and identifiers are cut to a short prefix. A request's body, query
/// and headers are never handed to the logger, so no keystroke can reach a log line.
public struct Logger: Sendable {
    /// A value a log line may hold.
    public enum Value: Sendable {
        case int(Int)
        case bool(Bool)
        /// A constant text written in our source (a route template, an outcome, an error code).
        case text(StaticString)
        /// The first six characters of an identifier (session id, page id): enough to correlate lines,
        /// useless to take over a session.
        case idPrefix(String)
    }

    /// Where lines go: straight into an output buffer (built in place, copied in under its lock),
    /// or to a closure taking each line as a String (tests, recorders).
    private enum Sink: Sendable {
        case output(OutputBuffer)
        case lines(@Sendable (String) -> Void)
    }

    private let sink: Sink
    /// `sink`'s output buffer, lent without a retain (`logRequest`): binding it out of `sink`
    /// retained it for every request, and the one buffer's reference count was then a cache line
    /// every worker wrote. `sink` holds it for as long as this logger lives.
    private let output: Unmanaged<OutputBuffer>?

    /// Writes lines to standard output, through `OutputBuffer.standard` (a write per line would be a
    /// system call on every request).
    public static let standard = Logger(output: .standard)
    /// Discards everything (tests that do not look at logs).
    public static let silent = Logger { _ in }

    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = .lines(sink)
        self.output = nil
    }

    /// Lines built straight into `output`'s pending bytes: no line array, no String, and the
    /// timestamp's date and time formatted once a second. This runs for every request.
    public init(output: OutputBuffer) {
        self.sink = .output(output)
        self.output = Unmanaged.passUnretained(output)
    }

    /// Writes one line: `{"ts": …, "event": …, key: value…}`.
    public func log(_ event: StaticString, _ fields: KeyValuePairs<StaticString, Value> = [:]) {
        if case .output(let output) = sink,
           output.appendLine({ line, clock in Self.write(event, fields, clock: &clock, to: &line) }) {
            return
        }
        // A recorder's line, or one too long for the output buffer's line space.
        var line: [UInt8] = []
        line.reserveCapacity(160)
        var clock = LogClock()
        Self.write(event, fields, clock: &clock, to: &line)
        switch sink {
        case .output(let output): output.append(line)
        case .lines(let sink): sink(String(decoding: line, as: UTF8.self))
        }
    }

    /// The access log's line for one request: the bytes `log("request", ["id": …, "method": …,
    /// "route": …, "status": …, "durationUs": …])` writes, with its keys and punctuation written as
    /// constants, so only the method and the route are scanned for escapes. It runs for every
    /// request; the general path spent most of its ~2,700 instructions on the keys.
    public func logRequest(id: Int, method: StaticString, route: StaticString, status: Int, durationUs: Int) {
        if let output, output._withUnsafeGuaranteedRef({ $0.appendLine { line, clock in
            line.put(#"{"ts":""#)
            clock.appendNow(to: &line)
            line.put(#"","event":"request","id":"#)
            Self.appendDecimal(id, to: &line)
            line.put(#","method":"#)
            Self.appendQuoted(method, to: &line)
            line.put(#","route":"#)
            Self.appendQuoted(route, to: &line)
            line.put(#","status":"#)
            Self.appendDecimal(status, to: &line)
            line.put(#","durationUs":"#)
            Self.appendDecimal(durationUs, to: &line)
            line.put("}\n")
        } }) {
            return
        }
        log("request", [
            "id": .int(id), "method": .text(method), "route": .text(route), "status": .int(status), "durationUs": .int(durationUs),
        ])
    }

    private static func write(
        _ event: StaticString, _ fields: KeyValuePairs<StaticString, Value>, clock: inout LogClock, to line: inout some LineBytes
    ) {
        line.put(#"{"ts":""#)
        clock.appendNow(to: &line)
        line.put(#"","event":"#)
        appendQuoted(event, to: &line)
        for (key, value) in fields {
            line.put(UInt8(ascii: ","))
            appendQuoted(key, to: &line)
            line.put(UInt8(ascii: ":"))
            append(value, to: &line)
        }
        line.put("}\n")
    }

    private static func append(_ value: Value, to line: inout some LineBytes) {
        switch value {
        case .int(let number): appendDecimal(number, to: &line)
        case .bool(let flag): line.put(flag ? "true" : "false")
        case .text(let text): appendQuoted(text, to: &line)
        case .idPrefix(let id):
            line.put(UInt8(ascii: "\""))
            for byte in id.utf8.prefix(6) where isIDByte(byte) { line.put(byte) }
            line.put(UInt8(ascii: "\""))
        }
    }

    /// Identifiers are ASCII letters and digits; anything else is left out.
    private static func isIDByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// `number` in decimal, written straight into the line (no `String` made on the way): its
    /// digits are taken from the right into stack space, dividing by the constant 10 only.
    private static func appendDecimal(_ number: Int, to line: inout some LineBytes) {
        if number < 0 { line.put(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        // UInt.max has 20 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            line.put(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// JSON string quoting for our own constant texts: a quote, a backslash or a control
    /// character (a `\t` someone writes in a text) is escaped, so every line stays valid JSON.
    private static func appendQuoted(_ text: StaticString, to line: inout some LineBytes) {
        line.put(UInt8(ascii: "\""))
        text.withUTF8Buffer { bytes in
            // Our keys and texts hardly ever need escaping: copied whole then.
            guard bytes.contains(where: needsEscape) else {
                line.put(bytes)
                return
            }
            for byte in bytes {
                if byte < 0x20 {
                    line.put(#"\u00"#)
                    line.put(Hex.digits[Int(byte >> 4)])
                    line.put(Hex.digits[Int(byte & 0xF)])
                    continue
                }
                if needsEscape(byte) { line.put(UInt8(ascii: "\\")) }
                line.put(byte)
            }
        }
        line.put(UInt8(ascii: "\""))
    }

    /// Whether JSON needs `byte` escaped inside a string (UTF-8's bytes past ASCII never do).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (the usual era arithmetic:
    /// 400-year eras of 146 097 days, years starting in March so that leap days come last).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `value` in decimal, zero-padded to `count` digits.
    static func appendDigits(_ value: Int, count: Int, to line: inout some LineBytes) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            line.put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

/// The log's timestamps, `2026-11-29T13:11:01.403Z`, written by hand: Foundation's date formatting
/// is too slow for a line per request, and `gmtime_r` takes the time-zone lock. The date and time
/// up to the second are kept and formatted again only when the second changes.
struct LogClock {
    private var second = Int.min
    /// The second whose date and time are kept (`Int.min` before the first timestamp).
    var formattedSecond: Int { second }
    /// `2026-11-29T13:11:01.` for `second`, its 20 bytes kept inline: the clock stays a plain value
    /// that its thread's raw storage can hold (`ThreadLogClock`), and an array here was a retain
    /// and a release on every copy.
    private var prefix = InlineArray<20, UInt8>(repeating: 0)

    /// Appends the timestamp of now.
    mutating func appendNow(to line: inout some LineBytes) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        append(seconds: Int(now.tv_sec), nanoseconds: Int(now.tv_nsec), to: &line)
    }

    /// Appends the timestamp of `seconds` since 1970 and `nanoseconds` into that second.
    mutating func append(seconds: Int, nanoseconds: Int, to line: inout some LineBytes) {
        if seconds != second {
            second = seconds
            // Four digits of year and two of everything else: always the prefix's 20 bytes.
            for (index, byte) in Self.prefix(of: seconds).enumerated() { prefix[index] = byte }
        }
        prefix.span.withUnsafeBufferPointer { line.put($0) }
        Logger.appendDigits(nanoseconds / 1_000_000, count: 3, to: &line)
        line.put(UInt8(ascii: "Z"))
    }

    private static func prefix(of seconds: Int) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(20)
        let (year, month, day) = Logger.civilDate(daysSinceEpoch: seconds.floorDivided(by: 86_400))
        let time = seconds - seconds.floorDivided(by: 86_400) * 86_400
        Logger.appendDigits(year, count: 4, to: &text)
        text.put(UInt8(ascii: "-"))
        Logger.appendDigits(month, count: 2, to: &text)
        text.put(UInt8(ascii: "-"))
        Logger.appendDigits(day, count: 2, to: &text)
        text.put(UInt8(ascii: "T"))
        Logger.appendDigits(time / 3600, count: 2, to: &text)
        text.put(UInt8(ascii: ":"))
        Logger.appendDigits(time / 60 % 60, count: 2, to: &text)
        text.put(UInt8(ascii: ":"))
        Logger.appendDigits(time % 60, count: 2, to: &text)
        text.put(UInt8(ascii: "."))
        // The kept prefix is exactly this long: longer would trap on its subscript, shorter
        // would log stale bytes.
        assert(text.count == 20, "a log timestamp's prefix is 20 bytes")
        return text
    }
}

private extension Int {
    /// Division rounding towards minus infinity (times before 1970 stay in the right day).
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}

/// Collects log lines in memory, for tests that check what was (and was not) logged.
public final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    public var logger: Logger {
        Logger { line in self.lines.withLock { $0.append(line) } }
    }

    public var all: [String] { lines.withLock { $0 } }
}
