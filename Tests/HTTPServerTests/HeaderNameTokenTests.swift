@testable import HTTPServer
import Testing

@Suite("Header names as tokens")
struct HeaderNameTokenTests {
    /// RFC 9110 §5.6.2, written out here rather than taken from the code under test.
    static let tokenCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-.^_`|~".utf8)

    /// A name from a runtime string (the failable initialiser, never the literal one).
    func name(_ text: String) -> HTTPHeaders.Name? { HTTPHeaders.Name(text) }

    @Test("every byte is a token byte exactly when RFC 9110 lists it, as text and as raw bytes")
    func tokenBytesAreTheListedOnes() {
        for byte in UInt8.min...UInt8.max {
            let listed = Self.tokenCharacters.contains(byte)
            let raw = [UInt8(ascii: "X"), byte, UInt8(ascii: "y")].withUnsafeBytes { HTTPHeaders.Name.isToken($0) }
            #expect(raw == listed, "byte \(byte)")
            if byte < 0x80 {
                #expect((name("X" + String(UnicodeScalar(byte)) + "y") != nil) == listed, "byte \(byte)")
            }
        }
        #expect(name("") == nil && [UInt8]().withUnsafeBytes { !HTTPHeaders.Name.isToken($0) })
        #expect(name("Nämé") == nil)
    }

    @Test("names compare ignoring ASCII case, and names of other lengths or letters differ")
    func namesCompareByLengthThenBytes() {
        let type: HTTPHeaders.Name = "Content-Type"
        #expect(name("content-type") == type && name("CONTENT-TYPE") == type)
        #expect(name("Content-Typ") != type && name("Content-Types") != type && name("Content-Tape") != type)
        #expect(HTTPHeaders.Name(checked: "content-type") == type)
        #expect(name("CONTENT-type").map { Set([type]).contains($0) } == true)
    }

    @Test("a common name is known by its exact bytes: changed in any one byte, or cut, it is not", arguments: [
        "Host", "Origin", "Accept", "Cookie", "Referer", "User-Agent", "Connection", "Content-Type", "Content-Length",
        "Sec-Fetch-Dest", "Sec-Fetch-Mode", "Sec-Fetch-Site", "Accept-Encoding", "Accept-Language", "X-CardForm-Token",
    ])
    func commonNamesByTheirBytes(spelling: String) {
        let bytes = Array(spelling.utf8)
        #expect(bytes.withUnsafeBytes { HTTPHeaders.Name.common($0)?.rawName } == spelling)
        for at in bytes.indices {
            for change: UInt8 in [0x20, 0x01, 0x80] {
                var changed = bytes
                changed[at] ^= change
                #expect(changed.withUnsafeBytes { HTTPHeaders.Name.common($0) } == nil, "byte \(at) ^ \(change)")
            }
        }
        #expect(bytes.dropLast().withUnsafeBytes { HTTPHeaders.Name.common($0) } == nil)
        #expect((bytes + [UInt8(ascii: "s")]).withUnsafeBytes { HTTPHeaders.Name.common($0) } == nil)
    }

    @Test("a head's fields keep the name as sent, common names included, in any case", arguments: [
        "Host", "host", "HOST", "Origin", "origin", "Accept", "Cookie", "Referer", "User-Agent", "user-agent", "Connection",
        "Content-Type", "content-type", "Content-Length", "Sec-Fetch-Dest", "Sec-Fetch-Mode", "Sec-Fetch-Site",
        "Accept-Encoding", "Accept-Language", "accept-language", "X-CardForm-Token", "Hosts", "Hos", "Originn", "X",
    ])
    func headNamesKeepTheirSpelling(sent: String) throws {
        var head = HeadCollector()
        Array(sent.utf8).withUnsafeBytes { name in Array("v".utf8).withUnsafeBytes { head.add(name: name, value: $0) } }
        let field = try #require(head.headers.fields.first)
        #expect(field.name.rawName == sent)
        #expect(field.name == name(sent))
        #expect(field.value == "v")
        #expect(head.headers[try #require(name(sent.uppercased()))] == "v")
    }

    @Test("a head's value reads back exactly as sent, the form type (kept as a literal) and its near misses alike", arguments: [
        "application/x-www-form-urlencoded", "application/x-www-form-urlencodeD", "application/x-www-form-urlencode",
        "application/x-www-form-urlencoded;charset=UTF-8", "Application/x-www-form-urlencoded", "v",
    ])
    func headValuesKeepTheirBytes(sent: String) throws {
        var head = HeadCollector()
        Array("Content-Type".utf8).withUnsafeBytes { name in Array(sent.utf8).withUnsafeBytes { head.add(name: name, value: $0) } }
        #expect(head.headers[.contentType] == sent)
        #expect(Array(try #require(head.headers.fields.first).value.utf8) == Array(sent.utf8))
    }

    @Test("a head's name that is no token is counted, never kept, whatever its length")
    func headNamesThatAreNoTokens() {
        var head = HeadCollector()
        for sent in ["Ho t", "Origin:", "Content-Type ", "Accept-Encodin\u{0}"] {
            Array(sent.utf8).withUnsafeBytes { name in Array("v".utf8).withUnsafeBytes { head.add(name: name, value: $0) } }
        }
        #expect(head.headers.isEmpty && head.invalidNameCount == 4)
    }
}
