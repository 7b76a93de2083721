#if canImport(Glibc)
import Glibc
#endif

/// The listening TCP socket, opened by us rather than by libmicrohttpd so that a failed bind
/// reports its real `errno` (`MHD_start_daemon` only returns NULL) and the bound port is read
/// back with `getsockname` when port 0 asked the kernel to choose.
struct ListenSocket {
    let descriptor: Int32
    let port: Int

    /// Binds `host:port` (IPv4) and listens. `localhost` means 127.0.0.1.
    static func open(host: String, port: Int, backlog: Int32) throws(HTTPServerError) -> ListenSocket {
        guard (0...65535).contains(port) else {
            throw HTTPServerError(.invalidPort, "port \(port) is outside 0...65535")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
            throw HTTPServerError(.invalidHost, "'\(host)' is not an IPv4 address")
        }
        // Non-blocking because every pool thread accepts on this one socket: a thread that loses
        // the race for a connection must get EAGAIN, not block.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .system("socket", errno: errno) }
        do throws(HTTPServerError) {
            try bind(descriptor, to: address, host: host, port: port)
            guard listen(descriptor, backlog) == 0 else { throw .system("listen", errno: errno) }
            return ListenSocket(descriptor: descriptor, port: try boundPort(descriptor))
        } catch {
            close(descriptor)
            throw error
        }
    }

    private static func bind(_ descriptor: Int32, to address: sockaddr_in, host: String, port: Int) throws(HTTPServerError) {
        // SO_REUSEADDR lets a restarted server bind while old connections sit in TIME_WAIT; on
        // Linux it never lets two sockets listen on the same port, so "in use" is still reported.
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = address
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw .binding(errno: errno, host: host, port: port) }
    }

    private static func boundPort(_ descriptor: Int32) throws(HTTPServerError) -> Int {
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { throw .system("getsockname", errno: errno) }
        return Int(UInt16(bigEndian: bound.sin_port))
    }
}
