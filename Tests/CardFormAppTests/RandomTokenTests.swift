import Testing
@testable import CardFormApp
@testable import CardFormSupport

struct RandomTokenTests {
    @Test("tokens are 26 characters of the base32 alphabet, and only such text is well formed")
    func shapeIsCheckedExactly() {
        for _ in 0..<100 {
            let token = RandomToken.make128()
            #expect(token.utf8.count == 26)
            #expect(RandomToken.isWellFormed(token[...]))
        }
        let good = "abcdefghijklmnopqrstuvwxyz"
        #expect(RandomToken.isWellFormed(good[...]))
        #expect(RandomToken.isWellFormed("234567234567234567234567ab"[...]))
        for bad in ["abcdefghijklmnopqrstuvwxy", good + "a", "abcdefghijklmnopqrstuvwxy1", "abcdefghijklmnopqrstuvwxy8",
                    "Abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxy-", "abcdefghijklmnopqrstuvwxyé"] {
            #expect(!RandomToken.isWellFormed(bad[...]), "\(bad)")
        }
    }

    @Test("a token inside longer text is judged on its own bytes, and tokens compare equal only byte for byte")
    func substringsAndComparisonsReadOnlyTheirOwnBytes() {
        let token = RandomToken.make128()
        let around = "/s/" + token + "/input"
        let inside = around.dropFirst(3).prefix(26)
        #expect(RandomToken.isWellFormed(inside))
        #expect(!RandomToken.isWellFormed(around.dropFirst(2).prefix(26)))
        #expect(!RandomToken.isWellFormed(around.dropFirst(3).prefix(27)))
        #expect(!RandomToken.isWellFormed(around.dropFirst(4).prefix(26)), "26 bytes ending in the / after the token")
        #expect(RandomToken.constantTimeEquals(String(inside), token))
        #expect(!RandomToken.constantTimeEquals(token, String(token.dropLast()) + (token.hasSuffix("a") ? "b" : "a")))
        #expect(!RandomToken.constantTimeEquals(token, token + "a"))
        #expect(RandomToken.constantTimeEquals("", ""))
    }

    @Test("every byte at every place of an id is judged as the alphabet says, on text and on bytes")
    func everyByteAtEveryPlace() {
        let alphabet = Set("abcdefghijklmnopqrstuvwxyz234567".utf8)
        let good = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        for place in good.indices {
            for byte in UInt8.min...UInt8.max {
                var id = good
                id[place] = byte
                let verdict = id.withUnsafeBufferPointer { RandomToken.isWellFormed($0) }
                #expect(verdict == alphabet.contains(byte), "byte \(byte) at \(place)")
                if byte < 0x80 {
                    let text = String(decoding: id, as: UTF8.self)
                    #expect(RandomToken.isWellFormed(text[...]) == verdict, "byte \(byte) at \(place)")
                }
            }
        }
        for length in [0, 25, 27] {
            #expect(!Array(repeating: UInt8(ascii: "a"), count: length).withUnsafeBufferPointer { RandomToken.isWellFormed($0) })
        }
    }
}
