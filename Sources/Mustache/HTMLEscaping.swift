/// The escaping `{{name}}` applies, for code that writes HTML outside templates (the server's
/// fragment wrappers, its error pages): one definition of what is escaped, and how.
public enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by `&amp; &lt; &gt; &quot; &#39;`.
    public static func escape(_ text: String) -> String {
        guard !leavesUnchanged(text) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { Renderer.appendEscaped($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text`'s UTF-8 to `output`, escaped as `escape(_:)` does, without building a
    /// `String` in between.
    public static func append(escaping text: String, to output: inout [UInt8]) {
        // Read where it lies: a local copy for `withUTF8` cost a retain and a release.
        text.utf8Span.span.withUnsafeBufferPointer { Renderer.appendEscaped($0, to: &output) }
    }

    /// Whether escaping leaves `text` as it is (it holds none of `& < > " '`).
    public static func leavesUnchanged(_ text: String) -> Bool {
        text.utf8Span.span.withUnsafeBytes { !EscapableBytes.occur(in: $0) }
    }

    /// Whether escaping rewrites `byte` (one of `& < > " '`).
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
