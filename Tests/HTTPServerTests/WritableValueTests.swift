@testable import HTTPServer
import Testing

/// A header value may be written unless it holds a control character other than tab (CR, LF,
/// NUL, DEL…). The check reads eight bytes at a time; it must answer as a byte-by-byte reading
/// does for every byte, wherever it lies in the value.
@Suite("Writable header values")
struct WritableValueTests {
    private static func byteByByte(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 }
    }

    private static func checked(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { HTTPHeaders.Field.isWritable($0) }
    }

    @Test("every byte value, at every place of values up to 17 bytes long, is judged as byte by byte")
    func everyByteEverywhere() {
        var mismatches: [String] = []
        for length in 1...17 {
            for place in 0..<length {
                for byte in 0...255 {
                    var value = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    value[place] = UInt8(byte)
                    if Self.checked(value) != Self.byteByByte(value) { mismatches.append("\(length)/\(place)/\(byte)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("a bad byte next to bytes past ASCII, tabs or DEL's neighbours is still found")
    func neighbours() {
        let fillers: [UInt8] = [0x09, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xA0, 0xFF]
        var mismatches: [String] = []
        for filler in fillers {
            for bad in [UInt8(0x00), 0x0A, 0x0D, 0x1F, 0x7F] {
                for place in 0..<16 {
                    var value = [UInt8](repeating: filler, count: 16)
                    value[place] = bad
                    if Self.checked(value) != Self.byteByByte(value) { mismatches.append("\(filler)/\(bad)/\(place)") }
                }
            }
            let plain = [UInt8](repeating: filler, count: 16)
            if Self.checked(plain) != Self.byteByByte(plain) { mismatches.append("\(filler) alone") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(Self.checked([]))
        #expect(Self.checked(Array("text/html; charset=utf-8\t(ok)".utf8)))
        #expect(!Self.checked(Array("a\r\nInjected: 1".utf8)))
    }
}
