import HTTPServer

extension RouteTable {
    /// Every route the server answers (CONTRACT §3), declared once: method, pattern (also the
    /// log's route name), who may call it (`Access`, the shell's origin check) and the handler.
    /// The `Router` adds the security headers to every answer.
    static func cardform(app: AppContext, reloader: DevReloader?) -> RouteTable {
        let access = Access(app: app)
        let api = APIRoutes(app: app)
        let assets = AssetRoutes(app: app)
        let pages = PageRoutes(app: app)
        let events = FragmentRoutes(app: app)
        let demo = DemoRoutes(app: app, reloader: reloader)
        let shell = ShellRoutes(app: app)
        let metrics = MetricsRoutes(app: app)
        let overlay = demo.reloadProblemOverlay
        let fromShell = shell.allowedOrigin(unknown: ShellRoutes.originRefused)
        // The page script's events, answered alike on the page's own origin and, with CORS, from a
        // shell's (its preflight too). A function rather than a list of tuples: a handler kept in a
        // tuple is stored in its most general form and called through a conversion on every request.
        func pageEvent(
            _ page: StaticString, _ shellPattern: StaticString, _ method: HTTPMethod,
            _ access: Middleware, _ handler: @escaping RouteHandler
        ) -> [Route] {
            // A page the engine answers shows the reload problem instead, like the page itself. Only
            // `--dev` has reload problems: elsewhere the overlay would be a step of every keystroke
            // that always passes (a closure call and its context's retain and release).
            let pageMiddleware = method == .post && app.configuration.dev ? [overlay, access] : [access]
            return [
                Route(method, page, through: pageMiddleware, handler),
                Route(method, shellPattern, through: [fromShell, access], handler),
                Route(.options, shellPattern, through: [fromShell], shell.preflight),
            ]
        }
        var routes = [
            Route(.get, "/healthz") { _ throws(Refusal) in SecureResponse.text("ok", status: .ok) },
            Route(.get, "/readyz") { _ throws(Refusal) in
                // Ready when the store answers (no auth, nothing about any session).
                do throws(StoreError) { try app.store.checkReachable() } catch { throw Refusal(.store(error)) }
                return SecureResponse.text("ok", status: .ok)
            },
            Route(.get, "/metrics", through: [access.secretKey], metrics.scrape),
            Route(.get, "/assets/*", assets.asset),
            Route(.get, "/embed.js", assets.embedScript),

            Route(.post, "/api/sessions", through: [access.secretKey], api.createSession),
            Route(.get, "/api/sessions/:id", through: [access.secretKey], api.state),
            Route(.patch, "/api/sessions/:id", through: [access.secretKey], api.updateSession),
            Route(.get, "/api/customers/:id/cards", through: [access.secretKey], api.customerCards),

            Route(.get, "/s/:id", through: [overlay], pages.page),
            Route(.post, "/s/:id", through: [overlay, access.formPost], pages.postForm),
            Route(.get, "/s/:id/theme.css", assets.theme),

            Route(.get, "/", through: [access.dev, overlay], demo.page),
            Route(.post, "/demo/sessions", through: [access.dev], demo.createSession),
            Route(.get, "/dev/events", through: [access.dev], demo.devEvents),

            Route(.get, "/shell/:id", through: [shell.allowedOrigin(unknown: ShellRoutes.unknownSession)], shell.bootstrap),
            Route(.options, "/shell/:id", through: [fromShell], shell.preflight),
        ]
        routes += pageEvent("/s/:id/input", "/shell/:id/input", .post, access.formPost, events.input)
        routes += pageEvent("/s/:id/network", "/shell/:id/network", .post, access.formPost, events.network)
        routes += pageEvent("/s/:id/submit", "/shell/:id/submit", .post, access.formPost, events.submit)
        routes += pageEvent("/s/:id/cancel", "/shell/:id/cancel", .post, access.formPost, events.cancel)
        routes += pageEvent("/s/:id/events", "/shell/:id/events", .get, access.pageQuery, events.events)
        return RouteTable(routes: routes)
    }
}
