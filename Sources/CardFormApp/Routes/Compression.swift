import Foundation
import HTTPServer

extension HTTPHeaders.Name {
    static let acceptEncoding: Self = "Accept-Encoding"
    static let contentEncoding: Self = "Content-Encoding"
}

/// gzip for every answer that gains from it, decided in one place (`Router`): text types only,
/// at least `minimumSize` bytes, when the client accepts gzip. Every answer that size says
/// `Vary: Accept-Encoding`, compressed or not, so no cache hands gzip to a client that did not ask
/// for it. A smaller one does not: it goes as it is whatever the client accepts (its
/// `Accept-Encoding` is never read), so it does not vary with it, cacheable or not. Every
/// keystroke's answer is such a one, and the header cost libmicrohttpd ~0.9 k instructions and 3
/// mallocs and frees each. Assets arrive already gzipped (`Asset.gzipped`, made once at start);
/// their route reads `Accept-Encoding` itself and says so.
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

    /// What every answer large enough to compress says.
    static let varies = HTTPHeaders.Field(name: .vary, value: "Accept-Encoding")

    /// `acceptEncoding` is read only for an answer large enough to compress: a keystroke's never
    /// is, and looking the header up cost each ~190 instructions (callgrind).
    static func negotiate(_ response: inout Response, acceptEncoding: @autoclosure () -> String?, minimumSize: Int = minimumSize) {
        guard response.body.count >= minimumSize, let type = response.headers[.contentType], compresses(type) else { return }
        saysItVaries(&response.headers)
        guard !response.headers.contains(.contentEncoding), Gzip.isAccepted(by: acceptEncoding()),
              let packed = Gzip.compress(response.body.bytes), packed.count < response.body.count
        else { return }
        response.body = .bytes(packed)
        response.headers.add(.contentEncoding, "gzip")
    }

    /// Adds `Accept-Encoding` to what the answer varies with: a `Vary` field of its own (`Origin`)
    /// gains it, kept first, rather than the answer saying only one of the two.
    static func saysItVaries(_ headers: inout HTTPHeaders) {
        let said = headers.values(for: .vary)
        if said.isEmpty { return headers.append(varies) }
        let named = said.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !named.contains("accept-encoding"), !named.contains("*") else { return }
        headers.set(.vary, said.joined(separator: ", ") + ", Accept-Encoding")
    }
}
