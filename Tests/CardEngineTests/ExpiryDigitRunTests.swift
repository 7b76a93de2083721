@testable import CardEngine
import Testing

/// `ExpiryRule.check` reads the formatted `MM/YY` shape as numbers in one pass and everything else
/// through `split`'s strings; both readings must judge a date alike.
@Suite struct ExpiryDigitRunTests {
    /// Every run of 0–3 digits drawn from a few telling digits, around one slash.
    static let slashedTexts: [String] = {
        let digits = ["", "0", "1", "2", "5", "9"]
        var runs = digits
        for length in 2...3 {
            runs += runs.filter { $0.count == length - 1 }.flatMap { run in digits.dropFirst().map { run + $0 } + [run + "0"] }
        }
        let unique = Array(Set(runs)).sorted()
        return unique.flatMap { month in unique.map { year in "\(month)/\(year)" } } + ["12/2027", "12/2020", "01/20", "1/200"]
    }()

    @Test("the one-pass reading of MM/YY judges every date as split does (the same text with spaces around)")
    func slashedMatchesSplit() {
        let todays = [YearMonth(year: 2026, month: 6), YearMonth(year: 2020, month: 1), YearMonth(year: 2099, month: 12)]
        let rules = [ExpiryRule(), ExpiryRule(maxYearsAhead: 5), ExpiryRule(maxYearsAhead: 19, acceptsFourDigitYears: true)]
        var compared = 0
        for text in Self.slashedTexts {
            #expect(DigitRun.slashed(text) != nil, "\(text)")
            // A space is not part of the one-pass shape, so the padded text goes through `split`,
            // which trims it away again.
            #expect(DigitRun.slashed(" \(text) ") == nil)
            for today in todays {
                for rule in rules {
                    #expect(rule.check(text, today: today) == rule.check(" \(text) ", today: today), "\(text) on \(today)")
                    compared += 1
                }
            }
        }
        #expect(compared > 1_000)
    }

    @Test("only digits around exactly one slash take the one-pass reading")
    func otherShapesGoThroughSplit() {
        for text in ["", "12", "1227", "12//27", "1/2/3", "12-27", "12 27", "ab/cd", "１２/27", "12/2a"] {
            #expect(DigitRun.slashed(text) == nil, "\(text)")
        }
        let parts = DigitRun.slashed("07/")
        #expect(parts?.month == DigitRun("07") && parts?.year == DigitRun(""))
        #expect(parts?.month.count == 2 && parts?.month.value == 7 && parts?.year.count == 0)
    }

    @Test("a run spells a number, or starts with it, exactly when its digits as text do")
    func spellingMatchesText() {
        let texts = ["0", "00", "2", "02", "20", "020", "200", "202", "2027", "21", "2", "1999"]
        for text in texts {
            for number in [0, 2, 20, 21, 199, -20] {
                let run = DigitRun(text)
                #expect(run.spells(number) == (text == String(number)), "\(text) \(number)")
                #expect(run.startsSpelling(number) == text.hasPrefix(String(number)), "\(text) \(number)")
            }
        }
    }
}
