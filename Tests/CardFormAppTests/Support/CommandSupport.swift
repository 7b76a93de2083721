import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Runs the built `cardform` executable.
enum Cardform {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The test target depends on the executable, so SwiftPM builds it into the same folder as the
    /// test bundle; the repository's `.build/debug` is the fallback.
    static let binary: URL? = {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            repository.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("cardform") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "the cardform binary was not found; build it with `swift build`" }
    }

    /// Runs the binary on a thread of its own, one at a time: waiting for a process must not hold
    /// a cooperative thread (on Linux, Dispatch's global queues are that very pool), and the spec's
    /// two hundred runs must leave a core to the async tests of the same `swift test` run.
    static func run(_ arguments: [String]) async throws -> Result {
        try await onOwnThread {
            oneAtATime.wait()
            defer { oneAtATime.signal() }
            return try runBlocking(arguments)
        }
    }

    private static let oneAtATime = DispatchSemaphore(value: 1)

    /// Spawns the binary with `posix_spawn` rather than Foundation's `Process`: on Linux,
    /// `Process.run` lists the parent's open descriptors to close them in the child and can
    /// overrun its buffer when other tests open descriptors meanwhile (it crashed the whole test
    /// run now and then, with over a thousand descriptors open across the suites' servers).
    private static func runBlocking(_ arguments: [String]) throws -> Result {
        guard let binary else { throw NotBuilt() }
        let output = try SpawnPipe(), errors = try SpawnPipe()
        defer { output.close(); errors.close() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw SpawnFailed(errno: spawned) }
        output.closeWrite()
        errors.closeWrite()
        // Outputs here are far below a pipe's buffer, so reading one stream to its end first is safe.
        let stdout = output.readToEnd()
        let stderr = errors.readToEnd()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Exited: the exit code; killed: the signal, as `Process.terminationStatus` reports it.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
        return Result(status: code, stdout: Data(stdout), stderr: String(decoding: stderr, as: UTF8.self))
    }

    struct SpawnFailed: Error, CustomStringConvertible {
        var errno: Int32
        var description: String { "posix_spawn failed: errno \(errno)" }
    }
}

/// A pipe for a child's output: the parent reads, the child writes (its end is duplicated onto
/// the child's stdout or stderr; both original descriptors close on exec).
private final class SpawnPipe {
    let read: Int32
    private(set) var write: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Cardform.SpawnFailed(errno: errno) }
        read = ends[0]
        write = ends[1]
        _ = fcntl(read, F_SETFD, FD_CLOEXEC)
        _ = fcntl(write, F_SETFD, FD_CLOEXEC)
    }

    func closeWrite() {
        if write >= 0 { Glibc.close(write) }
        write = -1
    }

    func close() {
        closeWrite()
        Glibc.close(read)
    }

    func readToEnd() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                return bytes
            }
        }
    }
}

/// A fresh folder under the system's temporary directory, removed when the test is done.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cardform-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    func write(_ text: String, to relative: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}

/// The official spec's tests, read from the shared folder beside the repository.
enum SpecFiles {
    /// The name the test's own template gets; no spec partial uses it.
    static let templateName = "spec-test-template"

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var name: String
        var template: String
        var partials: [String: String]
        /// The test's data, written back out as JSON for `--data`.
        var dataJSON: String
        var expected: String
        var testDescription: String { "\(file): \(name)" }
    }

    static let directory: URL? = {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [
            repository.deletingLastPathComponent().appendingPathComponent("shared/mustache-spec"),
            URL(fileURLWithPath: "/work/shared/mustache-spec"),
        ].first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    static let cases: [Case] = {
        guard let directory,
              let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".json") }.sorted().flatMap { file -> [Case] in
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)),
                  let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let tests = root["tests"] as? [[String: Any]]
            else { return [] }
            return tests.compactMap { test in
                guard let name = test["name"] as? String, let template = test["template"] as? String,
                      let expected = test["expected"] as? String,
                      let json = try? JSONSerialization.data(withJSONObject: test["data"] ?? [:], options: [.fragmentsAllowed])
                else { return nil }
                return Case(file: file, name: name, template: template,
                            partials: test["partials"] as? [String: String] ?? [:],
                            dataJSON: String(decoding: json, as: UTF8.self), expected: expected)
            }
        }
    }()
}
