import Foundation

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

    /// UTC−12: see `timeZone`.
    public static let lenientTimeZone = TimeZone(secondsFromGMT: -12 * 3600)!

    /// The current month in `timeZone`.
    public var currentMonth: YearMonth { YearMonth(now(), in: timeZone) }
}
