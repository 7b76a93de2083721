/// 64-bit FNV-1a: a fast, stable, non-cryptographic hash for comparing renders, naming assets and
/// picking a store shard. Inlinable, so that each caller's byte sequence gets its own loop.
public struct FNV1a: Sendable {
    public var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable
    public init() {}

    @inlinable
    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { combine(byte) }
    }

    /// A rendered block's bytes: read through a buffer pointer, without a bounds check per byte.
    @inlinable
    public mutating func combine(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { buffer in
            var value = self.value
            for byte in buffer { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            self.value = value
        }
    }

    @inlinable
    public mutating func combine(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01B3
    }

    @inlinable
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.value
    }
}
