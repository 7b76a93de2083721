import Foundation
import Testing
import CardEngine

/// braintree/card-validator's postal-code vectors (/work/shared/peer-vectors/postal.json), run
/// where our semantics align. Theirs is one rule for every country; ours validates by country,
/// with a lenient rule only when the form has no country. So:
/// - every string vector runs against our no-country rule, with the deviations listed below;
/// - the vectors that are real postal codes also run against their own country's format;
/// - non-string inputs (numbers, null, arrays…) are skipped: our API takes a `String`;
/// - vectors with `options` (`minLength`) are skipped: we have no such option.
@Suite("Billing postal codes against peer vectors")
struct BillingPeerVectorsTests {
    struct Vector: Decodable, Sendable {
        let input: JSONValue
        let inputKind: String
        let isValid: Bool
        let isPotentiallyValid: Bool
        let options: JSONValue?
        let source: String

        enum CodingKeys: String, CodingKey {
            case input, isValid, isPotentiallyValid, options, source
            case inputKind = "input_kind"
        }
    }

    /// Enough of JSON to decode the vectors' `input` and `options`, whatever their type.
    enum JSONValue: Decodable, Sendable {
        case string(String), other

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = (try? container.decode(String.self)).map(JSONValue.string) ?? .other
        }
    }

    /// Where our no-country rule deliberately differs: input → (isValid, isPotentiallyValid, why).
    static let deviations: [String: (Bool, Bool, String)] = [
        "01234567890123456789": (false, false, "we cap at 12 characters: no country's format is longer"),
        "---": (false, false, "a leading hyphen can never become valid; theirs only checks the first 2 characters"),
        "   ---": (false, false, "same, after trimming"),
    ]

    /// Vectors that are real codes of one country, and what that country's format says.
    static let byCountry: [String: (country: String, isValid: Bool)] = [
        "12345": ("US", true), "557016": ("IN", true), "110001": ("IN", true),
        "SE1 2LN": ("GB", true), "S9 1DF": ("GB", true), "123": ("IS", true), "1234": ("CH", true),
        // Deviation: "AA" is no UK postcode area, so Britain's format refuses this made-up code.
        "AA9A 9AA": ("GB", false),
    ]

    static func loadVectors() throws -> [Vector]? {
        let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            repoRoot.appendingPathComponent("../shared/peer-vectors/postal.json"),
            URL(fileURLWithPath: "/work/shared/peer-vectors/postal.json"),
        ]
        guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            return nil
        }
        return try JSONDecoder().decode([Vector].self, from: Data(contentsOf: url))
    }

    @Test("peer postal vectors hold for our no-country rule, deviations aside")
    func peerVectorsWithoutCountry() throws {
        guard let vectors = try Self.loadVectors() else {
            Issue.record("shared/peer-vectors/postal.json not found beside the repository or in /work/shared")
            return
        }
        var ran = 0
        for vector in vectors {
            guard case .string(let input) = vector.input, vector.options == nil else { continue }
            let (valid, potentiallyValid, _) = Self.deviations[input]
                ?? (vector.isValid, vector.isPotentiallyValid, "")
            let blur = BillingRules.check(.postalCode, value: input, country: nil, required: true, mode: .blur)
            let typing = BillingRules.check(.postalCode, value: input, country: nil, required: true, mode: .typing)
            #expect(blur.isValid == valid, "\(vector.source) \"\(input)\"")
            #expect(typing.isPotentiallyValid == potentiallyValid, "\(vector.source) \"\(input)\"")
            ran += 1
        }
        #expect(ran == 21)
    }

    @Test("peer postal vectors that are real codes hold for their own country's format")
    func peerVectorsByCountry() throws {
        guard let vectors = try Self.loadVectors() else {
            Issue.record("shared/peer-vectors/postal.json not found beside the repository or in /work/shared")
            return
        }
        var ran = 0
        for vector in vectors {
            guard case .string(let input) = vector.input, let (code, valid) = Self.byCountry[input] else { continue }
            let country = Countries.country(code)
            let check = BillingRules.check(.postalCode, value: input, country: country, required: true, mode: .blur)
            #expect(check.isValid == valid, "\(vector.source) \"\(input)\" in \(code)")
            ran += 1
        }
        #expect(ran >= Self.byCountry.count)
    }
}
