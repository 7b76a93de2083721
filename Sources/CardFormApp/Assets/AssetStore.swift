import CardFormSupport

/// One static file served under a content-hashed name.
struct Asset: Sendable, Equatable {
    /// Path relative to `Public/`: `cardform.css`, `icons/visa.svg`.
    let path: String
    let bytes: [UInt8]
    /// 16 hex digits of the content's hash: part of the URL and the ETag.
    let hash: String
    let contentType: String
    /// `/assets/cardform.1a2b….css`: changes whenever a byte does, so it can be cached forever.
    /// Stored, not computed: pages and keystrokes ask for icon URLs on every render.
    let url: String
    /// The bytes gzipped once, at start, when the type compresses and that makes them smaller.
    let gzipped: [UInt8]?

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.hash = AssetStore.hash(bytes)
        self.contentType = AssetStore.contentType(of: path)
        let packed = Compression.compresses(contentType) ? Gzip.compress(bytes, effort: .best) : nil
        self.gzipped = packed.flatMap { $0.count < bytes.count ? $0 : nil }
        let (stem, ext) = AssetStore.split(path)
        self.url = "/assets/\(stem).\(hash)\(ext)"
    }
}

/// The page's static files (`Public/` overlaid by `--public`), addressed by hashed URLs.
struct AssetStore: Sendable {
    private(set) var byPath: [String: Asset] = [:]
    private var byURL: [String: Asset] = [:]

    init(layer: FileLayer) {
        for (path, bytes) in layer.files {
            let asset = Asset(path: path, bytes: bytes)
            byPath[path] = asset
            byURL[asset.url] = asset
        }
    }

    /// The hashed URL of `path`, or `nil` when there is no such asset.
    func url(for path: String) -> String? { byPath[path]?.url }

    /// The asset a request path (`/assets/…`) names, if its hash is current.
    func asset(at urlPath: String) -> Asset? { byURL[urlPath] }

    static func hash(_ bytes: [UInt8]) -> String {
        let value = FNV1a.hash(bytes)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `icons/visa.svg` → (`icons/visa`, `.svg`).
    static func split(_ path: String) -> (stem: Substring, ext: Substring) {
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot != path.startIndex else { return (path[...], "") }
        return (path[..<dot], path[dot...])
    }

    static func contentType(of path: String) -> String {
        switch split(path).ext.lowercased() {
        case ".css": "text/css; charset=utf-8"
        case ".js": "text/javascript; charset=utf-8"
        case ".svg": "image/svg+xml"
        case ".png": "image/png"
        case ".ico": "image/x-icon"
        case ".woff2": "font/woff2"
        case ".json": "application/json"
        case ".html": "text/html; charset=utf-8"
        case ".txt", ".md": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
