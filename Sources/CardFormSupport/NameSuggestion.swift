/// "Did you mean …?" for a mistyped name: a template, slot or locale key, a configuration key.
public enum NameSuggestion {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a typo.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        // Long names tolerate more slips; a short one with several is a different name.
        let limit = max(1, min(3, target.count / 4))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.unicodeScalars), limit: limit)
            if distance <= limit, distance < best?.distance ?? .max || (distance == best?.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `" (did you mean 'x'?)"`, or nothing.
    public static func hint(for name: String, among candidates: some Sequence<String>, prefix: String = "") -> String {
        closest(to: name, among: candidates).map { " (did you mean '\(prefix)\($0)'?)" } ?? ""
    }

    /// Edit distance counting a swap of two neighbours as one edit (optimal string alignment), the
    /// commonest typo; stops early once every alignment exceeds `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var before = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
