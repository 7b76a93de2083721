import Foundation

extension Arguments {
    /// The server configuration for a command: the file (`--config`, else `./cardform.json` when
    /// present), then `CARDFORM_*` variables, then the flags named in `flagKeys` (CONTRACT §6).
    /// A bad value or an unknown key is a usage error naming the key.
    func configuration(command: String, flagKeys: [String], output: CommandOutput) throws(CLIError) -> ServerConfiguration {
        var file = self["config"].map { URL(fileURLWithPath: $0) }
        if file == nil, FileManager.default.fileExists(atPath: "cardform.json") { file = URL(fileURLWithPath: "cardform.json") }
        var flags: [String: ConfigValue] = [:]
        for key in flagKeys { if let value = self[key] { flags[key] = .string(value) } }
        do {
            return try ServerConfiguration.load(
                file: file, environment: ProcessInfo.processInfo.environment, flags: flags)
        } catch {
            throw .usage(error.description)
        }
    }
}
