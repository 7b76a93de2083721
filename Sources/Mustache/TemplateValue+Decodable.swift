import Foundation

extension TemplateValue: Decodable {
    /// Decodes any JSON value: `null`, booleans, numbers, strings, arrays and objects.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([TemplateValue].self) {
            self = .list(value)
        } else {
            self = .object(TemplateObject(try container.decode([String: TemplateValue].self)))
        }
    }

    /// Decodes a JSON document (any JSON value at the top level).
    public init(json: Data) throws {
        self = try JSONDecoder().decode(TemplateValue.self, from: json)
    }
}
