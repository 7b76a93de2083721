import CMicroHTTPD

// A body is built once in Swift (a `String` or a byte array); copying it into libmicrohttpd
// (`MHD_RESPMEM_MUST_COPY`) cost a malloc, a memcpy and a free per answer. Instead the exchange
// keeps the body and lends libmicrohttpd its bytes: the response points into the body's own storage,
// and libmicrohttpd's free callback (run when it frees the response: sent, refused, or the client
// gone) hands them back. The callback's `cls` is a retain of the exchange, so the storage outlives
// the response even when libmicrohttpd reports the request ended before freeing it.

extension Exchange {
    /// A libmicrohttpd response for `body`, lending it the body's bytes when they live on the heap;
    /// nil for a deferred body or when libmicrohttpd cannot make one.
    func makeResponse(for body: Response.Body) -> OpaquePointer? {
        switch body.storage {
        case .deferred:
            return nil
        case .text(let text) where text.utf8.count > Self.inlineTextLimit:
            lentText = text
            return unlessRefused(lentText.withUTF8 { lend(UnsafeRawBufferPointer($0)) })
        case .bytes(let bytes) where !bytes.isEmpty:
            lentBytes = bytes
            return unlessRefused(lentBytes.withUnsafeBytes { lend($0) })
        case .text(var text):
            // Short enough to be stored inside the `String` itself: its bytes have no lasting address.
            return text.withUTF8 { Self.copied(UnsafeRawBufferPointer($0)) }
        case .bytes:
            return Self.copied(UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    /// libmicrohttpd is done with the lent bytes: drops them. Runs on the connection's worker
    /// thread (or the one that stopped the daemon after its workers ended), like every other call.
    func bodyReturned() {
        lentText = ""
        lentBytes = []
    }

    /// A `String` of at most this many UTF-8 bytes may be a small string, held in the `String`
    /// value itself, whose `withUTF8` pointer is to a temporary copy.
    private static let inlineTextLimit = 15

    /// Called inside the access to the lent body, so it does not touch the body itself.
    private func lend(_ bytes: UnsafeRawBufferPointer) -> OpaquePointer? {
        let owner = Unmanaged.passRetained(self)
        let built = MHD_create_response_from_buffer_with_free_callback_cls(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), cmhdBodyReturned, owner.toOpaque())
        // No response, so no callback will come: the retain ends here.
        if built == nil { owner.release() }
        return built
    }

    private func unlessRefused(_ built: OpaquePointer?) -> OpaquePointer? {
        if built == nil { bodyReturned() }
        return built
    }

    private static func copied(_ bytes: UnsafeRawBufferPointer) -> OpaquePointer? {
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
}

/// libmicrohttpd freed a response whose body an exchange lent it (`MHD_ContentReaderFreeCallback`):
/// `cls` is the retain taken in `Exchange.lend`, balanced here.
func cmhdBodyReturned(cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let exchange = Unmanaged<Exchange>.fromOpaque(cls).takeRetainedValue()
    exchange.bodyReturned()
}
