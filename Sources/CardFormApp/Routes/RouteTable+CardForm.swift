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
        let overlay = demo.reloadProblemOverlay
        let fromShell = shell.allowedOrigin(unknown: ShellRoutes.originRefused)
        return RouteTable(routes: [
            Route(.get, "/healthz") { _ throws(Refusal) in SecureResponse.text("ok", status: .ok) },
            Route(.get, "/assets/*", assets.asset),
            Route(.get, "/embed.js", assets.embedScript),

            Route(.post, "/api/sessions", through: [access.secretKey], api.createSession),
            Route(.get, "/api/sessions/:id", through: [access.secretKey], api.state),
            Route(.get, "/api/customers/:id/cards", through: [access.secretKey], api.customerCards),

            Route(.get, "/s/:id", through: [overlay], pages.page),
            Route(.post, "/s/:id", through: [overlay, access.formPost], pages.postForm),
            Route(.post, "/s/:id/input", through: [overlay, access.formPost], events.input),
            Route(.post, "/s/:id/network", through: [overlay, access.formPost], events.network),
            Route(.post, "/s/:id/submit", through: [overlay, access.formPost], events.submit),
            Route(.post, "/s/:id/cancel", through: [overlay, access.formPost], events.cancel),
            Route(.get, "/s/:id/events", through: [access.pageQuery], events.events),
            Route(.get, "/s/:id/theme.css", assets.theme),

            Route(.get, "/", through: [access.dev, overlay], demo.page),
            Route(.post, "/demo/sessions", through: [access.dev], demo.createSession),
            Route(.get, "/dev/events", through: [access.dev], demo.devEvents),

            Route(.get, "/shell/:id", through: [shell.allowedOrigin(unknown: .json(.notFound, "not-found", "No session with this id."))], shell.bootstrap),
            Route(.options, "/shell/:id", through: [fromShell], shell.preflight),
            Route(.post, "/shell/:id/input", through: [fromShell, access.formPost], events.input),
            Route(.post, "/shell/:id/network", through: [fromShell, access.formPost], events.network),
            Route(.post, "/shell/:id/submit", through: [fromShell, access.formPost], events.submit),
            Route(.post, "/shell/:id/cancel", through: [fromShell, access.formPost], events.cancel),
            Route(.get, "/shell/:id/events", through: [fromShell, access.pageQuery], events.events),
            Route(.options, "/shell/:id/input", through: [fromShell], shell.preflight),
            Route(.options, "/shell/:id/network", through: [fromShell], shell.preflight),
            Route(.options, "/shell/:id/submit", through: [fromShell], shell.preflight),
            Route(.options, "/shell/:id/cancel", through: [fromShell], shell.preflight),
            Route(.options, "/shell/:id/events", through: [fromShell], shell.preflight),
        ])
    }
}
