import CZlib
import Foundation
import HTTPServer

/// gzip through zlib (Debian's `zlib1g`): pages and fragments as they are answered, assets once
/// at start. The only file that imports `CZlib`.
enum Gzip {
    /// How hard to try: assets are compressed once (`.best`), answers on every request (`.fast`:
    /// a small window and little memory, since an answer is a few KB at most).
    struct Effort: Sendable {
        var level: Int32
        var windowBits: Int32
        var memoryLevel: Int32

        static let best = Effort(level: 9, windowBits: 15, memoryLevel: 9)
        static let fast = Effort(level: 6, windowBits: 12, memoryLevel: 5)
    }

    /// `bytes` as a gzip member; nil if zlib fails (the caller then sends them as they are).
    static func compress(_ bytes: [UInt8], effort: Effort = .fast) -> [UInt8]? {
        var stream = z_stream()
        guard czlib_deflate_init_gzip(&stream, effort.level, effort.windowBits, effort.memoryLevel) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let result: Int32 = bytes.withContiguousStorageIfAvailable { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        } ?? Z_STREAM_ERROR
        guard result == Z_STREAM_END else { return nil }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }

    /// The bytes a gzip member holds; nil when it is not one (for tests).
    static func decompress(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard czlib_inflate_init_gzip(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var input = bytes
        return input.withUnsafeMutableBufferPointer { input -> [UInt8]? in
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(input.count)
            while true {
                let (result, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let result = inflate(&stream, Z_NO_FLUSH)
                    return (result, out.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[..<produced])
                if result == Z_STREAM_END { return output }
                guard result == Z_OK else { return nil }
            }
        }
    }

    /// Whether an `Accept-Encoding` value accepts gzip: listed (or `*`) without `q=0`.
    static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        var accepted = false
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";")
            let coding = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            guard coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let refused = parts.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                return pair.count == 2 && pair[0] == "q" && (Double(pair[1]) ?? 1) == 0
            }
            if coding == "*" && !accepted { accepted = !refused; continue }
            if coding != "*" { return !refused }
        }
        return accepted
    }
}
