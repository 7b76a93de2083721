import HTTPServer

/// The table's patterns cut into segments once, at start, so that a request's path is split once
/// and each route is tried by comparing segment counts and its literal segments' bytes: no route
/// walks the path again (a keystroke's route is the 18th of the table, and its id is 26 bytes).
///
/// Segments are what follows a path's first `/`, split at every `/`. A literal segment matches its
/// own bytes only (not a canonically equivalent text: the Kelvin sign is no `K`), `:name` any one
/// segment (even empty), `*` as a pattern's last segment one or more (the rest of the path).
struct RouteShapes: Sendable {
    private enum Kind: UInt8 {
        case literal, parameter, rest
    }

    /// One pattern segment: a literal's bytes lie at `start..<start + count` in `literals`.
    private struct Segment {
        let kind: Kind
        let start: Int32
        let count: Int32
    }

    /// Where a route's segments lie in `segments`, and whether its last one is `*`.
    private struct Shape {
        let first: Int32
        let count: Int32
        let endsInRest: Bool
    }

    /// A path cut at its slashes: its bytes, where its first `Split.kept` segments end, and how
    /// many segments it has. Held inline and returned: a closure handing out a stack buffer would
    /// capture the table, and retain each of its arrays on every request. Ends only, as `Int32`:
    /// a segment starts one past the end of the one before (the first, past the first `/`). With
    /// 8 ranges of two `Int`s the split was 152 bytes to fill, return and read; now 60 (matching a
    /// keystroke's path, callgrind: 1,460 instructions before, 1,220 after).
    struct Split {
        static var kept: Int { 8 }
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate var count = 0
        fileprivate let first: Int32
        fileprivate var ends = InlineArray<8, Int32>(repeating: 0)

        fileprivate init(bytes: UnsafeBufferPointer<UInt8>, first: Int) {
            self.bytes = bytes
            self.first = Int32(first)
        }

        /// The byte range of segment `index` (below `kept`).
        @inline(__always)
        fileprivate func range(_ index: Int) -> Range<Int> {
            Int(index == 0 ? first : ends[index - 1] + 1)..<Int(ends[index])
        }
    }

    private let segments: [Segment]
    private let shapes: [Shape]
    private let literals: [UInt8]
    /// For a path of `n` segments (`Split.kept + 1` standing for more), the routes that can fit it
    /// on their count alone, in the table's order: found once here, so that a request tries only
    /// those (a keystroke's path has three segments: its route is the fifth tried, of the 32,
    /// where it was the 18th). One flat list, `byCount` giving where each count's run starts: an array of
    /// arrays would retain and release the inner one on every request.
    private let candidates: [Int32]
    private let byCount: [Int]

    init(_ patterns: [RouteName]) {
        var segments: [Segment] = []
        var shapes: [Shape] = []
        var literals: [UInt8] = []
        for pattern in patterns {
            let first = segments.count
            var endsInRest = false
            pattern.staticString.withUTF8Buffer { bytes in
                let text = Array(bytes)
                guard let slash = text.firstIndex(of: UInt8(ascii: "/")) else { return }
                for part in text[(slash + 1)...].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                    if part.first == UInt8(ascii: ":") {
                        segments.append(Segment(kind: .parameter, start: 0, count: 0))
                    } else if part.elementsEqual("*".utf8) {
                        segments.append(Segment(kind: .rest, start: 0, count: 0))
                        endsInRest = true
                        break
                    } else {
                        segments.append(Segment(kind: .literal, start: Int32(literals.count), count: Int32(part.count)))
                        literals += part
                    }
                }
            }
            shapes.append(Shape(first: Int32(first), count: Int32(segments.count - first), endsInRest: endsInRest))
        }
        self.segments = segments
        self.shapes = shapes
        self.literals = literals
        // Before the buckets: a longer pattern would fall out of every one of them, unmatched.
        precondition(shapes.allSatisfy { Int($0.count) <= Split.kept }, "a pattern has more segments than a split path keeps")
        var candidates: [Int32] = []
        var byCount: [Int] = []
        for count in 0...(Split.kept + 1) {
            byCount.append(candidates.count)
            candidates += shapes.indices.filter { index in
                shapes[index].endsInRest ? count >= Int(shapes[index].count) : count == Int(shapes[index].count)
            }.map { Int32($0) }
        }
        byCount.append(candidates.count)
        self.candidates = candidates
        self.byCount = byCount
    }

    /// `path` cut at its slashes; nil without a `/`.
    func split(_ path: UnsafeBufferPointer<UInt8>) -> Split? {
        let slash = UInt8(ascii: "/")
        // Offsets are `Int32`: a longer path (over 2 GB) is no route's.
        guard path.count < Int(Int32.max), let first = path.firstIndex(of: slash) else { return nil }
        var split = Split(bytes: path, first: first + 1)
        var at = first + 1
        while true {
            while at < path.count, path[at] != slash { at += 1 }
            if split.count < Split.kept { split.ends[split.count] = Int32(at) }
            split.count += 1
            guard at < path.count else { return split }
            at += 1
        }
    }

    /// Where in `candidate(_:)` the routes lie whose segment count can fit `path`'s, in the
    /// table's order: every other route fails `fits` on the count alone.
    func candidates(for path: Split) -> Range<Int> {
        let count = min(path.count, Split.kept + 1)
        return byCount[count]..<byCount[count + 1]
    }

    /// The route at `position` of the candidates.
    func candidate(_ position: Int) -> Int { Int(candidates[position]) }

    /// Whether route `index`'s pattern fits the split path. Inlined into the table's loop. The
    /// table tries only `candidates(for:)`, whose segment count fits, so there the count check
    /// never fails; it is kept so that `fits` is right on its own.
    @inline(__always)
    func fits(_ index: Int, _ path: Split) -> Bool {
        let shape = shapes[index]
        let count = Int(shape.count)
        guard shape.endsInRest ? path.count >= count : path.count == count else { return false }
        return segments.withUnsafeBufferPointer { segments in
            literals.withUnsafeBufferPointer { literals in
                for offset in 0..<count {
                    let segment = segments[Int(shape.first) + offset]
                    guard segment.kind == .literal else { continue }
                    let range = path.range(offset)
                    guard range.count == Int(segment.count) else { return false }
                    let start = Int(segment.start) - range.lowerBound
                    for at in range where literals[start + at] != path.bytes[at] { return false }
                }
                return true
            }
        }
    }

    /// Hands the byte range of each `:name` and `*` segment of route `index` to `parameter`, in
    /// order; `*` takes the rest of the path. Only for a route that `fits`.
    func parameters(_ index: Int, _ path: Split, _ parameter: (Range<Int>) -> Void) {
        let shape = shapes[index]
        for offset in 0..<Int(shape.count) {
            switch segments[Int(shape.first) + offset].kind {
            case .literal: continue
            case .parameter: parameter(path.range(offset))
            case .rest: parameter(path.range(offset).lowerBound..<path.bytes.count)
            }
        }
    }
}
