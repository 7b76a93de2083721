/// The HTML start tags written in a template's source, with their offsets in that source: where the
/// linter points when a rendered block lacks a hook.
///
/// Mustache tags are blanked out first (same length, so offsets hold), which keeps
/// `<input{{#required}} required{{/required}}>` an `input` tag and drops `<tags>` written in
/// `{{! comments }}`. Attribute values that were Mustache read as spaces.
struct TemplateMarkup {
    let tags: [HTMLTokenizer.StartTag]

    init(_ file: LintFile) {
        var tokenizer = HTMLTokenizer()
        tags = tokenizer.consume(Self.blankingMustache(file.bytes))
    }

    /// The first start tag, where a block's root element usually is.
    var root: HTMLTokenizer.StartTag? { tags.first }

    /// The first tag named one of `names`.
    func first(_ names: Set<String>) -> HTMLTokenizer.StartTag? {
        tags.first { names.contains($0.name) }
    }

    /// Where `rendered`, a control found in the output, is written: the control tag of the same
    /// element with the most attributes in common (values are mostly Mustache, names are not);
    /// else the first control written.
    func control(matching rendered: HTMLTokenizer.StartTag?) -> HTMLTokenizer.StartTag? {
        let controls = tags.filter { Self.controlNames.contains($0.name) }
        guard let rendered else { return controls.first }
        let names = Set(rendered.attributes.map(\.name))
        var best: (tag: HTMLTokenizer.StartTag, score: Int)?
        for tag in controls where tag.name == rendered.name {
            let score = tag.attributes.count { names.contains($0.name) }
            if score > best?.score ?? -1 { best = (tag, score) }
        }
        return best?.tag ?? controls.first
    }

    static let controlNames: Set<String> = ["input", "select", "textarea"]

    /// `bytes` with every `{{…}}` (and `{{{…}}}`) replaced by spaces, line endings kept.
    static func blankingMustache(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var index = 0
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        while index + 1 < result.count {
            guard result[index] == open, result[index + 1] == open else {
                index += 1
                continue
            }
            var end = index + 2
            while end + 1 < result.count, !(result[end] == close && result[end + 1] == close) { end += 1 }
            end = min(end + 2, result.count)
            if end < result.count, result[end] == close { end += 1 }
            for position in index..<end where result[position] != UInt8(ascii: "\n") {
                result[position] = UInt8(ascii: " ")
            }
            index = end
        }
        return result
    }
}
