#if canImport(Glibc)
import Glibc
#endif

/// One HTTP request as the responder sees it: complete, with its body already read and capped.
///
/// The daemon builds it on its worker thread; tests and other callers build it directly with
/// `init(method:target:…)` to drive a `Responder` in memory.
public struct Request: Sendable {
    /// The request's parts, held by one reference: a request travels by value through the router,
    /// its middleware and the handler's closures, and each copy then retains one object instead of
    /// every string and array inside. The headers are the one part a middleware changes (a shell's
    /// `Origin` is dropped once checked): setting them puts the parts in a new box.
    private final class Box: Sendable {
        let parts: Parts
        init(_ parts: Parts) { self.parts = parts }
    }

    private struct Parts: Sendable {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String?
        var version: String
        var headers: HTTPHeaders
        var body: [UInt8]
        var remoteAddress: PeerAddress
    }

    private var box: Box

    /// The method as sent (`GET`, `POST`…).
    public var method: HTTPMethod { box.parts.method }
    /// The request target exactly as sent (`/s/abc/input?x=1`), never decoded.
    public var target: String { box.parts.target }
    /// The target's path, percent-decoded (`+` stays `+`); always starts with `/`.
    public var path: String { box.parts.path }
    /// The raw query after `?`, undecoded; nil when the target has no `?`.
    public var query: String? { box.parts.query }
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String { box.parts.version }
    /// The request headers in order, repeats kept; lookups ignore case.
    public var headers: HTTPHeaders {
        get { box.parts.headers }
        set {
            var parts = box.parts
            parts.headers = newValue
            box = Box(parts)
        }
    }
    /// The first value of header `name`, as `headers[name]` gives it but read in place: going
    /// through `headers` copies the list out of the box, a retain and a release per look-up.
    public func header(_ name: HTTPHeaders.Name) -> String? { box.parts.headers[name] }
    /// The body bytes, at most the daemon's `maxBodySize`.
    public var body: [UInt8] { box.parts.body }
    /// The peer's IP address as text, when known.
    public var remoteAddress: String? { box.parts.remoteAddress.text }

    /// Builds a request, splitting and decoding `target`.
    ///
    /// Throws `malformedRequestTarget` when the target is neither origin-form (`/path?query`) nor
    /// absolute-form (`http://host/path`), has a fragment, a space or a control character, bad
    /// percent-encoding, non-UTF-8 bytes or a NUL once decoded. The daemon answers such requests
    /// with 400 itself.
    public init(
        method: HTTPMethod,
        target: String,
        version: String = "HTTP/1.1",
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String? = nil
    ) throws(HTTPServerError) {
        try self.init(method: method, target: target, version: version, headers: headers, body: body, peer: .text(remoteAddress))
    }

    /// A request as the daemon read it, its peer's address not yet made text.
    init(
        method: HTTPMethod, target: String, version: String, headers: HTTPHeaders, body: [UInt8], peer: PeerAddress
    ) throws(HTTPServerError) {
        let (path, query) = try Self.split(target)
        box = Box(Parts(
            method: method, target: target, path: path, query: query, version: version,
            headers: headers, body: body, remoteAddress: peer
        ))
    }

    /// The query decoded as form data (`?a=1&b=x+y`); empty when there is no query.
    public var queryItems: FormFields {
        get throws(FormDecodingError) {
            guard let query else { return FormFields() }
            return try FormFields(urlEncoded: query)
        }
    }

    /// The body decoded as `application/x-www-form-urlencoded`. Throws `unsupportedMediaType`
    /// when the `Content-Type` says otherwise (or is missing), so a JSON body is never misread.
    public func formFields(fieldLimit: Int = FormFields.defaultFieldLimit) throws(FormDecodingError) -> FormFields {
        guard hasMediaType("application/x-www-form-urlencoded") else {
            throw FormDecodingError(.unsupportedMediaType, "expected application/x-www-form-urlencoded")
        }
        return try FormFields(urlEncoded: body, fieldLimit: fieldLimit)
    }

    /// The `Content-Type` without parameters, lower-cased (`application/json`); nil if absent.
    public var mediaType: String? {
        guard let contentType = header(.contentType) else { return nil }
        var bytes: [UInt8] = []
        Self.readMediaType(of: contentType.utf8) { bytes.append($0); return true }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the media type is `expected` (lower case): `mediaType == expected` without
    /// building a string, for the check made on every form post.
    public func hasMediaType(_ expected: StaticString) -> Bool {
        guard var contentType = header(.contentType) else { return false }
        // Sent exactly as expected (what the page script and browsers send): no walk through
        // case and parameters, ~700 instructions less per form post.
        let exact = contentType.withUTF8 { sent in
            expected.withUTF8Buffer { $0.count == sent.count && (sent.isEmpty || memcmp($0.baseAddress!, sent.baseAddress!, sent.count) == 0) }
        }
        if exact { return true }
        return expected.withUTF8Buffer { expected in
            contentType.utf8.withContiguousStorageIfAvailable { Self.mediaType(of: $0, is: expected) }
                ?? Array(contentType.utf8).withUnsafeBufferPointer { Self.mediaType(of: $0, is: expected) }
        }
    }

    /// `hasMediaType` on the bytes, without building a string.
    private static func mediaType(of contentType: UnsafeBufferPointer<UInt8>, is expected: UnsafeBufferPointer<UInt8>) -> Bool {
        var matched = 0
        let whole = readMediaType(of: contentType) { byte in
            guard matched < expected.count, byte == expected[matched] else { return false }
            matched += 1
            return true
        }
        return whole && matched == expected.count
    }

    /// Hands `visit` the content type's bytes up to its parameters, blanks dropped, ASCII
    /// lower-cased, until `visit` says stop; returns whether it read them all.
    @discardableResult
    private static func readMediaType(of contentType: some Sequence<UInt8>, _ visit: (UInt8) -> Bool) -> Bool {
        for byte in contentType {
            if byte == UInt8(ascii: ";") { break }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }
            guard visit(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) else { return false }
        }
        return true
    }

    private static func split(_ target: String) throws(HTTPServerError) -> (path: String, query: String?) {
        let utf8 = target.utf8
        let scanned = utf8.withContiguousStorageIfAvailable(scan) ?? Array(utf8).withUnsafeBufferPointer(scan)
        guard !scanned.fragment else {
            throw malformed(target, "a fragment is never sent to a server")
        }
        // libmicrohttpd takes a request line with spaces inside the target; other parsers do not.
        guard !scanned.control else {
            throw malformed(target, "the target contains a space or a control character")
        }
        let pathStart = try originFormStart(of: target)
        // An origin-form target (the usual one) starts its path at the start: where its query
        // starts is known from the scan.
        let mark = pathStart == target.startIndex
            ? scanned.query.map { utf8.index(utf8.startIndex, offsetBy: $0) }
            : utf8[pathStart...].firstIndex(of: UInt8(ascii: "?"))
        let rawPath = target[pathStart..<(mark ?? target.endIndex)]
        let query = mark.map { String(target[utf8.index(after: $0)...]) }
        guard !rawPath.isEmpty else { return ("/", query) }
        // No NUL here: the scan refused every control character.
        guard scanned.percent, rawPath.utf8.contains(UInt8(ascii: "%")) else { return (String(rawPath), query) }
        let path: String
        do {
            path = try PercentDecoding.decode(Array(rawPath.utf8)[...], plusIsSpace: false)
        } catch .malformedEscape {
            throw malformed(target, "'%' must be followed by two hex digits")
        } catch {
            throw malformed(target, "the decoded path is not UTF-8")
        }
        guard !path.utf8.contains(0) else { throw malformed(target, "the decoded path contains NUL") }
        return (path, query)
    }

    /// What one pass over `target` tells: whether it holds a `#`, a space or control character
    /// (NUL included) or a `%`, and where its first `?` is. Eight bytes at a time: a byte at a
    /// time took ~300 instructions for a keystroke's 35-byte target (callgrind).
    static func scan(_ target: UnsafeBufferPointer<UInt8>) -> (fragment: Bool, control: Bool, percent: Bool, query: Int?) {
        var flags = (fragment: UInt64(0), control: UInt64(0), percent: UInt64(0))
        var query: Int?
        var offset = 0
        let raw = UnsafeRawBufferPointer(target)
        while offset + 8 <= target.count {
            let word = ByteWord.load(raw, at: offset)
            flags.fragment |= ByteWord.equal(word, UInt8(ascii: "#"))
            flags.control |= ByteWord.below(word, 0x21) | ByteWord.equal(word, 0x7F)
            flags.percent |= ByteWord.equal(word, UInt8(ascii: "%"))
            if query == nil {
                // The lowest mark is exact (`ByteWord.equal`): the first `?`.
                let marks = ByteWord.equal(word, UInt8(ascii: "?"))
                if marks != 0 { query = offset + marks.trailingZeroBitCount / 8 }
            }
            offset += 8
        }
        for offset in offset..<target.count {
            let byte = target[offset]
            flags.fragment |= byte == UInt8(ascii: "#") ? 1 : 0
            flags.control |= byte <= 0x20 || byte == 0x7F ? 1 : 0
            flags.percent |= byte == UInt8(ascii: "%") ? 1 : 0
            if byte == UInt8(ascii: "?"), query == nil { query = offset }
        }
        return (flags.fragment != 0, flags.control != 0, flags.percent != 0, query)
    }

    /// Where the origin-form part starts: the target itself, or what follows the authority of an
    /// absolute-form target (`http://host:port/path?q`; RFC 9112 §3.2.2 says servers must accept it).
    private static func originFormStart(of target: String) throws(HTTPServerError) -> String.Index {
        let utf8 = target.utf8
        if utf8.first == UInt8(ascii: "/") { return target.startIndex }
        let lowered = target.prefix(8).lowercased()
        let schemeLength = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
        guard schemeLength > 0 else { throw malformed(target, "the target must start with '/'") }
        let authority = utf8.index(utf8.startIndex, offsetBy: schemeLength)
        return utf8[authority...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? target.endIndex
    }

    private static func malformed(_ target: String, _ why: String) -> HTTPServerError {
        HTTPServerError(.malformedRequestTarget, "bad request target (\(target.count) characters): \(why)")
    }
}
