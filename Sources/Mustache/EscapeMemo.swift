import Foundation
import Synchronization

/// The escaped bytes of long values that the library's owner said every render prints the same
/// (`TemplateLibrary.keepEscaped(_:)`): the format rules every page carries are ~5 KB of JSON with
/// a quote every few bytes, the same for every page of one set of resources, and escaping them
/// cost more than looking every name of the page up.
///
/// Only what the owner hands over is kept, never a value met while rendering: a shopper's pasted
/// text stays with the render it came in. A value is found by its exact bytes, so what prints is
/// always what escaping it would give; the owner hands over the same `String` it puts in every
/// page's data, so finding it is a comparison of two addresses.
final class EscapeMemo: Sendable {
    /// Shorter values are escaped as they come: looking them up would cost what escaping does.
    static let minimumCount = 512

    private struct Entry: Sendable {
        let text: String
        let escaped: [UInt8]
    }

    private let entries = Mutex<[Entry]>([])

    /// Escapes `text` now, for every later render that prints it escaped.
    func keep(_ text: String) {
        guard text.utf8.count >= Self.minimumCount else { return }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        HTMLEscaping.append(escaping: text, to: &escaped)
        let entry = Entry(text: text, escaped: escaped)
        entries.withLock { entries in
            entries.removeAll { Self.sameBytes($0.text, text) }
            entries.append(entry)
        }
    }

    /// `text` escaped, when it was kept; nil otherwise.
    func escaped(_ text: String) -> [UInt8]? {
        entries.withLock { entries in entries.first { Self.sameBytes($0.text, text) }?.escaped }
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
