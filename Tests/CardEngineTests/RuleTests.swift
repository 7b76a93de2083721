import CardEngine
import Testing

@Suite struct CardNumberRuleTests {
    /// (number, allowed networks or nil for the default, code or nil, potentially valid)
    static let cases: [(String, [CardNetwork]?, String?, Bool)] = [
        ("4242 4242 4242 4242", nil, nil, true),
        ("4242 4242 4242 4241", nil, "invalid-card-number", true),  // Visa issues 19 digits
        ("5555 5555 5555 4446", nil, "invalid-card-number", false),  // Mastercard stops at 16
        ("4242", nil, "invalid-card-number", true),
        ("", nil, "required", true),
        ("4242 4242 4242 4242", [.mastercard], "unsupported-card-type", false),
        ("4", [.mastercard], "unsupported-card-type", false),  // at once, from the first digit
        ("5", [.visa], "unsupported-card-type", false),
        ("4", [.elo], "invalid-card-number", true),  // "4" may still become Elo (401178…)
        ("7777 7777", nil, "invalid-card-number", false),  // no network: OTHER is not accepted by default
        ("7777 7777 7777 7777", [.visa, .other], "invalid-card-number", true),
        ("3782 822463 10005", nil, nil, true),
        ("6212 3450 0000 0001", nil, nil, true),  // UnionPay: no Luhn check
        ("4242-4242-4242-4242", nil, nil, true),
        ("4242 4242 4242 424x", nil, "invalid-card-number", false),
        ("4242 4242 4242 4242 4242", nil, "invalid-card-number", false),
    ]

    @Test(arguments: cases.indices)
    func theCardNumberRule(_ index: Int) {
        let (number, allowed, code, potentially) = Self.cases[index]
        let rule = CardNumberRule(allowedNetworks: allowed ?? CardNetwork.defaultAllowed)
        let check = rule.check(number)
        #expect(check.issue?.code == code, "\(number)")
        #expect(check.isPotentiallyValid == potentially, "\(number)")
    }

    @Test func aCoBadgedCardIsSupportedWhenTheMerchantAcceptsEitherNetwork() throws {
        let record = try #require(BINTable.default.record(forNumber: "40000025"))
        #expect(CardNumberRule(allowedNetworks: [.cartesBancaires]).check("4000002500001001", binRecord: record).isValid)
        #expect(CardNumberRule(allowedNetworks: [.visa]).check("4000002500001001", binRecord: record).isValid)
        #expect(CardNumberRule(allowedNetworks: [.amex]).check("4000002500001001", binRecord: record).issue?.code == "unsupported-card-type")
    }
}

@Suite struct ExpiryRuleTests {
    /// Around month and year boundaries, with the clock injected.
    static let cases: [(today: YearMonth, value: String, code: String?, potentially: Bool)] = [
        (YearMonth(year: 2026, month: 6), "06/26", nil, true),  // the current month is still valid
        (YearMonth(year: 2026, month: 6), "05/26", "card-expired", false),
        (YearMonth(year: 2026, month: 7), "06/26", "card-expired", false),  // a month later
        (YearMonth(year: 2026, month: 12), "12/26", nil, true),  // last month of the year
        (YearMonth(year: 2027, month: 1), "12/26", "card-expired", false),  // across the year boundary
        (YearMonth(year: 2027, month: 1), "01/27", nil, true),
        (YearMonth(year: 2026, month: 6), "12/46", nil, true),  // 20 years ahead
        (YearMonth(year: 2026, month: 6), "01/47", "invalid-expiry-date", false),  // 21 years ahead
        (YearMonth(year: 2026, month: 6), "13/", "invalid-expiry-date", false),  // month 13 at once
        (YearMonth(year: 2026, month: 6), "00/30", "invalid-expiry-date", false),
        (YearMonth(year: 2026, month: 6), "12/2", "invalid-expiry-date", true),  // 20–29 still possible
        (YearMonth(year: 2026, month: 6), "12/1", "card-expired", false),  // 10–19 all past
        (YearMonth(year: 2026, month: 6), "12/5", "invalid-expiry-date", false),  // 50–59 too far
        (YearMonth(year: 2026, month: 6), "1", "invalid-expiry-date", true),
        (YearMonth(year: 2026, month: 6), "12/", "invalid-expiry-date", true),
        (YearMonth(year: 2026, month: 6), "", "required", true),
        (YearMonth(year: 2026, month: 6), "ab/cd", "invalid-expiry-date", false),
    ]

    @Test(arguments: cases.indices)
    func theExpiryRuleWithAnInjectedToday(_ index: Int) {
        let c = Self.cases[index]
        let check = ExpiryRule().check(c.value, today: c.today)
        #expect(check.issue?.code == c.code, "\(c.value) on \(c.today)")
        #expect(check.isPotentiallyValid == c.potentially, "\(c.value) on \(c.today)")
    }

    @Test func todayIsTakenInTheLastTimeZoneToLeaveTheMonth() {
        // 1 July 2026, 06:00 UTC: still June in UTC−12, so a June card is not yet expired.
        let clock = EngineClock.fixed(year: 2026, month: 7, day: 1)
        #expect(EngineClock(timeZone: .gmt, now: { clock.now().addingTimeInterval(-6 * 3600) }).currentMonth == YearMonth(year: 2026, month: 7))
        let early = EngineClock { clock.now().addingTimeInterval(-6 * 3600) }
        #expect(early.currentMonth == YearMonth(year: 2026, month: 6))
    }

    @Test(arguments: [(1970, 1), (1999, 12), (2000, 2), (2024, 2), (2026, 6), (2099, 12)])
    func theCurrentMonthIsComputedCorrectly(_ year: Int, _ month: Int) {
        #expect(EngineClock.fixed(year: year, month: month, day: 1).currentMonth == YearMonth(year: year, month: month))
        #expect(EngineClock.fixed(year: year, month: month, day: 28).currentMonth == YearMonth(year: year, month: month))
    }
}

@Suite struct SecurityCodeAndNameRuleTests {
    @Test(arguments: [
        (CardNetwork.visa, "123", nil as String?, true), (.visa, "12", "invalid-cvv", true), (.visa, "1234", "invalid-cvv", false),
        (.amex, "1234", nil, true), (.amex, "123", "invalid-cvv", true), (.other, "123", nil, true), (.other, "1234", nil, true),
        (.bancontact, "", nil, true), (.visa, "", "required", true), (.visa, "12a", "invalid-cvv", false),
    ])
    func theCVVHasExactlyTheNetworksLength(_ network: CardNetwork, _ value: String, _ code: String?, _ potentially: Bool) {
        let check = CVVRule.check(value, code: network.rules.securityCode)
        #expect(check.issue?.code == code)
        #expect(check.isPotentiallyValid == potentially)
        if let issue = check.issue, code == "invalid-cvv" { #expect(issue.parameters["name"] == network.rules.securityCode.name) }
    }

    @Test(arguments: [
        ("", "HN01", true), ("   ", "HN01", true), ("Jo", "HN02", true), ("Jo3", "HN03", false), ("J.R. Smith", "HN03", false),
        (String(repeating: "a", count: 101), "HN04", false), ("Zoë D’Arcy", nil, true), ("José-María O'Neil", nil, true),
        ("山田太郎", nil, true), ("Иван Петров", nil, true), ("محمد علي", nil, true), ("Amy", nil, true),
        (String(repeating: "a", count: 100), nil, true), ("Ann 😀", "HN03", false),
    ])
    func theCardholderNameFollowsPXPsRules(_ name: String, _ alias: String?, _ potentially: Bool) {
        let check = CardholderNameRule.check(name)
        #expect(check.issue?.alias == alias)
        #expect(check.isPotentiallyValid == potentially)
        if let alias { #expect(check.issue?.code == (alias == "HN01" ? "required" : "invalid-cardholder-name")) }
    }

    @Test func anOptionalEmptyNameIsValid() {
        #expect(CardholderNameRule.check("", required: false).isValid)
    }
}
