import Testing
@testable import CardFormApp

/// The byte writers the fragments are written with give what the `String` forms they stand for give.
@Suite struct FragmentBytesTests {
    @Test(arguments: [0, 1, 9, 10, 11, 99, 100, 101, 12_345, -1, -10, -987, Int.max, Int.min, Int.max - 1, Int.min + 1])
    func aNumberIsWrittenAsItsDecimalString(number: Int) {
        var bytes: [UInt8] = Array("x".utf8)
        bytes.append(decimal: number)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(number))
    }

    @Test func everyNumberUpToTenThousandToo() {
        for number in -10_000...10_000 {
            var bytes: [UInt8] = []
            bytes.append(decimal: number)
            guard String(decoding: bytes, as: UTF8.self) == String(number) else {
                Issue.record("\(number)")
                return
            }
        }
    }

    @Test func aLiteralIsWrittenAsItsBytes() {
        var bytes: [UInt8] = []
        bytes.append(#"<template data-cf-block=""#)
        bytes.append("</template>\n")
        #expect(bytes == Array(#"<template data-cf-block="</template>"#.utf8) + [10])
    }
}
