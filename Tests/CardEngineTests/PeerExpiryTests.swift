import CardEngine
import Foundation
import Testing

/// braintree/card-validator's expiry tables (peer-vectors/expiration.json and its resolved
/// examples), run against `ExpiryRule` in its free-text mode (`acceptsFourDigitYears`), with "today"
/// injected.
///
/// Deviations: only `expirationDate` and `parseDate` run — `expirationMonth`/`expirationYear` are
/// card-validator's internal helpers, which our rule does not expose. Non-string inputs cannot reach
/// a rule that takes text. The years-ahead limit is a parameter: vectors run with card-validator's
/// default of 19 (or the vector's own `maxElapsedYear`); our form uses 20, as the issue asks
/// (`SessionExpiryTests`).
@Suite struct PeerExpiryTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var object: JSONObject
        var today: YearMonth
        var testDescription: String { "\(today) \(object["input"]?.serialized ?? "") \(object["group"]?.stringValue ?? "")" }
    }

    static let file: JSONObject? = {
        guard let data = SharedData.data("peer-vectors/expiration.json") else { return nil }
        return (try? JSONValue.parse(Array(data)))?.objectValue
    }()

    static let resolved: JSONObject? = {
        guard let data = SharedData.data("peer-vectors/expiration-resolved-examples.json") else { return nil }
        return (try? JSONValue.parse(Array(data)))?.objectValue
    }()

    /// Resolves `{token}` templates for `today`, as the vector file's `tokens` describe them.
    static func resolve(_ template: String, today: YearMonth) -> String {
        var output = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            output += rest[..<open]
            output += String(tokenValue(String(rest[rest.index(after: open)..<close]), today: today))
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    static func tokenValue(_ token: String, today: YearMonth) -> Int {
        var name = token
        var offset = 0
        if let sign = token.firstIndex(where: { $0 == "+" || $0 == "-" }) {
            name = String(token[..<sign])
            offset = Int(token[sign...].replacingOccurrences(of: "+", with: ""))!
        }
        let base: Int
        switch name {
        case "currentYear": base = today.year
        case "twoDigitYear": base = today.year % 100
        case "firstTwoDigitsOfCurrentYear": base = today.year / 100
        case "currentMonth": base = today.month
        case "previousMonth": base = max(today.month - 1, 1)
        case "nextMonth": base = min(today.month + 1, 12)
        default: Issue.record("unknown token \(token)"); base = 0
        }
        return base + offset
    }

    static func text(_ value: JSONValue?, today: YearMonth) -> String? {
        switch value {
        case .string(let text): text
        case .object(let object): object["template"]?.stringValue.map { resolve($0, today: today) }
        default: nil
        }
    }

    /// Months of several years, inside the 2020–2080 window where every relative vector holds.
    static let todays = [
        YearMonth(year: 2026, month: 1), YearMonth(year: 2026, month: 6), YearMonth(year: 2026, month: 12),
        YearMonth(year: 2031, month: 2), YearMonth(year: 2049, month: 11), YearMonth(year: 2079, month: 12),
    ]

    static var dateVectors: [Vector] {
        let rows = file?["vectors"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return todays.flatMap { today in
            rows.filter { row in
                row["function"] == "expirationDate" && text(row["input"], today: today) != nil
                    && !(row["condition"] == "currentMonth !== 1" && today.month == 1)
            }.map { Vector(object: $0, today: today) }
        }
    }

    @Test func theRelativeVectorsAreReadForEveryToday() {
        #expect(Self.dateVectors.count > 6 * 100)
    }

    @Test(arguments: dateVectors)
    func expiryVerdictMatchesCardValidator(_ vector: Vector) throws {
        let input = try #require(Self.text(vector.object["input"], today: vector.today))
        let rule = ExpiryRule(maxYearsAhead: vector.object["maxElapsedYear"]?.intValue ?? 19, acceptsFourDigitYears: true)
        let check = rule.check(input, today: vector.today)
        #expect(check.isValid == vector.object["isValid"]?.boolValue)
        #expect(check.isPotentiallyValid == vector.object["isPotentiallyValid"]?.boolValue)
    }

    @Test func ourTemplateResolverAgreesWithTheResolvedExamples() throws {
        let resolved = try #require(Self.resolved)
        let file = try #require(Self.file?["vectors"]?.arrayValue).compactMap(\.objectValue)
        let bySource = Dictionary(file.map { ($0["source"]?.stringValue ?? "", $0) }) { first, _ in first }
        var compared = 0
        for (date, rows) in resolved.members {
            let parts = date.split(separator: "-").compactMap { Int($0) }
            let today = YearMonth(year: parts[0], month: parts[1])
            for example in try #require(rows.arrayValue).compactMap(\.objectValue) {
                guard let expected = example["input"]?.stringValue, let source = example["source"]?.stringValue,
                    let vector = bySource[source], vector["today"] == "relative"
                else { continue }
                #expect(Self.text(vector["input"], today: today) == expected, "\(source)")
                compared += 1
            }
        }
        #expect(compared > 300)
    }

    static var parseVectors: [Vector] {
        let rows = resolved?["2026-06-15"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return rows.filter { $0["function"] == "parseDate" }.map { row in
            let date = row["today_resolved"]?.stringValue ?? "2026-06-15"
            let parts = date.split(separator: "-").compactMap { Int($0) }
            return Vector(object: row, today: YearMonth(year: parts[0], month: parts[1]))
        }
    }

    @Test(arguments: parseVectors)
    func splittingIntoMonthAndYearMatchesCardValidatorsParseDate(_ vector: Vector) throws {
        let input = try #require(vector.object["input"]?.stringValue)
        let parts = try #require(ExpiryRule(maxYearsAhead: 19, acceptsFourDigitYears: true).split(input, today: vector.today))
        #expect(parts.month == vector.object["month"]?.stringValue)
        #expect(parts.year == vector.object["year"]?.stringValue)
    }
}
