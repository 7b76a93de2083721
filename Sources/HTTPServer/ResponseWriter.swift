import CMicroHTTPD

/// Turns a `Response` into a libmicrohttpd response and queues it on a connection.
enum ResponseWriter {
    /// Queues `response`; returns libmicrohttpd's verdict and the status actually queued. A header
    /// whose value was found invalid when it was made (a CR or LF in it), or that libmicrohttpd
    /// refuses, turns the whole answer into a 500: dropping one silently could drop a security header.
    /// The body's bytes are lent from `lender`, which keeps them until libmicrohttpd frees the response.
    static func queue(_ response: Response, on connection: OpaquePointer, lender: Exchange, context: ServerContext) -> (MHD_Result, HTTPStatus) {
        let closing = context.isStopping.load(ordering: .relaxed)
        let extra = context.strictTransportSecurity
        guard (100...999).contains(response.status.code), response.headers.isValid,
              let built = make(response, adding: extra, closing: closing, lender: lender)
        else {
            let fallback = context.internalError
            guard let built = make(fallback, adding: extra, closing: closing, lender: lender) else { return (.NO, fallback.status) }
            return (enqueue(built, status: fallback.status, on: connection), fallback.status)
        }
        return (enqueue(built, status: response.status, on: connection), response.status)
    }

    private static func enqueue(_ built: OpaquePointer, status: HTTPStatus, on connection: OpaquePointer) -> MHD_Result {
        let result = MHD_queue_response(connection, UInt32(status.code), built)
        MHD_destroy_response(built)
        return result
    }

    /// The libmicrohttpd response for `response`, with `extra` added unless the response has a
    /// header of that name already.
    private static func make(_ response: Response, adding extra: HTTPHeaders.Field?, closing: Bool, lender: Exchange) -> OpaquePointer? {
        guard let built = lender.makeResponse(for: response.body) else { return nil }
        guard addFields(of: response.headers, to: built) else {
            MHD_destroy_response(built)
            return nil
        }
        if let extra, !response.headers.contains(extra.name), !add(extra, to: built) {
            MHD_destroy_response(built)
            return nil
        }
        if closing, !response.headers.contains(.connection) {
            _ = MHD_add_response_header(built, "Connection", "close")
        }
        return built
    }

    /// Every field but `Content-Length` (libmicrohttpd writes its own), from the C strings a
    /// prepared list keeps when it has them.
    private static func addFields(of headers: HTTPHeaders, to built: OpaquePointer) -> Bool {
        if let lines = headers.wireLines {
            return lines.allWritten { MHD_add_response_header(built, $0, $1) == .YES }
        }
        let contentLength = HTTPHeaders.Name.contentLength  // read once: a `swift_once` each time
        for field in headers where field.name != contentLength {
            guard add(field, to: built) else { return false }
        }
        return true
    }

    /// False for a field that may not be sent (`Field.isSent`): the answer becomes a 500.
    private static func add(_ field: HTTPHeaders.Field, to built: OpaquePointer) -> Bool {
        // Explicit withCString: implicit bridging would allocate a C copy of every string.
        field.isSent && field.name.rawName.withCString { name in
            field.value.withCString { value in MHD_add_response_header(built, name, value) }
        } == .YES
    }
}
