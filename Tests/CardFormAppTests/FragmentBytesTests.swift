import Mustache
import Testing
@testable import CardFormApp

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

    @Test func aBlocksBytesAreCopiedAsTheyAre() {
        let html = Array("<p>né</p><i>x</i>".utf8)
        let text = written({ $0.add(byteCount: html.count) }) { $0.append(html[...]) }
        #expect(text == "<p>né</p><i>x</i>")
    }
}
