import CardEngine
import Testing

/// The JSON reader's and writer's fast paths for strings with nothing to escape give exactly what
/// the character-by-character path gives: every character that needs an escape, alone and amid
/// plain text, ASCII and not; escapes at every position; surrogate pairs; numbers at the edges.
@Suite struct JSONStringEdgeTests {
    /// What `serialized` must write for a string: each scalar on its own, escaped as the contract
    /// says (quote, backslash, \n \r \t, `\u` for other controls, DEL, `<>&`, U+2028, U+2029).
    static func reference(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x0A: output += "\\n"
            case 0x0D: output += "\\r"
            case 0x09: output += "\\t"
            case 0x00...0x1F, 0x7F, 0x3C, 0x3E, 0x26, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    static let escaped: [Unicode.Scalar] = (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) } + ["\"", "\\", "<", ">", "&", "\u{7F}", "\u{2028}", "\u{2029}"]
    static let plain: [Unicode.Scalar] = ["a", " ", "/", "~", "é", "€", "\u{2027}", "\u{202A}", "😀", "日"]

    /// `character` alone, at the start, in the middle and at the end of plain text.
    static func placements(_ character: Unicode.Scalar) -> [String] {
        let one = String(Character(character))
        return [one, "ab" + one, one + "cd", "ab" + one + "cd", "é" + one + "€", one + one]
    }

    @Test func everyCharacterIsWrittenAsTheCharacterByCharacterPathWritesIt() throws {
        for character in Self.escaped + Self.plain {
            for text in Self.placements(character) {
                let written = JSONValue.string(text).serialized
                #expect(written == Self.reference(text), "U+\(String(character.value, radix: 16))")
                // Keys take the same path as values.
                #expect(JSONValue.object(JSONObject([(text, .null)])).serialized == "{" + Self.reference(text) + ":null}")
                if character != "\u{0}" { #expect(try JSONValue.parse(written) == .string(text)) }
            }
        }
    }

    @Test func aStringWithoutEscapesIsWrittenAsItIs() {
        let text = "4242 4242 4242 4242 · Zoë · 😀 · €"
        #expect(JSONValue.string(text).serialized == "\"" + text + "\"")
    }

    @Test(arguments: [
        (#""\n""#, "\n"), (#""\nab""#, "\nab"), (#""ab\n""#, "ab\n"), (#""a\nb""#, "a\nb"), (#""\"\\\/""#, "\"\\/"),
        (#""é\u00e9é""#, "ééé"), (#""\ud83d\ude00""#, "😀"), (#""x\ud83d\ude00y😀""#, "x😀y😀"), (#""\u2028\u0041""#, "\u{2028}A"),
        (#""日本\t語""#, "日本\t語"), (#""""#, ""), (#""\u0001""#, "\u{01}"),
    ])
    func escapesAnywhereReadAsTheirCharacters(_ text: String, _ expected: String) throws {
        #expect(try JSONValue.parse(text) == .string(expected))
        #expect(try JSONValue.parse("{" + text + ":1}").objectValue?.keys == [expected])
    }

    @Test func aKeyRepeatedThroughAnEscapeIsStillARepeatedKey() {
        #expect(throws: JSONError.self) { try JSONValue.parse(#"{"a":1,"\u0061":2}"#) }
    }

    @Test("bytes that are not UTF-8 after an escape are refused at their own offset", arguments: [
        (Array(#"["\n"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8), 4),
        (Array(#"["ab\u00e9"#.utf8) + [0xFF] + Array(#""]"#.utf8), 10),
    ] as [([UInt8], Int)])
    func invalidUTF8AfterAnEscapeIsRefused(_ bytes: [UInt8], _ offset: Int) {
        let error = #expect(throws: JSONError.self) { try JSONValue.parse(bytes) }
        #expect(error?.offset == offset)
    }

    @Test(arguments: ["\"a\u{01}b\"", "\"\\n\u{1F}\"", "\"é\u{7}\""])
    func controlCharactersAreRefusedWhereverTheyAre(_ text: String) {
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
    }

    @Test(arguments: [
        "0", "-0", "1E+308", "-1e-308", "1e400", "123456789012345678901234567890", "9223372036854775807",
        "-9223372036854775808", "0.000001", "2.5E-3",
    ])
    func numbersKeepTheirLiteral(_ literal: String) throws {
        #expect(try JSONValue.parse(literal) == .number(literal))
        #expect(try JSONValue.parse("[" + literal + "]").serialized == "[" + literal + "]")
    }

    @Test func wholeNumbersReadAsIntegersOnlyWhenTheyFit() throws {
        #expect(try JSONValue.parse("9223372036854775807").intValue == .max)
        #expect(try JSONValue.parse("-9223372036854775808").intValue == .min)
        #expect(try JSONValue.parse("9223372036854775808").intValue == nil)
        #expect(try JSONValue.parse("1.0").intValue == nil)
        #expect(try JSONValue.parse("1e2").intValue == nil)
    }

    @Test(arguments: ["-", "+1", ".5", "1e", "1e+", "00", "-01", "0x10", "Infinity", "NaN", "1.e3", "--1"])
    func malformedNumbersAreRefused(_ text: String) {
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
    }
}
