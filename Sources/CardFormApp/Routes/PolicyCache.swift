import HTTPServer

/// The `Content-Security-Policy` fields already written, by the allowed origins they let frame the
/// answer. Every keystroke answer carries its session's policy, and a session's origins hardly
/// ever change: parsing each origin (`OriginPattern`), joining them and checking the value took
/// ~4,000 instructions per answer, a look-up here a few hundred (bench/README.md).
final class PolicyCache: Sendable {
    /// Past this many different sets of origins the cache starts again: a bound on its memory
    /// that real deployments, with a few merchants' origins, never reach. An entry takes about 300
    /// bytes for one or two origins, at most ~9 KB (a session lists at most 20 origins of 200
    /// characters, `ConfigurationReader`), so ~9 MB in all at worst. The value depends on the
    /// origins alone (not on the session, the templates or a `--dev` reload), so sessions with
    /// the same origins share an entry safely and nothing needs invalidating.
    static let capacity = 1024

    private let fields = BoundedMemo<[String], HTTPHeaders.Field>(capacity: PolicyCache.capacity)

    /// The policy field for `origins` (`SecureResponse.policy`), written once per set of origins.
    func field(frameAncestors origins: [String]) -> HTTPHeaders.Field {
        fields.entry(for: origins) {
            HTTPHeaders.Field(name: .contentSecurityPolicy, value: SecureResponse.policy(frameAncestors: origins))
        }
    }

    /// How many sets of origins are kept (tests).
    var count: Int { fields.count }
}
