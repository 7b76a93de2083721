import HTTPServer

extension HTTPHeaders.Name {
    static let acceptEncoding: Self = "Accept-Encoding"
    static let contentEncoding: Self = "Content-Encoding"
}

/// gzip for every answer that gains from it, decided in one place (`Router`): text types only,
/// at least `minimumSize` bytes, when the client accepts gzip; every answer of a type that may be
/// compressed says `Vary: Accept-Encoding`, compressed or not, so no cache hands gzip to a client
/// that did not ask for it; except an uncompressed one that says `Cache-Control: no-store`, which
/// no cache may keep, so none reads its `Vary` (RFC 9111 §5.2.2.5). Every keystroke's answer is
/// such a one, and the header cost libmicrohttpd ~0.9 k instructions and 3 mallocs and frees
/// each. Assets arrive already gzipped (`Asset.gzipped`, made once at start).
enum Compression {
    /// Below this an answer goes as it is: a keystroke's fragments (a few hundred bytes to a block
    /// or two) gain little and would pay zlib's set-up on every keystroke (bench/README.md has
    /// the figures).
    static let minimumSize = 1_400

    static func compresses(_ contentType: String) -> Bool {
        // On the bytes, through a buffer pointer: this runs for every answer, and walking the
        // String's UTF-8 view index by index cost ~1,000 instructions.
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            let type = bytes.prefix { $0 != UInt8(ascii: ";") }
            return type.starts(with: "text/".utf8) || Self.compressedTypes.contains { type.elementsEqual($0.utf8) }
        }
    }

    private static let compressedTypes = ["application/json", "application/javascript", "image/svg+xml", "application/manifest+json"]

    /// What every answer of a type that may be compressed says, unless no cache may keep it.
    static let varies = HTTPHeaders.Field(name: .vary, value: "Accept-Encoding")
    /// The `Cache-Control` of an answer no cache may keep (`SecureResponse.baseline`'s); spelled
    /// otherwise (`private, no-store`), the answer keeps its `Vary`, which is only ever safe.
    private static let unstored = "no-store"

    /// `acceptEncoding` is read only for an answer large enough to compress: a keystroke's never
    /// is, and looking the header up cost each ~190 instructions (callgrind).
    static func negotiate(_ response: inout Response, acceptEncoding: @autoclosure () -> String?, minimumSize: Int = minimumSize) {
        guard let type = response.headers[.contentType], compresses(type) else { return }
        let varied = response.headers.contains(.vary)
        if !varied, response.headers[.cacheControl] != Self.unstored { response.headers.append(varies) }
        guard !response.headers.contains(.contentEncoding), response.body.count >= minimumSize,
              Gzip.isAccepted(by: acceptEncoding()), let packed = Gzip.compress(response.body.bytes), packed.count < response.body.count
        else { return }
        response.body = .bytes(packed)
        if !response.headers.contains(.vary) { response.headers.append(varies) }
        response.headers.add(.contentEncoding, "gzip")
    }
}
