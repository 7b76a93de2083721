/// Why the generated country data (or a pattern in it) could not be read.
///
/// Only a broken generator or a hand edit of the generated file produces one; the tests parse the
/// committed data so that never ships.
public struct CountryDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable kebab-case code, e.g. `invalid-pattern`, `malformed-line`.
    public var code: String
    /// What went wrong, for the developer reading a test failure.
    public var message: String
    /// The 1-based line of the data where it went wrong, when it is about a line.
    public var line: Int?

    public init(code: String, message: String, line: Int? = nil) {
        self.code = code
        self.message = message
        self.line = line
    }

    public var description: String {
        line.map { "country data line \($0): \(code): \(message)" } ?? "\(code): \(message)"
    }
}
