import Foundation
import Synchronization

/// `serve --dev`: notices saved templates, assets and locales, recompiles them, and tells open
/// pages to reload. A broken template never takes the server down: the last good resources keep
/// serving and pages show the error overlay until the file is fixed.
final class DevReloader: Sendable {
    /// Increases with every change seen; pages wait on `/dev/events` for it to move.
    var version: Int { state.withLock { $0.version } }

    private struct State {
        var version = 0
        var fingerprint: UInt64
        var waiters: [(after: Int, notify: @Sendable (Int) -> Void)] = []
    }

    private let app: AppContext
    /// The handle that swaps the app's resources: `AppContext` has one only under `--dev`.
    private let resources: AppContext.DevResources
    private let sources: FormResources.Sources
    private let folders: [URL]
    private let state: Mutex<State>

    init(app: AppContext, resources: AppContext.DevResources, sources: FormResources.Sources) {
        self.app = app
        self.resources = resources
        self.sources = sources
        self.folders = [sources.templatesOverlay, sources.publicOverlay].compactMap(\.self)
        self.state = Mutex(State(fingerprint: FolderFingerprint.of(folders)))
    }

    /// Wakes every waiting page (the server is stopping).
    func releaseWaiters() {
        let waiters = state.withLock { state in
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.notify(-1) }
    }

    /// Looks for a change now; on one, reloads and wakes every waiting page. The server calls it
    /// every 100 ms, so a save is seen well within the 300 ms a designer should wait.
    func check() {
        let fingerprint = FolderFingerprint.of(folders)
        guard state.withLock({ $0.fingerprint != fingerprint }) else { return }
        do {
            resources.replace(resources: try FormResources.load(sources))
            app.setReloadProblem(nil)
            app.logger.log("dev-reload", ["ok": .bool(true)])
        } catch {
            app.setReloadProblem(error)
            app.logger.log("dev-reload", ["ok": .bool(false)])
        }
        let (version, waiters) = state.withLock { state in
            state.fingerprint = fingerprint
            state.version += 1
            defer { state.waiters.removeAll() }
            return (state.version, state.waiters)
        }
        for waiter in waiters { waiter.notify(version) }
    }

    /// Calls `notify` with the new version once it passes `after` (at once if it already has).
    func waitForChange(after: Int, _ notify: @escaping @Sendable (Int) -> Void) {
        let current: Int? = state.withLock { state in
            if state.version > after { return state.version }
            state.waiters.append((after, notify))
            return nil
        }
        if let current { notify(current) }
    }
}
