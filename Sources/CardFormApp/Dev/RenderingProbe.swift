import CardEngine
import CardFormSupport
import Foundation
import HTTPServer

/// The real form's rendering, in process, for `Benchmarks/` (`make bench`): the shipped templates,
/// a real session and its page, and the very calls a request makes, without HTTP.
public struct RenderingProbe {
    let resources: FormResources
    let environment: SessionEnvironment
    let pageID = RandomToken.make128()
    /// The session with its page open and `typed` in the card number.
    let record: SessionRecord

    /// A card-form session whose page is open, with `typed` in the card number.
    public init(typed: String = "") throws {
        resources = try FormResources.load(.init())
        environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: resources.catalogs)
        let configuration = try SessionConfiguration.parse(Array(#"{"amount": 2499, "currency": "EUR"}"#.utf8))
        var record = SessionRecord(
            session: CardSession(id: "probe", configuration: configuration, environment: environment), token: "t", now: Date())
        let renderer = FormRenderer(resources: resources, dev: false)
        _ = try renderer.page(&record, pageID: pageID)
        if !typed.isEmpty { _ = Self.handle(&record, typed, renderer: renderer, environment: environment, pageID: pageID) }
        self.record = record
    }

    /// The whole page for a new page id, as `GET /s/<id>` renders it; returns its length.
    public func page() -> Int {
        var copy = record
        return (try? FormRenderer(resources: resources, dev: false).page(&copy, pageID: RandomToken.make128()).utf8.count) ?? 0
    }

    /// The card number set to `value` as `POST /s/<id>/input` does it (engine update, render,
    /// fragments), from the probe's state each time; `tracking` false renders the whole form.
    public func keystroke(_ value: String, tracking: Bool = true) -> String {
        var copy = record
        let renderer = FormRenderer(resources: resources, dev: false, tracking: tracking)
        return Self.handle(&copy, value, renderer: renderer, environment: environment, pageID: pageID)
    }

    /// The engine's update alone.
    public func update(_ value: String) -> Bool {
        var session = record.session
        return session.update(.cardNumber, value: value, caret: value.utf16.count, in: environment).changes.isEmpty
    }

    /// `bytes` gzipped as an answer would be; nil when zlib fails.
    public static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        Gzip.compress(bytes)
    }

    private static func handle(
        _ record: inout SessionRecord, _ value: String, renderer: FormRenderer, environment: SessionEnvironment, pageID: String
    ) -> String {
        let input = PageEvent.FieldInput(field: .cardNumber, value: value, caret: value.utf16.count, event: .input, seq: nil)
        let revision = record.page(pageID)?.revision ?? 0
        // The id is our own well-formed token, so this always reads; an empty answer otherwise.
        guard let address = try? PageAddress(FormFields([("page", pageID), ("rev", String(revision))])) else { return "" }
        return (try? record.handle(.input(input), from: address, renderer: renderer, environment: environment).html.get()) ?? ""
    }
}
