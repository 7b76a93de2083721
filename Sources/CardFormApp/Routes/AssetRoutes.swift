import HTTPServer

/// Static files under content-hashed names, and each session's theme stylesheet.
struct AssetRoutes {
    let app: AppContext

    /// `GET /assets/<name>.<hash>.<ext>`: cached for a year (the name changes with any byte);
    /// `If-None-Match` with the current hash answers 304.
    func asset(_ request: RouteRequest) throws(Refusal) -> Response {
        guard let asset = app.resources.assets.asset(at: request.request.path) else { throw .notFound }
        // The gzipped copy (made at start) is another representation: its own ETag.
        let gzipped = Gzip.isAccepted(by: request.request.header(.acceptEncoding)) ? asset.gzipped : nil
        let etag = gzipped == nil ? "\"\(asset.hash)\"" : "\"\(asset.hash)-gzip\""
        var headers: HTTPHeaders = [
            .contentType: asset.contentType, .cacheControl: "public, max-age=31536000, immutable", .etag: etag,
        ]
        if gzipped != nil { headers.add(.contentEncoding, "gzip") }
        // Which copy goes depends on `Accept-Encoding`, whatever the size (`Compression` only
        // says so for answers large enough to compress).
        if asset.gzipped != nil { headers.append(Compression.varies) }
        if request.request.header(.ifNoneMatch) == etag {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, bytes: gzipped ?? asset.bytes)
    }

    /// `GET /embed.js`: the merchant's page loads this fixed URL (no hash to look up), so it is
    /// cached briefly rather than forever; a deploy reaches every page within five minutes.
    func embedScript(_ request: RouteRequest) throws(Refusal) -> Response {
        guard let asset = app.resources.assets.byPath["embed.js"] else { throw .notFound }
        let headers: HTTPHeaders = [.contentType: asset.contentType, .cacheControl: "public, max-age=300", .etag: "\"\(asset.hash)\""]
        return Response(status: .ok, headers: headers, bytes: asset.bytes)
    }

    /// `GET /s/<id>/theme.css`: the session's appearance variables.
    func theme(_ request: RouteRequest) throws(Refusal) -> Response {
        let css = try app.withLiveSession(request.id) { ThemeStylesheet.css($0.session.configuration.appearance) }
        return Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8"], body: .text(css))
    }
}
