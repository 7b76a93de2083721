import Foundation

/// A calendar month: what "today" means for expiry dates.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    /// 1…12.
    public var month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The month `date` falls in, in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1)
    }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    public var description: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }
}

/// Where the engine reads the time: injected, so tests never depend on the real date.
public struct EngineClock: Sendable {
    /// The current instant.
    public var now: @Sendable () -> Date
    /// The zone "this month" is computed in.
    ///
    /// The default is UTC−12, the last zone to leave a month: a card is not refused as expired
    /// while its expiry month is still running anywhere on Earth.
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = EngineClock.lenientTimeZone, now: @escaping @Sendable () -> Date) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The real clock.
    public static let system = EngineClock { Date() }

    /// A clock stopped at `date`.
    public static func fixed(_ date: Date, timeZone: TimeZone = EngineClock.lenientTimeZone) -> EngineClock {
        EngineClock(timeZone: timeZone) { date }
    }

    /// A clock stopped on the 15th of a month at noon UTC.
    public static func fixed(year: Int, month: Int, day: Int = 15) -> EngineClock {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return fixed(date)
    }

    public static let lenientTimeZone = TimeZone(secondsFromGMT: -12 * 3600)!

    /// The current month in `timeZone`.
    public var currentMonth: YearMonth { YearMonth(now(), in: timeZone) }
}
