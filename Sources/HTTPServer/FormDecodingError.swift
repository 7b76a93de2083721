/// Why a query string or an `application/x-www-form-urlencoded` body could not be decoded.
/// The app answers these with 400 (or 415 for `unsupportedMediaType`).
public struct FormDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stable, kebab-case identifier for the kind of failure.
    public enum Code: String, Sendable {
        /// A `%` not followed by two hex digits.
        case malformedPercentEncoding = "malformed-percent-encoding"
        /// The decoded bytes are not UTF-8.
        case invalidUTF8 = "invalid-utf8"
        /// More `name=value` pairs than the decoder accepts.
        case tooManyFields = "too-many-fields"
        /// The body's `Content-Type` is not `application/x-www-form-urlencoded`.
        case unsupportedMediaType = "unsupported-media-type"
    }

    /// What went wrong.
    public var code: Code
    /// One line for a person; never repeats the input (it may hold card data).
    public var message: String

    /// Builds an error with its code and message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
