/// How a deferred response's wait ended.
enum DeferredEnding: Sendable {
    /// The app completed it with this response.
    case answered(Response)
    /// Its timeout passed: the fallback is sent.
    case timedOut
    /// The daemon is stopping: the fallback is sent.
    case stopped
    /// The client hung up while it waited: nothing is sent.
    case clientLeft

    /// How the request log names it.
    var deferral: RequestLogEntry.Deferral {
        switch self {
        case .answered: .completed
        case .timedOut: .timedOut
        case .stopped: .stopped
        case .clientLeft: .clientLeft
        }
    }
}

/// Where one deferred response stands: a pure state machine (no C, no locks of its own) kept
/// under its `ResponseCompletion`'s lock.
///
/// The hard part it solves is who resumes the connection. libmicrohttpd forbids resuming a
/// connection that is not suspended, and a completion may arrive before, during or after the
/// worker suspends. So: an ending that arrives before the worker has registered the suspended
/// connection is left for the worker to act on (it answers at once, or resumes right after
/// suspending); one that arrives later tells the caller to resume.
struct DeferredState {
    enum Phase: Equatable {
        /// `start` is running, or has just returned.
        case starting
        /// The worker decided to suspend and is doing so.
        case suspending
        /// Suspended and registered with `SuspendedConnections`: whoever ends it resumes it.
        case suspended
    }

    /// What the caller of `settle` must do.
    enum Settlement: Equatable {
        /// It had already ended: this ending is dropped.
        case ignored
        /// Recorded; the worker will act on it.
        case recorded
        /// Recorded; the connection is suspended, so the caller must have it resumed.
        case resume
    }

    private(set) var phase = Phase.starting
    private(set) var ending: DeferredEnding?

    /// The wait ends with `ending`, unless it already ended.
    mutating func settle(_ ending: DeferredEnding) -> Settlement {
        guard self.ending == nil else { return .ignored }
        self.ending = ending
        return phase == .suspended ? .resume : .recorded
    }

    /// After `start`: whether to suspend (false when it already ended: answer at once).
    mutating func beginSuspending() -> Bool {
        guard ending == nil else { return false }
        phase = .suspending
        return true
    }

    /// Once suspended: whether it now waits (false when it ended meanwhile: resume at once).
    mutating func finishSuspending() -> Bool {
        guard ending == nil else { return false }
        phase = .suspended
        return true
    }
}
