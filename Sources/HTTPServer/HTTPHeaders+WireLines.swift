extension HTTPHeaders {
    /// A header list as `MHD_add_response_header` takes it: each field's name and value as C
    /// strings, one after the other in order, `Content-Length` left out (libmicrohttpd writes its
    /// own from the body). Kept for a list written on every answer of a kind (a keystroke's), so
    /// that writing it copies no field and makes no C string: about 200 instructions a field.
    struct WireLines: Sendable {
        /// name, NUL, value, NUL, for each field.
        private let bytes: [CChar]
        /// Where each field's name and then its value start in `bytes`: found once here, where
        /// writing them looked for each string's end with `strlen` on every answer (~200
        /// instructions per keystroke answer of six fields, callgrind).
        private let starts: [Int]

        /// Nil when a field may not be sent (`Field.isSent`; a NUL in a value would also cut its C
        /// string short).
        init?(_ fields: [Field]) {
            var bytes: [CChar] = []
            var starts: [Int] = []
            let contentLength = Name.contentLength
            for field in fields where field.name != contentLength {
                guard field.isSent else { return nil }
                starts.append(bytes.count)
                for byte in field.name.rawName.utf8 { bytes.append(CChar(bitPattern: byte)) }
                bytes.append(0)
                starts.append(bytes.count)
                for byte in field.value.utf8 { bytes.append(CChar(bitPattern: byte)) }
                bytes.append(0)
            }
            self.bytes = bytes
            self.starts = starts
        }

        /// Calls `write` with each name and value in order; false at the first it refuses.
        func allWritten(by write: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Bool) -> Bool {
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return true }
                // Every string was closed by its NUL when made, and names and values hold none.
                var index = 0
                while index + 1 < starts.count {
                    guard write(base + starts[index], base + starts[index + 1]) else { return false }
                    index += 2
                }
                return true
            }
        }
    }

    /// Whether the C strings are kept (`prepared()` and no change since): a list its maker
    /// finished for the wire, which a reader may take as final.
    public var isPrepared: Bool { wireLines != nil }

    /// These fields, with their C strings made once for every answer that sends them (see
    /// `WireLines`); a change to the copy drops them again.
    public func prepared() -> HTTPHeaders {
        var headers = self
        headers.wireLines = WireLines(fields)
        return headers
    }
}
