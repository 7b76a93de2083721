/// A session record the store holds but this instance cannot read: why, the format byte when
/// that is the reason, and the session it belongs to. The log and the metrics show the reason,
/// the format and the id's prefix only: never a byte of the record.
///
/// It is not Redis being unreachable: the record is there, and another instance (a newer build,
/// or one with the right `store.key`) may read it, so the shopper is asked to retry as for an
/// outage (`Refusal`), while the operator sees which it is.
struct UnreadableRecord: Error, Equatable, Sendable, CustomStringConvertible {
    enum Reason: String, CaseIterable, Sendable {
        /// Its format byte is not one this build reads: a newer build wrote it (a rolling deploy),
        /// or it is damaged.
        case format
        /// It does not open with `store.key`: sealed under another key or for another session,
        /// or altered (a record cut after its first bytes fails here too: the seal covers them all).
        case key
        /// Shorter than any sealed record (or empty once opened).
        case truncated
        /// It opens, but what it holds does not read back as a record (or its configuration part
        /// is missing or does not open).
        case corrupt

        /// The reason as the log writes it.
        var label: StaticString {
            switch self {
            case .format: "format"
            case .key: "does not open with store.key"
            case .truncated: "truncated"
            case .corrupt: "corrupt"
            }
        }
    }

    var reason: Reason
    /// The record's format byte (the first byte once opened), when it opened and had one.
    var format: UInt8?
    /// The session's id (logged as its prefix only).
    var session: String
    /// What exactly failed, for a test or a debugger: never record bytes, never logged.
    var detail: String

    var description: String {
        "session \(session.prefix(6))…: record unreadable (\(reason.label)\(format.map { ", format \($0)" } ?? "")): \(detail)"
    }
}
