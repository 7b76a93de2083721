@testable import HTTPServer
import Testing

@Suite("Values kept by socket descriptor")
struct SocketSlotsTests {
    @Test("values are kept, replaced and removed by descriptor, and counted once each")
    func keepsAndCounts() {
        var slots = SocketSlots<String>()
        slots[7] = "seven"
        slots[3] = "three"
        slots[7] = "seven again"
        #expect(slots.count == 2 && slots[7] == "seven again" && slots[3] == "three")
        #expect(slots[4] == nil && slots[5000] == nil)
        #expect(slots.removeValue(forKey: 7) == "seven again" && slots.removeValue(forKey: 7) == nil)
        slots[3] = nil
        slots[900] = nil
        #expect(slots.count == 0 && slots[3] == nil)
        slots[1023] = "high"
        #expect(slots.count == 1 && slots[1023] == "high")
        slots[100_000] = "past FD_SETSIZE and 16 bits"
        #expect(slots.count == 2 && slots[100_000] == "past FD_SETSIZE and 16 bits" && slots[99_999] == nil && slots[1023] == "high")
    }

    @Test("an unknown descriptor (-1) is never kept")
    func negativeDescriptors() {
        var slots = SocketSlots<Int>()
        slots[-1] = 1
        #expect(slots[-1] == nil && slots.count == 0 && slots.removeValue(forKey: -1) == nil)
    }
}

extension SocketSlotsTests {
    @Test("a value is updated in place, and only when there is one")
    func updatesInPlace() {
        var slots = SocketSlots<[Int]>()
        slots[2] = [1]
        #expect(slots.update(2) { $0.append(2); return $0.count } == 2)
        #expect(slots[2] == [1, 2])
        #expect(slots.update(3) { _ in true } == nil && slots.update(-1) { _ in true } == nil && slots.update(99) { _ in true } == nil)
        #expect(slots.count == 1 && slots[3] == nil)
    }
}
