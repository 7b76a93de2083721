import CardEngine
import Foundation

/// One configuration value as a source gave it: text (environment, flags) or JSON (the file), read
/// by the engine's JSON parser, the one that reads `defaults` again as session options.
typealias ConfigValue = JSONValue

extension ConfigValue {
    /// Why a value does not fit its key.
    struct Problem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// A whole number written as JSON (`8080`, `8080.0`, `1e3`) or as text.
    func integer(in range: ClosedRange<Int>) throws(Problem) -> Int {
        let parsed: Int? = switch self {
        case .number(let literal): Double(literal).flatMap { $0.rounded() == $0 && abs($0) < 1e15 ? Int($0) : nil }
        case .string(let text): Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
        guard let parsed else { throw Problem("must be a whole number") }
        guard range.contains(parsed) else { throw Problem("must be between \(range.lowerBound) and \(range.upperBound)") }
        return parsed
    }

    func nonEmptyString() throws(Problem) -> String {
        guard case .string(let text) = self, !text.isEmpty else { throw Problem("must be a non-empty string") }
        return text
    }

    /// One word of a closed set (`processor.kind`, `cardholderName.rules`); any other is refused
    /// with the list, in declaration order: `must be "sandbox" or "http"`.
    func choice<Choice: CaseIterable & RawRepresentable>() throws(Problem) -> Choice where Choice.RawValue == String {
        let text = try nonEmptyString()
        guard let choice = Choice(rawValue: text) else {
            let words = Choice.allCases.map { "\"\($0.rawValue)\"" }
            let last = words.last.map { words.count > 1 ? " or " + $0 : $0 } ?? ""
            throw Problem("must be " + words.dropLast().joined(separator: ", ") + last)
        }
        return choice
    }

    /// A secret: at least 16 characters, so a placeholder like "changeme" is refused.
    func secret() throws(Problem) -> String {
        let text = try nonEmptyString()
        guard text.count >= 16 else { throw Problem("must be at least 16 characters") }
        return text
    }

    func httpURL() throws(Problem) -> URL {
        let text = try nonEmptyString()
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false
        else { throw Problem("must be an http(s) URL") }
        return url
    }

    /// A JSON object, given as one in the file or as JSON text elsewhere.
    func jsonObject() throws(Problem) -> JSONObject {
        switch self {
        case .object(let object):
            return object
        case .string(let text):
            guard case .object(let object)? = try? JSONValue.parse(text) else { throw Problem("must be a JSON object") }
            return object
        default:
            throw Problem("must be a JSON object")
        }
    }
}
