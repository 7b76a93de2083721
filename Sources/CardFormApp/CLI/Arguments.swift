/// A command line split into flags and positional words, checked against what a command accepts.
///
/// Deliberately small: `--name value`, `--name=value` and boolean `--flag`. Anything else is a
/// `CLIError` that the caller prints as one line before exiting with status 2.
public struct Arguments: Sendable, Equatable {
    /// The flags a command accepts: name (without `--`) → whether it takes a value.
    public struct Spec: Sendable {
        public var valued: Set<String>
        public var booleans: Set<String>
        public var maxPositionals: Int

        public init(valued: Set<String> = [], booleans: Set<String> = [], maxPositionals: Int = 0) {
            self.valued = valued
            self.booleans = booleans
            self.maxPositionals = maxPositionals
        }
    }

    public private(set) var values: [String: String] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []

    /// Parses `words` (the words after the command name) against `spec`.
    public init(_ words: [String], spec: Spec) throws(CLIError) {
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                if word.hasPrefix("-"), word != "-" {
                    throw CLIError.usage("unknown flag '\(word)'")
                }
                guard positionals.count < spec.maxPositionals else {
                    throw CLIError.usage("unexpected argument '\(word)'")
                }
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.booleans.contains(name) {
                guard inlineValue == nil else { throw CLIError.usage("--\(name) takes no value") }
                flags.insert(name)
            } else if spec.valued.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < words.endIndex, !words[index].hasPrefix("--") else {
                        throw CLIError.usage("--\(name) needs a value")
                    }
                    values[name] = words[index]
                    index += 1
                }
            } else {
                throw CLIError.usage("unknown flag '--\(name)'")
            }
        }
    }

    /// The value of `--name`, if given.
    public subscript(_ name: String) -> String? { values[name] }

    /// Whether the boolean `--name` was given.
    public func has(_ name: String) -> Bool { flags.contains(name) }
}

/// A command-line mistake or failure, with the exit status it calls for.
public struct CLIError: Error, Equatable, Sendable {
    public var message: String
    public var exitCode: Int32

    /// A usage mistake (unknown flag, missing value): exit 2.
    public static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: 2) }
    /// A failure while doing the work (a template error, an unreadable file): exit 1.
    public static func failure(_ message: String) -> CLIError { CLIError(message: message, exitCode: 1) }
}
