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

    @Test("lookups are exact on the name and return the first value")
    func lookups() throws {
        let form = try FormFields(urlEncoded: "seq=1&Seq=2&seq=3")
        #expect(form["seq"] == "1")
        #expect(form["Seq"] == "2")
        #expect(form["SEQ"] == nil)
        #expect(form.values(for: "seq") == ["1", "3"])
    }
}
