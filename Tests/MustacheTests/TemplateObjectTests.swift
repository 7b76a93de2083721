import Mustache
import Testing

struct TemplateObjectTests {
    /// Sizes on both sides of the switch from searching in order to the table, and past its growth.
    static let sizes = [0, 1, 8, 9, 16, 17, 40, 200]

    static func numbered(_ count: Int) -> TemplateObject {
        var object = TemplateObject()
        for index in 0..<count { object["key\(index)"] = .number(Double(index)) }
        return object
    }

    @Test("finds every key it was given and no other, whatever its size", arguments: sizes)
    func findsEveryKeyItWasGiven(_ count: Int) {
        let object = Self.numbered(count)
        #expect(object.count == count)
        for index in 0..<count { #expect(object["key\(index)"] == .number(Double(index))) }
        #expect(object["key\(count)"] == nil)
        #expect(object["missing"] == nil)
        #expect(TemplateValue.object(object)["key0"] == (count > 0 ? 0 : nil))
    }

    @Test("replaces a key's value in place and removes a key set to nil", arguments: sizes.filter { $0 > 0 })
    func replacesAndRemoves(_ count: Int) {
        var object = Self.numbered(count)
        object["key0"] = "again"
        #expect(object["key0"] == "again")
        #expect(object.count == count)
        object["key0"] = nil
        #expect(object["key0"] == nil)
        #expect(object.count == count - 1)
        for index in 1..<count { #expect(object["key\(index)"] == .number(Double(index))) }
        object["key0"] = 0
        #expect(object["key0"] == 0)
    }

    @Test("a hashed key sets and reads the member its name does, whatever the object's size", arguments: sizes)
    func hashedKeysAreTheirNames(_ count: Int) {
        var object = Self.numbered(count)
        let key = TemplateObject.HashedKey("key0")
        #expect(object[key] == (count > 0 ? 0 : nil))
        object[key] = "set"
        #expect(object["key0"] == "set")
        #expect(object.count == max(count, 1))
        object[TemplateObject.HashedKey("added")] = true
        #expect(object["added"] == true)
        #expect(TemplateValue.object(object)["added"] == true)
        object[key] = nil
        #expect(object["key0"] == nil)
    }

    @Test("a reserved object finds what it is given before it is full")
    func reservedObjectFindsItsFirstMembers() {
        var object = TemplateObject(minimumCapacity: 40)
        object["a"] = 1
        object["b"] = 2
        #expect(object["a"] == 1)
        #expect(object["b"] == 2)
        #expect(object["c"] == nil)
        #expect(object == ["b": 2, "a": 1])
    }

    @Test("equal objects hold the same keys and values in any order, and hash alike")
    func equalityIgnoresOrder() {
        let forward: TemplateObject = ["a": 1, "b": ["c": true], "d": "x"]
        let backward: TemplateObject = ["d": "x", "b": ["c": true], "a": 1]
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward != ["a": 1, "b": ["c": false], "d": "x"])
        #expect(forward != ["a": 1, "b": ["c": true]])
        #expect(Self.numbered(30) == TemplateObject(Dictionary(uniqueKeysWithValues: Self.numbered(30).map { ($0.key, $0.value) })))
    }

    @Test("a literal's later duplicate wins, as in a JSON object")
    func laterDuplicateWins() {
        let object: TemplateObject = ["a": 1, "a": 2]
        #expect(object.count == 1)
        #expect(object["a"] == 2)
    }

    @Test("maps, filters and merges by key")
    func mapsFiltersAndMerges() {
        let object = Self.numbered(20)
        #expect(object.mapValues { _ in true }["key19"] == true)
        let even = object.filter { $0.key.hasSuffix("0") || $0.key.hasSuffix("2") }
        #expect(Set(even.keys) == ["key0", "key2", "key10", "key12"])
        var merged: TemplateObject = ["key1": "mine", "own": 1]
        merged.merge(object) { mine, _ in mine }
        #expect(merged.count == 21)
        #expect(merged["key1"] == "mine")
        #expect(merged["key2"] == 2)
    }
}
