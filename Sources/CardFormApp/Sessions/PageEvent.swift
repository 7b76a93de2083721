import CardEngine
import CardFormSupport
import Glibc
import HTTPServer
import Mustache

/// One event a page sends, read from its request before the session is touched: a request the
/// page script would never send is refused here, with nothing changed.
enum PageEvent: Sendable {
    /// A keystroke, paste, focus or blur in one field (`POST /s/<id>/input`).
    case input(FieldInput)
    /// The shopper picks a co-badged network (`POST /s/<id>/network`).
    case network(CardNetwork)
    /// The shopper presses pay with these values posted (`POST /s/<id>/submit`, or the whole form).
    case submit(FormFields, saveCard: Bool)
    /// The shopper gives up.
    case cancel
    /// Nothing: the page asks for what changed (`GET /s/<id>/events`).
    case poll

    /// One field's edit as the page script reports it.
    struct FieldInput: Sendable {
        var field: FieldType
        var value: String
        var caret: Int
        var event: InputEvent
        /// Increasing per page; an older one than already seen changes nothing.
        var seq: Int?
    }

    /// `POST /s/<id>/input`'s form: `field`, `value`, `caret`, `event`, `seq`.
    static func input(_ form: FormFields) throws(Refusal) -> PageEvent {
        guard let name = form["field"], let field = fieldTypes.named(name) else { throw .badRequest("unknown field") }
        guard let event = inputEvents.named(form["event"] ?? "input") else { throw .badRequest("unknown event") }
        let value = form["value"] ?? ""
        // Read where they lie (`FormFields.int`), exactly as `Int(form["caret"])` reads them.
        let caret: Int
        switch form.int("caret") {
        case .absent: caret = value.utf16.count
        case .notANumber: throw .badRequest("caret must be a number")
        case .value(let number): caret = number
        }
        let seq: Int?
        switch form.int("seq") {
        case .absent: seq = nil
        case .value(let number) where number >= 0: seq = number
        case .value, .notANumber: throw .badRequest("seq must be a number")
        }
        return .input(FieldInput(field: field, value: value, caret: caret, event: event, seq: seq))
    }

    private static let fieldTypes = CaseNames<FieldType>()
    private static let inputEvents = CaseNames<InputEvent>()

    /// `POST /s/<id>/network`'s form: `network`.
    static func network(_ form: FormFields) throws(Refusal) -> PageEvent {
        guard let network = form["network"].flatMap(CardNetwork.init(rawValue:)) else { throw .badRequest("unknown network") }
        return .network(network)
    }
}

/// Which rendering of the form an event's answer is relative to: the page's id (`_page`) and the
/// last revision it applied.
struct PageAddress: Sendable {
    var id: String
    var revision: Int?

    /// `pages`: the session's pages. A posted id that is one of theirs is taken as that page's
    /// `String` (a retain), so the common event makes no heap string of its 26 bytes (~460
    /// instructions) and is matched by `SessionRecord.handle` on identical storage.
    init(_ form: FormFields, among pages: [PageState] = []) throws(Refusal) {
        let id = form.withValue("page") { bytes -> String? in
            guard let bytes, RandomToken.isWellFormed(bytes) else { return nil }
            // By index: a closure over the elements copied each `PageState` (retains).
            for index in pages.indices.reversed() where Self.spells(pages[index].id, bytes) { return pages[index].id }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let id else { throw .badRequest("missing or malformed page id") }
        self.id = id
        revision = Self.revision(form)
    }

    /// The long-poll's page: from `X-CardForm-Page`, as the page script sends it, else from the
    /// query's `page` (CONTRACT §3). The page id decides who is shown the card typed on that page,
    /// so the script keeps it out of the URL, which proxies and access logs keep.
    init(query: FormFields, headers: HTTPHeaders, among pages: [PageState] = []) throws(Refusal) {
        guard let header = headers[.cardFormPage] else {
            self = try PageAddress(query, among: pages)
            return
        }
        guard RandomToken.isWellFormed(header[...]) else { throw .badRequest("malformed page id") }
        self.id = header
        self.revision = Self.revision(query)
    }

    /// Whether `id`'s bytes are `bytes` (a page id is ASCII: compared bytewise, where both lie).
    private static func spells(_ id: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        id.utf8.count == bytes.count
            && id.utf8Span.span.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }

    /// `rev`: a value that is not a number is no revision, as when it is missing.
    private static func revision(_ form: FormFields) -> Int? {
        guard case .value(let number) = form.int("rev") else { return nil }
        return number
    }
}

/// What handling an event leaves to do once the session is let go: answer the page, and start a
/// payment when the submit was accepted.
struct EventAnswer: Sendable {
    /// The page, or its `<template>` fragments, or the template error that stopped them.
    var html: Result<String, TemplateError>
    /// Its headers, which only the session's allowed origins may frame (`SessionRecord.eventAnswerHeaders`).
    var headers: HTTPHeaders
    var payment: PaymentStart?

    /// The answer as a response, or the refusal a template error makes of it.
    func response() throws(Refusal) -> Response {
        switch html {
        case .success(let html): SecureResponse.fragments(html, headers: headers)
        case .failure(let error): throw Refusal(.template(error))
        }
    }
}

/// A payment to start: the draft the session handed out, whether the shopper asked to keep the
/// card, and the attempt number the record gave it (`PaymentAttempts`).
struct PaymentStart: Sendable {
    var draft: PaymentRequestDraft
    var saveCard: Bool
    var attempt: Int
}

/// An enum's cases by name, compared as strings: names of up to 15 bytes are small strings, equal
/// in one comparison, where `init(rawValue:)` goes through the generic string switch (a few
/// hundred instructions per keystroke's field and event).
private struct CaseNames<Case: RawRepresentable & CaseIterable & Sendable>: Sendable where Case.RawValue == String {
    private let cases = Case.allCases.map { (name: $0.rawValue, value: $0) }

    func named(_ name: String) -> Case? { cases.first { $0.name == name }?.value }
}
