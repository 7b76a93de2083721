import Foundation
import Testing
@testable import HTTPServer

/// Heads about the size of libmicrohttpd's per-connection pool: each one gets an answer, a 431
/// from where the pool has no room left for the answer on (libmicrohttpd alone closed the
/// connection with no answer there).
struct HeadRoomTests {
    /// Sends one head of `bytes` bytes (request line and fields) whose largest field is `name`,
    /// and returns its status and `Connection` header; fails when the connection closes unanswered.
    private static func status(port: Int, head bytes: Int, name: String, prefix: String = "") throws -> (Int, String?) {
        let start = "GET / HTTP/1.1\r\nHost: test\r\n\(name): \(prefix)"
        let head = start + String(repeating: "a", count: bytes - start.utf8.count - 4) + "\r\n\r\n"
        #expect(head.utf8.count == bytes)
        let client = try RawClient(port: port)
        try client.send(head)
        let reply = try client.readReply()
        return (reply.status, reply.header("Connection"))
    }

    /// Every head size from `sizes` is answered: 200 up to an edge, 431 (closing) past it.
    private static func sweep(_ sizes: StrideThrough<Int>, name: String, prefix: String = "") throws -> Int? {
        let daemon = try startServer { _ in .text("ok") }
        var edge: Int?
        for size in sizes {
            let (status, connection) = try #require(
                try? Self.status(port: daemon.port, head: size, name: name, prefix: prefix), "no answer to a head of \(size) B")
            if let edge {
                #expect(status == 431, "a head of \(size) B, past a refused one of \(edge) B")
            } else if status != 200 {
                edge = size
            }
            #expect(status == 200 || (status == 431 && connection == "close"), "a head of \(size) B: \(status)")
        }
        return edge
    }

    @Test("every head from 31 KB to 33 KB gets an answer, 200 then 431, with a 32 KB pool")
    func plainHeadsAroundThePool() throws {
        #expect(Daemon.Configuration().connectionMemoryLimit == 32 * 1024)
        let edge = try Self.sweep(stride(from: 31 * 1024, through: 33 * 1024, by: 3), name: "X-Pad")
        // The edge lies below the pool by about the room kept for the answer, and heads under it pass.
        #expect(edge.map { (29 * 1024)...(32 * 1024) ~= $0 } == true, "edge \(String(describing: edge))")
    }

    @Test("every head with a cookie from 15.5 KB to 16.5 KB gets an answer (libmicrohttpd copies the cookie into the pool)")
    func cookieHeadsAroundHalfThePool() throws {
        let edge = try Self.sweep(stride(from: 15_500, through: 16_900, by: 2), name: "Cookie", prefix: "a=1; b=")
        #expect(edge.map { 15_000...16_384 ~= $0 } == true, "edge \(String(describing: edge))")
    }

    @Test("a head leaves room when small or when the pool holds it and its answer; cookies count twice")
    func roomArithmetic() {
        var headers = HTTPHeaders()
        headers.add("X-Pad", String(repeating: "a", count: 100))
        #expect(HeadRoom.leavesRoom(headBytes: 8 * 1024, headers: headers, poolSize: 32 * 1024))
        #expect(HeadRoom.leavesRoom(headBytes: 30_000, headers: headers, poolSize: 32 * 1024))
        #expect(!HeadRoom.leavesRoom(headBytes: 31 * 1024, headers: headers, poolSize: 32 * 1024))
        headers.add("Cookie", "a=1; b=" + String(repeating: "b", count: 15 * 1024))
        #expect(!HeadRoom.leavesRoom(headBytes: 16 * 1024, headers: headers, poolSize: 32 * 1024))
    }
}
