import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp
@testable import TemplateLint

/// Every page a shopper can meet keeps what browsers, scripts and screen readers rely on. The
/// pages are the gallery's states, sessions driven through the real engine and rendered whole
/// with the `page` template, and the unavailable page: what used to be hand-written fixtures.
@Suite struct PageHooksTests {
    static let resources = LeafRenderingTests.defaults

    /// Every gallery state's session, rendered as a whole page.
    static let pages: [(id: String, html: String)] = {
        let renderer = GalleryRenderer(resources: resources, sections: GalleryCatalog.sections)
        return GalleryCatalog.sections.flatMap(\.states).map { state in
            let session = try! renderer.session(for: state)
            // As the shopper's own page: the card values typed are shown.
            let context = PageContext(pageID: "p_hooks", noscript: state.noscript, cardFieldsShown: FieldSet(FieldType.allCases))
            let data = FormView(session: session, token: "tok_hooks", resources: resources, context: context).data()
            return (state.id, try! resources.templates.render("page", data: data))
        }
    }()

    /// What the page's markup breaks, as sentences; empty when nothing.
    static func problems(in html: String) -> [String] {
        var tokenizer = HTMLTokenizer()
        let tags = tokenizer.consume(html.utf8)
        var problems: [String] = []
        let ids = tags.compactMap { $0.value(of: "id") }
        for id in Set(ids) where ids.filter({ $0 == id }).count > 1 { problems.append("duplicate id \(id)") }
        let labelled = Set(tags.filter { $0.name == "label" }.compactMap { $0.value(of: "for") })
        for tag in tags {
            // A browser keeps the first of an attribute written twice: the second one is lost.
            let names = tag.attributes.map(\.name)
            for name in Set(names) where names.filter({ $0 == name }).count > 1 {
                problems.append("<\(tag.name)> carries \(name) twice")
            }
            if tag.value(of: "style") != nil { problems.append("inline style on <\(tag.name)>") }
            if tag.name == "style" { problems.append("a <style> element") }
            if tag.name == "script", tag.value(of: "src") == nil { problems.append("an inline <script>") }
            for target in (tag.value(of: "aria-describedby") ?? "").split(separator: " ") where !ids.contains(String(target)) {
                problems.append("aria-describedby points at missing #\(target)")
            }
            guard ["input", "select", "textarea"].contains(tag.name), tag.value(of: "type") != "hidden" else { continue }
            let name = tag.value(of: "name") ?? ""
            if name.isEmpty { problems.append("control \(tag.value(of: "id") ?? "?") has no name") }
            if let id = tag.value(of: "id"), !labelled.contains(id) { problems.append("control \(name) has no <label for>") }
            if !["cardNetwork", "saveCard"].contains(name), (tag.value(of: "autocomplete") ?? "").isEmpty {
                problems.append("control \(name) has no autocomplete")
            }
            if name == FieldType.cvv.rawValue, !(tag.value(of: "value") ?? "").isEmpty { problems.append("the CVV renders a value") }
            if let field = FieldType(rawValue: name), tag.name == "input" { problems += typingHookProblems(tag, field: field) }
        }
        return problems
    }

    /// What the page script reads to format a field as it is typed, as the field table says.
    static func typingHookProblems(_ input: HTMLTokenizer.StartTag, field: FieldType) -> [String] {
        let spec = field.spec
        let hooks: [(attribute: String, expected: String?)] = [
            ("data-cf-format", spec.typingFormat?.rawValue),
            ("data-cf-separators", spec.separators.isEmpty ? nil : spec.separators),
            ("data-cf-digits-only", spec.isDigitsOnly ? "" : nil),
            ("data-cf-capitalise", spec.capitalisesByDefault ? "" : nil),
        ]
        return hooks.compactMap { hook in
            let found = input.value(of: hook.attribute)
            return found == hook.expected ? nil : "\(field.rawValue) has \(hook.attribute) \(found.map { "\"\($0)\"" } ?? "missing")"
        }
    }

    @Test("every state's page has unique ids, labelled and named controls, each attribute once, the typing hooks of the field table, and no inline style or script")
    func everyStatesPageKeepsItsHooks() async {
        let found = await offThePool { Self.pages.map { (id: $0.id, problems: Self.problems(in: $0.html)) } }
        #expect(found.count == GalleryCatalog.sections.reduce(0) { $0 + $1.states.count })
        for page in found { #expect(page.problems.isEmpty, "\(page.id): \(page.problems)") }
    }

    @Test("the unavailable page keeps them too, in every language")
    func theUnavailablePageKeepsItsHooks() {
        let renderer = FormRenderer(resources: Self.resources, dev: false)
        #expect(Self.resources.catalogs.languages.count >= 4)
        for locale in Self.resources.catalogs.languages {
            for expired in [false, true] {
                #expect(Self.problems(in: renderer.unavailable(expired: expired, locale: locale)).isEmpty, "\(locale)")
            }
        }
    }

    @Test("the checks see what they look for")
    func theChecksCatchBrokenMarkup() {
        let broken = #"<p id="a"></p><p id="a" style="x"></p><input name="cvv" id="c" value="12" aria-describedby="nope"><script>1</script>"#
            + #"<input name="cardNumber" data-cf-separators=" " data-cf-digits-only data-cf-separators=" ">"#
        #expect(Self.problems(in: broken) == [
            "duplicate id a", "inline style on <p>", "aria-describedby points at missing #nope", "control cvv has no <label for>",
            "control cvv has no autocomplete", "the CVV renders a value", "cvv has data-cf-format missing",
            "cvv has data-cf-digits-only missing", "an inline <script>", "<input> carries data-cf-separators twice",
            "control cardNumber has no autocomplete", "cardNumber has data-cf-format missing",
        ])
    }
}
