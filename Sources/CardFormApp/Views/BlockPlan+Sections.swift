import CardFormSupport
import Mustache

extension BlockPlan {
    /// A partial around leaves whose own markup is one block (a form's section, such as
    /// `cardDetails` around the card's fields), which renders alone the very bytes it renders
    /// inside the form. When one of its leaves appears or vanishes (the co-badge choice), the
    /// section's own markup changes: rendering the section alone and diffing its blocks answers
    /// what the whole form would, for a fraction of the whole form's render.
    ///
    /// A section is kept only when that equality and the page's bookkeeping are certain: it is
    /// included once in the form, unindented, reading alike there and alone (`readsAlike`); it
    /// holds no parent, slot or dynamic partial; every block name in its markup is written out,
    /// its own appears in no other template, and every other is a leaf of the plan that it
    /// includes once. So the blocks its render may hold are known (`names`), and no block of those
    /// names stands anywhere else on the page.
    final class Section: Sendable {
        /// Its own block's `data-cf-block` name.
        let key: String
        /// The partial's template.
        let template: String
        /// The top-level keys its data needs outside its leaves (`FormView.data(only:reading:)`):
        /// each leaf renders alone, from its memo where it has one, where the section includes it.
        let rootKeys: Set<String>
        /// Every block name its render may hold, its own first: a page drops those a new render lacks.
        let names: [String]
        /// The leaves it holds, as indices into `BlockPlan.leaves`, ascending (render order).
        let leaves: [Int]
        /// Their templates, in the same order.
        let leafTemplates: [String]

        init(key: String, template: String, rootKeys: Set<String>, names: [String], leaves: [Int], leafTemplates: [String]) {
            self.key = key
            self.template = template
            self.rootKeys = rootKeys
            self.names = names
            self.leaves = leaves
            self.leafTemplates = leafTemplates
        }
    }

    /// The sections of `form` around `leaves`, and for each leaf the smallest that holds it.
    /// `leafNames` is `leafNames(in:)`: a section is any other template.
    static func sections(
        _ library: TemplateLibrary, form: String, leaves: [Leaf], leafNames: [String: String], dependencies: ViewDependencies
    ) -> (sections: [Section], enclosing: [Int?]) {
        // Which templates write each block name in their own text: a section's, and each of its
        // leaves', must be its alone. A template building a name with data may write any: then
        // none is certain, and there are no sections (a stricter rule than reachable from `form`).
        var writers: [String: Int] = [:]
        for template in library.templates.values {
            guard let names = blockNames(in: ownText(template.nodes)) else { return ([], leaves.map { _ in nil }) }
            for name in Set(names) { writers[name, default: 0] += 1 }
        }
        // A leaf's template is used once in the form (`BlockPlan.init`'s `uses`), so once here.
        let leafByTemplate = Dictionary(uniqueKeysWithValues: leaves.enumerated().map { ($0.element.template, $0.offset) })
        var found: [(section: Section, reached: Int)] = []
        for name in library.templates.keys.sorted() where leafNames[name] == nil {
            guard let (section, reached) = section(
                name, library, form: form, writers: writers, leafByTemplate: leafByTemplate, leaves: leaves, dependencies: dependencies)
            else { continue }
            found.append((section, reached))
        }
        // The section holding a leaf is one at most today (a leaf is used once, and a section
        // holds only leaves); the fewest inclusions picks the innermost should that change.
        let enclosing: [Int?] = leaves.indices.map { leaf in
            found.indices.filter { found[$0].section.leaves.contains(leaf) }.min { found[$0].reached < found[$1].reached }
        }
        return (found.map(\.section), enclosing)
    }

    /// Template `name` as a section, with how many templates it includes (the smallest section
    /// around a leaf includes the fewest); nil when it is not one (see `Section`).
    private static func section(
        _ name: String, _ library: TemplateLibrary, form: String, writers: [String: Int], leafByTemplate: [String: Int], leaves: [Leaf],
        dependencies: ViewDependencies
    ) -> (Section, Int)? {
        let template = library.templates[name]!
        guard let own = blockNames(in: ownText(template.nodes)), own.count == 1, writers[own[0]] == 1 else { return nil }
        var text = ""
        var included: Set<String> = [name]
        var reached: Set<String> = []
        guard flatten(template.nodes, library: library, included: &included, reached: &reached, into: &text),
              let names = blockNames(in: text), Set(names).count == names.count
        else { return nil }
        // Every other block is a leaf's, which the section includes, written by the leaf's template
        // alone: so a page drops a name the new render lacks only here.
        var held: [Int] = []
        for blockName in names where blockName != own[0] {
            guard let leaf = leaves.firstIndex(where: { $0.key == blockName }), reached.contains(leaves[leaf].template),
                  writers[blockName] == 1
            else { return nil }
            held.append(leaf)
        }
        let inside = reached.compactMap { leafByTemplate[$0] }
        let leafKeys = Dictionary(held.map { (leaves[$0].template, leaves[$0].key) }) { first, _ in first }
        guard !held.isEmpty, Set(inside) == Set(held), standsAlone(name, key: own[0], library: library, leafKeys: leafKeys),
              let read = library.readPaths(of: form, apart: { $0 == name }), read.apart.count == 1, let site = read.apart.first,
              site.indentation?.isEmpty ?? true, !site.isIndented, readsAlike(site, library: library, dependencies: dependencies)
        else { return nil }
        // What it reads but for its leaves, as it reads it alone: where it stands it reads alike.
        let templates = Set(held.map { leaves[$0].template })
        guard let alone = library.readPaths(of: name, apart: { templates.contains($0) }) else { return nil }
        let ordered = held.sorted()
        let section = Section(
            key: own[0], template: name, rootKeys: rootKeys(alone.paths.filter { dependencies.mayHold($0.keys) }),
            names: [own[0]] + held.map { leaves[$0].key }, leaves: ordered, leafTemplates: ordered.map { leaves[$0].template })
        return (section, reached.count)
    }

    /// Every name in the text's `data-cf-block="…"` attributes, in order; nil when any is spelt
    /// otherwise or put together with data (`\0`), so that no block could go uncounted.
    static func blockNames(in text: String) -> [String]? {
        let attribute = "data-cf-block"
        let spelled = text.lowercased().ranges(of: attribute).count
        var names: [String] = []
        for start in text.ranges(of: attribute + "=\"") {
            let rest = text[start.upperBound...]
            guard let end = rest.firstIndex(of: "\""), end > rest.startIndex, !rest[..<end].contains("\u{0}") else { return nil }
            names.append(String(rest[..<end]))
        }
        return names.count == spelled ? names : nil
    }
}
