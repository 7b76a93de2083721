/// An error as a stable code and a sentence for a developer: `<code>: <message>`.
public struct CodedError<Code: RawRepresentable & Hashable & Sendable>: Error, Hashable, Sendable, CustomStringConvertible
where Code.RawValue == String {
    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
