import CMicroHTTPD

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
        /// and the next call sends what ended it.
        case waiting(Waiting)
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
    let started = ContinuousClock.now
    var phase = Phase.headers
    var body: BodyCollector
    var method: HTTPMethod?
    var version = ""
    var status: HTTPStatus?
    var route: RouteName?
    /// Set when the responder deferred: how the wait ended is part of the request's log entry.
    var completion: ResponseCompletion?

    init(target: String?, body: BodyCollector) {
        self.target = target
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
            self.method = HTTPMethod(rawValue: method.map { String(cString: $0) } ?? "")
            self.version = version.map { String(cString: $0) } ?? ""
            phase = .body
            guard body.expect(contentLength: declaredLength(connection)) == .proceed else {
                return answer(.rejection(.contentTooLarge, headers: context.rejectionHeaders), on: connection, context: context)
            }
            return .YES
        case .body where uploadSize.pointee > 0:
            let chunk = UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee)
            uploadSize.pointee = 0
            return body.append(chunk) == .abandon ? .NO : .YES
        case .body:
            if body.isOverLimit {
                return answer(.rejection(.contentTooLarge, headers: context.rejectionHeaders), on: connection, context: context)
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
        guard let target, let method else { return .rejection(.badRequest, headers: context.rejectionHeaders) }
        let request: Request
        do {
            request = try Request(
                method: method,
                target: target,
                version: version,
                headers: requestHeaders(connection),
                body: body.bytes,
                remoteAddress: cmhd_client_address(connection).flatMap(ipAddressText)
            )
        } catch {
            return .rejection(.badRequest, headers: context.rejectionHeaders)
        }
        body = BodyCollector(limit: 0, discardLimit: 0)  // the request owns the bytes now
        return context.responder.respond(to: request)
    }

    func answer(_ response: Response, on connection: OpaquePointer, context: ServerContext) -> MHD_Result {
        phase = .answered
        route = response.route
        let (result, status) = ResponseWriter.queue(response, on: connection, closing: context.isStopping.load(ordering: .relaxed))
        self.status = status
        return result
    }

    private func declaredLength(_ connection: OpaquePointer) -> UInt64? {
        guard let text = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return nil }
        // libmicrohttpd has already refused a malformed Content-Length; one too long for UInt64 is over any cap.
        return UInt64(String(cString: text)) ?? .max
    }

    private func requestHeaders(_ connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, cmhdCollectHeader, pointer)
        }
        return headers
    }
}

extension Response {
    /// What the daemon answers by itself (400, 413): short plain text, and the connection closed,
    /// since the rest of what the client sent cannot be trusted to frame a next request.
    static func rejection(_ status: HTTPStatus, headers: HTTPHeaders) -> Response {
        let text = status == .contentTooLarge ? "request body too large\n" : "bad request\n"
        var response = Response.text(text, status: status)
        for field in headers where !response.headers.contains(field.name) { response.headers.append(field) }
        response.headers.add(.connection, "close")
        return response
    }
}
