@testable import HTTPServer
import Testing

/// The one pass over a request target (`Request.scan`) reads eight bytes at a time; it must
/// tell what a byte-by-byte reading tells, for every byte wherever it lies.
@Suite("Scanning a request target")
struct TargetScanTests {
    private typealias Scanned = (fragment: Bool, control: Bool, percent: Bool, query: Int?)

    private static func byteByByte(_ target: [UInt8]) -> Scanned {
        (target.contains(UInt8(ascii: "#")), target.contains { $0 <= 0x20 || $0 == 0x7F },
         target.contains(UInt8(ascii: "%")), target.firstIndex(of: UInt8(ascii: "?")))
    }

    private static func mismatch(_ target: [UInt8]) -> String? {
        let scanned = target.withUnsafeBufferPointer { Request.scan($0) }
        let expected = byteByByte(target)
        let same = scanned.fragment == expected.fragment && scanned.control == expected.control
            && scanned.percent == expected.percent && scanned.query == expected.query
        return same ? nil : "\(target)"
    }

    @Test("every byte value at every place of targets up to 17 bytes long, in plain and high filler")
    func everyByteEverywhere() {
        var mismatches: [String] = []
        for filler in [UInt8(ascii: "a"), 0x21, 0x7E, 0x80, 0xFF] {
            for length in 1...17 {
                for place in 0..<length {
                    for byte in 0...255 {
                        var target = [UInt8](repeating: filler, count: length)
                        target[place] = UInt8(byte)
                        if let bad = Self.mismatch(target) { mismatches.append(bad) }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("the first of several question marks is the query's start, whichever word each lies in")
    func firstQuestionMark() {
        var mismatches: [String] = []
        for first in 0..<20 {
            for second in first..<20 {
                var target = [UInt8](repeating: UInt8(ascii: "/"), count: 20)
                target[second] = UInt8(ascii: "?")
                target[first] = UInt8(ascii: "?")
                // A byte just under the mark's value in the word before it must not move it.
                if first > 0 { target[first - 1] = UInt8(ascii: ">") }
                if let bad = Self.mismatch(target) { mismatches.append(bad) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(Self.mismatch(Array("/s/abcdef0123456789/input?x=%20#y".utf8)) == nil)
        #expect(Self.mismatch([]) == nil)
    }
}
