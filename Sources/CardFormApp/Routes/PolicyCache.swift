import CardFormSupport
import HTTPServer

/// The `Content-Security-Policy` fields already written, by the allowed origins they let frame the
/// answer. Every page event's answer carries its session's policy (a session keeps its list,
/// `KeptAnswerHeaders`, made once), and sessions share origins: parsing each
/// origin (`OriginPattern`), joining them and checking the value took ~4,000 instructions per
/// answer, a look-up here a few hundred (bench/README.md).
final class PolicyCache: Sendable {
    /// Past this many different sets of origins a thread's cache starts again (`BoundedMemo`: one
    /// per thread): a bound on its memory that real deployments, with a few merchants' origins,
    /// never reach. An entry takes about 600 bytes for one or two origins, at most ~18 KB (a
    /// session lists at most 20 origins of 200 characters, `ConfigurationReader`), so ~4.6 MB a
    /// memo at worst; at most `capacity × slots` entries in all (`BoundedMemo`), in practice one
    /// memo per worker thread, one per core (1024 in one shared cache was ~18 MB). The value
    /// depends on the origins alone (not on the session, the templates or a `--dev` reload), so
    /// sessions with the same origins share an entry safely and nothing needs invalidating.
    static let capacity = 256

    private let entries = BoundedMemo<Origins, HTTPHeaders.Field>(capacity: PolicyCache.capacity)

    /// The policy field for `origins` (`SecureResponse.policy`), written once per set of origins.
    func field(frameAncestors origins: [String]) -> HTTPHeaders.Field {
        entries.entry(for: Origins(list: origins)) {
            HTTPHeaders.Field(name: .contentSecurityPolicy, value: SecureResponse.policy(frameAncestors: origins))
        }
    }

    /// How many sets of origins are kept (tests).
    var count: Int { entries.count }

    /// A set of origins as the key: equal lists are equal keys. Hashed by FNV-1a over the bytes
    /// rather than `Hasher` over each string (~300 instructions less per keystroke): the lists
    /// come from sessions the merchant created with its secret key, not from shoppers.
    private struct Origins: Hashable, Sendable {
        let list: [String]

        func hash(into hasher: inout Hasher) {
            var bytes = FNV1a()
            for origin in list {
                var origin = origin
                origin.withUTF8 { bytes.combine($0) }
                bytes.combine(0)  // no origin holds a NUL: ["ab"] and ["a", "b"] differ
            }
            hasher.combine(bytes.value)
        }
    }
}
