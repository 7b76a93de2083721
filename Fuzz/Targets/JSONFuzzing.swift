import CardEngine

/// JSON: what parses serializes to text that parses to the same value, and is refused if it holds
/// bytes that are not UTF-8. Session options are read from the same bytes.
enum JSONFuzzing {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        if let value = try? JSONValue.parse(bytes) {
            precondition(String(validating: bytes, as: UTF8.self) != nil, "accepted bytes that are not UTF-8")
            let text = value.serialized
            let again = try? JSONValue.parse(text)
            precondition(again == value, "serialized JSON does not parse back to the same value")
            precondition(again?.serialized == text, "serializing is not stable")
        }
        _ = try? SessionConfiguration.parse(bytes)
    }
}
