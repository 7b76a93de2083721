import CMicroHTTPD

// libmicrohttpd's callbacks. Top-level functions in this library module on purpose: a closure
// written in `main.swift` would be inferred `@MainActor` and trap when a worker thread calls it.
// `cls` is always the retained `ServerContext`; `*con_cls` is the request's retained `Exchange`.

/// The request line arrived (`MHD_OPTION_URI_LOG_CALLBACK`): the only place the raw target is
/// seen before libmicrohttpd decodes it in place. Returns the new `Exchange`, which becomes `*con_cls`.
func cmhdBeginRequest(
    cls: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?, connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let cls else { return nil }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let exchange = context.begin(target: uri.flatMap { String(validatingCString: $0) })
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
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<Exchange>.fromOpaque(exchangePointer).takeUnretainedValue()
    return exchange.handle(connection, method: method, version: version, upload: upload, uploadSize: uploadSize, context: context)
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
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let exchange = Unmanaged<Exchange>.fromOpaque(exchangePointer).takeRetainedValue()
    context.end(exchange, outcome: outcome(of: termination))
}

/// A connection opened or closed (`MHD_OPTION_NOTIFY_CONNECTION`): closings free a place under
/// the connection limit.
func cmhdConnectionChanged(
    cls: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    change: MHD_ConnectionNotificationCode
) {
    guard let cls, change == .CONNECTION_NOTIFY_CLOSED else { return }
    Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().acceptor.connectionClosed()
}

/// One request header (`MHD_KeyValueIteratorN`); `cls` points at the `HTTPHeaders` being filled.
func cmhdCollectHeader(
    cls: UnsafeMutableRawPointer?,
    kind: MHD_ValueKind,
    key: UnsafePointer<CChar>?,
    keySize: Int,
    value: UnsafePointer<CChar>?,
    valueSize: Int
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
    let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
    // libmicrohttpd has refused malformed header lines; a name that is still no token is dropped.
    if let name = HTTPHeaders.Name(name) { cls.assumingMemoryBound(to: HTTPHeaders.self).pointee.add(name, text) }
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
