@testable import CardEngine
import Testing

@Suite struct EditBytePathTests {
    /// Values an expiry field sees: typed, deleted, pasted, autofilled, and a few beyond ASCII.
    static let values = [
        "", "1", "12", "12/", "12/3", "12/34", "1/", "/", "//", "0", "00", "4", "04/", "04/2", "12 / 2030", "2030-12",
        "1230", "122030", "12.2030", "a1/2", "1a/", "\r\n1/", "１２/", "½/", "12/３", "é1/2", "1\u{301}/2",
    ]

    @Test func insertedCountOnBytesAgreesWithUTF16Units() {
        for previous in Self.values {
            for raw in Self.values {
                let edit = FieldEdit(previous: previous, raw: raw, caret: 0)
                let units = EditScanner.insertedCount(Array(previous.utf16), Array(raw.utf16))
                #expect(EditScanner.insertedCount(edit) == units, "\(previous.debugDescription) → \(raw.debugDescription)")
            }
        }
    }

    @Test func insertedCountCountsWhatArrived() {
        #expect(EditScanner.insertedCount(FieldEdit(previous: "12/3", raw: "12/34", caret: 5)) == 1)
        #expect(EditScanner.insertedCount(FieldEdit(previous: "", raw: "12/30", caret: 5)) == 5)
        #expect(EditScanner.insertedCount(FieldEdit(previous: "11/11", raw: "11/111", caret: 3)) == 1)
        #expect(EditScanner.insertedCount(FieldEdit(previous: "12/34", raw: "12/4", caret: 3)) == 0)
    }

    /// Card numbers as typed, pasted and autofilled, with text beyond ASCII before, among and after the digits.
    static let numbers = [
        "", "4", "4242", "4242 4242 4242 4242", "4242-4242 42", " 4 2 ", "abc", "４２４２ 4242", "4242 é", "é 4242",
        "42\u{301}42", "4242 4242 4242 4242 4242 4242", "😀4242",
    ]

    @Test func digitsOnBytesAgreeWithScalars() {
        for raw in Self.numbers {
            for caret in -1...(raw.utf16.count + 1) {
                var digits: [UInt8] = []
                var beforeCaret = 0
                var offset = 0
                for scalar in raw.unicodeScalars {
                    if let digit = EditScanner.asciiDigit(scalar) {
                        digits.append(digit)
                        if offset < caret { beforeCaret += 1 }
                    }
                    offset += scalar.utf16.count
                }
                let scanned = EditScanner.digits(in: raw, caret: caret)
                #expect(scanned.digits == digits, "\(raw.debugDescription)")
                #expect(scanned.beforeCaret == beforeCaret, "\(raw.debugDescription) caret \(caret)")
            }
        }
    }

    @Test func digitsBeforeSlashAgreesWithCharacters() {
        for value in Self.values {
            let characters = value.firstIndex(of: "/").map { value[..<$0].filter(\.isNumber).count }
            #expect(ExpiryFormatter.digitsBeforeSlash(value) == characters, "\(value.debugDescription)")
        }
    }
}
