import Testing
@testable import CardEngine

@Suite struct CardNetworkKeyTests {
    @Test("networks key a dictionary by their place: each network finds its own entry and no other")
    func networksAsKeys() {
        var byNetwork: [CardNetwork: String] = [:]
        for network in CardNetwork.allCases { byNetwork[network] = network.rawValue }
        #expect(byNetwork.count == CardNetwork.allCases.count)
        for network in CardNetwork.allCases { #expect(byNetwork[network] == network.rawValue) }
        #expect(Set(CardNetwork.allCases.map(\.hashValue)).count == CardNetwork.allCases.count)
        #expect(CardNetwork.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
    }
}
