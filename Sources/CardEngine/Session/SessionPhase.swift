/// Where a session is in its life (CONTRACT §3 `phase`).
public enum SessionPhase: String, CaseIterable, Sendable, Hashable {
    case ready, processing, succeeded, failed, cancelled, expired

    /// Whether the shopper can still edit and submit (after a failure they may try again).
    public var acceptsInput: Bool { self == .ready || self == .failed }
}

/// What the browser reports with a keystroke (CONTRACT §3 `POST /s/<id>/input`, `event`).
public enum InputEvent: String, CaseIterable, Sendable, Hashable {
    case input, focus, blur, paste
}
