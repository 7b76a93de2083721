import CardEngine
import Foundation

/// One session as a store keeps it: the engine's state, the form token, what each open page was
/// last sent, and the session's times.
///
/// Plain data (strings, numbers, enums and arrays of them): no class, closure or environment
/// inside, so a store may copy it, compare it before and after an event (and skip writing an
/// unchanged one), or encode it. The engine's environment is handed to each event, not kept.
struct SessionRecord: Sendable, Hashable {
    var session: CardSession
    /// The secret a page must send with every browser POST (`X-CardForm-Token` or `_token`).
    let token: String
    /// Pages open on this session, the most recently used last; at most `maxPages`.
    private(set) var pages: [PageState] = []
    /// Which page last entered each card field's value: only that page is ever sent it back. Read
    /// and changed through `SessionRecord+CardData` only.
    var cardEntries: [FieldType: String] = [:]
    let createdAt: Date
    /// When a request last used the session: it expires after the store's idle time.
    var lastActiveAt: Date
    /// When the store retired it (idle too long): browser routes then answer 410 and the API still
    /// reports it until the store forgets it.
    var retiredAt: Date?
    /// The session's payment attempts: numbered here, so every instance numbers them alike.
    var payments = PaymentAttempts()
    /// Its page-event answers' headers, made once (never stored: `KeptAnswerHeaders`).
    var answerHeaders = KeptAnswerHeaders()

    static let maxPages = 4

    init(session: CardSession, token: String, now: Date) {
        self.session = session
        self.token = token
        self.createdAt = now
        self.lastActiveAt = now
    }

    /// A record as a store kept it (`SealedRecordFormat`).
    init(session: CardSession, token: String, pages: [PageState], createdAt: Date, lastActiveAt: Date, retiredAt: Date?) {
        self.session = session
        self.token = token
        self.pages = Array(pages.suffix(Self.maxPages))
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt
        self.retiredAt = retiredAt
    }

    var id: String { session.id }

    /// The page with `id` as last sent, or nil when it is unknown (never opened, or pushed out by
    /// newer pages).
    func page(_ id: String) -> PageState? { pages.last { $0.id == id } }

    /// Answers page `id`: `respond` gets the page as last sent (a new one, with `isKnown` false,
    /// when unknown) and this record (without that page), changes the page to what its answer
    /// leaves the browser holding, and returns the answer. The record comes `inout` so that the
    /// render may lend its session to the view by move (`FormRenderer.withView`), not copy it.
    /// The page is then kept as the most recently used, the oldest dropped beyond `maxPages`;
    /// when `respond` throws, the page is left out (its next event resends the whole form).
    ///
    /// The page is taken out while `respond` runs, so its hashes change in place rather than
    /// being copied (a keystroke changes one of dozens).
    mutating func answerPage<Answer, Failure: Error>(
        _ id: String, _ respond: (_ page: inout PageState, _ isKnown: Bool, _ record: inout SessionRecord) throws(Failure) -> Answer
    ) throws(Failure) -> Answer {
        // Made only when unknown: a page made and then replaced costs its making and its release.
        let known = pages.lastIndex { $0.id == id }
        var page = known.map { pages.remove(at: $0) } ?? PageState(id: id)
        let isKnown = known != nil
        let answer = try respond(&page, isKnown, &self)
        // Moved back in, not copied and then released.
        pages.append(consume page)
        if pages.count > Self.maxPages { pages.removeFirst(pages.count - Self.maxPages) }
        return answer
    }

    /// Something other than the pages' own events changed the session (the merchant's `PATCH`,
    /// or page `except`'s event): each other open page's next answer compares the whole form with
    /// what it holds.
    mutating func markPagesStale(except pageID: String? = nil) {
        for index in pages.indices where pages[index].id != pageID { pages[index].isStale = true }
    }
}
