import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// One request's state between libmicrohttpd's calls: created when the request line arrives,
/// kept in the connection's `*con_cls`, released when libmicrohttpd reports the request ended.
///
/// Only ever touched by the worker thread that owns the connection (libmicrohttpd calls every
/// callback of one connection on one thread), so it needs no lock.
final class Exchange {
    enum Phase {
        /// The headers are in; the handler has not been called yet.
        case headers
        /// Reading the body, possibly over several calls.
        case body
        /// The responder deferred its answer; the connection is suspended until the wait ends,
        /// and the next call sends what ended it. `indirect`: held inline, its two responses made
        /// every phase ~200 bytes, copied by `memcpy` at each `switch phase` and each write of
        /// `phase` (ten calls per request, callgrind); boxed, only a deferred answer allocates.
        indirect case waiting(Waiting)
        /// A response is queued; later calls only discard.
        case answered
    }

    /// A deferred response being waited for.
    struct Waiting {
        /// What the responder returned: its headers and route go onto the response finally sent.
        let envelope: Response
        let fallback: Response
        let completion: ResponseCompletion
    }

    /// The raw request target, or nil when it was not UTF-8.
    let target: String?
    /// The connection's socket (-1 if unknown): how the acceptor knows the connection.
    let socket: Int32
    let started = ContinuousClock.now
    // The properties below are not checked for overlapping access at run time
    // (`@exclusivity(unchecked)`; each check was a `swift_beginAccess` call, about four per request,
    // ~80 instructions each). Those checks only ever caught two overlapping accesses on one thread;
    // across threads the exchange is safe because one worker owns it (see above), with or without
    // them. No method here holds an access to these properties across a call that can reach this
    // exchange again (no closure or callback runs while `body` or `headers` is being mutated, and
    // `switch phase` copies its payload before `answer` writes `phase`): keep it so.
    @exclusivity(unchecked) var phase = Phase.headers
    @exclusivity(unchecked) var body: BodyCollector
    @exclusivity(unchecked) var method: HTTPMethod?
    @exclusivity(unchecked) var version = ""
    /// The header fields, read once the head is in.
    @exclusivity(unchecked) var headers = HTTPHeaders()
    /// The declared `Content-Length` (`HeadRules` made sure there is at most one), read with the head.
    @exclusivity(unchecked) var declaredLength: UInt64?
    @exclusivity(unchecked) var status: HTTPStatus?
    @exclusivity(unchecked) var route: RouteName?
    /// Set when the responder deferred: how the wait ended is part of the request's log entry.
    @exclusivity(unchecked) var completion: ResponseCompletion?
    /// The answer's body while libmicrohttpd sends it from these bytes (`Exchange+BodyLoan`).
    @exclusivity(unchecked) var lentText = ""
    @exclusivity(unchecked) var lentBytes: [UInt8] = []

    init(target: String?, socket: Int32, body: BodyCollector) {
        self.target = target
        self.socket = socket
        self.body = body
    }

    /// One call of the access handler: the first sees the headers, the next ones the body in
    /// pieces, the last (with no data) is when the whole request is in.
    func handle(
        _ connection: OpaquePointer,
        method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?,
        upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        context: ServerContext
    ) -> MHD_Result {
        switch phase {
        case .headers:
            self.method = method.map { Self.method($0) } ?? HTTPMethod(rawValue: "")
            self.version = version.map { Self.version($0) } ?? ""
            phase = .body
            let refusal = readHead(connection, method: method, version: version)
            if !HeadRoom.leavesRoom(headBytes: cmhd_header_size(connection), headers: headers, poolSize: context.connectionMemoryLimit) {
                return refuseHead(on: connection, context: context)
            }
            if let refusal {
                return answer(context.rejection(refusal), on: connection, context: context)
            }
            guard body.expect(contentLength: declaredLength) == .proceed else {
                return answer(context.rejection(.contentTooLarge), on: connection, context: context)
            }
            return .YES
        case .body where uploadSize.pointee > 0:
            let chunk = UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee)
            uploadSize.pointee = 0
            return body.append(chunk) == .abandon ? .NO : .YES
        case .body:
            ConnectionActivity.requestArrived(on: connection)
            if body.isOverLimit {
                return answer(context.rejection(.contentTooLarge), on: connection, context: context)
            }
            let response = respond(connection, context: context)
            if let deferred = response.body.deferred {
                return wait(for: response, deferred, on: connection, context: context)
            }
            return answer(response, on: connection, context: context)
        case .waiting(let waiting):
            return answer(waiting, on: connection, context: context)
        case .answered:
            uploadSize.pointee = 0
            return .YES
        }
    }

    private func respond(_ connection: OpaquePointer, context: ServerContext) -> Response {
        guard let target, let method else { return context.rejection(.badRequest) }
        // The head's fields and the body move to the request: the exchange reads neither again,
        // and a copy was a retain of each here and a release of each when the exchange went.
        var headers = HTTPHeaders()
        swap(&headers, &self.headers)
        var body = BodyCollector(limit: 0, discardLimit: 0)
        swap(&body, &self.body)
        let request: Request
        do {
            request = try Request(
                method: method,
                target: target,
                version: version,
                headers: headers,
                body: body.bytes,
                peer: PeerAddress(cmhd_client_address(connection))
            )
        } catch {
            return context.rejection(.badRequest)
        }
        return context.responder.respond(to: request)
    }

    /// A head that leaves libmicrohttpd's pool no room for an answer (`HeadRoom`): its 431 is
    /// written on the socket and the connection closed. Over TLS the answer must go through
    /// libmicrohttpd; its short 431 may still fit where a full answer would not.
    private func refuseHead(on connection: OpaquePointer, context: ServerContext) -> MHD_Result {
        guard let refusal = context.headRefusal else {
            return answer(context.rejection(.requestHeaderFieldsTooLarge), on: connection, context: context)
        }
        phase = .answered
        status = .requestHeaderFieldsTooLarge
        HeadRoom.send(refusal, on: socket)
        return .NO
    }

    func answer(_ response: Response, on connection: OpaquePointer, context: ServerContext) -> MHD_Result {
        phase = .answered
        route = response.route
        let (result, status) = ResponseWriter.queue(response, on: connection, lender: self, context: context)
        self.status = status
        return result
    }

    /// The method libmicrohttpd read: a common one is its constant (no string made for it).
    private static func method(_ text: UnsafePointer<CChar>) -> HTTPMethod {
        if strcmp(text, "POST") == 0 { return .post }
        if strcmp(text, "GET") == 0 { return .get }
        return HTTPMethod(rawValue: String(cString: text))
    }

    /// The version libmicrohttpd read, as a literal when it is the usual one.
    private static func version(_ text: UnsafePointer<CChar>) -> String {
        strcmp(text, "HTTP/1.1") == 0 ? "HTTP/1.1" : String(cString: text)
    }
}
