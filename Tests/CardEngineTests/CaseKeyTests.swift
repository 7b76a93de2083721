@testable import CardEngine
import Testing

/// `FieldType` and `CardNetwork` hash their fixed place instead of their raw-value name: as
/// dictionary keys, each case must still find its own entry and no other.
@Suite struct CaseKeyTests {
    private func expectEachCaseKeysItsOwnEntry<Key: CaseIterable & Hashable & RawRepresentable<String>>(_: Key.Type) {
        var byKey: [Key: String] = [:]
        for key in Key.allCases { byKey[key] = key.rawValue }
        #expect(byKey.count == Key.allCases.count)
        for key in Key.allCases { #expect(byKey[key] == key.rawValue) }
        #expect(Set(Key.allCases.map(\.hashValue)).count == Key.allCases.count)
    }

    @Test("fields key a dictionary by their place: each field finds its own entry and no other")
    func fieldsAsKeys() {
        expectEachCaseKeysItsOwnEntry(FieldType.self)
    }

    @Test("networks key a dictionary by their place: each network finds its own entry and no other")
    func networksAsKeys() {
        expectEachCaseKeysItsOwnEntry(CardNetwork.self)
        #expect(CardNetwork.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
    }
}
