import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// TCP sockets on 127.0.0.1 for the test helpers that work below HTTP.
enum Loopback {
    /// The next port `reservedPort` tries, from a random start so parallel runs spread out.
    private static let nextCandidate = Mutex(Int.random(in: 0..<10_000))

    /// A free port for a server a test starts itself (redis-server, nginx), which must be told its
    /// port. Taken below the kernel's ephemeral range (32768 and up on Debian), where no socket
    /// bound to port 0 (every `ReceiverServer`, every harness) can land on it between now and the
    /// server binding it; a port the kernel picked and released would be up for grabs.
    static func reservedPort() throws -> Int {
        for _ in 0..<500 {
            let candidate = 20_000 + nextCandidate.withLock { next in
                defer { next = (next + 1) % 10_000 }
                return next
            }
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = self.address(port: candidate)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(descriptor)
            if bound { return candidate }
        }
        throw HarnessError("no free port between 20000 and 30000")
    }

    /// A socket bound to a port the kernel picked (listening when asked), and that port.
    static func bind(listening: Bool) throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket failed: errno \(errno)") }
        var address = self.address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 16) == 0)
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw HarnessError("bind failed: errno \(errno)")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Whether something accepts connections on `port` now.
    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(descriptor) }
        var address = self.address(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
