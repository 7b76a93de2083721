/// Values kept by socket descriptor, in an array indexed by it: descriptors are small and dense
/// (the kernel hands out the lowest free one), so a look-up is an index, not a hash. A negative
/// descriptor (unknown) is never kept: reading it gives nil, storing it does nothing.
struct SocketSlots<Value> {
    private var slots: [Value?] = []
    /// How many sockets have a value.
    private(set) var count = 0

    subscript(socket: Int32) -> Value? {
        get {
            let index = Int(socket)
            return index >= 0 && index < slots.count ? slots[index] : nil
        }
        set {
            let index = Int(socket)
            guard index >= 0 else { return }
            if index >= slots.count {
                guard newValue != nil else { return }
                slots.append(contentsOf: repeatElement(nil, count: max(index + 1, 2 * slots.count) - slots.count))
            }
            count += (newValue == nil ? 0 : 1) - (slots[index] == nil ? 0 : 1)
            slots[index] = newValue
        }
    }

    /// Runs `body` on the value of `socket` in place (no copy out and back), if there is one.
    mutating func update<Result>(_ socket: Int32, _ body: (inout Value) -> Result) -> Result? {
        let index = Int(socket)
        guard index >= 0, index < slots.count, slots[index] != nil else { return nil }
        return body(&slots[index]!)
    }

    /// Removes the value of `socket`, returning it.
    mutating func removeValue(forKey socket: Int32) -> Value? {
        let value = self[socket]
        self[socket] = nil
        return value
    }
}
