import Testing
@testable import CardFormApp

/// `Metrics.nanoseconds` divides a duration's attoseconds once: whole nanoseconds towards zero,
/// either sign, and clamped rather than wrapped past `Int`'s range.
@Suite struct MetricsNanosecondsTests {
    @Test(arguments: [
        (Duration.zero, 0),
        (.nanoseconds(1), 1),
        (.nanoseconds(-1), -1),
        (.microseconds(50), 50_000),
        (.milliseconds(1500), 1_500_000_000),
        (.milliseconds(-1500), -1_500_000_000),
        (Duration(attoseconds: 999), 0),
        (Duration(attoseconds: -999), 0),
        (Duration(attoseconds: 1_999_999_999), 1),
        (Duration(attoseconds: -1_999_999_999), -1),
        (.seconds(9_223_372_036), 9_223_372_036_000_000_000),
        (.seconds(Int64.max), Int.max),
        (.seconds(Int64.min), Int.min),
    ])
    func wholeNanosecondsTowardsZero(duration: Duration, expected: Int) {
        #expect(Metrics.nanoseconds(duration) == expected)
    }

    /// The one division agrees with the seconds-and-attoseconds reading it replaced.
    @Test(arguments: [0, 1, 7, 999_999_999, 1_000_000_000, 86_400_123_456_789, -3, -1_000_000_001])
    func agreesWithComponents(nanoseconds: Int64) {
        let duration = Duration.nanoseconds(nanoseconds) + Duration(attoseconds: nanoseconds < 0 ? -17 : 17)
        let (seconds, attoseconds) = duration.components
        #expect(Metrics.nanoseconds(duration) == Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
