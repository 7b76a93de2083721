/// Why `eject`, `gallery` or `build` could not write its folder.
struct StaticSiteError: Error, Equatable, CustomStringConvertible {
    enum Code: String, Sendable {
        /// Files are already there and `--force` was not given (eject).
        case outputExists = "output-exists"
        /// The folder or a file in it could not be created.
        case unwritable
        /// A path would land outside the output folder.
        case unsafePath = "unsafe-path"
        /// The templates, assets or strings could not be loaded.
        case resources
        /// A template failed while rendering a page.
        case template
        /// The configuration (`--config`, `defaults`) cannot be used.
        case configuration
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { message }

    /// The command-line failure this is: a configuration mistake is a usage error (exit 2), the rest
    /// failures (exit 1).
    var cliError: CLIError {
        code == .configuration ? .usage(message) : .failure(message)
    }
}
