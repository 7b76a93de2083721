import CardFormSupport

/// A block template rendered with sample data, with what the hook checks read from it: its start
/// tags, its blocks as the server cuts them (`BlockTree`) and, to point at problems, the tags
/// written in the template's own source.
struct RenderedBlock {
    let file: LintFile
    /// The library name of the template rendered, for messages.
    let template: String
    let html: String
    /// The rendered start tags, in order.
    let tags: [HTMLTokenizer.StartTag]
    /// The template's source markup.
    let markup: TemplateMarkup

    init(file: LintFile, template: String, html: String) {
        self.file = file
        self.template = template
        self.html = html
        var tokenizer = HTMLTokenizer()
        self.tags = tokenizer.consume(html.utf8)
        self.markup = TemplateMarkup(file)
    }

    /// A missing hook, at `tag` in the source (or the block's root, or line 1).
    func error(_ message: String, at tag: HTMLTokenizer.StartTag?) -> LintDiagnostic {
        file.diagnostic(.error, .missingHook, message, at: (tag ?? markup.root)?.offset ?? 0)
    }

    /// The element carrying `data-cf-block="<block>"` exists and wraps everything the block renders,
    /// as the server expects when it cuts the form into blocks (with the same `BlockTree`).
    func rootProblems(block: String) -> [LintDiagnostic] {
        let tree = BlockTree(html: html)
        guard let index = tree.index(of: block) else {
            return [error(
                "\(template) renders no element with data-cf-block=\"\(block)\": the server could not update it "
                    + "as the shopper types",
                at: nil)]
        }
        guard !tree.wrapsEverything(index) else { return [] }
        let range = tree.blocks[index].range
        let stray = tags.first { !range.contains($0.offset) }.map { "<\($0.name)>" } ?? "some text"
        return [error(
            "the element with data-cf-block=\"\(block)\" must be the block's one root element, but \(stray) "
                + "is outside it: keep everything the block shows inside that element",
            at: nil)]
    }

    /// The control named `name` (one of `tags`) has an id, a `<label for>` naming it and, when
    /// `errorId` is given, an `aria-describedby` that includes the error element, which exists.
    func controlProblems(name: String, tags controlTags: Set<String>, errorId: String?) -> [LintDiagnostic] {
        let sorted = controlTags.sorted().map { "<\($0)>" }
        let described = sorted.count > 1
            ? sorted.dropLast().joined(separator: ", ") + " or " + sorted.last!
            : sorted.joined()
        guard let control = tags.first(where: { controlTags.contains($0.name) && $0.value(of: "name") == name }) else {
            return [error(
                "\(template) renders no \(described) with name=\"\(name)\": the shopper could not fill it in, "
                    + "and the form would not post it",
                at: markup.control(matching: nil))]
        }
        let sourceControl = markup.control(matching: control)
        let written = "<\(control.name) name=\"\(name)\">"
        var problems: [LintDiagnostic] = []
        if let id = control.value(of: "id"), !id.isEmpty {
            let labels = tags.filter { $0.name == "label" }
            if !labels.contains(where: { $0.value(of: "for") == id }) {
                let message = labels.first.map {
                    "the <label> is for \"\($0.value(of: "for") ?? "")\" but the id of \(written) is \"\(id)\": "
                        + "screen readers would announce an unnamed field"
                } ?? "no <label for=\"\(id)\"> names \(written): screen readers would announce an unnamed field"
                problems.append(error(message, at: labels.isEmpty ? sourceControl : markup.first(["label"])))
            }
        } else {
            problems.append(error("\(written) has no id: its <label for> and the page script need one", at: sourceControl))
        }
        guard let errorId else { return problems }
        let describedBy = control.value(of: "aria-describedby")
        if describedBy?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains(Substring(errorId)) != true {
            let now = describedBy.map { "(now \"\($0)\") " } ?? ""
            problems.append(error(
                "the aria-describedby of \(written) \(now)must include \"\(errorId)\": screen readers would not "
                    + "read the field's error message",
                at: sourceControl))
        }
        if !tags.contains(where: { $0.value(of: "id") == errorId }) {
            problems.append(error(
                "no element has id=\"\(errorId)\": the field's error message would have nowhere to show",
                at: nil))
        }
        return problems
    }
}
