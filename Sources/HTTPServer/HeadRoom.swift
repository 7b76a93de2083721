#if canImport(Glibc)
import Glibc
#endif

/// Whether libmicrohttpd's per-connection pool (`connectionMemoryLimit`) still has room for an
/// answer's header block once a head is in it, and the 431 sent when it has not.
///
/// Why: libmicrohttpd (0.9.75) grows its read buffer into the whole pool when a header line needs
/// it, and builds the answer's header block in the same pool after the handler has run. A head
/// that fits but leaves less room than the answer needs got no answer at all: libmicrohttpd
/// logged "failed to create response header" and closed the connection (a 32 KB pool: a 32.2 KB
/// head, or a 16.1 KB cookie, which it copies). Such a head is refused before any answer is
/// queued, with a 431 written straight on the socket, which takes no room in the pool.
struct HeadRoom {
    /// Room kept for an answer's header block; the app's largest is well under 1 KB.
    static let answerRoom = 2048
    /// What libmicrohttpd keeps in the pool per header field and per cookie besides their bytes
    /// (a record of about 48 bytes, aligned), rounded up.
    static let perEntry = 64

    /// Whether a head of `headBytes` (request line and fields) holding `headers` leaves the room.
    /// A head of up to a quarter of the pool is not counted (it costs nothing per request): it
    /// leaves the room unless it holds hundreds of fields or cookies.
    static func leavesRoom(headBytes: Int, headers: HTTPHeaders, poolSize: Int) -> Bool {
        guard headBytes > poolSize / 4 else { return true }
        var used = headBytes + headers.count * perEntry + answerRoom
        for value in headers.values(for: "Cookie") {
            // libmicrohttpd copies each Cookie field into the pool, with a record per cookie.
            let bytes = value.utf8
            used += bytes.count + 1 + (bytes.count { $0 == UInt8(ascii: ";") } + 1) * perEntry
        }
        return used <= poolSize
    }

    /// The whole 431 answer with `headers` (the rejection headers), closing the connection.
    static func refusal(with headers: HTTPHeaders) -> [UInt8] {
        var text = "HTTP/1.1 431 Request Header Fields Too Large\r\n"
        for field in headers where field.name != .connection && field.name != .contentLength {
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "Connection: close\r\nContent-Length: 0\r\n\r\n"
        return Array(text.utf8)
    }

    /// Writes `answer` on `socket` as far as the socket takes it at once; what a client that
    /// stopped reading leaves unsent is dropped with the connection, as libmicrohttpd would.
    static func send(_ answer: [UInt8], on socket: Int32) {
        var offset = 0
        while offset < answer.count {
            let sent = answer[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}
