/// Objects held for as long as this value lives, and lent out without a retain (`with`).
///
/// Why: an object both worker threads reach on every request (a route's handler, a store's
/// shard), retained for the call and released after, had its count written by each thread, its
/// cache line moving between the cores each time.
///
/// Why it is sound: `objects` holds every object strongly and is never changed, so each lives as
/// long as this value. Keep this value in a `let` of its owner (never a `var`: replacing it would
/// free objects a call may still be using), and call `with` only inside the owner's own methods,
/// where the owner, and so this value, is alive.
struct UnretainedObjects<Object: AnyObject & Sendable>: Sendable {
    /// The objects, held strongly: what keeps each `unretained` reference valid.
    let objects: [Object]
    private let unretained: [Unmanaged<Object>]

    init(_ objects: [Object]) {
        self.objects = objects
        unretained = objects.map { Unmanaged.passUnretained($0) }
    }

    var count: Int { unretained.count }

    /// Calls `body` with object `index`, which is not retained for the call (`objects` keeps it).
    func with<Value, Failure: Error>(_ index: Int, _ body: (Object) throws(Failure) -> Value) throws(Failure) -> Value {
        // `_withUnsafeGuaranteedRef` rethrows untyped: the typed error passes through as a value.
        try unretained[index]._withUnsafeGuaranteedRef { object in
            Result { () throws(Failure) in try body(object) }
        }.get()
    }
}
