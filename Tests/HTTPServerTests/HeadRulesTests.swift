@testable import HTTPServer
import Testing

@Suite("Head rules and remnants, in memory")
struct HeadRulesTests {
    @Test("each framing rule names what it refuses", arguments: [
        ([("Host", "a")], "HTTP/1.1", nil),
        ([], "HTTP/1.0", nil),
        ([], "HTTP/1.1", .missingHost),
        ([("Host", "a"), ("host", "a")], "HTTP/1.1", .repeatedHost),
        ([("Host", "a"), ("Content-Length", "1"), ("content-length", "1")], "HTTP/1.1", .repeatedContentLength),
        ([("Host", "a"), ("Content-Length", "1"), ("Transfer-Encoding", "chunked")], "HTTP/1.1", .lengthWithTransferEncoding),
        ([("Host", "a"), ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], "HTTP/1.1", .repeatedTransferEncoding),
        ([("Transfer-Encoding", "chunked")], "HTTP/1.0", .transferEncodingInHTTP10),
        ([("Host", "a"), ("Transfer-Encoding", "CHUNKED")], "HTTP/1.1", nil),
        ([("Host", "a"), ("Transfer-Encoding", "gzip")], "HTTP/1.1", .unsupportedTransferEncoding),
        ([("Host", "a"), ("X Y", "1")], "HTTP/1.1", .invalidFieldName),
        ([("Host", "a"), ("", "1")], "HTTP/1.1", .invalidFieldName),
        ([("Host", "a"), ("X-Y", "a\u{0}b")], "HTTP/1.1", .invalidFieldValue),
        ([("Host", "a"), ("X-Y", "a\u{7F}")], "HTTP/1.1", .invalidFieldValue),
        ([("Host", "a"), ("X-Y", "tab\tand é")], "HTTP/1.1", nil),
        ([("Host", "a"), ("Transfer-Encoding", "chun\u{212A}ed")], "HTTP/1.1", .unsupportedTransferEncoding),
    ] as [([(String, String)], String, HeadRules.Violation?)])
    func framingRules(fields: [(String, String)], version: String, violation: HeadRules.Violation?) {
        var head = HeadCollector()
        for (name, value) in fields { head.add(name: name, value: value) }
        #expect(HeadRules.violation(in: head, version: version) == violation)
    }

    @Test("an unknown transfer coding is 501, every other violation 400")
    func statuses() {
        #expect(HeadRules.Violation.unsupportedTransferEncoding.status == .notImplemented)
        #expect(HeadRules.Violation.repeatedContentLength.status == .badRequest)
    }

    @Test("the request line is whole when the version follows the method and target with one separator each")
    func requestLine() {
        #expect(HeadRemnants.requestLineIsWhole(methodLength: 3, targetLength: 2, versionOffset: 7))
        #expect(!HeadRemnants.requestLineIsWhole(methodLength: 3, targetLength: 2, versionOffset: 9))
    }

    /// `head` as libmicrohttpd leaves it, with the fields at the given offsets.
    private func isWhole(_ head: String, from start: Int, _ fields: [(Range<Int>?, Range<Int>?)]) -> Bool {
        Array(head.utf8).withUnsafeBytes { bytes in
            HeadRemnants.fieldSectionIsWhole(bytes, from: start, fields: fields.map { HeadRemnants.Field(name: $0.0, value: $0.1) })
        }
    }

    @Test("a field section of names, values and separators is whole; a byte of anything else is a remnant")
    func fieldSection() {
        // GET\0/\0HTTP/1.1\0\0Host\0 x\0\0X\0\tv\0\0\0\0
        let head = "GET\0/\0HTTP/1.1\0\0Host\0 x\0\0X\0\tv\0\0\0\0"
        #expect(isWhole(head, from: 14, [(16..<20, 22..<23), (25..<26, 28..<29)]))
        #expect(!isWhole(head, from: 14, [(16..<20, 22..<23)]))
        let nul = "GET\0/\0HTTP/1.1\0\0X\0 a\0b\0\0\0\0"
        #expect(!isWhole(nul, from: 14, [(16..<17, 19..<20)]))
        #expect(isWhole(nul, from: 14, [(16..<17, 19..<22)]))
    }

    @Test("offsets outside the head are clamped to it rather than read", arguments: [
        ([(nil, 5..<900)], true), ([(-3 ..< -1, 0..<0)], false), ([(Int.max - 1 ..< Int.max, nil)], false),
    ] as [([(Range<Int>?, Range<Int>?)], Bool)])
    func outOfRange(_ fields: [(Range<Int>?, Range<Int>?)], coversTheText: Bool) {
        #expect(isWhole("\0\0\0\0\0xyz", from: 0, fields) == coversTheText)
    }

    /// The definition, byte by byte: every byte from `start` is in a range or a separator.
    private func naiveIsWhole(_ head: [UInt8], from start: Int, _ fields: [HeadRemnants.Field]) -> Bool {
        var covered = [Bool](repeating: false, count: head.count)
        for field in fields {
            for range in [field.name, field.value] {
                guard let range = range?.clamped(to: 0..<head.count) else { continue }
                for index in range { covered[index] = true }
            }
        }
        return (max(0, start)..<max(max(0, start), head.count)).allSatisfy { covered[$0] || [0, 9, 10, 13, 32].contains(head[$0]) }
    }

    @Test("fields in order (one pass) and out of order (sorted) are judged as the byte-by-byte definition does")
    func agreesWithTheDefinition() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let alphabet: [UInt8] = [0, 9, 10, 13, 32, UInt8(ascii: "x"), UInt8(ascii: ":")]
        for round in 0..<4000 {
            let head = (0..<next(40)).map { _ in alphabet[next(alphabet.count)] }
            var fields: [HeadRemnants.Field] = []
            var at = next(6) - 2
            for _ in 0..<next(6) {
                func range() -> Range<Int>? {
                    guard next(8) > 0 else { return nil }
                    // Mostly in order; now and then anywhere, overlapping or past the end.
                    let start = next(5) == 0 ? next(50) - 5 : at + next(4)
                    let end = start + next(8)
                    at = end
                    return start..<end
                }
                fields.append(HeadRemnants.Field(name: range(), value: range()))
            }
            let start = next(10) - 2
            let whole = Array(head).withUnsafeBytes { HeadRemnants.fieldSectionIsWhole($0, from: start, fields: fields) }
            #expect(whole == naiveIsWhole(head, from: start, fields), "round \(round): \(head) from \(start), \(fields)")
        }
    }
}

@Suite("Head remnants, walked field by field as the collector gets them")
struct HeadWalkTests {
    /// Feeds `fields` (name and value ranges in `head`) to a collector as libmicrohttpd would, and
    /// returns whether its walk found the head whole, and the places a gathering collector kept.
    private func collect(_ head: [UInt8], from start: Int, _ fields: [(Range<Int>, Range<Int>)]) -> (Bool?, [HeadRemnants.Field]) {
        head.withUnsafeBytes { bytes in
            var walking = HeadCollector(head: bytes, fieldSection: start)
            var gathering = HeadCollector(head: bytes, gathersFields: true)
            for (name, value) in fields {
                let name = UnsafeRawBufferPointer(rebasing: bytes[name]), value = UnsafeRawBufferPointer(rebasing: bytes[value])
                walking.add(name: name, value: value)
                gathering.add(name: name, value: value)
            }
            #expect(walking.fields.isEmpty, "only a gathering collector keeps places")
            #expect(gathering.headers.isEmpty && gathering.invalidNameCount == 0, "a gathering collector keeps only places")
            return (walking.walk?.isWhole, gathering.fields)
        }
    }

    @Test("fields in order with separators between are whole; a remnant byte is not; out of order goes to the sorted walk")
    func walk() {
        let head = Array("HTTP/1.1\0\0Host\0 t\0\0X-A\0 b\0\0".utf8)
        let start = 8
        let (whole, places) = collect(head, from: start, [(10..<14, 16..<17), (19..<22, 24..<25)])
        #expect(whole == true)
        #expect(places.map(\.name) == [10..<14, 19..<22])
        let walked = head.withUnsafeBytes { HeadRemnants.fieldSectionIsWhole($0, from: start, fields: places) }
        #expect(walked)
        // The same head with a byte of the second value left out: a remnant.
        #expect(collect(head, from: start, [(10..<14, 16..<17), (19..<22, 24..<24)]).0 == false)
        // The two fields handed over in the other order: not whole in order, whole sorted.
        let (swapped, swappedPlaces) = collect(head, from: start, [(19..<22, 24..<25), (10..<14, 16..<17)])
        #expect(swapped == false)
        #expect(head.withUnsafeBytes { HeadRemnants.fieldSectionIsWhole($0, from: start, fields: swappedPlaces) })
        // No field section given: no walk.
        head.withUnsafeBytes { #expect(HeadCollector(head: $0).walk == nil) }
    }

    /// Where a field lies in memory, against a head that is the middle of a larger buffer.
    private enum Place {
        /// In the head, as offsets from its start.
        case inside(Range<Int>)
        /// Starting before the head (and perhaps running into it): `lower` bytes before it.
        case before(lower: Int, count: Int)
        /// Starting in the head at `lower` and running `past` bytes beyond its end.
        case straddling(lower: Int, past: Int)

        /// The place as ranges: nil outside the head, as the collector keeps it.
        var range: Range<Int>? {
            if case .inside(let range) = self { range } else { nil }
        }
    }

    @Test("fed as bytes in memory, the walk judges as it does fed the same places as ranges")
    func bytesAsRanges() {
        var numbers = SeededNumbers(seed: 0x2545_F491_4F6C_DD1D)
        func next(_ bound: Int) -> Int { numbers.next(bound) }
        let margin = 8
        var wholeRounds = 0, wholeOutsideRounds = 0
        for round in 0..<3_000 {
            let count = 8 + next(24)
            let start = next(6)
            // Places mostly in order with a short gap before each; now and then out of order, empty,
            // before the head, or running past its end.
            var at = start
            func place() -> Place {
                switch next(12) {
                case 0: return .before(lower: 1 + next(margin), count: next(margin + 4))
                case 1: return .straddling(lower: next(count), past: 1 + next(margin))
                case 2:
                    let lower = next(count)
                    return .inside(lower..<min(count, lower + next(5)))
                default:
                    let lower = min(count, at + next(3))
                    at = min(count, lower + next(5))
                    return .inside(lower..<at)
                }
            }
            let places = (0..<next(6)).map { _ in (place(), place()) }
            // The head's bytes: separators, names and values where the places are, and now and then
            // one remnant byte anywhere.
            var buffer = [UInt8](repeating: UInt8(ascii: "x"), count: margin + count + margin)
            for offset in 0..<count { buffer[margin + offset] = [0, 0x20, 0x0A][next(3)] }
            for case .inside(let range) in places.flatMap({ [$0.0, $0.1] }) {
                for offset in range { buffer[margin + offset] = [0x61, 0x62][next(2)] }
            }
            if next(4) == 0 { buffer[margin + next(count)] = 0x63 }
            let fields = places.map { HeadRemnants.Field(name: $0.0.range, value: $0.1.range) }
            let (fromBytes, fromRanges, gathered) = buffer.withUnsafeBytes { buffer in
                let head = UnsafeRawBufferPointer(rebasing: buffer[margin..<(margin + count)])
                func memory(_ place: Place) -> UnsafeRawBufferPointer {
                    switch place {
                    case .inside(let range): UnsafeRawBufferPointer(rebasing: head[range])
                    case .before(let lower, let count): UnsafeRawBufferPointer(rebasing: buffer[(margin - lower)..<(margin - lower + count)])
                    case .straddling(let lower, let past): UnsafeRawBufferPointer(rebasing: buffer[(margin + lower)..<(margin + head.count + past)])
                    }
                }
                var walking = HeadCollector(head: head, fieldSection: start)
                var gathering = HeadCollector(head: head, gathersFields: true)
                var walk = HeadRemnants.OrderedWalk(head, from: start)
                for (name, value) in places {
                    walking.add(name: memory(name), value: memory(value))
                    gathering.add(name: memory(name), value: memory(value))
                }
                for field in fields { walk.pass(field) }
                return (walking.walk?.isWhole, walk.isWhole, gathering.fields)
            }
            #expect(fromBytes == fromRanges, "round \(round): \(buffer) from \(start), \(places)")
            #expect(gathered == fields, "round \(round): \(places)")
            guard fromRanges else { continue }
            wholeRounds += 1
            if fields.contains(where: { $0.name == nil || $0.value == nil }) { wholeOutsideRounds += 1 }
        }
        // Heads found whole and heads found not whole were both tried, and many whole ones with
        // places outside the head (which only a whole head shows passed over, not refused).
        // (With this seed: 2,088 whole, 996 of them with places outside.)
        #expect(wholeRounds > 1_000 && wholeRounds < 2_700)
        #expect(wholeOutsideRounds > 500)
    }
}
