import CardFormSupport

/// Why `eject`, `gallery` or `build` could not write its folder.
typealias StaticSiteError = CodedError<StaticSiteFailure>

/// The codes of `StaticSiteError`.
enum StaticSiteFailure: String, ErrorCode {
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

extension StaticSiteError {
    /// The command-line failure this is: a configuration mistake is a usage error (exit 2), the rest
    /// failures (exit 1). Either prints the message alone, as a person reads it.
    var cliError: CLIError {
        code == .configuration ? .usage(message) : .failure(message)
    }
}
