import Foundation
import Testing
@testable import CardFormApp
@testable import CardFormSupport

struct LoggerTests {
    @Test("the log's own calendar arithmetic agrees with gmtime_r, leap years and dates before 1970 included")
    func civilDatesMatchTheCLibrary() {
        for days in stride(from: -800_000, through: 800_000, by: 331) {
            var seconds = days * 86_400
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let date = Logger.civilDate(daysSinceEpoch: days)
            #expect(date.year == Int(parts.tm_year) + 1900 && date.month == Int(parts.tm_mon) + 1 && date.day == Int(parts.tm_mday),
                    "day \(days)")
        }
        #expect(Logger.civilDate(daysSinceEpoch: 0) == (1970, 1, 1))
        #expect(Logger.civilDate(daysSinceEpoch: 11_016) == (2000, 2, 29))
    }
}
