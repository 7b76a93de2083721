@testable import CardEngine
import Testing

@Suite struct CardholderNameBytePathTests {
    /// ASCII names are judged on their bytes; the scalar path is the rule as written. Both must give
    /// the same verdict for every ASCII name: each printable character and the controls a value can
    /// hold, alone and around letters, with spaces to trim, short and over-long, both rule sets.
    static let names: [String] = {
        var names = ["", " ", "   ", "J", " J ", "Jo", "J.", "J. Doe", "O'Neil", "Mary-Jane", "a b", "ab", "abc",
            " ab ", "Dr. Jane Doe", "-", "''", "..", "A\r\nB", "A\rB", "A\tB", "Jo7", "Jo\u{7F}",
            String(repeating: "a", count: 100), String(repeating: "a", count: 101),
            " " + String(repeating: "a", count: 100) + " ", String(repeating: "a ", count: 51)]
        for byte in UInt8(0)...UInt8(0x7F) {
            let character = String(UnicodeScalar(byte))
            names += [character, "Jo" + character, character + "Jo", "J" + character + "o", " " + character + " "]
        }
        return names
    }()

    @Test(arguments: [CardholderNameRules.default, .pxp], [true, false])
    func bytesAndScalarsAgreeOnEveryASCIIName(_ rules: CardholderNameRules, _ required: Bool) {
        for name in Self.names {
            let bytes = CardholderNameRule.check(name, required: required, rules: rules)
            let scalars = CardholderNameRule.checkScalars(name, required: required, rules: rules)
            #expect(bytes == scalars, "\(name.debugDescription)")
        }
    }

    @Test func aNameWithALetterBeyondASCIITakesTheScalarPath() {
        #expect(CardholderNameRule.check("Zoë").isValid)
        #expect(CardholderNameRule.check("J1é").issue?.code == "cardholder-name-invalid-characters")
        #expect(CardholderNameRule.check("é").issue?.code == "cardholder-name-too-short")
    }
}
