import Foundation
import Synchronization
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsOutboxTests {
    static func entry(_ id: String, second: Double = 0) -> OutboxEntry {
        OutboxEntry(id: id, body: Array(#"{"id":"\#(id)"}"#.utf8), created: Date(timeIntervalSince1970: 1_767_225_600 + second))
    }

    /// `outbox` in `folder`, created (the folder goes when the test drops it).
    static func outboxDirectory(in folder: TemporaryFolder) throws -> URL {
        let directory = folder.url.appendingPathComponent("outbox")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func files(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0 != ".lock" }.sorted()
    }

    @Test func anAddedEventIsOneFileHoldingItsBodyUntilRemoved() throws {
        let folder = try TemporaryFolder()
        let directory = try Self.outboxDirectory(in: folder)
        let outbox = try FileOutbox(directory: directory)
        try outbox.add(Self.entry("evt_a"))
        #expect(Self.files(directory) == ["evt_a.json"])
        #expect(FileManager.default.contents(atPath: directory.appendingPathComponent("evt_a.json").path) == Data(#"{"id":"evt_a"}"#.utf8))
        #expect(try outbox.stats() == OutboxStats(depth: 1, oldest: Self.entry("evt_a").created))
        try outbox.remove("evt_a")
        try outbox.remove("evt_a")
        #expect(try Self.files(directory).isEmpty && outbox.stats().depth == 0)
    }

    @Test func aNewProcessClaimsWhatTheLastLeftOldestFirstWithTheSameIdsAndBytes() throws {
        let folder = try TemporaryFolder()
        let directory = try Self.outboxDirectory(in: folder)
        do {
            let crashed = try FileOutbox(directory: directory)
            for (index, id) in ["evt_c", "evt_a", "evt_b"].enumerated() { try crashed.add(Self.entry(id, second: Double(index))) }
            #expect(try crashed.claimAbandoned(limit: 10).isEmpty)
        }
        try Data("half".utf8).write(to: directory.appendingPathComponent(".tmp-evt_z.json"))
        let restarted = try FileOutbox(directory: directory)
        #expect(Self.files(directory) == ["evt_a.json", "evt_b.json", "evt_c.json"])
        #expect(try restarted.claimAbandoned(limit: 2) == [Self.entry("evt_c"), Self.entry("evt_a", second: 1)])
        #expect(try restarted.claimAbandoned(limit: 2) == [Self.entry("evt_b", second: 2)])
        #expect(try restarted.claimAbandoned(limit: 2).isEmpty)
    }

    @Test func aSecondProcessOnTheSameDirectoryIsRefused() throws {
        let folder = try TemporaryFolder()
        let directory = try Self.outboxDirectory(in: folder)
        let first = try FileOutbox(directory: directory)
        #expect(throws: OutboxError(.inUse, "another cardform process delivers from \(directory.path)")) { try FileOutbox(directory: directory) }
        _ = first
    }

    @Test(arguments: ["../escape", "evt/a", "", String(repeating: "a", count: 65), "évt"])
    func anIdThatCouldNameAnotherFileIsRefused(id: String) throws {
        let folder = try TemporaryFolder()
        let directory = try Self.outboxDirectory(in: folder)
        let outbox = try FileOutbox(directory: directory)
        #expect(throws: OutboxError(.invalidID, "an event id must be 1 to 64 letters, digits or _")) { try outbox.add(Self.entry(id)) }
        #expect(Self.files(directory).isEmpty)
    }

    @Test func theMemoryOutboxCountsWhatWaitsAndNeverHandsItOut() throws {
        let outbox = MemoryOutbox()
        try outbox.add(Self.entry("evt_2", second: 2))
        try outbox.add(Self.entry("evt_1", second: 1))
        #expect(try outbox.stats() == OutboxStats(depth: 2, oldest: Self.entry("evt_1", second: 1).created))
        #expect(try outbox.claimAbandoned(limit: 10).isEmpty)
        try outbox.remove("evt_1")
        #expect(try outbox.stats().depth == 1)
    }

    @Test func theDispatcherWritesBeforeTheFirstTryAndDeletesAfterA2xx() async throws {
        let folder = try TemporaryFolder()
        let directory = try Self.outboxDirectory(in: folder)
        // Looked at when each try arrives (not when the test gets to run again, which may be after
        // the delivery on a busy machine).
        let seenAtTries = Mutex<[[String]]>([])
        let receiver = try ReceiverServer { index, _ in
            seenAtTries.withLock { $0.append(Self.files(directory)) }
            return index == 0 ? .status(500) : .status(204)
        }
        let dispatcher = PaymentsWebhookTests.dispatcher(receiver, outbox: try FileOutbox(directory: directory))
        #expect(dispatcher.enqueue(PaymentsWebhookTests.event(id: "evt_durable")))
        #expect(await PaymentsWebhookTests.drained(dispatcher))
        #expect(seenAtTries.withLock { $0 } == [["evt_durable.json"], ["evt_durable.json"]])
        #expect(Self.files(directory).isEmpty)
        #expect(receiver.requests.count == 2)
    }

    @Test func eventsLeftByAStoppedDispatcherAreDeliveredByTheNextWithTheSameBody() async throws {
        let folder = try TemporaryFolder()
        let directory = try Self.outboxDirectory(in: folder)
        // Refuses every try until the second dispatcher runs (the first one's retries too).
        let accepting = Atomic(false)
        let receiver = try ReceiverServer { _, _ in accepting.load(ordering: .acquiring) ? .status(200) : .status(503) }
        let event = PaymentsWebhookTests.event(id: "evt_again")
        weak var firstOutbox: FileOutbox?
        do {
            let outbox = try FileOutbox(directory: directory)
            firstOutbox = outbox
            let first = PaymentsWebhookTests.dispatcher(receiver, outbox: outbox)
            first.enqueue(event)
            _ = await receiver.waitForRequests(1)
            await first.shutdown(gracePeriod: .zero)
        }
        // The first one's last task may still be letting go of it on another thread when shutdown
        // returns; its outbox (holding the directory's lock) goes with it, as with a process's end.
        let released = ContinuousClock.now + .seconds(10)
        while firstOutbox != nil, ContinuousClock.now < released { try await Task.sleep(for: .milliseconds(5)) }
        #expect(firstOutbox == nil)
        #expect(Self.files(directory) == ["evt_again.json"])
        accepting.store(true, ordering: .releasing)
        let tried = receiver.requests.count
        // A weak reference reads nil as soon as deinit starts, a moment before deinit closes the
        // lock's descriptor: until it has, the directory is still held, as by a process ending.
        var reopened: FileOutbox?
        while reopened == nil {
            do {
                reopened = try FileOutbox(directory: directory)
            } catch {
                guard error.code == .inUse, ContinuousClock.now < released else { throw error }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        let second = PaymentsWebhookTests.dispatcher(receiver, outbox: try #require(reopened))
        let requests = await receiver.waitForRequests(tried + 1)
        #expect(await PaymentsWebhookTests.drained(second))
        #expect(requests.count > tried && requests.last?.body == event.body)
        #expect(Self.files(directory).isEmpty)
    }
}
