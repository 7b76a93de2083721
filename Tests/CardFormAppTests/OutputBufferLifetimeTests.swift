import Foundation
import Synchronization
import Testing
@testable import CardFormSupport

/// The flush thread ends with its buffer, and no line appended before that end is lost.
struct OutputBufferLifetimeTests {
    /// Lines `0\n` … `count-1\n`, so a lost or doubled line shows in the comparison.
    private static func lines(_ count: Int) -> [String] { (0..<count).map { "\($0)\n" } }

    @Test("closing writes what is pending, ends the flush thread, and writes later lines at once")
    func closeEndsTheThread() {
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer { bytes in written.withLock { $0.append(contentsOf: bytes) } }
        let sent = Self.lines(500)
        for line in sent { output.append(line) }
        #expect(!output.flusher.hasEnded)
        output.close()
        #expect(String(decoding: written.withLock { $0 }, as: UTF8.self) == sent.joined())
        #expect(eventuallyTrue { output.flusher.hasEnded })
        output.append("after\n")
        #expect(String(decoding: written.withLock { $0 }, as: UTF8.self) == sent.joined() + "after\n")
    }

    @Test("a flush from one thread writes the lines other threads appended, each thread's in its order")
    func flushCollectsEveryThread() {
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer { bytes in written.withLock { $0.append(contentsOf: bytes) } }
        let threads = onSeparateThreads(3) { thread in
            for index in 0..<100 { output.append("\(thread) \(index)\n") }
        }
        #expect(Set(threads).count == 3, "three threads, each appending to its own bytes")
        output.flush()
        let lines = String(decoding: written.withLock { $0 }, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 300)
        for thread in 0..<3 {
            #expect(lines.filter { $0.hasPrefix("\(thread) ") } == (0..<100).map { "\(thread) \($0)"[...] })
        }
        output.close()
    }

    @Test("a buffer nobody holds any more writes what is pending and its flush thread ends")
    func releaseEndsTheThread() {
        let written = Mutex<[UInt8]>([])
        let sent = Self.lines(500)
        let flusher: Flusher = {
            let output = OutputBuffer { bytes in written.withLock { $0.append(contentsOf: bytes) } }
            for line in sent { output.append(line) }
            return output.flusher
        }()
        #expect(eventuallyTrue { flusher.hasEnded })
        #expect(String(decoding: written.withLock { $0 }, as: UTF8.self) == sent.joined())
    }

    @Test("lines appended from several threads while the buffer closes are all written, once each")
    func closeWhileAppending() {
        let written = Mutex<[UInt8]>([])
        let output = OutputBuffer { bytes in written.withLock { $0.append(contentsOf: bytes) } }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<2_000 {
                if thread == 0 && index == 1_000 { output.close() }
                output.append("\(thread) \(index)\n")
            }
        }
        #expect(eventuallyTrue { output.flusher.hasEnded })
        let lines = String(decoding: written.withLock { $0 }, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 8_000 && Set(lines).count == 8_000)
    }
}

/// Polls `condition` for up to 5 s; the flush thread wakes every 50 ms.
private func eventuallyTrue(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(2_000)
    }
    return true
}
