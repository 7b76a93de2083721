import Foundation

/// One configuration value as a source gave it: text (environment, flags) or JSON (the file).
enum ConfigValue: Sendable, Equatable, Decodable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case object([String: ConfigValue])
    case list([ConfigValue])
    case null

    /// Why a value does not fit its key.
    struct Problem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let list = try? container.decode([ConfigValue].self) {
            self = .list(list)
        } else {
            self = .object(try container.decode([String: ConfigValue].self))
        }
    }

    func integer(in range: ClosedRange<Int>) throws(Problem) -> Int {
        let parsed: Int? = switch self {
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
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

    /// A JSON object, as its JSON text (given as an object in the file or as JSON text elsewhere).
    func jsonObject() throws(Problem) -> Data {
        switch self {
        case .object:
            return (try? JSONEncoder().encode(self)) ?? Data("{}".utf8)
        case .string(let text):
            guard case .object? = try? JSONDecoder().decode(ConfigValue.self, from: Data(text.utf8)) else {
                throw Problem("must be a JSON object")
            }
            return Data(text.utf8)
        default:
            throw Problem("must be a JSON object")
        }
    }
}

extension ConfigValue: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .object(let object): try container.encode(object)
        case .list(let list): try container.encode(list)
        case .null: try container.encodeNil()
        }
    }
}
