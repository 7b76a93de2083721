import HTTPServer

/// The header list of a session's page-event answers, kept with its record: every keystroke's
/// answer carries it, and taking it from `SecureResponse`'s shared cache hashed the session's
/// origins and took a lock on each (~0.8 k instructions). Here a keystroke compares the origins
/// it was made for with the session's, nearly always the very same array (equal at once, by
/// identity), and takes the list.
///
/// Follows the session: when the allowed origins change (a configuration PATCH) the comparison
/// fails and the list is made again. In memory only: a stored record (`SealedRecordFormat`)
/// never holds it, and one read back starts without it. Equal and hashed as nothing, so a record
/// equals its stored copy whether or not it made its list yet.
struct KeptAnswerHeaders: Sendable, Hashable {
    private var origins: [String] = []
    private var headers: HTTPHeaders?

    /// The list for answers that `origins` may frame, made when the kept one is for other origins.
    mutating func headers(frameAncestors origins: [String]) -> HTTPHeaders {
        if let headers, origins == self.origins { return headers }
        let made = SecureResponse.ownFragmentHeaders(frameAncestors: origins)
        self.origins = origins
        headers = made
        return made
    }

    static func == (_: Self, _: Self) -> Bool { true }

    func hash(into _: inout Hasher) {}
}
