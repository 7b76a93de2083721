import HTTPServer
import Testing

@Suite("Form decoding")
struct FormFieldsTests {
    @Test("url-encoded text decodes into ordered pairs", arguments: [
        ("", ""),
        ("a=1", "a=1"),
        ("a=1&b=2", "a=1 b=2"),
        ("a=x+y", "a=x y"),
        ("a=%41%42c", "a=ABc"),
        ("a%2Bb=c%26d", "a+b=c&d"),
        ("a", "a="),
        ("a=", "a="),
        ("=v", "=v"),
        ("&&a=1&&b=2&", "a=1 b=2"),
        ("a=1&a=2", "a=1 a=2"),
        ("a==b", "a==b"),
        ("name=Jos%C3%A9", "name=José"),
        ("name=José", "name=José"),
    ])
    func decodes(input: String, pairs: String) throws {
        let form = try FormFields(urlEncoded: input)
        #expect(form.map { "\($0.name)=\($0.value)" }.joined(separator: " ") == pairs)
    }

    @Test("malformed input is an error value with a stable code", arguments: [
        ("a=%", FormDecodingError.Code.malformedPercentEncoding),
        ("a=%4", .malformedPercentEncoding),
        ("a=%4g", .malformedPercentEncoding),
        ("%zz=1", .malformedPercentEncoding),
        ("a=100%", .malformedPercentEncoding),
        ("a=%C3%28", .invalidUTF8),
        ("a=%FF", .invalidUTF8),
    ])
    func rejects(input: String, code: FormDecodingError.Code) {
        #expect {
            _ = try FormFields(urlEncoded: input)
        } throws: { ($0 as? FormDecodingError)?.code == code }
    }

    @Test("more pairs than the limit are refused")
    func fieldLimit() throws {
        let input = (0..<11).map { "f\($0)=x" }.joined(separator: "&")
        #expect(try FormFields(urlEncoded: input, fieldLimit: 11).count == 11)
        #expect {
            _ = try FormFields(urlEncoded: input, fieldLimit: 10)
        } throws: { ($0 as? FormDecodingError)?.code == .tooManyFields }
    }

    @Test("no pairs are no pairs, however made")
    func emptyForms() throws {
        let empty = FormFields()
        #expect(empty.isEmpty && empty.count == 0 && empty["x"] == nil && empty[named: ""] == nil && empty.fields.isEmpty)
        let skipped = try FormFields(urlEncoded: "&&")
        #expect(empty == FormFields([]) && empty == skipped)
        #expect(empty != FormFields([("x", "")]))
    }

    @Test("lookups are exact on the name and return the first value")
    func lookups() throws {
        let form = try FormFields(urlEncoded: "seq=1&Seq=2&seq=3")
        #expect(form["seq"] == "1")
        #expect(form["Seq"] == "2")
        #expect(form["SEQ"] == nil)
        #expect(form.values(for: "seq") == ["1", "3"])
    }

    @Test("a name written in our source finds what the same name known at run time finds, one character or non-ASCII alike")
    func literalAndRuntimeNamesAlike() throws {
        let form = try FormFields(urlEncoded: "x=1&%C3%A9=2&seq=3&=4&%E2%82%AC=5&xx=6")
        let literals: [(StaticString, String?)] = [
            ("x", form[named: "x"]), ("é", form[named: "é"]), ("seq", form[named: "seq"]), ("", form[named: ""]),
            ("€", form[named: "€"]), ("y", form[named: "y"]), ("se", form[named: "se"]),
        ]
        #expect(literals.map { form[$0.0] } == ["1", "2", "3", "4", "5", nil, nil])
        #expect(literals.map { form[$0.0] } == literals.map(\.1))
    }

    @Test("a name or value with escapes is found the same as one without")
    func escapedAndPlainAlike() throws {
        let form = try FormFields(urlEncoded: "a%62c=1&abc=2&x=%E2%82%AC+y%2B&e=&f&n=Jos%C3%A9+A")
        #expect(form["abc"] == "1")
        #expect(form.values(for: "abc") == ["1", "2"])
        #expect(form["x"] == "€ y+")
        #expect(form["e"] == "")
        #expect(form["f"] == "")
        #expect(form["n"] == "José A")
        #expect(form["a%62c"] == nil)
        #expect(form.count == 6)
        #expect(form == FormFields([("abc", "1"), ("abc", "2"), ("x", "€ y+"), ("e", ""), ("f", ""), ("n", "José A")]))
    }

    @Test("names match byte for byte: a canonically equivalent name is another name")
    func namesAreBytes() throws {
        // A Kelvin sign, escaped; a K; an e and a combining acute, raw.
        let form = try FormFields(urlEncoded: Array("%E2%84%AA=1&K=2&".utf8) + [0x65, 0xCC, 0x81] + Array("=3".utf8))
        #expect(form["K"] == "2")
        #expect(form["\u{212A}"] == "1")
        #expect(form["\u{E9}"] == nil)
        #expect(form["e\u{301}"] == "3")
        #expect(form.values(for: "K") == ["2"])
    }

    @Test("an empty name is found, also as the body's last part")
    func emptyNames() throws {
        #expect(try FormFields(urlEncoded: Array("=b".utf8))[""] == "b")
        #expect(try FormFields(urlEncoded: Array("a=1&=".utf8))[""] == "")
        #expect(try FormFields(urlEncoded: Array("a=1".utf8))[""] == nil)
    }

    @Test("pairs given as text read back as given, empty ones included")
    func givenPairs() {
        let form = FormFields([("a", ""), ("", "b"), ("é", "x=y&z")])
        #expect(form.map { "\($0.name)=\($0.value)" } == ["a=", "=b", "é=x=y&z"])
        #expect(form[""] == "b")
        #expect(form["é"] == "x=y&z")
        #expect(FormFields([]).isEmpty)
    }

    @Test("an escape cut short by the next pair is malformed, not read across it", arguments: [
        "a=%4&b=1", "a=%&41", "a=1&%4=b", "a=%4",
    ])
    func escapeCutByPair(input: String) {
        #expect {
            _ = try FormFields(urlEncoded: input)
        } throws: { ($0 as? FormDecodingError)?.code == .malformedPercentEncoding }
    }

    @Test("bytes that are not UTF-8 are refused whether escaped or sent raw", arguments: [
        [UInt8]("a=".utf8) + [0xFF],
        [0xC3, 0x28] + [UInt8]("=1".utf8),
        [UInt8]("a=%C3".utf8),
        [UInt8]("ok=1&a=x".utf8) + [0xE2, 0x82],
        [UInt8]("a=%C0%AF".utf8),  // overlong '/'
        [UInt8]("a=".utf8) + [0xC0, 0xAF],
        [UInt8]("a=%ED%A0%80".utf8),  // a UTF-16 surrogate
        [UInt8]("a=".utf8) + [0xED, 0xA0, 0x80],
        [UInt8]("a=%F4%90%80%80".utf8),  // above U+10FFFF
        [UInt8]("a=%E2%82&b=%AC".utf8),  // a character cut by the next pair
        [UInt8]("a=%C3(".utf8),  // a lead byte escaped, a bad follower raw
        [UInt8]("%C3=1".utf8),  // in a name
    ])
    func rawNonUTF8(bytes: [UInt8]) {
        #expect {
            _ = try FormFields(urlEncoded: bytes)
        } throws: { ($0 as? FormDecodingError)?.code == .invalidUTF8 }
    }

    @Test("the first error in the order sent is the one reported; within a pair, the name's before the value's", arguments: [
        ("a=%FF&b=%4", FormDecodingFailure.invalidUTF8),
        ("a=%4&b=%FF", .malformedPercentEncoding),
        ("%FF=%4", .invalidUTF8),
        ("%4=%FF", .malformedPercentEncoding),
    ])
    func firstErrorWins(body: String, code: FormDecodingFailure) {
        #expect {
            _ = try FormFields(urlEncoded: body)
        } throws: { ($0 as? FormDecodingError)?.code == code }
    }
}

@Suite("Form decoding, the strict cases")
struct FormFieldsStrictTests {
    @Test("escapes, raw bytes and `+` decode the same wherever they sit", arguments: [
        (Array("a+b=c+d".utf8), "a b=c d"),
        (Array("a%2B=%2b".utf8), "a+=+"),
        (Array("nul=%00".utf8), "nul=\u{0}"),
        (Array("%00=x".utf8), "\u{0}=x"),
        (Array("n=Jos%C3".utf8) + [0xA9], "n=José"),  // one character split across an escape and a raw byte
        (Array("é=1".utf8), "é=1"),
        (Array("a=%E2%82%AC%F0%9F%98%80".utf8), "a=€😀"),
    ])
    func decodes(bytes: [UInt8], pair: String) throws {
        let form = try FormFields(urlEncoded: bytes)
        #expect(form.map { "\($0.name)=\($0.value)" } == [pair])
    }

    @Test("exactly the limit of pairs is accepted, empty pairs not counted; one more is refused")
    func limitIsExact() throws {
        let pairs = (0..<FormFields.defaultFieldLimit).map { "f\($0)=%41" }
        let form = try FormFields(urlEncoded: "&&" + pairs.joined(separator: "&&") + "&")
        #expect(form.count == FormFields.defaultFieldLimit)
        #expect(form["f255"] == "A")
        #expect {
            _ = try FormFields(urlEncoded: (pairs + ["x"]).joined(separator: "&"))
        } throws: { ($0 as? FormDecodingError)?.code == .tooManyFields }
    }

    @Test("a long value with escapes, after a short one, decodes whole (the reused buffer grows)")
    func longAfterShort() throws {
        let long = String(repeating: "%C3%A9+", count: 2_000)
        let form = try FormFields(urlEncoded: "s=%41&l=\(long)&t=%42")
        #expect(form["s"] == "A")
        #expect(form["l"] == String(repeating: "é ", count: 2_000))
        #expect(form["t"] == "B")
    }

    /// What `Int(form[name])` makes of a field, in `int(_:)`'s terms: the reading it must match.
    static func asString(_ form: FormFields, _ name: String) -> FormFields.Integer {
        guard let text = form[named: name] else { return .absent }
        return Int(text).map(FormFields.Integer.value) ?? .notANumber
    }

    @Test("a number read in place is what Int reads from the value's text, sign, range and escapes alike", arguments: [
        ("0", .value(0)), ("-0", .value(0)), ("007", .value(7)), ("%2B5", .value(5)), ("-12", .value(-12)),
        ("%31%32", .value(12)), ("9223372036854775807", .value(Int.max)), ("-9223372036854775808", .value(Int.min)),
        ("9223372036854775808", .notANumber), ("-9223372036854775809", .notANumber), ("99999999999999999999", .notANumber),
        ("", .notANumber), ("-", .notANumber), ("%2B", .notANumber), ("+5", .notANumber), ("5+", .notANumber),
        ("%205", .notANumber), ("1a", .notANumber), ("0x1", .notANumber), ("1.0", .notANumber), ("--1", .notANumber),
        ("-+1", .notANumber), ("%D9%A3", .notANumber), ("\u{663}", .notANumber), ("1%00", .notANumber), ("/", .notANumber), (":", .notANumber),
    ] as [(String, FormFields.Integer)])
    func integersAsIntReadsThem(value: String, expected: FormFields.Integer) throws {
        let form = try FormFields(urlEncoded: "other=1&n=\(value)&n=2")
        #expect(form.int("n") == expected)
        #expect(form.int("n") == Self.asString(form, "n"))
        // The same value given as text (kept decoded) reads alike.
        let given = FormFields([("n", form[named: "n"]!)])
        #expect(given.int("n") == expected)
    }

    @Test("a number under a name that is not sent is absent, a name without `=` is an empty value")
    func integerAbsentOrEmpty() throws {
        let form = try FormFields(urlEncoded: "caret&Seq=1&seq")
        #expect(form.int("rev") == .absent)
        #expect(form.int("caret") == .notANumber)
        #expect(form.int("Seq") == .value(1))
        #expect(form.int("seq") == .notANumber)
        #expect(FormFields().int("seq") == .absent)
    }

    @Test("withValue lends the first value's bytes, decoded, or nil when the name is missing")
    func withValueLendsTheBytes() throws {
        let form = try FormFields(urlEncoded: "a=1&b=x%2By&b=2&c=")
        func value(_ name: StaticString) -> String? { form.withValue(name) { $0.map { String(decoding: $0, as: UTF8.self) } ?? "none" } }
        #expect(value("a") == "1")
        #expect(value("b") == "x+y")
        #expect(value("c") == "")
        #expect(value("d") == "none")
    }
}
