import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's nginx running `deploy/nginx.conf` for a test: the file as shipped, with its upstream
/// addresses replaced by the test's instances, its port by a free one and its log folder by a
/// temporary one, inside a minimal main configuration (foreground, one process, every path in
/// the test's folder). Killed when the test drops it.
final class NginxProcess: @unchecked Sendable {
    static let executable = "/usr/sbin/nginx"
    static let deployed = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("deploy/nginx.conf")

    let port: Int
    let folder: TemporaryFolder
    private let process: ChildProcess

    /// `http://127.0.0.1:<port>`.
    var base: String { "http://127.0.0.1:\(port)" }

    /// Starts nginx in front of `upstreams` (one port each, as many as the file lists) and waits,
    /// at most 10 s, until it accepts connections.
    static func start(upstreams: [Int]) async throws -> NginxProcess {
        for _ in 0..<4 {
            if let nginx = try await start(upstreams: upstreams, port: try Loopback.reservedPort()) { return nginx }
        }
        throw HarnessError("nginx found no free port in five tries")
    }

    /// nginx on `port`; nil when it exited at once (another process took the port).
    private static func start(upstreams: [Int], port: Int) async throws -> NginxProcess? {
        let folder = try TemporaryFolder()
        try folder.write(try derivedSite(upstreams: upstreams, port: port, logs: folder.path("")), to: "cardform.conf")
        try folder.write(mainConfiguration(folder), to: "nginx.conf")
        let process = try ChildProcess(
            executable, ["-p", folder.path(""), "-c", folder.path("nginx.conf"), "-e", folder.path("error.log")],
            logPath: folder.path("nginx.out"))
        let nginx = NginxProcess(port: port, folder: folder, process: process)
        return try await onOwnThread { try nginx.waitUntilListening() } ? nginx : nil
    }

    private init(port: Int, folder: TemporaryFolder, process: ChildProcess) {
        self.port = port
        self.folder = folder
        self.process = process
    }

    /// `deploy/nginx.conf` pointed at `upstreams`, listening on `port`, logging under `logs`.
    static func derivedSite(upstreams: [Int], port: Int, logs: String) throws -> String {
        let text = try String(contentsOf: deployed, encoding: .utf8)
        let servers = text.matches(of: /server 127\.0\.0\.1:[0-9]+/)
        guard servers.count == upstreams.count else {
            throw HarnessError("deploy/nginx.conf lists \(servers.count) instances, the test has \(upstreams.count)")
        }
        var site = text
        for (server, upstream) in zip(servers, upstreams).reversed() {
            site.replaceSubrange(server.range, with: "server 127.0.0.1:\(upstream)")
        }
        return site
            .replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
            .replacingOccurrences(of: "/var/log/nginx/", with: logs)
    }

    private static func mainConfiguration(_ folder: TemporaryFolder) -> String {
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
            .map { "    \($0)_temp_path \(folder.path("tmp-\($0)"));" }.joined(separator: "\n")
        return """
            daemon off;
            master_process off;
            pid \(folder.path("nginx.pid"));
            error_log \(folder.path("error.log")) warn;
            events { worker_connections 256; }
            http {
            \(temporary)
                include \(folder.path("cardform.conf"));
            }

            """
    }

    /// True once nginx accepts connections; false when it exited because its port was taken.
    private func waitUntilListening() throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline, process.isRunning {
            if Loopback.accepts(port: port) { return process.isRunning }
            usleep(20_000)
        }
        let errors = (try? String(contentsOfFile: folder.path("error.log"), encoding: .utf8)) ?? ""
        if errors.contains("Address already in use") { return false }
        throw HarnessError("nginx did not start: \(process.log) \(errors)")
    }
}
