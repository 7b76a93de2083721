import Foundation
import Synchronization

/// JSON-lines logging that cannot carry a card number, a CVV or a token, by construction.
///
/// Nothing here accepts an arbitrary runtime string: keys and texts are `StaticString`s written in
/// our source, numbers are numbers, and identifiers are cut to a short prefix. A request's body, query
/// and headers are never handed to the logger, so no keystroke can reach a log line.
struct Logger: Sendable {
    /// A value a log line may hold.
    enum Value: Sendable {
        case int(Int)
        case bool(Bool)
        /// A constant text written in our source (a route template, an outcome, an error code).
        case text(StaticString)
        /// The first six characters of an identifier (session id, page id): enough to correlate lines,
        /// useless to take over a session.
        case idPrefix(String)
    }

    private let sink: @Sendable (String) -> Void

    /// Writes lines to standard output, through `OutputBuffer.standard` (a write per line would be a
    /// system call on every request).
    static let standard = Logger { line in OutputBuffer.standard.append(line) }
    /// Discards everything (tests that do not look at logs).
    static let silent = Logger { _ in }

    init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// Writes one line: `{"ts": …, "event": …, key: value…}`.
    func log(_ event: StaticString, _ fields: KeyValuePairs<StaticString, Value> = [:]) {
        var line = "{\"ts\":\"" + Self.timestamp() + "\",\"event\":" + Self.quoted("\(event)")
        for (key, value) in fields {
            line += "," + Self.quoted("\(key)") + ":" + Self.render(value)
        }
        sink(line + "}\n")
    }

    private static func render(_ value: Value) -> String {
        switch value {
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .text(let text): quoted("\(text)")
        case .idPrefix(let id): quoted(String(id.prefix(6).filter { $0.isLetter || $0.isNumber }))
        }
    }

    /// JSON string quoting for our own constant texts (which hold no control characters).
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result + "\""
    }

    /// `2026-11-29T13:11:01.403Z`, written by hand: Foundation's date formatting is too slow for a
    /// line per request.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        let millis = Int(now.tv_nsec / 1_000_000)
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : String(millis)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }
}

/// Collects log lines in memory, for tests that check what was (and was not) logged.
final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    var logger: Logger {
        Logger { line in self.lines.withLock { $0.append(line) } }
    }

    var all: [String] { lines.withLock { $0 } }
}

/// Lines on their way to standard output: appended by request threads, written by one background
/// thread every 50 ms (or at once past 64 KB), and flushed when the server stops.
final class OutputBuffer: Sendable {
    static let standard = OutputBuffer()

    private let pending = Mutex<[UInt8]>([])
    private let started = Atomic(false)

    func append(_ line: String) {
        startIfNeeded()
        let full = pending.withLock { buffer in
            buffer.append(contentsOf: line.utf8)
            return buffer.count > 64 * 1024
        }
        if full { flush() }
    }

    /// Writes everything pending now.
    func flush() {
        let bytes = pending.withLock { buffer in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if !bytes.isEmpty { FileHandle.standardOutput.write(Data(bytes)) }
    }

    private func startIfNeeded() {
        guard started.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.05)
                flush()
            }
        }
        thread.name = "cardform.log"
        thread.start()
    }
}
