#if canImport(Glibc)
import Glibc
#endif

extension HTTPHeaders {
    /// A header list as `MHD_add_response_header` takes it: each field's name and value as C
    /// strings, one after the other in order, `Content-Length` left out (libmicrohttpd writes its
    /// own from the body). Kept for a list written on every answer of a kind (a keystroke's), so
    /// that writing it copies no field and makes no C string: about 200 instructions a field.
    struct WireLines: Sendable {
        /// name, NUL, value, NUL, for each field; ends with a NUL unless empty.
        private let bytes: [CChar]

        /// Nil when a field may not be sent (`Field.isSent`; a NUL in a value would also cut its C
        /// string short).
        init?(_ fields: [Field]) {
            var bytes: [CChar] = []
            let contentLength = Name.contentLength
            for field in fields where field.name != contentLength {
                guard field.isSent else { return nil }
                for byte in field.name.rawName.utf8 { bytes.append(CChar(bitPattern: byte)) }
                bytes.append(0)
                for byte in field.value.utf8 { bytes.append(CChar(bitPattern: byte)) }
                bytes.append(0)
            }
            self.bytes = bytes
        }

        /// Calls `write` with each name and value in order; false at the first it refuses.
        func allWritten(by write: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Bool) -> Bool {
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return true }
                // Every string was closed by its NUL when made, the last one at the buffer's end,
                // and names and values hold none: `strlen` stays within the buffer.
                var offset = 0
                while offset < buffer.count {
                    let name = base + offset
                    let value = name + strlen(name) + 1
                    offset = value - base + strlen(value) + 1
                    guard write(name, value) else { return false }
                }
                return true
            }
        }
    }

    /// These fields, with their C strings made once for every answer that sends them (see
    /// `WireLines`); a change to the copy drops them again.
    public func prepared() -> HTTPHeaders {
        var headers = self
        headers.wireLines = WireLines(fields)
        return headers
    }
}
