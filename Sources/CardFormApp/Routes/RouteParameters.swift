/// Where the values of a matched pattern's `:name` and `*` segments lie in the request's path, as
/// byte ranges, in the pattern's order. Held inline: a list of `Substring`s was an array allocated
/// and freed, and a retain and release of the path, on every request, for the one `id` a handler
/// reads (if any).
struct RouteParameters: Sendable {
    /// The most a pattern can hold: as many as a split path keeps segments.
    static var capacity: Int { RouteShapes.Split.kept }

    private var ranges = InlineArray<8, Range<Int>>(repeating: 0..<0)
    /// How many values there are.
    private(set) var count = 0

    init() {}

    /// Adds the next value's byte range. The table checked at start that no pattern has more
    /// segments than `capacity` (and the inline array traps past it).
    mutating func append(_ range: Range<Int>) {
        ranges[count] = range
        count += 1
    }

    /// The first value, cut from `path` (the path the ranges were found in); nil with none.
    func first(in path: String) -> Substring? {
        count > 0 ? Self.value(ranges[0], in: path) : nil
    }

    /// Every value, cut from `path`, in order.
    func values(in path: String) -> [Substring] {
        (0..<count).map { Self.value(ranges[$0], in: path) }
    }

    private static func value(_ range: Range<Int>, in path: String) -> Substring {
        let utf8 = path.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }
}
