/// Gathers a request body up to a cap, deciding what happens to a body that is too large.
///
/// A pure state machine (no C, no I/O) that the daemon feeds with what libmicrohttpd reads.
/// libmicrohttpd only lets a response be queued before the body is read or after all of it is,
/// so an over-cap body of unknown length is discarded to its end (within a bound) and then
/// answered 413.
struct BodyCollector {
    enum Verdict: Equatable {
        /// Keep reading.
        case proceed
        /// The declared length is over the cap: answer 413 now, before reading the body.
        case rejectNow
        /// Too much discarded: close the connection without an answer.
        case abandon
    }

    let limit: Int
    let discardLimit: Int
    private(set) var bytes: [UInt8] = []
    /// Whether more than `limit` bytes arrived; the body is then answered 413 once it ends.
    private(set) var isOverLimit = false
    private var discarded = 0

    init(limit: Int, discardLimit: Int) {
        self.limit = limit
        self.discardLimit = discardLimit
    }

    /// Checks the declared `Content-Length`, if any, before a byte of body is read.
    mutating func expect(contentLength: UInt64?) -> Verdict {
        guard let contentLength else { return .proceed }
        guard contentLength <= UInt64(limit) else { return .rejectNow }
        bytes.reserveCapacity(Int(contentLength))
        return .proceed
    }

    /// Takes the next piece of body.
    mutating func append(_ chunk: UnsafeRawBufferPointer) -> Verdict {
        if !isOverLimit, bytes.count + chunk.count <= limit {
            bytes.append(contentsOf: chunk)
            return .proceed
        }
        if !isOverLimit {
            isOverLimit = true
            discarded = bytes.count
            bytes = []
        }
        discarded += chunk.count
        return discarded > discardLimit ? .abandon : .proceed
    }
}
