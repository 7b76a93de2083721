import Foundation

/// Runs a command-line tool from Debian (`openssl`, `curl`) and collects what it printed.
///
/// Spawned with `posix_spawn` rather than Foundation's `Process`, which on Linux lists the
/// parent's open descriptors and can overrun its buffer while other suites open sockets.
/// Output goes to files, so a chatty tool can never block on a full pipe.
enum ExternalTool {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `/usr/bin/<tool>` with `arguments` and `input` on its standard input; waits for it.
    static func run(_ tool: String, _ arguments: [String], input: String = "") throws -> Result {
        let path = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is missing: `make test` installs it (scripts/ensure-packages.sh)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = ["in", "out", "err"].map { directory.appendingPathComponent($0).path }
        try Data(input.utf8).write(to: URL(fileURLWithPath: files[0]))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, files[0], O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, files[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, files[2], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "posix_spawn \(path) failed: errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let read = { (file: String) in (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        return Result(status: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
                      output: read(files[1]), errors: read(files[2]))
    }
}
