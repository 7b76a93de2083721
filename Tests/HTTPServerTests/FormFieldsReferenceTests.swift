import HTTPServer
import Testing

/// Whatever the bytes and wherever an `&`, `=`, escape or non-ASCII byte falls, the decoder (one
/// pass, parts kept in place, a table of byte kinds) must read what a plain byte-by-byte reading
/// of the rules reads (`reference`). Any faster scan of the body must keep passing this.
@Suite("Form decoding, against the rules read byte by byte")
struct FormFieldsReferenceTests {
    /// The rules, one byte at a time: pairs at `&` (empty ones skipped), name and value at the
    /// first `=`, `+` a space, `%HH` a byte, the result UTF-8. `name=value` per pair; nil if refused.
    static func reference(_ body: [UInt8]) -> [String]? {
        var pairs: [String] = []
        for pair in body.split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            guard let name = decode(pair[..<(equals ?? pair.endIndex)]),
                  let value = decode(equals.map { pair[($0 + 1)...] } ?? [])
            else { return nil }
            pairs.append(name + "=" + value)
        }
        return pairs
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        var decoded: [UInt8] = []
        var at = bytes.startIndex
        while at < bytes.endIndex {
            switch bytes[at] {
            case UInt8(ascii: "+"): decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                // Two hex digits, nothing else (`UInt8(_:radix:)` would take a sign).
                guard at + 2 < bytes.endIndex, let high = hex(bytes[at + 1]), let low = hex(bytes[at + 2]) else { return nil }
                decoded.append(high << 4 | low)
                at += 2
            case let byte: decoded.append(byte)
            }
            at += 1
        }
        return String(validating: decoded, as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    @Test("random bodies decode as the rules, read byte by byte, decode them, wherever ends and escapes fall")
    func randomBodies() {
        // Few kinds of bytes, so that ends, escapes and non-ASCII bytes fall everywhere in a word.
        let alphabet: [[UInt8]] = [
            [0x61], [0x62], [0x31], [0x26], [0x26], [0x3D], [0x3D], [0x2B], [0x25], Array("%41".utf8), Array("%c3%a9".utf8),
            Array("é".utf8), [0xC3], [0xFF], [0x7F], [0x00], [0x25, 0x26],
        ]
        var numbers = SeededNumbers(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        var refused = 0
        for _ in 0..<4_000 {
            var body: [UInt8] = []
            for _ in 0..<next(40) { body += alphabet[next(alphabet.count)] }
            let expected = Self.reference(body)
            let decoded = try? FormFields(urlEncoded: body)
            #expect(decoded.map { $0.map { "\($0.name)=\($0.value)" } } == expected, "\(body)")
            if expected == nil { refused += 1 }
        }
        // Both kinds of body were tried.
        #expect(refused > 400 && refused < 3_600)
    }

    @Test("long names and values, escaped or not, read as the rules read them", arguments: [0, 1, 7, 8, 9, 15, 16, 17, 63])
    func longRuns(length: Int) throws {
        let run = String(repeating: "x", count: length)
        for body in ["a=\(run)&b=1", "\(run)=\(run)+\(run)", "\(run)é=%41\(run)", "=\(run)&&\(run)"] {
            let fields = try FormFields(urlEncoded: body).map { "\($0.name)=\($0.value)" }
            #expect(fields == Self.reference(Array(body.utf8)), "\(body)")
        }
    }

    /// Every pair of positions in bodies up to three words long, each holding one of the bytes the
    /// scan tells apart (ends, escapes, a high byte, NUL, and 0x01 above a NUL, which a word's
    /// borrow marks falsely): a mark misplaced by one byte, or a flag read past a part's end,
    /// decodes differently from the rules. The filler is a hex digit, so that a `%` with two bytes
    /// of filler after it is an escape (`%44`), and the second byte can be a continuation byte, so
    /// that `C3 80` and `C3 A9` are characters: escapes and non-ASCII text are decoded, not only
    /// refused.
    @Test("one or two special bytes anywhere in bodies up to three words long")
    func specialBytesEverywhere() {
        let specials: [UInt8] = [0x26, 0x3D, 0x25, 0x2B, 0x80, 0xC3, 0x00, 0x01, 0x24, 0x27, 0x3C, 0x3E, 0x2A, 0x2C]
        var refused = 0, escapes = 0, nonASCII = 0
        for length in 1...24 {
            for first in 0..<length {
                for second in first..<length {
                    for a in specials {
                        for b in [a, 0x26, 0x3D, 0x25, 0x01, 0x80, 0xA9] {
                            var body = [UInt8](repeating: UInt8(ascii: "4"), count: length)
                            body[first] = a
                            body[second] = b
                            let expected = Self.reference(body)
                            let decoded = try? FormFields(urlEncoded: body)
                            #expect(decoded.map { $0.map { "\($0.name)=\($0.value)" } } == expected, "\(body)")
                            guard expected != nil else {
                                refused += 1
                                continue
                            }
                            if body.contains(UInt8(ascii: "%")) { escapes += 1 }
                            if body.contains(where: { $0 >= 0x80 }) { nonASCII += 1 }
                        }
                    }
                }
            }
        }
        // Each kind was tried: bodies refused, bodies decoded through an escape, and bodies decoded
        // to non-ASCII text (31,249 and 552: `C3 80` and `C3 A9` at every place a pair fits).
        #expect(refused > 0)
        #expect(escapes > 10_000)
        #expect(nonASCII > 500)
    }
}
