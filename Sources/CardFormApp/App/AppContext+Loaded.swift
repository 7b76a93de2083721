import CardEngine
import Synchronization

extension AppContext {
    /// The resources, their renderer and the environment as one reference: a page event takes
    /// one reference count, not one for the resources, one for a renderer made of them and one for
    /// each class the environment holds. Never changed: a swap (`DevResources.replace`) makes a new
    /// one, so an event that holds one renders and runs with one whole set to its end.
    final class Loaded: Sendable {
        /// The renderer of `resources`, made once rather than for every event.
        let renderer: FormRenderer
        /// The environment new sessions get (BIN data, clock, catalogs: `resources`' own).
        let environment: SessionEnvironment

        /// What pages render with: the renderer's own, so the two cannot differ.
        var resources: FormResources { renderer.resources }

        init(resources: FormResources, environment: SessionEnvironment, dev: Bool) {
            self.renderer = FormRenderer(resources: resources, dev: dev)
            self.environment = environment
        }
    }

    /// `--dev`'s live reload: the one way to swap the loaded resources. `AppContext` makes one
    /// only under `--dev` (`devResources`, nil outside it, held by `DevReloader`), so outside
    /// `--dev` nothing can swap them and every read takes no lock.
    final class DevResources: Sendable {
        private let current: Mutex<Loaded>

        init(_ loaded: Loaded) {
            current = Mutex(loaded)
        }

        /// What is loaded now (a lock: only `--dev` pays it).
        var loaded: Loaded { current.withLock { $0 } }

        /// Swaps in freshly loaded resources; sessions pick up the new catalogs on their next
        /// event. An event already holding the old `Loaded` finishes with it.
        func replace(resources: FormResources) {
            current.withLock { loaded in
                var environment = loaded.environment
                environment.catalogs = resources.catalogs
                loaded = Loaded(resources: resources, environment: environment, dev: true)
            }
        }
    }

    /// Where `AppContext.loaded` comes from: fixed at start, or `--dev`'s swappable set.
    enum LoadedSource: Sendable {
        case startup(Loaded)
        case dev(DevResources)
    }
}
