import HTTPServer

/// Static files under content-hashed names, and each session's theme stylesheet.
struct AssetRoutes {
    let app: AppContext

    /// `GET /assets/<name>.<hash>.<ext>`: cached for a year (the name changes with any byte);
    /// `If-None-Match` with the current hash answers 304.
    func asset(_ path: String, _ request: Request) -> Response {
        guard let asset = app.resources.assets.asset(at: path) else {
            return SecureResponse.text("not found\n", status: .notFound)
        }
        let etag = "\"\(asset.hash)\""
        var headers = SecureResponse.headers(contentType: asset.contentType, noStore: false)
        headers.add("Cache-Control", "public, max-age=31536000, immutable")
        headers.add("ETag", etag)
        if request.headers["If-None-Match"] == etag {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, bytes: asset.bytes)
    }

    /// `GET /embed.js`: the merchant's page loads this fixed URL (no hash to look up), so it is
    /// cached briefly rather than forever; a deploy reaches every page within five minutes.
    func embedScript(_ request: Request) -> Response {
        guard let asset = app.resources.assets.byPath["embed.js"] else {
            return SecureResponse.text("not found\n", status: .notFound)
        }
        var headers = SecureResponse.headers(contentType: asset.contentType, noStore: false)
        headers.add("Cache-Control", "public, max-age=300")
        headers.add("ETag", "\"\(asset.hash)\"")
        return Response(status: .ok, headers: headers, bytes: asset.bytes)
    }

    /// `GET /s/<id>/theme.css`: the session's appearance variables.
    func theme(_ id: Substring, _ request: Request) -> Response {
        switch BrowserAccess(app: app).entry(id, request, requireToken: false) {
        case .refused(let response):
            return response
        case .ok(let entry):
            let css = entry.state.withLock { ThemeStylesheet.css($0.session.configuration.appearance) }
            return Response(status: .ok, headers: SecureResponse.headers(contentType: "text/css; charset=utf-8", noStore: true), body: .text(css))
        }
    }
}
