import Foundation
import Synchronization
import Testing
@testable import CardFormApp
@testable import CardFormSupport

struct LoggerTests {
    @Test("the log's own calendar arithmetic agrees with gmtime_r, leap years and dates before 1970 included")
    func civilDatesMatchTheCLibrary() {
        for days in stride(from: -800_000, through: 800_000, by: 331) {
            var seconds = days * 86_400
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let date = Logger.civilDate(daysSinceEpoch: days)
            #expect(date.year == Int(parts.tm_year) + 1900 && date.month == Int(parts.tm_mon) + 1 && date.day == Int(parts.tm_mday),
                    "day \(days)")
        }
        #expect(Logger.civilDate(daysSinceEpoch: 0) == (1970, 1, 1))
        #expect(Logger.civilDate(daysSinceEpoch: 11_016) == (2000, 2, 29))
    }
}

/// The request path's log: lines built straight into the output buffer, their timestamps' date and
/// time kept from one line to the next within a second.
struct LogOutputTests {
    @Test("a line written through the output buffer is the line a recorder gets, timestamp apart")
    func bufferedLinesMatchRecordedLines() throws {
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer { bytes in written.withLock { $0.append(contentsOf: bytes) } }
        let recorder = LogRecorder()
        for logger in [Logger(output: output), recorder.logger] {
            logger.log("request", ["id": .int(-42), "route": .text("/s/:id/\"input\""), "ok": .bool(true), "session": .idPrefix("abc123xyz")])
        }
        output.flush()
        let buffered = String(decoding: written.withLock { $0 }, as: UTF8.self)
        let recorded = try #require(recorder.all.first)
        let timestamp = /"ts":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/
        #expect(buffered.firstMatch(of: timestamp) != nil)
        #expect(buffered.replacing(timestamp, with: "") == recorded.replacing(timestamp, with: ""))
        #expect(recorded.replacing(timestamp, with: "")
            == #"{,"event":"request","id":-42,"route":"/s/:id/\"input\"","ok":true,"session":"abc123"}"# + "\n")
    }

    @Test("a timestamp formatted from the kept second is the one formatted afresh, across seconds, days and years")
    func keptSecondsFormatAsFreshOnes() {
        var kept = LogClock()
        let instants: [(Int, Int)] = [
            (1_764_633_599, 999_999_999), (1_764_633_599, 0), (1_764_633_600, 1_000_000), (1_764_633_600, 999_000_000),
            (1_767_225_599, 500_000_000), (1_767_225_600, 0), (951_782_400, 123_456_789), (-1, 999_000_000), (0, 0),
        ]
        for (seconds, nanoseconds) in instants {
            var fresh = LogClock()
            var expected: [UInt8] = []
            fresh.append(seconds: seconds, nanoseconds: nanoseconds, to: &expected)
            var line: [UInt8] = []
            kept.append(seconds: seconds, nanoseconds: nanoseconds, to: &line)
            #expect(line == expected, "\(seconds).\(nanoseconds)")
        }
        var clock = LogClock()
        var line: [UInt8] = []
        clock.append(seconds: 1_767_225_599, nanoseconds: 7_000_000, to: &line)
        clock.append(seconds: 1_767_225_600, nanoseconds: 0, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == "2025-12-31T23:59:59.007Z2026-01-01T00:00:00.000Z")
    }
}

extension LogOutputTests {
    @Test("a line longer than the room for building it in place is written whole all the same")
    func longLinesArriveWhole() {
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer(lineSpace: 64) { bytes in written.withLock { $0.append(contentsOf: bytes) } }
        let logger = Logger(output: output)
        logger.log("short")
        logger.log("request", ["route": .text("/shell/:id/network"), "status": .int(200), "durationUs": .int(123_456)])
        output.flush()
        let lines = String(decoding: written.withLock { $0 }, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(#"Z","event":"short"}"#) == true)
        #expect(lines.last?.hasSuffix(#"Z","event":"request","route":"/shell/:id/network","status":200,"durationUs":123456}"#) == true)
    }
}

extension LogOutputTests {
    @Test("a text holding quotes, backslashes or control characters still makes a line of valid JSON, in the buffer and in a recorder")
    func escapedTextsKeepLinesValidJSON() throws {
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer { bytes in written.withLock { $0.append(contentsOf: bytes) } }
        let recorder = LogRecorder()
        for logger in [Logger(output: output), recorder.logger] {
            logger.log("tab\tevent", ["line\nkey": .text("a\u{1}b\"c\\d\u{1F}é")])
        }
        output.flush()
        let lines = [String(decoding: written.withLock { $0 }, as: UTF8.self), try #require(recorder.all.first)]
        for line in lines {
            #expect(line.hasSuffix(#"","event":"tab\u0009event","line\u000akey":"a\u0001b\"c\\d\u001fé"}"# + "\n"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            #expect(object["event"] == "tab\tevent" && object["line\nkey"] == "a\u{1}b\"c\\d\u{1F}é")
        }
    }

    @Test("a line writer with no room at all reports its line as not fitting, whatever was put")
    func noRoomIsNoFit() {
        for text: StaticString in ["", "x", "a longer text"] {
            var line = LineWriter(UnsafeMutableBufferPointer(start: nil, count: 0))
            line.put(text)
            #expect((line.written == nil) == (text.utf8CodeUnitCount > 0), "\(text)")
        }
    }
}

extension LogOutputTests {
    @Test("threads flushing together write one at a time, so every line arrives whole and each thread's in order")
    func concurrentFlushesDoNotInterleave() {
        let inFlight = Atomic(0)
        let overlapped = Atomic(false)
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer { bytes in
            if inFlight.wrappingAdd(1, ordering: .relaxed).newValue > 1 { overlapped.store(true, ordering: .relaxed) }
            usleep(1_000)  // a slow pipe: gives another flush the time to start meanwhile
            written.withLock { $0.append(contentsOf: bytes) }
            inFlight.wrappingSubtract(1, ordering: .relaxed)
        }
        let letters = Array("abcd".utf8)
        DispatchQueue.concurrentPerform(iterations: letters.count) { thread in
            for index in 0..<24 {
                // Past 64 KB every few lines: each thread flushes on its own as well.
                output.append(Array(repeating: letters[thread], count: 20_000) + Array("\(index)\n".utf8))
            }
        }
        output.flush()
        let wroteTogether = overlapped.load(ordering: .relaxed)
        #expect(!wroteTogether)
        let lines = written.withLock { $0 }.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == letters.count * 24)
        for letter in letters {
            let own = lines.filter { $0.first == letter }
            let indices = own.map { line in
                #expect(line.prefix(20_000).allSatisfy { $0 == letter })
                return Int(String(decoding: line.dropFirst(20_000), as: UTF8.self)) ?? -1
            }
            #expect(indices == Array(0..<24), "\(UnicodeScalar(letter))")
        }
    }
}

extension LogOutputTests {
    @Test("lines logged from several threads at once, built outside the buffer's lock, each arrive whole and in their thread's order")
    func concurrentLinesArriveWhole() throws {
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer { bytes in written.withLock { $0.append(contentsOf: bytes) } }
        let logger = Logger(output: output)
        let threads = 4, count = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<count {
                logger.log("request", ["thread": .int(thread), "index": .int(index), "route": .text("/s/:id/input")])
            }
        }
        output.flush()
        let lines = written.withLock { $0 }.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == threads * count)
        var next = Array(repeating: 0, count: threads)
        let timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let thread = try #require(object["thread"] as? Int)
            #expect(object["index"] as? Int == next[thread])
            next[thread] += 1
            #expect((object["ts"] as? String)?.wholeMatch(of: timestamp) != nil)
        }
        #expect(next == Array(repeating: count, count: threads))
    }

    @Test("each thread keeps its own clock: a second formatted on one is kept there, and another starts fresh")
    func clocksArePerThread() {
        var line: [UInt8] = []
        ThreadLogClock.with { $0.append(seconds: 1_767_225_600, nanoseconds: 5_000_000, to: &line) }
        #expect(String(decoding: line, as: UTF8.self) == "2026-01-01T00:00:00.005Z")
        #expect(ThreadLogClock.with { $0.formattedSecond } == 1_767_225_600)
        let other = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            var line: [UInt8] = []
            let fresh = ThreadLogClock.with { $0.formattedSecond }
            ThreadLogClock.with { $0.append(seconds: 1_767_225_599, nanoseconds: 0, to: &line) }
            other.withLock { $0 = [fresh, ThreadLogClock.with { $0.formattedSecond }] }
            done.signal()
        }.start()
        done.wait()
        #expect(other.withLock { $0 } == [Int.min, 1_767_225_599])
        #expect(ThreadLogClock.with { $0.formattedSecond } == 1_767_225_600)
    }
}

extension LogOutputTests {
    @Test("the request line written with constant keys is the line the general path writes, in the buffer and in a recorder")
    func requestLinesMatchTheGeneralPath() throws {
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer { bytes in written.withLock { $0.append(contentsOf: bytes) } }
        let recorder = LogRecorder()
        let general = LogRecorder()
        let cases: [(Int, StaticString, StaticString, Int, Int)] = [
            (1, "POST", "/s/:id/input", 200, 45), (0, "GET", "unmatched", 0, 0), (Int.max, "DELETE", "/a\"b\\c", 999, 1_000_000),
            (Int.min, "PUT", "/tab\there", -1, -123_456_789), (9, "OTHER", "/ünïcode", 10, 10),
        ]
        for (id, method, route, status, duration) in cases {
            for logger in [Logger(output: output), recorder.logger] {
                logger.logRequest(id: id, method: method, route: route, status: status, durationUs: duration)
            }
            general.logger.log("request", [
                "id": .int(id), "method": .text(method), "route": .text(route), "status": .int(status), "durationUs": .int(duration),
            ])
        }
        output.flush()
        let timestamp = /"ts":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/
        let expected = general.all.map { $0.replacing(timestamp, with: "") }
        let buffered = String(decoding: written.withLock { $0 }, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(buffered.dropLast().map { String($0 + "\n").replacing(timestamp, with: "") } == expected)
        #expect(recorder.all.map { $0.replacing(timestamp, with: "") } == expected)
        #expect(expected.first == #"{,"event":"request","id":1,"method":"POST","route":"/s/:id/input","status":200,"durationUs":45}"# + "\n")
        #expect(expected[3].contains(#""id":-9223372036854775808,"#) && expected[3].contains(#""durationUs":-123456789}"#))
        for line in buffered.dropLast() {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }
}
