import CardEngine
import CardFormSupport
import Foundation
import Payments
import Testing
@testable import CardFormApp

/// The `SessionStore` contract, run against every store: another implementation (Redis) adds its
/// factory to `stores` and inherits every case.
@Suite struct SessionStoreTests {
    /// A store with a 60 s idle time, a 300 s maximum lifetime, a 60 s retention and room for
    /// `capacity` live sessions, and what must live as long as it (its Redis server).
    typealias Factory = @Sendable (_ capacity: Int) async throws -> Subject

    /// A store under test; the Redis server it talks to is killed when the test drops it.
    struct Subject: Sendable {
        var store: any SessionStore
        var server: RedisServerProcess?
    }

    static let lifetime = SessionLifetime(idle: .seconds(60), maximum: .seconds(300), retention: .seconds(60))
    static let stores: [(name: String, make: Factory)] = [
        ("memory", { Subject(store: MemorySessionStore(lifetime: lifetime, capacity: $0)) }),
        ("redis", { capacity in
            let server = try await RedisServerProcess.start()
            let pool = RedisPool(url: try server.url())
            let box = try SecretBox(hexKey: String(repeating: "5a", count: 32))
            return Subject(store: RedisSessionStore(pool: pool, box: box, lifetime: lifetime, capacity: capacity), server: server)
        }),
    ]
    static let names = stores.map(\.name)

    static func subject(_ name: String, capacity: Int = 10) async throws -> Subject {
        try await stores.first { $0.name == name }!.make(capacity)
    }

    static let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 6))
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Types a valid card and submits it; true when the session starts paying.
    static func fillAndSubmit(_ record: inout SessionRecord) -> Bool {
        for (field, value) in [(FieldType.cardNumber, "4242424242424242"), (.expiryDate, "12/30"), (.cvv, "123"), (.cardholderName, "Ada")] {
            record.session.update(field, value: value, caret: value.utf16.count, event: .paste, in: environment)
        }
        if case .startPayment = record.session.submit(in: environment) { return true }
        return false
    }

    static func create(_ store: any SessionStore, at now: Date = start) throws -> SessionRecord {
        try store.create(now: now) { CardSession(id: $0, configuration: SessionConfiguration(), environment: environment) }
    }

    @Test("a created session is found live by its id, its changes are kept, and its token is its own", arguments: names)
    func createAndChange(name: String) async throws {
        let subject = try await Self.subject(name)
        let store = subject.store
        defer { withExtendedLifetime(subject) {} }
        let record = try Self.create(store)
        #expect(RandomToken.isWellFormed(record.id[...]) && RandomToken.isWellFormed(record.token[...]) && record.id != record.token)
        let typed = try store.withSession(record.id[...], now: Self.start) { record in
            record.session.update(.cardholderName, value: "ada", caret: 3, in: Self.environment).formatted.value
        }
        guard case .live("Ada") = typed else { Issue.record("expected the live session's answer"); return }
        guard case .live(let value) = try store.withSession(record.id[...], now: Self.start, { $0.session.value(for: .cardholderName) })
        else { Issue.record("expected the live session"); return }
        #expect(value == "Ada")
        #expect(try store.liveCount() == 1)
    }

    @Test("every part of a record reads back as written: the language a page settled, who typed the card, each page's phase and staleness, field looks", arguments: names)
    func everyPartReadsBack(name: String) async throws {
        let subject = try await Self.subject(name)
        let store = subject.store
        defer { withExtendedLifetime(subject) {} }
        var configuration = SessionConfiguration()
        configuration.colorScheme = .dark
        var cvv = FieldOptions()
        cvv.look.showsMaskToggle = true
        cvv.look.tooltip = FieldLook.Tooltip(text: "Three digits", accessibilityLabel: "About the code")
        cvv.look.labelPosition = .floating
        configuration.fields[.cvv] = cvv
        let record = try store.create(now: Self.start) { CardSession(id: $0, configuration: configuration, environment: Self.environment) }
        let written = try store.withSession(record.id[...], now: Self.start) { record in
            record.session.show(in: "fr")
            record.session.update(.cardNumber, value: "4242", caret: 4, in: Self.environment)
            record.noteEntry([.cardNumber], by: "page-a")
            record.answerPage("page-a") { page, _, _ in
                page.revision = 3
                page.phase = .processing
            }
            record.answerPage("page-b") { page, _, _ in page.revision = 1 }
            record.markPagesStale()
            return record
        }
        guard case .live(let expected) = written else { Issue.record("expected the live session"); return }
        guard case .live(let read) = try store.withSession(record.id[...], now: Self.start, { $0 }) else {
            Issue.record("expected the live session"); return
        }
        #expect(read == expected)
        #expect(read.session.locale == "fr" && read.cardFields(enteredBy: "page-a") == [.cardNumber])
        #expect(read.pages.map(\.isStale) == [true, true] && read.pages.first?.phase == .processing)
        #expect(read.session.configuration.fields[.cvv]?.look.labelPosition == .floating)
    }

    @Test("an unknown or malformed id is unknown, and the body never runs", arguments: names)
    func unknownIds(name: String) async throws {
        let subject = try await Self.subject(name)
        let store = subject.store
        defer { withExtendedLifetime(subject) {} }
        for id in ["aaaaaaaaaaaaaaaaaaaaaaaaaa", "not-an-id", ""] {
            guard case .unknown = try store.withSession(id[...], now: Self.start, { _ in Issue.record("body ran for \(id)") })
            else { Issue.record("\(id) was found"); continue }
        }
    }

    @Test("an idle session is retired after the idle time, readable but unchangeable, then forgotten", arguments: names)
    func idleExpiry(name: String) async throws {
        let subject = try await Self.subject(name)
        let store = subject.store
        defer { withExtendedLifetime(subject) {} }
        let record = try Self.create(store)
        #expect(try store.sweep(now: Self.start.addingTimeInterval(59)).retired.isEmpty)
        #expect(try store.sweep(now: Self.start.addingTimeInterval(61)).retired == [record.id])
        #expect(try store.liveCount() == 0)
        guard case .expired(let retired) = try store.withSession(record.id[...], now: Self.start, { _ in Issue.record("body ran") })
        else { Issue.record("expected the retired session"); return }
        #expect(retired.session.phase.name == .expired && retired.retiredAt != nil)
        #expect(try store.sweep(now: Self.start.addingTimeInterval(61 + 59)).retired.isEmpty)
        _ = try store.sweep(now: Self.start.addingTimeInterval(61 + 61)).retired
        guard case .unknown = try store.withSession(record.id[...], now: Self.start, { _ in }) else {
            Issue.record("expected the session forgotten")
            return
        }
    }

    @Test("a token-bearing use counts as activity, and a session paying waits for its result", arguments: names)
    func activityAndPayments(name: String) async throws {
        let subject = try await Self.subject(name)
        let store = subject.store
        defer { withExtendedLifetime(subject) {} }
        let used = try Self.create(store)
        let paying = try Self.create(store)
        _ = try store.withSession(used.id[...], now: Self.start.addingTimeInterval(50)) { $0.lastActiveAt = Self.start.addingTimeInterval(50) }
        guard case .live(true) = try store.withSession(paying.id[...], now: Self.start, { Self.fillAndSubmit(&$0) }) else {
            Issue.record("expected a payment")
            return
        }
        #expect(try store.sweep(now: Self.start.addingTimeInterval(100)).retired.isEmpty)
        _ = try store.withSession(paying.id[...], now: Self.start.addingTimeInterval(100)) {
            $0.session.paymentResult(.succeeded(id: "pay_1"))
        }
        #expect(try Set(store.sweep(now: Self.start.addingTimeInterval(200)).retired) == [used.id, paying.id])
    }

    @Test("creation stops at the capacity and resumes as sessions retire", arguments: names)
    func capacity(name: String) async throws {
        let subject = try await Self.subject(name, capacity: 2)
        let store = subject.store
        defer { withExtendedLifetime(subject) {} }
        _ = try Self.create(store)
        _ = try Self.create(store)
        #expect(throws: StoreError.full) { try Self.create(store) }
        #expect(try store.sweep(now: Self.start.addingTimeInterval(61)).retired.count == 2)
        _ = try Self.create(store, at: Self.start.addingTimeInterval(61))
    }

    @Test("reading a session is not a use: only a body that sets lastActiveAt keeps it alive", arguments: names)
    func readsDoNotRefresh(name: String) async throws {
        let subject = try await Self.subject(name)
        let store = subject.store
        defer { withExtendedLifetime(subject) {} }
        let read = try Self.create(store)
        let used = try Self.create(store)
        for second in stride(from: 10.0, through: 50, by: 10) {
            let now = Self.start.addingTimeInterval(second)
            _ = try store.withSession(read.id[...], now: now) { $0.session.phase }
            _ = try store.withSession(used.id[...], now: now) { $0.lastActiveAt = now }
        }
        #expect(try store.sweep(now: Self.start.addingTimeInterval(61)).retired == [read.id])
        #expect(try store.liveCount() == 1)
    }

    @Test("a session expires at its maximum lifetime however active, but never mid-payment", arguments: names)
    func maximumLifetime(name: String) async throws {
        let subject = try await Self.subject(name)
        let store = subject.store
        defer { withExtendedLifetime(subject) {} }
        let busy = try Self.create(store)
        let paying = try Self.create(store)
        guard case .live(true) = try store.withSession(paying.id[...], now: Self.start, { Self.fillAndSubmit(&$0) }) else {
            Issue.record("expected a payment")
            return
        }
        for second in stride(from: 30.0, through: 300, by: 30) {
            let now = Self.start.addingTimeInterval(second)
            for id in [busy.id, paying.id] { _ = try store.withSession(id[...], now: now) { $0.lastActiveAt = now } }
            #expect(try store.sweep(now: now).retired.isEmpty)
        }
        #expect(try store.sweep(now: Self.start.addingTimeInterval(301)).retired == [busy.id])
        guard case .expired = try store.withSession(busy.id[...], now: Self.start.addingTimeInterval(301), { _ in }) else {
            Issue.record("expected the old session retired")
            return
        }
        _ = try store.withSession(paying.id[...], now: Self.start.addingTimeInterval(302)) {
            $0.session.paymentResult(.succeeded(id: "pay_2"))
        }
        #expect(try store.sweep(now: Self.start.addingTimeInterval(303)).retired == [paying.id])
        #expect(Self.lifetime.expiresAt(createdAt: Self.start) == Self.start.addingTimeInterval(60))
        #expect(SessionLifetime(idle: .seconds(1_800), maximum: .seconds(600)).expiresAt(createdAt: Self.start) == Self.start.addingTimeInterval(600))
    }
}

/// `SessionRecord`'s page bookkeeping.
@Suite struct SessionRecordTests {
    static func record() -> SessionRecord {
        SessionRecord(session: CardSession(id: "s", configuration: SessionConfiguration()), token: "t", now: Date())
    }

    struct Stop: Error {}

    @Test("an answered page is kept as the most recent, at most four, and a failed answer leaves it out")
    func pages() throws {
        var record = Self.record()
        for id in ["a", "b", "c", "d", "e"] {
            let known = record.answerPage(id) { page, isKnown, _ in
                page.revision += 1
                return isKnown
            }
            #expect(!known)
        }
        #expect(record.pages.map(\.id) == ["b", "c", "d", "e"])
        #expect(record.answerPage("c") { page, isKnown, _ in isKnown && page.revision == 1 })
        #expect(record.pages.map(\.id) == ["b", "d", "e", "c"])
        #expect(throws: Stop.self) { try record.answerPage("d") { (_, _, _) throws(Stop) in throw Stop() } }
        #expect(record.pages.map(\.id) == ["b", "e", "c"])
    }
}
