import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsSecretBoxTests {
    static let hexKey = "000102030405060708090a0b0c0d0e0f101112131415161718191A1B1C1D1E1F"
    static let card = Array(#"{"cardNumber":"4111111111111111","cvv":"123"}"#.utf8)
    static let session = Array("cs_01HZX".utf8)

    @Test func whatIsSealedOpensWithTheSameKeyAndAssociatedData() throws {
        let box = try SecretBox(hexKey: Self.hexKey)
        let sealed = box.seal(Self.card, associatedData: Self.session)
        #expect(sealed.count == Self.card.count + SecretBox.overhead)
        #expect(try box.open(sealed, associatedData: Self.session) == Self.card)
        #expect(try box.open(box.seal([], associatedData: []), associatedData: []) == [])
    }

    @Test func aMessageSealedOntoBytesLeavesThemAndOpensAlone() throws {
        let box = try SecretBox(hexKey: Self.hexKey)
        var output = Array("$1,081\r\n".utf8)
        let before = output
        box.seal(Self.card, associatedData: "cs_01HZX", appendingTo: &output)
        #expect(output.count == before.count + Self.card.count + SecretBox.overhead)
        #expect(Array(output.prefix(before.count)) == before)
        let sealed = Array(output.dropFirst(before.count))
        #expect(try box.open(sealed, associatedData: Self.session) == Self.card)
        #expect(throws: SecretBoxError.self) { try box.open(sealed, associatedData: Array("cs_01HZY".utf8)) }
        var empty: [UInt8] = []
        box.seal([], associatedData: "", appendingTo: &empty)
        #expect(try box.open(empty, associatedData: []) == [])
    }

    @Test func theSealedBytesHoldNoPlaintextAndNeverRepeat() throws {
        let box = try SecretBox(hexKey: Self.hexKey)
        let first = box.seal(Self.card, associatedData: Self.session)
        let second = box.seal(Self.card, associatedData: Self.session)
        #expect(first != second)
        #expect(first[1...24] != second[1...24])
        for digits in ["4111111111111111", "4111", "\"123\""] {
            #expect(!String(decoding: first, as: UTF8.self).contains(digits))
        }
    }

    @Test func anyAlteredByteIsRefused() throws {
        let box = try SecretBox(hexKey: Self.hexKey)
        let sealed = box.seal(Self.card, associatedData: Self.session)
        for index in sealed.indices {
            var altered = sealed
            altered[index] ^= 0x01
            let error = #expect(throws: SecretBoxError.self) { try box.open(altered, associatedData: Self.session) }
            #expect(error?.code == (index == 0 ? .unknownFormat : .forged))
        }
        #expect(throws: SecretBoxError.self) { try box.open(Array(sealed.dropLast()), associatedData: Self.session) }
        #expect(throws: SecretBoxError.self) { try box.open(Array(sealed.prefix(SecretBox.overhead - 1)), associatedData: Self.session) }
    }

    @Test func anotherOwnerOrAnotherKeyCannotOpenIt() throws {
        let box = try SecretBox(hexKey: Self.hexKey)
        let sealed = box.seal(Self.card, associatedData: Self.session)
        let otherSession = #expect(throws: SecretBoxError.self) { try box.open(sealed, associatedData: Array("cs_01HZY".utf8)) }
        #expect(otherSession?.code == .forged)
        let otherKey = try SecretBox(key: [UInt8](repeating: 7, count: 32))
        #expect(throws: SecretBoxError(.forged, "the message was altered, or sealed under another key or for another owner")) {
            try otherKey.open(sealed, associatedData: Self.session)
        }
    }

    @Test(arguments: [
        String(hexKey.dropLast()), hexKey + "0", String(hexKey.dropLast()) + "g", "", String(repeating: "é", count: 32),
    ])
    func aKeyThatIsNot64HexCharactersIsRefusedWithoutEchoingIt(text: String) {
        let error = #expect(throws: SecretBoxError.self) { try SecretBox(hexKey: text) }
        #expect(error == SecretBoxError(.invalidKey, "the key must be 64 hex characters (0-9, a-f)"))
    }

    @Test func aKeyOfTheWrongByteCountIsRefused() {
        #expect(throws: SecretBoxError(.invalidKey, "the key must be 32 bytes, not 16")) { try SecretBox(key: [UInt8](repeating: 1, count: 16)) }
    }
}
