import Foundation
import Synchronization

/// The escaped bytes of the few long values a library's renders print again and again: the format
/// rules every page carries are ~5 KB of JSON with a quote every few bytes, the same for every page
/// of one set of resources, and escaping them cost more than looking every name of the page up.
///
/// A value is found again only by its exact bytes, so what prints is always what escaping it would
/// give. The value the view model hands over for every page is the same `String`, so finding it
/// is a comparison of two addresses. Shared by every render of one library (and its copies):
/// reloaded templates start with an empty memo.
final class EscapeMemo: Sendable {
    /// Shorter values are escaped as they come: looking them up would cost what escaping does.
    static let minimumCount = 512
    /// Values kept; past it the oldest goes.
    static let capacity = 4

    private struct Entry: Sendable {
        let text: String
        let escaped: [UInt8]
    }

    private let entries = Mutex<[Entry]>([])

    /// `text` escaped, from the memo when it holds `text`'s bytes.
    func escaped(_ text: String) -> [UInt8] {
        if let known = entries.withLock({ entries in entries.first { Self.sameBytes($0.text, text) }?.escaped }) {
            return known
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        HTMLEscaping.append(escaping: text, to: &escaped)
        let entry = Entry(text: text, escaped: escaped)
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(entry)
        }
        return escaped
    }

    /// Byte for byte, not as `==` compares strings (canonical equivalence): another text that
    /// merely compares equal must print its own bytes.
    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        let compared: Bool?? = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in
                leftBytes.baseAddress == rightBytes.baseAddress
                    || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0
            }
        }
        return compared.flatMap { $0 } ?? left.utf8.elementsEqual(right.utf8)
    }
}
