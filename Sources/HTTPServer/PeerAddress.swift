#if canImport(Glibc)
import Glibc
#endif

/// A request's peer address, kept as the socket gave it and made text only when read: every
/// request carries one and almost none is read, and formatting it cost each ~370 instructions
/// (callgrind, `bench/callgrind.sh`).
enum PeerAddress: Sendable {
    /// Given as text (a request built directly, or an IPv6 peer), or unknown.
    case text(String?)
    /// An IPv4 address, in host byte order.
    case ipv4(UInt32)

    /// The address libmicrohttpd reports: IPv4 kept as its number, IPv6 (rare here) formatted at
    /// once, any other family unknown.
    init(_ address: UnsafePointer<sockaddr>?) {
        guard let address else {
            self = .text(nil)
            return
        }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            self = .ipv4(address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) })
        case AF_INET6:
            self = .text(address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Self.ipv6Text($0.pointee.sin6_addr) })
        default:
            self = .text(nil)
        }
    }

    /// The address as text (`127.0.0.1`), or nil when unknown.
    var text: String? {
        switch self {
        case .text(let text): text
        case .ipv4(let value): Self.ipv4Text(value)
        }
    }

    /// Dotted decimal, formatted by hand: `inet_ntop` goes through `sprintf`.
    private static func ipv4Text(_ value: UInt32) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            var count = 0
            for shift in stride(from: 24, through: 0, by: -8) {
                if shift < 24 { buffer[count] = UInt8(ascii: "."); count += 1 }
                let octet = UInt8(truncatingIfNeeded: value >> UInt32(shift))
                if octet >= 100 { buffer[count] = UInt8(ascii: "0") + octet / 100; count += 1 }
                if octet >= 10 { buffer[count] = UInt8(ascii: "0") + octet / 10 % 10; count += 1 }
                buffer[count] = UInt8(ascii: "0") + octet % 10
                count += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// The shortest form (`2001:db8::1`).
    private static func ipv6Text(_ address: in6_addr) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { buffer in
            withUnsafePointer(to: address) {
                inet_ntop(AF_INET6, $0, buffer.baseAddress, socklen_t(buffer.count)).map { String(cString: $0) }
            }
        }
    }
}

/// The text form of an IPv4 or IPv6 socket address (`127.0.0.1`), or nil for other families.
func ipAddressText(_ address: UnsafePointer<sockaddr>) -> String? {
    PeerAddress(address).text
}
