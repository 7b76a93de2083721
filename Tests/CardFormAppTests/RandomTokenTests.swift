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
}
