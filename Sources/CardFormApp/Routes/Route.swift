import HTTPServer

/// Every route the server answers (CONTRACT §3), parsed from a method and a path.
///
/// Each case's `template` is a constant: it is what the access log records, so no id, token or
/// field value can reach a log line through a route.
enum Route: Equatable {
    case health
    case asset(path: String)
    case createSession
    case sessionState(id: Substring)
    case customerCards(id: Substring)
    case page(id: Substring)
    case postForm(id: Substring)
    case input(id: Substring)
    case network(id: Substring)
    case submit(id: Substring)
    case cancel(id: Substring)
    case events(id: Substring)
    case theme(id: Substring)
    case embedScript
    case demo
    case demoSession
    case devEvents
    case shell(id: Substring)
    case shellPreflight(id: Substring)
    case shellEvent(id: Substring, event: Substring)

    init?(method: HTTPMethod, path: String) {
        // Split as bytes (`/` is one byte in UTF-8, never part of another character): a split by
        // Characters would run grapheme breaking on every request.
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst().map(Substring.init)
        if parts.first == "shell" {
            guard let route = Self.shell(method, parts) else { return nil }
            self = route
            return
        }
        let isRead = method == .get || method == .head
        guard isRead || method == .post else { return nil }
        if isRead, parts.count > 1, parts[0] == "assets" {
            self = .asset(path: path)
            return
        }
        guard let route = isRead ? Self.read(parts) : Self.post(parts) else { return nil }
        self = route
    }

    private static func read(_ parts: [Substring]) -> Route? {
        switch parts.count {
        case 1 where parts[0] == "healthz": .health
        case 1 where parts[0] == "": .demo
        case 1 where parts[0] == "embed.js": .embedScript
        case 2 where parts[0] == "s": .page(id: parts[1])
        case 2 where parts[0] == "dev" && parts[1] == "events": .devEvents
        case 3 where parts[0] == "api" && parts[1] == "sessions": .sessionState(id: parts[2])
        case 3 where parts[0] == "s" && parts[2] == "events": .events(id: parts[1])
        case 3 where parts[0] == "s" && parts[2] == "theme.css": .theme(id: parts[1])
        case 4 where parts[0] == "api" && parts[1] == "customers" && parts[3] == "cards": .customerCards(id: parts[2])
        default: nil
        }
    }

    private static func post(_ parts: [Substring]) -> Route? {
        switch parts.count {
        case 2 where parts[0] == "api" && parts[1] == "sessions": .createSession
        case 2 where parts[0] == "demo" && parts[1] == "sessions": .demoSession
        case 2 where parts[0] == "s": .postForm(id: parts[1])
        case 3 where parts[0] == "s":
            switch parts[2] {
            case "input": .input(id: parts[1])
            case "network": .network(id: parts[1])
            case "submit": .submit(id: parts[1])
            case "cancel": .cancel(id: parts[1])
            default: nil
            }
        default: nil
        }
    }

    /// The route's template, the only form in which it is logged.
    var template: StaticString {
        switch self {
        case .health: "/healthz"
        case .asset: "/assets/:name"
        case .createSession: "/api/sessions"
        case .sessionState: "/api/sessions/:id"
        case .customerCards: "/api/customers/:id/cards"
        case .page: "/s/:id"
        case .postForm: "/s/:id (post)"
        case .input: "/s/:id/input"
        case .network: "/s/:id/network"
        case .submit: "/s/:id/submit"
        case .cancel: "/s/:id/cancel"
        case .events: "/s/:id/events"
        case .theme: "/s/:id/theme.css"
        case .embedScript: "/embed.js"
        case .demo: "/"
        case .demoSession: "/demo/sessions"
        case .devEvents: "/dev/events"
        case .shell: "/shell/:id"
        case .shellPreflight: "/shell/:id (preflight)"
        case .shellEvent: "/shell/:id/:event"
        }
    }
}
