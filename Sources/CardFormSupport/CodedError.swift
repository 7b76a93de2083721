/// The kind of failure a `CodedError` carries: a stable kebab-case identifier (its raw value) that
/// tests, logs and callers match on. Each module declares its own enum of these.
public protocol ErrorCode: RawRepresentable, Hashable, Sendable where RawValue == String {
    /// Printed before the code where the code alone would not say which part failed (`redis`,
    /// `outbox`: their codes read like anyone's, `timeout`, `io`); nil for most.
    static var domain: String? { get }
}

extension ErrorCode {
    public static var domain: String? { nil }
}

/// An error as a stable code and a sentence for a developer: `<code>: <message>` (after the code's
/// `domain`, where it has one). Each module names its own, `typealias XError = CodedError<XFailure>`,
/// so that what an error holds and how it prints is written once.
public struct CodedError<Kind: ErrorCode>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The module's enum of codes (`XError.Code`).
    public typealias Code = Kind

    /// What went wrong, for programs.
    public var code: Code
    /// One line for a person; never repeats input that may hold card data or ids.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String {
        let text = "\(code.rawValue): \(message)"
        return Code.domain.map { "\($0) \(text)" } ?? text
    }
}
