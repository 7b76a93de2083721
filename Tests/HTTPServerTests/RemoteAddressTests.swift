import Foundation
@testable import HTTPServer
import Testing

@Suite("Remote address text")
struct RemoteAddressTests {
    @Test("IPv4 addresses are written in dotted decimal", arguments: [
        "0.0.0.0", "127.0.0.1", "10.0.100.255", "192.168.1.9", "255.255.255.255",
    ])
    func ipv4(text: String) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, text, &address.sin_addr)
        let written = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ipAddressText($0) }
        }
        #expect(written == text)
    }

    @Test("IPv6 addresses are written in their shortest form")
    func ipv6() {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        inet_pton(AF_INET6, "2001:db8:0:0:0:0:0:1", &address.sin6_addr)
        let written = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ipAddressText($0) }
        }
        #expect(written == "2001:db8::1")
    }
}
