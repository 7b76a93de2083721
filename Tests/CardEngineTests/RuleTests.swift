import CardEngine
import Testing

@Suite struct CardNumberRuleTests {
    /// (number, allowed networks or nil for the default, code or nil, potentially valid)
    static let cases: [(String, [CardNetwork]?, String?, Bool)] = [
        ("4242 4242 4242 4242", nil, nil, true),
        ("4242 4242 4242 4241", nil, "invalid-card-number", true),  // a typo at an issued length, though Visa issues 19 digits
        ("4242 4242 4242 42", nil, "incomplete-card-number", true),
        ("4242 4242 4242 4241 1", nil, "incomplete-card-number", true),  // 17 digits: Visa issues 18
        ("3782 822463 1000", nil, "incomplete-card-number", true),
        ("5555 5555 5555 4446", nil, "invalid-card-number", false),  // Mastercard stops at 16
        ("4242", nil, "incomplete-card-number", true),
        ("", nil, "required", true),
        ("4242 4242 4242 4242", [.mastercard], "unsupported-card-type", false),
        ("4", [.mastercard], "unsupported-card-type", false),  // at once, from the first digit
        ("5", [.visa], "unsupported-card-type", false),
        ("4", [.elo], "incomplete-card-number", true),  // "4" may still become Elo (401178…)
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
        (YearMonth(year: 2026, month: 6), "12/2", "incomplete-expiry-date", true),  // 20–29 still possible
        (YearMonth(year: 2026, month: 6), "12/1", "card-expired", false),  // 10–19 all past
        (YearMonth(year: 2026, month: 6), "12/5", "invalid-expiry-date", false),  // 50–59 too far
        (YearMonth(year: 2026, month: 6), "1", "incomplete-expiry-date", true),
        (YearMonth(year: 2026, month: 6), "12/", "incomplete-expiry-date", true),
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
        (CardNetwork.visa, "123", nil as String?, true), (.visa, "12", "incomplete-cvv", true), (.visa, "1234", "invalid-cvv", false),
        (.amex, "1234", nil, true), (.amex, "123", "incomplete-cvv", true), (.other, "123", nil, true), (.other, "1234", nil, true),
        (.bancontact, "", nil, true), (.visa, "", "required", true), (.visa, "12a", "invalid-cvv", false),
    ])
    func theCVVHasExactlyTheNetworksLength(_ network: CardNetwork, _ value: String, _ code: String?, _ potentially: Bool) {
        let check = CVVRule.check(value, code: network.rules.securityCode)
        #expect(check.issue?.code == code)
        #expect(check.isPotentiallyValid == potentially)
        if let issue = check.issue, code != "required" { #expect(issue.parameters["name"] == network.rules.securityCode.name) }
        if code == "incomplete-cvv" { #expect(check.issue?.aliases == ["invalid-cvv"]) }
    }

    /// (name, rules, PXP id or nil, potentially valid)
    static let names: [(String, CardholderNameRules, String?, Bool)] = [
        // The default rules accept real names, any script, combining marks, periods, two letters.
        ("Dr. Jane Doe", .default, nil, true), ("John Q. Public", .default, nil, true), ("Wu", .default, nil, true),
        ("O'Brien", .default, nil, true), ("O’Brien", .default, nil, true), ("José Ñúñez", .default, nil, true),
        ("Jose\u{301} N\u{303}un\u{303}ez", .default, nil, true), ("王小明", .default, nil, true),
        ("Zoë D’Arcy", .default, nil, true), ("José-María O'Neil", .default, nil, true), ("山田太郎", .default, nil, true),
        ("Иван Петров", .default, nil, true), ("محمد علي", .default, nil, true), ("राम कुमार", .default, nil, true),
        ("Mehdi\u{200C}zadeh", .default, nil, true), ("J.R. Smith", .default, nil, true), ("Ng", .default, nil, true),
        ("", .default, "HN01", true), ("   ", .default, "HN01", true),
        ("J", .default, "HN02", true), ("J.", .default, "HN02", true), ("王", .default, "HN02", true), ("J-'", .default, "HN02", true),
        ("Jo3", .default, "HN03", false), ("Ann 😀", .default, "HN03", false), ("Ann_Lee", .default, "HN03", false),
        ("a@b", .default, "HN03", false), ("Ann, Lee", .default, "HN03", false),
        (String(repeating: "a", count: 100), .default, nil, true), (String(repeating: "a", count: 101), .default, "HN04", false),
        // PXP's set: three characters, no periods.
        ("Amy", .pxp, nil, true), ("Wu", .pxp, "HN02", true), ("Jo", .pxp, "HN02", true), ("Zoë D’Arcy", .pxp, nil, true),
        ("王小明", .pxp, nil, true), ("J.R. Smith", .pxp, "HN03", false), ("Dr. Jane Doe", .pxp, "HN03", false),
        ("Jo3", .pxp, "HN03", false), ("", .pxp, "HN01", true),
        (String(repeating: "a", count: 100), .pxp, nil, true), (String(repeating: "a", count: 101), .pxp, "HN04", false),
    ]

    static let codes = [
        "HN01": "cardholder-name-required", "HN02": "cardholder-name-too-short",
        "HN03": "cardholder-name-invalid-characters", "HN04": "cardholder-name-too-long",
    ]

    @Test(arguments: names.indices)
    func theCardholderNameRules(_ index: Int) {
        let (name, rules, pxpCode, potentially) = Self.names[index]
        let check = CardholderNameRule.check(name, rules: rules)
        #expect(check.issue?.alias == pxpCode)
        #expect(check.isPotentiallyValid == potentially)
        #expect(check.issue?.code == pxpCode.flatMap { Self.codes[$0] })
        if let pxpCode, pxpCode != "HN01" { #expect(check.issue?.aliases == [pxpCode, "invalid-cardholder-name"]) }
    }

    @Test(arguments: [
        (CardholderNameRules.default, "J", "Enter at least 2 letters"), (.pxp, "J", "Enter at least 3 characters"),
        (.default, "J3", "Use only letters, spaces, hyphens, apostrophes and periods"),
        (.pxp, "J.R.", "Use only letters, spaces, hyphens and apostrophes"),
        (.default, String(repeating: "a", count: 101), "Enter at most 100 characters"),
        (.pxp, String(repeating: "a", count: 101), "Enter at most 100 characters"),
        (.default, "", "Enter the name on the card"), (.pxp, "", "Enter the name on the card"),
    ])
    func eachRuleSetSaysItsOwnRule(_ rules: CardholderNameRules, _ name: String, _ message: String) throws {
        let issue = try #require(CardholderNameRule.check(name, rules: rules).issue)
        #expect(Fixtures.catalog("en").message(for: .cardholderName, issue: issue) == message)
    }

    @Test func anOptionalEmptyNameIsValid() {
        #expect(CardholderNameRule.check("", required: false).isValid)
    }
}
