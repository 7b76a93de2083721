@testable import Mustache
import Testing

struct LexerTests {
    /// The tokens of `source` as short lines: `text "a"`, `newline`, `tag # items @1:3`.
    private func tokens(_ source: String) throws -> [String] {
        let text = SourceText(name: "t", path: nil, text: source)
        return try Lexer.tokenize(text).map { token in
            let at = "@\(token.location.line):\(token.location.column)"
            switch token.kind {
            case .text: return "text \"\(String(decoding: text.bytes[token.range], as: UTF8.self))\" \(at)"
            case .newline: return "newline \(at)"
            case .tag(let kind): return "tag \(kind.sigil.isEmpty ? "v" : kind.sigil) \(token.content) \(at)"
            }
        }
    }

    @Test("splits text at line endings and knows each tag's sigil, name and position")
    func splitsTextAndTags() throws {
        #expect(try tokens("Hi {{name}}!\r\n  {{#items}}{{{raw}}}{{& amp }}{{/items}}") == [
            "text \"Hi \" @1:1", "tag v name @1:4", "text \"!\" @1:12", "newline @1:13",
            "text \"  \" @2:1", "tag # items @2:3", "tag { raw @2:13", "tag & amp @2:22", "tag / items @2:32",
        ])
    }

    @Test("counts columns in Unicode scalars, not bytes")
    func countsColumnsInScalars() throws {
        #expect(try tokens("héllo → {{x}}") == ["text \"héllo → \" @1:1", "tag v x @1:9"])
    }

    @Test("follows a delimiter change for the rest of the template")
    func followsDelimiterChanges() throws {
        #expect(try tokens("{{=<% %>=}}<%x%>{{y}}<%={{ }}=%>{{z}}") == [
            "tag = <% %> @1:1", "tag v x @1:12", "text \"{{y}}\" @1:17", "tag = {{ }} @1:22", "tag v z @1:33",
        ])
    }

    @Test("accepts identical opening and closing delimiters")
    func acceptsIdenticalDelimiters() throws {
        #expect(try tokens("{{= | | =}}|#a| |b| |/a|") == [
            "tag = | | @1:1", "tag # a @1:12", "text \" \" @1:16", "tag v b @1:17", "text \" \" @1:20", "tag / a @1:21",
        ])
    }

    @Test("lets a comment span lines and counts the lines after it")
    func letsCommentsSpanLines() throws {
        #expect(try tokens("a{{! one\ntwo }}b\n{{c}}") == [
            "text \"a\" @1:1", "tag ! one\ntwo @1:2", "text \"b\" @2:7", "newline @2:8", "tag v c @3:1",
        ])
    }

    @Test("reports a tag that never closes at its opening delimiter")
    func reportsUnclosedTags() {
        #expect(throws: TemplateError.self) { try tokens("a {{b") }
        let error = #expect(throws: TemplateError.self) { try tokens("ok\n{{#a}} {{b c") }
        #expect(error?.code == .unclosedTag)
        #expect(error?.line == 2)
        #expect(error?.column == 8)
    }
}
