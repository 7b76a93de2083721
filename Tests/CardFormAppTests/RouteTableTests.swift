import HTTPServer
import Testing

@testable import CardFormApp

/// Paths are matched as UTF-8 bytes: a path the table takes is exactly the bytes of its pattern.
@Suite struct RouteTableTests {
    static let table = RouteTable(routes: [
        Route(.get, "/Kelvin") { _ throws(Refusal) in .text("k") },
        Route(.get, "/s/:id") { _ throws(Refusal) in .text("s") },
        Route(.get, "/assets/*") { _ throws(Refusal) in .text("a") },
    ])

    static func parameters(_ path: String) -> [String]? {
        guard case .found(_, let parameters) = table.match(method: .get, path: path) else { return nil }
        return parameters.map(String.init)
    }

    @Test("a literal segment matches its own bytes only, not a canonically equivalent text")
    func literalsAreBytes() {
        #expect(Self.parameters("/Kelvin") == [])
        // U+212A KELVIN SIGN is canonically equivalent to `K`: equal as Strings, not as bytes.
        #expect("\u{212A}elvin" == "Kelvin")
        #expect(Self.parameters("/\u{212A}elvin") == nil)
    }

    @Test("a combining mark after a slash stays in its segment: the slash still separates")
    func combiningMarkAfterSlash() {
        // "/" and U+064B make one Character; split by Characters the path would have no segments.
        #expect(Self.parameters("/s/\u{64B}abc") == ["\u{64B}abc"])
        #expect(Self.parameters("/assets/\u{301}x/y") == ["\u{301}x/y"])
        #expect(Self.parameters("/\u{301}s/abc") == nil)
    }
}
