import HTTPServer
import Testing

/// `HTTPHeaders` as the app uses it: typed names, checked when made.
@Suite struct HeaderNameTests {
    @Test("names compare and hash ignoring case, and keep how they were written")
    func caseInsensitiveNames() {
        let written: HTTPHeaders.Name = "x-cardform-token"
        #expect(written == "X-CardForm-Token")
        #expect(Set([written, "X-CARDFORM-TOKEN"]).count == 1)
        #expect(written.description == "x-cardform-token")
        #expect(HTTPHeaders.Name.contentType != "Content-Typ")
    }

    @Test("a runtime name must be a token", arguments: ["", "Content Type", "Bad:Name", "Ünïcode", "X\r\nY"])
    func runtimeNamesAreChecked(name: String) {
        #expect(HTTPHeaders.Name(name) == nil)
    }

    @Test("a value with a line break is marked when the field is made, and nothing is lost from the others")
    func valuesAreCheckedWhenMade() {
        var headers: HTTPHeaders = [.contentType: "text/plain", .vary: "Origin"]
        #expect(headers.isValid)
        headers.add("X-Evil", "a\r\nSet-Cookie: stolen=1")
        #expect(!headers.isValid && headers.invalidCount == 1)
        #expect(HTTPHeaders.Field(name: .allow, value: "GET,\tPOST").isValid)
        headers.remove("x-evil")
        #expect(headers.isValid && headers.count == 2)
    }
}
