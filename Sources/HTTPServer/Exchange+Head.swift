import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

extension Exchange {
    /// Reads the request's header fields (kept for the responder) and checks the head: the
    /// framing rules (`HeadRules`) and, on the libmicrohttpd it was written for, whether parsing
    /// dropped anything (`HeadRemnants`). Returns the status to refuse it with, or nil.
    func readHead(
        _ connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> HTTPStatus? {
        let head = method.map { UnsafeRawBufferPointer(start: UnsafeRawPointer($0), count: cmhd_header_size(connection)) }
        var collector = HeadCollector(head: head, fieldSection: Self.checksRemnants ? Self.fieldSection(head, version) : nil)
        withUnsafeMutablePointer(to: &collector) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, cmhdCollectHeader, pointer)
        }
        // From the collector's list, before it is stored: read back through the class's property,
        // each look-up retained and released the list (~280 instructions per request in all).
        // libmicrohttpd has already refused a malformed Content-Length; one too long for UInt64 is over any cap.
        declaredLength = collector.headers[.contentLength].map { UInt64($0) ?? .max }
        headers = collector.headers
        if let violation = HeadRules.violation(in: collector, version: self.version) { return violation.status }
        if let head, let method, let version, let walk = collector.walk,
            !Self.isWhole(head, method: method, version: version, target: target, walk: walk, connection: connection) {
            return .badRequest
        }
        return nil
    }

    /// Where the field section starts (the end of the version) in `head`, or nil without both.
    private static func fieldSection(_ head: UnsafeRawBufferPointer?, _ version: UnsafePointer<CChar>?) -> Int? {
        guard let base = head?.baseAddress, let version else { return nil }
        return UnsafeRawPointer(version) - base + strlen(version)
    }

    /// Whether the head kept all its bytes (see `HeadRemnants`). `walk` judged the fields in the
    /// order they came; a head it does not find whole has its fields' places gathered, a second
    /// pass over libmicrohttpd's list, and is judged again in any order.
    private static func isWhole(
        _ head: UnsafeRawBufferPointer, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>, target: String?,
        walk: HeadRemnants.OrderedWalk, connection: OpaquePointer
    ) -> Bool {
        guard let target, let base = head.baseAddress else { return false }
        guard HeadRemnants.requestLineIsWhole(
            methodLength: strlen(method), targetLength: target.utf8.count, versionOffset: UnsafeRawPointer(version) - base)
        else { return false }
        if walk.isWhole { return true }
        var gathered = HeadCollector(head: head, gathersFields: true)
        withUnsafeMutablePointer(to: &gathered) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, cmhdCollectHeader, pointer)
        }
        return HeadRemnants.fieldSectionIsWhole(head, from: walk.start, fields: gathered.fields)
    }

    /// The remnant check reads libmicrohttpd's buffer as 0.9.75 lays it out; later versions refuse
    /// such heads themselves and may lay it out otherwise, so it runs only up to the one checked.
    private static let checksRemnants = MHD_VERSION <= 0x0009_7500
}

/// What `cmhdCollectHeader` fills: the fields as the responder will see them, how many lines had
/// a name that is no token (kept out of `headers`, refused by `HeadRules`) and, for
/// `HeadRemnants`, the ordered walk fed each field. A collector made to gather fields keeps only
/// where each lies in the head, for a head that walk did not find whole.
struct HeadCollector {
    let head: UnsafeRawBufferPointer?
    var headers = HTTPHeaders()
    var invalidNameCount = 0
    /// The remnant check's ordered pass, fed each field as it comes (nil when it does not run).
    private(set) var walk: HeadRemnants.OrderedWalk?
    /// Every field's place, kept only by a collector made to gather them (a head `walk` did not
    /// find whole, judged again); such a collector keeps nothing else.
    private(set) var fields: [HeadRemnants.Field] = []
    private let gathersFields: Bool

    /// `fieldSection`: where the field section starts in `head`, for the remnant check.
    init(head: UnsafeRawBufferPointer? = nil, fieldSection: Int? = nil, gathersFields: Bool = false) {
        self.head = head
        self.gathersFields = gathersFields && head != nil
        if let head, let fieldSection { walk = HeadRemnants.OrderedWalk(head, from: fieldSection) }
        // One allocation for a usual head (a browser sends about a dozen fields).
        if self.gathersFields { fields.reserveCapacity(16) } else { headers.reserveCapacity(16) }
    }

    /// One header line from libmicrohttpd's buffer: name and value are checked on the bytes, and
    /// become strings only once (a name that is no token never does).
    mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        if gathersFields {
            fields.append(HeadRemnants.Field(name: offsets(of: name), value: offsets(of: value)))
            return
        }
        if let checked = HTTPHeaders.Name.common(name) ?? Self.token(name) {
            headers.append(HTTPHeaders.Field(name: checked, value: Self.text(value), isValid: HTTPHeaders.Field.isWritable(value)))
        } else {
            invalidNameCount += 1
        }
        walk?.pass(name: name, value: value)
    }

    /// One header line as received; its name and value are checked as the field is made.
    mutating func add(name: String, value: String) {
        if let name = HTTPHeaders.Name(name) { headers.add(name, value) } else { invalidNameCount += 1 }
    }

    /// A value's text. The one every page event sends (its `Content-Type`) is a literal: made from
    /// its 33 bytes, the string was allocated, and freed with the request, on every keystroke.
    private static func text(_ value: UnsafeRawBufferPointer) -> String {
        let form = formType
        if value.count == form.utf8CodeUnitCount, let bytes = value.baseAddress, memcmp(bytes, form.utf8Start, value.count) == 0 {
            return "application/x-www-form-urlencoded"
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// A computed literal, not a stored global: a global is read through a `swift_once`.
    private static var formType: StaticString { "application/x-www-form-urlencoded" }

    /// A name that is a token, as a string; nil for any other.
    private static func token(_ name: UnsafeRawBufferPointer) -> HTTPHeaders.Name? {
        HTTPHeaders.Name.isToken(name) ? HTTPHeaders.Name(checked: String(decoding: name, as: UTF8.self)) : nil
    }

    private func offsets(of bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        guard let head, let place = HeadRemnants.place(of: bytes, in: head) else { return nil }
        return place.lower..<place.upper
    }
}
