import CardEngine
import CardFormSupport
import Mustache

// Hooks are checked on blocks *rendered* with sample data (`LintSamples`), not on the template
// source: ids, names and `for` attributes are usually Mustache values (`id="{{id}}"`), so only the
// output says whether the label really names the control, and a designer may build a block any way
// they like (a partial of their own, sections) as long as what renders keeps its hooks. Each problem
// is then reported where a designer would look in the block's template: the tag of the control or
// label at fault, else the block's first element (its root), else line 1.
extension TemplateLinter {
    func hookProblems() -> [LintDiagnostic] {
        let sample = samples.form(strings: englishStrings)
        var problems: [LintDiagnostic] = []
        for field in FieldType.allCases {
            problems += fieldBlockProblems(field, sample: sample)
        }
        problems += cardNetworkProblems(sample: sample)
        problems += formProblems(sample: sample)
        problems += errorsBlockProblems(sample: sample)
        if let html = render("blocks/submit-button", sample, into: &problems), let file = files["blocks/submit-button"] {
            problems += RenderedBlock(file: file, template: "blocks/submit-button", html: html).rootProblems(block: "submitButton")
        }
        return problems
    }

    /// A `data-cf-block` name written with a `#`: the server tells a name used twice apart as
    /// `name#2`, `name#3`…, so such a block could be taken for another's second copy, and the
    /// page would not always be told when it changed.
    func blockNameProblems(in file: LintFile) -> [LintDiagnostic] {
        TemplateMarkup(file).tags.compactMap { tag in
            guard let name = tag.value(of: "data-cf-block"), name.contains("#") else { return nil }
            return file.diagnostic(
                .error, .invalidBlockName,
                "data-cf-block=\"\(name)\" holds a '#': the server names a block used twice '<name>#2', so this one could be "
                    + "mistaken for another's copy; use letters, digits and '-'",
                at: tag.offset)
        }
    }

    /// `blocks/<kebab-name>`: its root, its control with name, id, label and error description, and
    /// nothing at all when the field is not configured.
    private func fieldBlockProblems(_ field: FieldType, sample: TemplateValue) -> [LintDiagnostic] {
        let key = field.rawValue
        let strings = LintSamples.nested(englishStrings)
        let variants = [sample] + (samples.variants[field] ?? []).map { LintSamples.setting(["t"], to: strings, in: $0) }
        return controlBlockProblems(
            "blocks/" + field.spec.blockName, block: key, control: (TemplateMarkup.controlNames, key + "-error"),
            variants: variants, absent: LintSamples.removing(["fields", key], from: sample),
            absence: "\(key) is not configured", wrapper: "fields.\(key)")
    }

    /// `blocks/card-network`: the co-badge `<select name="cardNetwork">` with its label, only when
    /// there is a choice, marked `data-cf-choice="network"`: the page script sends a marked select
    /// to its own route, and anything else as a typed field, which the server refuses.
    private func cardNetworkProblems(sample: TemplateValue) -> [LintDiagnostic] {
        let name = "blocks/card-network"
        var problems = controlBlockProblems(
            name, block: "cardNetwork", control: (["select"], nil), variants: [sample],
            absent: LintSamples.removing(["cardNetwork"], from: sample),
            absence: "the card offers no choice of network", wrapper: "cardNetwork")
        guard let file = files[name], let html = render(name, sample, into: &problems) else { return problems }
        let hook = RenderedBlock(file: file, template: name, html: html)
        let select = hook.tags.first { $0.name == "select" && $0.value(of: "name") == "cardNetwork" }
        if let select, select.value(of: "data-cf-choice") != "network" {
            problems.append(hook.error(
                "<select name=\"cardNetwork\"> needs data-cf-choice=\"network\": the page script would send the "
                    + "shopper's pick as a typed field, which the server refuses",
                at: hook.markup.control(matching: select)))
        }
        return problems
    }

    /// A block holding one control: rendered with each of `variants`, its root and its control
    /// keep their hooks; rendered with `absent` (the data without what it shows), it renders nothing.
    private func controlBlockProblems(
        _ name: String, block: String, control: (tags: Set<String>, errorId: String?), variants: [TemplateValue],
        absent: TemplateValue, absence: String, wrapper: String
    ) -> [LintDiagnostic] {
        guard let file = files[name] else { return [] }
        var problems: [LintDiagnostic] = []
        for data in variants {
            guard let html = render(name, data, into: &problems) else { return problems }
            let hook = RenderedBlock(file: file, template: name, html: html)
            problems += hook.rootProblems(block: block)
            problems += hook.controlProblems(name: block, tags: control.tags, errorId: control.errorId)
        }
        if let html = render(name, absent, into: &problems), !Self.isBlank(html) {
            problems.append(RenderedBlock(file: file, template: name, html: html).error(
                "\(name) renders markup when \(absence): wrap it in {{#\(wrapper)}}…{{/\(wrapper)}}", at: nil))
        }
        return problems
    }

    /// `blocks/errors`: the one live region screen readers hear errors from.
    private func errorsBlockProblems(sample: TemplateValue) -> [LintDiagnostic] {
        let name = "blocks/errors"
        guard let file = files[name] else { return [] }
        var problems: [LintDiagnostic] = []
        guard let html = render(name, sample, into: &problems) else { return problems }
        let hook = RenderedBlock(file: file, template: name, html: html)
        problems += hook.rootProblems(block: "errors")
        let root = hook.tags.first { $0.value(of: "data-cf-block") == "errors" }
        if let root, root.value(of: "role") != "status", root.value(of: "aria-live") == nil {
            problems.append(hook.error(
                "the errors block's root element needs role=\"status\": screen readers announce each new error through it",
                at: hook.markup.root))
        }
        problems += announcementHookProblems(hook)
        return problems
    }

    /// An element marked `data-cf-announcement` is found by the server's own search
    /// (`AnnouncementHook`: the mark last in its start tag, without a value), which is how the
    /// server knows the words the page clears once heard. Written otherwise it still works, but
    /// each announcement costs the shopper one more answer (the block saying nothing again), so
    /// this is a warning.
    private func announcementHookProblems(_ hook: RenderedBlock) -> [LintDiagnostic] {
        let mark = "data-cf-announcement"
        let html = Array(hook.html.utf8)
        guard let region = hook.tags.first(where: { $0.value(of: mark) != nil }),
              AnnouncementHook.text(in: html, 0..<html.count) == nil
        else { return [] }
        let source = hook.markup.tags.first { $0.value(of: mark) != nil } ?? hook.markup.root
        return [hook.file.diagnostic(
            .warning, .missingHook,
            "write \(mark) last in its start tag and without a value (<\(region.name) … \(mark)>): "
                + "the server reads the announcement after it, and otherwise sends the emptied region again",
            at: source?.offset ?? 0)]
    }

    /// The `form` template as the page shows it: a real `<form method="post">` carrying its token,
    /// its page id and a pay button, so that it works without JavaScript.
    private func formProblems(sample: TemplateValue) -> [LintDiagnostic] {
        var problems: [LintDiagnostic] = []
        guard let html = render("form", sample, into: &problems) else { return problems }
        // The <form> tag is usually in layouts/form, which `form` extends: point at it wherever it is.
        let holder = reachable(from: "form").lazy
            .compactMap { name in self.files[name].map { (name: name, file: $0) } }
            .first { TemplateMarkup($0.file).first(["form"]) != nil }
        guard let file = holder?.file ?? files["form"] else { return problems }
        let hook = RenderedBlock(file: file, template: holder?.name ?? "form", html: html)
        let formTag = hook.markup.first(["form"])
        guard let form = hook.tags.first(where: { $0.name == "form" }) else {
            return problems + [hook.error("the form template renders no <form>: the card form cannot be posted", at: nil)]
        }
        if form.value(of: "data-cf-block") != "form" {
            problems.append(hook.error(
                "the <form> needs data-cf-block=\"form\": the server could not update the form as the shopper types",
                at: formTag))
        }
        if form.value(of: "method")?.lowercased() != "post" {
            problems.append(hook.error(
                "the <form> needs method=\"post\": without JavaScript the browser would put the card details in the address",
                at: formTag))
        }
        if (form.value(of: "action") ?? "").isEmpty {
            problems.append(hook.error(
                "the <form> needs action=\"{{session.action}}\": without JavaScript it would post to the wrong address",
                at: formTag))
        }
        let hidden: [(name: String, value: String, why: String)] = [
            ("_token", "{{session.token}}", "the server refuses a post without the form's token"),
            ("_page", "{{session.page}}", "the server could not tell which page posted"),
        ]
        for input in hidden {
            let expected = input.name == "_token" ? samples.token : samples.pageID
            let found = hook.tags.contains {
                $0.name == "input" && $0.value(of: "type")?.lowercased() == "hidden"
                    && $0.value(of: "name") == input.name && $0.value(of: "value") == expected
            }
            if !found {
                problems.append(hook.error(
                    "the form needs <input type=\"hidden\" name=\"\(input.name)\" value=\"\(input.value)\">: \(input.why)",
                    at: formTag))
            }
        }
        if !hook.tags.contains(where: { $0.name == "button" && $0.value(of: "type")?.lowercased() == "submit" }) {
            problems.append(hook.error(
                "the form renders no <button type=\"submit\">: the shopper could not pay, and scripts look for that button",
                at: formTag))
        }
        return problems
    }

    /// Renders `name` for a hook check. Nothing is checked (and nothing more reported) when the
    /// template or one it uses did not compile or does not exist: that error says it all.
    private func render(_ name: String, _ data: TemplateValue, into problems: inout [LintDiagnostic]) -> String? {
        guard reachable(from: name).allSatisfy({ library[$0] != nil }) else { return nil }
        do {
            return try library.render(name, data: data)
        } catch {
            problems.append(Self.diagnostic(for: error, in: files))
            return nil
        }
    }

    static func isBlank(_ html: String) -> Bool {
        html.utf8.allSatisfy(HTMLTokenizer.isSpace)
    }
}
