import Foundation

/// Standard output and error for commands, so that tests can capture what a command prints.
public protocol CommandOutput: Sendable {
    func write(_ text: String)
    func writeError(_ text: String)
}

/// The process's real stdout and stderr.
public struct StandardOutput: CommandOutput {
    public init() {}
    public func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    public func writeError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}

/// One `cardform` sub-command.
public protocol Command {
    static var name: String { get }
    /// One line for `cardform --help`.
    static var summary: String { get }
    /// The full `cardform NAME --help` text.
    static var help: String { get }
    static var spec: Arguments.Spec { get }
    /// Runs the command; returns the exit status. Throws `CLIError` for usage mistakes and failures.
    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32
}

/// The entry point `main.swift` calls: dispatches `cardform <command> …`.
public enum CardFormCLI {
    static var commands: [any Command.Type] { [
        ServeCommand.self,
        RenderCommand.self,
        CheckCommand.self,
        BuildCommand.self,
        GalleryCommand.self,
        EjectCommand.self,
    ] }

    static var usage: String {
        var text = "usage: cardform <command> [options]\n\ncommands:\n"
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nRun 'cardform <command> --help' for a command's options.\n"
        return text
    }

    /// Runs the process's command line and exits with the command's status.
    public static func main() -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the command named by `words[0]` with the rest; returns the process exit status.
    public static func run(_ words: [String], output: CommandOutput = StandardOutput()) -> Int32 {
        guard let first = words.first else {
            output.writeError(usage)
            return 2
        }
        if first == "--help" || first == "-h" || first == "help" {
            output.write(usage)
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            output.writeError("cardform: unknown command '\(first)' (see 'cardform --help')\n")
            return 2
        }
        let rest = Array(words.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            output.write(command.help)
            return 0
        }
        do {
            let arguments = try Arguments(rest, spec: command.spec)
            return try command.run(arguments, output: output)
        } catch {
            output.writeError("cardform \(command.name): \(error.message)\n")
            return error.exitCode
        }
    }
}
