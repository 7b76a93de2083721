import CardFormSupport

/// Why a query string or an `application/x-www-form-urlencoded` body could not be decoded.
/// The app answers these with 400 (or 415 for `unsupportedMediaType`). Its message never repeats
/// the input (it may hold card data).
public typealias FormDecodingError = CodedError<FormDecodingFailure>

/// The codes of `FormDecodingError`.
public enum FormDecodingFailure: String, ErrorCode {
    /// A `%` not followed by two hex digits.
    case malformedPercentEncoding = "malformed-percent-encoding"
    /// The decoded bytes are not UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// More `name=value` pairs than the decoder accepts.
    case tooManyFields = "too-many-fields"
    /// The body's `Content-Type` is not `application/x-www-form-urlencoded`.
    case unsupportedMediaType = "unsupported-media-type"
}
