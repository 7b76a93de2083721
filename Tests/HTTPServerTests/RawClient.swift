import Foundation

/// A tiny blocking HTTP/1.1 client over a raw socket, for exact control of the bytes sent:
/// malformed requests, bodies in pieces, chunked or oversize bodies, slow and idle clients.
final class RawClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A parsed response: status, header lines in order, body.
    struct Reply {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? { values(name).first }

        func values(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address, say 127.0.0.2) when
    /// given; reads give up after `timeout`.
    init(port: Int, from source: String? = nil, timeout: Duration = .seconds(5)) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        setReceiveTimeout(timeout)
        // A throw from here on runs `deinit`, which closes the socket.
        if let source { try call("bind to \(source)", on: source, port: 0, bind) }
        try call("connect", on: "127.0.0.1", port: port, connect)
    }

    /// `bind` or `connect` with an IPv4 address.
    private func call(
        _ what: String, on host: String, port: Int, _ function: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { function(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw Failure(description: "\(what) failed: errno \(errno)") }
    }

    deinit { close(descriptor) }

    /// How long a read waits for bytes before failing.
    func setReceiveTimeout(_ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a server that closed early must fail this call, not kill the test process.
            let sent = bytes[offset...].withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Sends a whole request: method, target, headers (Host added), body with its length.
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + (body ?? []))
    }

    /// Reads one response (the server always frames with Content-Length, or closes).
    func readReply() throws -> Reply {
        let headEnd = try fill { $0.firstRange(of: [13, 10, 13, 10]).map { $0.upperBound } }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line") }
        let headers = lines.map { line in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (name: String(line[..<colon]), value: line[colon...].dropFirst().trimmingCharacters(in: .whitespaces))
        }
        var reply = Reply(status: status, headers: headers, body: [])
        if let length = reply.header("Content-Length").flatMap(Int.init) {
            _ = try fill { $0.count >= length ? length : nil }
            reply.body = Array(buffer.prefix(length))
            buffer.removeFirst(length)
        }
        return reply
    }

    /// Whether the server closes the connection (EOF or reset) before `timeout` passes.
    func isClosedByServer(within timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            // Polled first, so the wait ends at the deadline rather than at the receive timeout.
            let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { return true }
        }
        return false
    }

    /// Reads until `complete` finds what it needs in the buffer; returns its answer.
    private func fill<T>(until complete: ([UInt8]) -> T?) throws -> T {
        while true {
            if let done = complete(buffer) { return done }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { throw Failure(description: count == 0 ? "connection closed" : "recv failed: errno \(errno)") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}

extension RawClient {
    /// One request on a fresh connection.
    static func exchange(port: Int, _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> Reply {
        let client = try RawClient(port: port)
        try client.send(method, target, headers: headers, body: body)
        return try client.readReply()
    }
}
