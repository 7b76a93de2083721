import CardEngine
import Testing

@Suite struct JSONValueTests {
    @Test(arguments: [
        #"{"a":[1,-2.5e3,true,false,null,"x"],"b":{}}"#,
        #"{"emoji":"😀","escaped":"\"\\\n\t","bullet":"•"}"#,
        #"[]"#, #""""#, #"0"#, #"-0.5"#,
    ])
    func aDocumentRoundTripsInItsOwnOrder(_ text: String) throws {
        #expect(try JSONValue.parse(text).serialized == text)
    }

    @Test func escapesAreDecoded() throws {
        let value = try JSONValue.parse(#"["\u00e9\ud83d\ude00\/\b\f\r"]"#)
        #expect(value == ["é😀/\u{08}\u{0C}\r"])
    }

    @Test func htmlSensitiveCharactersAreEscapedOnOutput() {
        #expect(JSONValue.string("</script><b>&\u{2028}").serialized == #""\u003c/script\u003e\u003cb\u003e\u0026\u2028""#)
    }

    @Test(arguments: [
        ("", "invalid-json"), ("{", "invalid-json"), (#"{"a" 1}"#, "invalid-json"), ("[1,]", "invalid-json"),
        ("01", "invalid-json"), ("1.", "invalid-json"), (#""\x""#, "invalid-json"), (#""\ud83d""#, "invalid-json"),
        ("tru", "invalid-json"), (#"{"a":1,"a":2}"#, "invalid-json"), ("[1] 2", "invalid-json"),
        ("\"line\nbreak\"", "invalid-json"),
        ("\u{FEFF}{}", "invalid-json"), (#"{"a":"x\u0000y"}"#, "invalid-json"), (#"["\u0000"]"#, "invalid-json"),
        (String(repeating: "[", count: 33) + String(repeating: "]", count: 33), "too-deep"),
    ])
    func malformedInputIsRefused(_ text: String, _ code: String) {
        #expect { try JSONValue.parse(text) } throws: { ($0 as? JSONError)?.code == code }
    }

    @Test("bytes that are not UTF-8 inside a string are refused, not replaced", arguments: [
        [0xFF], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC0, 0xAF],
    ] as [[UInt8]])
    func invalidUTF8IsRefused(_ bad: [UInt8]) {
        let text = Array(#"{"a":"x"#.utf8) + bad + Array(#"y"}"#.utf8)
        let error = #expect(throws: JSONError.self) { try JSONValue.parse(text) }
        #expect(error?.code == "invalid-json")
        #expect(error?.offset == 7)
    }

    @Test func aByteOrderMarkIsAllowedOnlyWhenAsked() throws {
        let text = Array("\u{FEFF}{\"a\": 1}".utf8)
        #expect(try JSONValue.parse(text, allowingByteOrderMark: true) == ["a": .integer(1)])
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
    }

    @Test func accessorsReadTheirOwnKindOnly() throws {
        let value = try JSONValue.parse(#"{"n": 12, "f": 1.5, "s": "x", "b": true, "a": [1]}"#)
        let object = try #require(value.objectValue)
        #expect(object["n"]?.intValue == 12)
        #expect(object["f"]?.intValue == nil)
        #expect(object["s"]?.stringValue == "x" && object["s"]?.intValue == nil)
        #expect(object["b"]?.boolValue == true)
        #expect(object["a"]?.arrayValue?.count == 1)
        #expect(object.keys == ["n", "f", "s", "b", "a"])
    }

    @Test func settingAMemberReplacesItInPlace() {
        var object = JSONObject([("a", 1), ("b", 2)])
        object["a"] = 3
        object["c"] = 4
        object["b"] = nil
        #expect(JSONValue.object(object).serialized == #"{"a":3,"c":4}"#)
    }
}
