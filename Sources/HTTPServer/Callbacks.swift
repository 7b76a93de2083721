import CMicroHTTPD

// libmicrohttpd's callbacks. Top-level functions in this library module on purpose: a closure
// written in `main.swift` would be inferred `@MainActor` and trap when a worker thread calls it.
// `cls` is always the retained `ServerContext`; `*con_cls` is the request's retained `Exchange`.
// One more callback lives beside what it serves: `cmhdBodyReturned` (`Exchange+BodyLoan.swift`),
// whose `cls` is an exchange that lent a response its body, not the context.

/// The request line arrived (`MHD_OPTION_URI_LOG_CALLBACK`): the only place the raw target is
/// seen before libmicrohttpd decodes it in place. Returns the new `Exchange`, which becomes `*con_cls`.
func cmhdBeginRequest(
    cls: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?, connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let cls else { return nil }
    let socket = connection.map { cmhd_connection_socket($0) } ?? -1
    // Borrowed, as in `cmhdHandleRequest`: the context outlives every callback.
    let exchange = Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { context in
        context.begin(target: uri.flatMap { String(validatingCString: $0) }, socket: socket)
    }
    return Unmanaged.passRetained(exchange).toOpaque()
}

/// Every step of a request (`MHD_AccessHandlerCallback`).
func cmhdHandleRequest(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?,
    upload: UnsafePointer<CChar>?,
    uploadSize: UnsafeMutablePointer<Int>?,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let uploadSize, let exchangePointer = state?.pointee else { return .NO }
    // Borrowed, not retained: the context lives until after `MHD_stop_daemon`, the exchange until
    // `cmhdEndRequest`, so neither can go during this call. `takeUnretainedValue()` paid a retain
    // and a release of each on every call (about three per request, callgrind).
    return Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { context in
        Unmanaged<Exchange>.fromOpaque(exchangePointer)._withUnsafeGuaranteedRef { exchange in
            exchange.handle(connection, method: method, version: version, upload: upload, uploadSize: uploadSize, context: context)
        }
    }
}

/// The request ended (`MHD_OPTION_NOTIFY_COMPLETED`): balances the retain made when it began.
func cmhdEndRequest(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    termination: MHD_RequestTerminationCode
) {
    guard let cls, let state, let exchangePointer = state.pointee else { return }
    state.pointee = nil
    let exchange = Unmanaged<Exchange>.fromOpaque(exchangePointer).takeRetainedValue()
    // Borrowed, as in `cmhdHandleRequest`: the context outlives every callback.
    // `end` also sets the connection's next deadline, which clears its busy flag (`ConnectionActivity`).
    Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { context in
        context.end(exchange, on: connection, outcome: outcome(of: termination))
    }
}

/// A connection opened or closed (`MHD_OPTION_NOTIFY_CONNECTION`): an opening hands the worker
/// the connection's activity (its deadline and busy mark, in the socket context), a closing frees
/// a place under the connection limit.
func cmhdConnectionChanged(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    change: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection else { return }
    // libmicrohttpd reports the close before closing the socket, so its number is still this one's.
    let socket = cmhd_connection_socket(connection)
    // Borrowed, as in `cmhdHandleRequest`: the context outlives every callback.
    Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { context in
        switch change {
        case .CONNECTION_NOTIFY_STARTED:
            // Held until the close below, for `ConnectionActivity.requestArrived(on:)` and `.answerSent(on:at:)`.
            socketContext?.pointee = context.acceptor.activity(on: socket).map { Unmanaged.passRetained($0).toOpaque() }
        case .CONNECTION_NOTIFY_CLOSED:
            if let socketContext, let held = socketContext.pointee {
                Unmanaged<ConnectionActivity>.fromOpaque(held).release()
                socketContext.pointee = nil
            }
            context.acceptor.connectionClosed(socket)
        default:
            break
        }
    }
}

/// One request header (`MHD_KeyValueIteratorN`); `cls` points at the `HeadCollector` being filled.
func cmhdCollectHeader(
    cls: UnsafeMutableRawPointer?,
    kind: MHD_ValueKind,
    key: UnsafePointer<CChar>?,
    keySize: Int,
    value: UnsafePointer<CChar>?,
    valueSize: Int
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    cls.assumingMemoryBound(to: HeadCollector.self).pointee.add(
        name: UnsafeRawBufferPointer(start: key, count: keySize),
        value: UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize))
    return .YES
}

private func outcome(of termination: MHD_RequestTerminationCode) -> RequestLogEntry.Outcome {
    switch termination {
    case .REQUEST_TERMINATED_COMPLETED_OK: .completed
    case .REQUEST_TERMINATED_TIMEOUT_REACHED: .timedOut
    case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: .shutdown
    case .REQUEST_TERMINATED_CLIENT_ABORT, .REQUEST_TERMINATED_READ_ERROR: .clientLeft
    default: .failed
    }
}
