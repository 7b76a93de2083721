import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The durable outbox of a server without a shared store: one file per event in `dataDir/outbox`,
/// `<id>.json` holding the exact body, its modification time the event's creation.
///
/// A file appears whole or not at all: written under a temporary name, flushed (`fsync`), renamed
/// into place, and the directory flushed, so a crash at any point leaves either no event or a
/// complete one. A delivered event's file is deleted. At start every file is an event the last run
/// did not finish; the first `claimAbandoned` hands them back. One process per directory: a second
/// `serve` on the same `dataDir` is refused (an advisory lock the kernel drops when its holder dies,
/// `kill -9` included), since two would deliver each other's events twice.
///
/// A class because it holds the lock's file descriptor for its lifetime.
public final class FileOutbox: WebhookOutbox {
    public let directory: URL
    private let lockDescriptor: Int32
    /// Ids this process added or claimed and has not removed: never handed out again.
    private let claimed = Mutex<Set<String>>([])

    /// Opens (and locks) the outbox in `directory`, which must exist; removes what a crash left
    /// half written.
    public init(directory: URL) throws(OutboxError) {
        self.directory = directory
        let descriptor = Glibc.open(directory.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("cannot open \(directory.path)/.lock") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            Glibc.close(descriptor)
            throw OutboxError(.inUse, "another cardform process delivers from \(directory.path)")
        }
        lockDescriptor = descriptor
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix(".tmp-") {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    deinit { Glibc.close(lockDescriptor) }

    public func add(_ entry: OutboxEntry) throws(OutboxError) {
        let name = try Self.fileName(entry.id)
        // Claimed before the file exists, so a concurrent sweep never hands it out as abandoned.
        claimed.withLock { _ = $0.insert(entry.id) }
        do throws(OutboxError) {
            let temporary = directory.appendingPathComponent(".tmp-" + name).path
            try Self.writeFlushed(entry.body, to: temporary)
            try? FileManager.default.setAttributes([.modificationDate: entry.created], ofItemAtPath: temporary)
            guard rename(temporary, path(name)) == 0 else { throw Self.failure("cannot rename into \(name)") }
            try flushDirectory()
        } catch {
            _ = claimed.withLock { $0.remove(entry.id) }
            throw error
        }
    }

    public func remove(_ id: String) throws(OutboxError) {
        let name = try Self.fileName(id)
        guard unlink(path(name)) == 0 || errno == ENOENT else { throw Self.failure("cannot delete \(name)") }
        try flushDirectory()
        _ = claimed.withLock { $0.remove(id) }
    }

    public func claimAbandoned(limit: Int) throws(OutboxError) -> [OutboxEntry] {
        let waiting = try listed().sorted { $0.created < $1.created }
        let taken = claimed.withLock { claimed -> [Listed] in
            var taken: [Listed] = []
            for file in waiting where taken.count < limit && claimed.insert(file.id).inserted { taken.append(file) }
            return taken
        }
        return taken.compactMap { file in
            guard let body = FileManager.default.contents(atPath: path(file.name)) else {
                // Delivered and deleted since the listing.
                _ = claimed.withLock { $0.remove(file.id) }
                return nil
            }
            return OutboxEntry(id: file.id, body: Array(body), created: file.created)
        }
    }

    public func stats() throws(OutboxError) -> OutboxStats {
        let files = try listed()
        return OutboxStats(depth: files.count, oldest: files.map(\.created).min())
    }

    private struct Listed {
        var id: String
        var name: String
        var created: Date
    }

    /// The complete event files, with their creation times.
    private func listed() throws(OutboxError) -> [Listed] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            throw Self.failure("cannot list \(directory.path)")
        }
        return names.compactMap { name in
            guard name.hasSuffix(".json"), !name.hasPrefix("."),
                  let modified = (try? FileManager.default.attributesOfItem(atPath: path(name)))?[.modificationDate] as? Date
            else { return nil }
            return Listed(id: String(name.dropLast(".json".count)), name: name, created: modified)
        }
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// So that a rename or unlink survives a power cut, not only the file's bytes.
    private func flushDirectory() throws(OutboxError) {
        let descriptor = Glibc.open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure("cannot open \(directory.path)") }
        defer { Glibc.close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Self.failure("cannot flush \(directory.path)") }
    }

    private static func writeFlushed(_ bytes: [UInt8], to path: String) throws(OutboxError) {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(path)") }
        defer { Glibc.close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure("cannot write \(path)") }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush \(path)") }
    }

    /// `<id>.json`, for an id of letters, digits and `_` only (never a path).
    private static func fileName(_ id: String) throws(OutboxError) -> String {
        let allowed = id.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
        }
        guard (1...64).contains(id.utf8.count), allowed else {
            throw OutboxError(.invalidID, "an event id must be 1 to 64 letters, digits or _")
        }
        return id + ".json"
    }

    private static func failure(_ message: String) -> OutboxError {
        OutboxError(.io, "\(message): \(String(cString: strerror(errno)))")
    }
}
