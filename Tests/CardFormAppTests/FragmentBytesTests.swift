import Mustache
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// The byte writer the fragments are written with (`AnswerBytes`) gives what the `String` forms
/// its pieces stand for give.
@Suite struct FragmentBytesTests {
    /// What `write` writes, in the room `count` counts.
    func written(_ count: (inout AnswerBytes.Room) -> Void, _ write: (inout AnswerBytes) -> Void) -> String {
        var room = AnswerBytes.Room()
        count(&room)
        return AnswerBytes.string(room: room, write)
    }

    @Test(arguments: [0, 1, 9, 10, 11, 99, 100, 101, 12_345, -1, -10, -987, Int.max, Int.min, Int.max - 1, Int.min + 1])
    func aNumberIsWrittenAsItsDecimalString(number: Int) {
        let text = written({ $0.add("x"); $0.addDecimal() }) { $0.append("x"); $0.append(decimal: number) }
        #expect(text == "x" + String(number))
    }

    @Test func everyNumberUpToTenThousandToo() {
        for number in -10_000...10_000 {
            guard written({ $0.addDecimal() }, { $0.append(decimal: number) }) == String(number) else {
                Issue.record("\(number)")
                return
            }
        }
    }

    @Test func aLiteralIsWrittenAsItsBytes() {
        let text = written({ $0.add(#"<template data-cf-block=""#); $0.add("</template>\n") }) {
            $0.append(#"<template data-cf-block=""#)
            $0.append("</template>\n")
        }
        #expect(Array(text.utf8) == Array(#"<template data-cf-block="</template>"#.utf8) + [10])
    }

    /// Escaped as templates escape, in the room counted for it: six bytes for each of the worst.
    @Test(arguments: ["", "4242 4242", "Zoë Ångström", #"a&b<c>d"e'f"#, #"""""""#, "名前 & <x>", String(repeating: "'", count: 40)])
    func aValueIsWrittenEscaped(value: String) {
        let text = written({ $0.add(escaping: value); $0.add(byteCount: 1) }) { $0.append(escaping: value); $0.append(UInt8(ascii: "|")) }
        #expect(text == HTMLEscaping.escape(value) + "|")
    }

    /// The five characters as templates escape them, spelled out rather than asked of
    /// `HTMLEscaping.escape`, which the writer calls for them.
    @Test func theFiveEscapableCharactersAreWrittenAsTheirEntities() {
        let value = #"a&b<c>d"e'f"#
        let text = written({ $0.add(escaping: value) }) { $0.append(escaping: value) }
        #expect(text == #"a&amp;b&lt;c&gt;d&quot;e&#39;f"#)
    }

    @Test func aBlocksBytesAreCopiedAsTheyAre() {
        let html = Array("<p>né</p><i>x</i>".utf8)
        let text = written({ $0.add(byteCount: html.count) }) { $0.append(html[...]) }
        #expect(text == "<p>né</p><i>x</i>")
    }
}

/// `FragmentDiff`'s room (`AnswerBytes.Room`) against what it then writes, on the answers that
/// need the most per byte: a room undercount would trap and take the whole server with it.
extension FragmentBytesTests {
    static let most = "-9223372036854775808"

    /// A block whose start tag alone changed goes as that tag, with an echo of quotes (six bytes
    /// each), the caret and seq at `Int.min` and the revision at `Int.max`, under a key of quotes.
    @Test func aTagOnlyBlockWithTheLongestEchoFitsItsRoom() {
        func tree(_ kind: String) -> BlockTree { BlockTree(html: #"<div data-cf-block='""' class="\#(kind)"><input></div>"#) }
        var page = PageState(id: "p", revision: Int.max - 2)
        _ = FragmentDiff.respond(to: tree("a"), page: &page, echo: nil, resync: true)
        let echo = FieldEcho(field: #""""#, value: String(repeating: "\"", count: 30), caret: Int.min, seq: Int.min)
        let body = FragmentDiff.respond(to: tree("b"), page: &page, echo: echo, resync: false)
        let value = String(repeating: "&quot;", count: 30)
        #expect(body == #"<template data-cf-block="&quot;&quot;" data-cf-rev="\#(Int.max)" data-cf-value="\#(value)""#
            + #" data-cf-caret="\#(Self.most)" data-cf-seq="\#(Self.most)" data-cf-tag><div data-cf-block='""' class="b"></div></template>"#
            + "\n")
    }

    /// A section carrying the echo of a field in it names the field too. Its room is counted
    /// within three bytes (the revision's sign, the field's `'`s at six bytes each, not five), so
    /// any piece counted short by more traps here.
    @Test func aSectionCarryingAnEchoWithItsFieldFitsItsRoom() {
        let html = #"<section data-cf-block='""'><div data-cf-block="''"><input></div></section>"#
        var page = PageState(id: "p", revision: Int.max - 1)
        let echo = FieldEcho(field: "''", value: String(repeating: "\"", count: 30), caret: Int.min, seq: Int.min)
        let body = FragmentDiff.respond(to: BlockTree(html: html), page: &page, echo: echo, resync: true)
        let value = String(repeating: "&quot;", count: 30)
        #expect(body == #"<template data-cf-block="&quot;&quot;" data-cf-rev="\#(Int.max)" data-cf-field="&#39;&#39;" data-cf-value="\#(value)""#
            + #" data-cf-caret="\#(Self.most)" data-cf-seq="\#(Self.most)">\#(html)</template>"# + "\n")
    }
}
