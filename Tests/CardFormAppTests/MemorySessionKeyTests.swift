import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// `MemorySessionStore.Key`: the memory store's maps are keyed by an id's bits, so an id must
/// have a key exactly when it is well formed, and two ids the same key only when they are equal.
struct MemorySessionKeyTests {
    typealias Key = MemorySessionStore.Key

    @Test("an id has a key exactly when it has make128's shape (26 letters of a-z, 2-7)")
    func keyOnlyForWellFormedIds() {
        let good = "abcdefghijklmnopqrstuvwxyz"
        var cases: [(text: String, wellFormed: Bool)] = [
            ("", false), (good, true), ("234567234567234567234567ab", true), (String(good.dropLast()), false),
            (good + "a", false), ("abcdefghijklmnopqrstuvwxy1", false), ("abcdefghijklmnopqrstuvwxy8", false),
            ("abcdefghijklmnopqrstuvwxy0", false), ("Abcdefghijklmnopqrstuvwxyz", false), ("abcdefghijklmnopqrstuvwxy-", false),
            ("abcdefghijklmnopqrstuvwxyé", false), ("abcdefghijklmnopqrstuvwxy`", false), ("abcdefghijklmnopqrstuvwxy{", false),
            ("abcdefghijklmnopqrstuvwxy\u{0}", false), ("abcdefghijklmnopqrstuvwx\u{212A}", false),
        ]
        cases += (0..<50).map { _ in (RandomToken.make128(), true) }
        for (text, wellFormed) in cases {
            #expect((Key(text[...]) != nil) == wellFormed, "\(text)")
            #expect(RandomToken.isWellFormed(text[...]) == wellFormed, "\(text)")
        }
        // As the router hands it: a slice of the request's path.
        let path = "/s/\(good)/input"
        #expect(Key(path.dropFirst(3).prefix(26)) == Key(good[...]))
        #expect(Key(path.dropFirst(3).prefix(26)) != nil)
    }

    @Test("random ids spread evenly over the shards (each lock carries its share)")
    func shardsFillEvenly() throws {
        var counts = Array(repeating: 0, count: 16)
        for _ in 0..<16_000 {
            counts[MemorySessionStore.shardIndex(of: try #require(Key(RandomToken.make128()[...])), among: 16)] += 1
        }
        // 1,000 each on average; a shard picked by one letter's low bits gets 3,000 or 500.
        #expect(counts.allSatisfy { (800...1_200).contains($0) }, "\(counts)")
    }

    @Test("ids that differ in any one letter have different keys")
    func everyLetterCounts() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        let id = Array(RandomToken.make128())
        let key = try #require(Key(String(id)[...]))
        var keys: Set<Key> = [key]
        for index in id.indices {
            for letter in alphabet where letter != id[index] {
                var other = id
                other[index] = letter
                keys.insert(try #require(Key(String(other)[...])))
            }
        }
        // Each differs from `id` in one place, and from every other in one or two.
        #expect(keys.count == 1 + id.count * (alphabet.count - 1))
    }
}
