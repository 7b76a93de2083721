import CardEngine
import CardFormSupport
import Mustache

/// Which blocks of the form a change re-renders, decided once per template set from the templates'
/// syntax trees (`TemplateLibrary.readPaths(of:apart:)`) and `ViewDependencies`.
///
/// A *leaf* is a partial tag in `form` (followed through partials and parents) whose template
/// renders one block or nothing: markup with exactly one `data-cf-block="<name>"`, and no parent,
/// slot or dynamic partial of its own or in the partials it includes. Rendered alone it gives the very bytes it gives inside the form, so a
/// change that only leaves depend on re-renders just those leaves. Everything else (the form's own
/// markup, the sections around the leaves, blocks written inline) is the *rest*: a change it
/// depends on renders the whole form. A leaf is kept only when that equality is certain: its tag is
/// not indented, its name is used once, and inside a section no name it reads can be found in the
/// section's context (the data never holds one there); otherwise it joins the rest.
struct BlockPlan: Sendable {
    /// By reference: a keystroke hands the leaves it renders through a few calls, and a value
    /// holding this many strings and sets would be copied (retained and released) at each.
    final class Leaf: Sendable {
        /// The block's `data-cf-block` name.
        let key: String
        /// The key a second block of that name would have on the page (`BlockTree.Block.key`):
        /// built once here rather than on every keystroke.
        let repeatedKey: String
        /// The partial's template.
        let template: String
        /// `template.hashValue`, taken once here: the memos' keys hash it on every keystroke
        /// (`BlockMemo.Key`, `LeafMemo.Key`).
        let templateHash: Int
        /// The field whose block this is, when the name is a field's.
        let field: FieldType?
        /// The changes that can alter what it renders, its presence included.
        let changes: ViewChanges
        /// The top-level keys its data needs (`FormView.data(only:reading:)`).
        let rootKeys: Set<String>
        /// The one field whose data it reads, if it reads one field's only.
        let onlyField: FieldType?
        /// Whether it reads nothing but its own field and the strings: `BlockMemo` can hold it.
        let isMemoizable: Bool
        /// Whether it reads no field and not the session (no value, card data or token):
        /// `LeafMemo` can hold it, keyed by the facts its data is built from.
        let isDataMemoizable: Bool
        /// The top-level keys `LeafMemo`'s key stands for: `rootKeys` less the strings, which the
        /// language stands for.
        let dataKeys: Set<String>
        /// Those of `dataKeys` with facts of their own (`LeafFacts`), in one order.
        let factParts: [LeafFacts.Part]
        /// The others, which the key holds as data.
        let restKeys: Set<String>

        init(
            key: String, repeatedKey: String, template: String, templateHash: Int, field: FieldType?, changes: ViewChanges,
            rootKeys: Set<String>, onlyField: FieldType?, isMemoizable: Bool, isDataMemoizable: Bool, dataKeys: Set<String>,
            factParts: [LeafFacts.Part], restKeys: Set<String>
        ) {
            self.key = key
            self.repeatedKey = repeatedKey
            self.template = template
            self.templateHash = templateHash
            self.field = field
            self.changes = changes
            self.rootKeys = rootKeys
            self.onlyField = onlyField
            self.isMemoizable = isMemoizable
            self.isDataMemoizable = isDataMemoizable
            self.dataKeys = dataKeys
            self.factParts = factParts
            self.restKeys = restKeys
        }

        /// What the memos key its renders in `language` by, besides the facts.
        func site(_ language: String) -> MemoSite {
            MemoSite(template: template, templateHash: templateHash, language: language)
        }
    }

    /// What a keystroke reads of a leaf to pass it by, as plain values: it passes most leaves, and
    /// reading a `Leaf` itself retains and releases it.
    struct Reach: Sendable {
        let field: FieldType?
        let changes: ViewChanges
    }

    /// In render order.
    let leaves: [Leaf]
    /// Each leaf's `Reach`, at its index in `leaves`.
    let reaches: [Reach]
    /// The changes that re-render the whole form.
    let restChanges: ViewChanges
    /// The blocks around leaves that render alone (`Section`).
    let sections: [Section]
    /// For each leaf, at its index in `leaves`, the smallest of `sections` that holds it (its
    /// index there), if any: what renders when the leaf appears or vanishes.
    let enclosing: [Int?]

    /// The plan for `form`; nil when its read paths cannot be known (see `readPaths(of:)`).
    init?(library: TemplateLibrary, form: String = "form", dependencies: ViewDependencies) {
        let names = Self.leafNames(in: library)
        guard let read = library.readPaths(of: form, apart: { names[$0] != nil }) else { return nil }
        var rest = read.paths
        var uses: [String: Int] = [:]
        for site in read.apart { uses[names[site.name]!, default: 0] += 1 }
        var leaves: [Leaf] = []
        for site in read.apart {
            let key = names[site.name]!
            guard uses[key] == 1, site.indentation?.isEmpty ?? true, !site.isIndented,
                  Self.readsAlike(site, library: library, dependencies: dependencies)
            else {
                rest.formUnion(site.paths)
                continue
            }
            leaves.append(Self.leaf(key, site, dependencies: dependencies))
        }
        self.leaves = leaves
        reaches = leaves.map { Reach(field: $0.field, changes: $0.changes) }
        restChanges = rest.reduce(into: []) { $0.formUnion(dependencies.changes(affecting: $1)) }
        (sections, enclosing) = Self.sections(library, form: form, leaves: leaves, leafNames: names, dependencies: dependencies)
    }

    /// The templates that can be leaves, with their block's name. A leaf may include partials
    /// by name (a field's label, icons and guide), which render the same bytes alone as in the
    /// form; not a dynamic partial, a parent or a slot, anywhere in what it includes.
    static func leafNames(in library: TemplateLibrary) -> [String: String] {
        var names: [String: String] = [:]
        for (name, template) in library.templates {
            var text = ""
            var included: Set<String> = [name]
            var reached: Set<String> = []
            // The block is the template's own: what it includes adds none (a section around a
            // block is not a leaf).
            guard flatten(template.nodes, library: library, included: &included, reached: &reached, into: &text),
                  let key = blockName(in: text),
                  blockName(in: ownText(template.nodes)) == key
            else { continue }
            names[name] = key
        }
        return names
    }

    /// The text of the template itself, partials left out.
    static func ownText(_ nodes: [TemplateNode]) -> String {
        var text = ""
        nodes.walk { node in
            switch node {
            case .text(let part): text += part.value
            case .variable: text += "\u{0}"
            case .partial, .parent, .block, .section, .invertedSection: break
            }
        }
        return text
    }

    /// The text `nodes` render, with named partials followed (`included`: those being followed; a
    /// partial that includes itself is not a leaf's) and a `\0` where data goes; false for anything a leaf may not hold.
    /// `reached` gains every partial followed.
    static func flatten(
        _ nodes: [TemplateNode], library: TemplateLibrary, included: inout Set<String>, reached: inout Set<String>, into text: inout String
    ) -> Bool {
        var fits = true
        nodes.walk { node in
            guard fits else { return }
            switch node {
            case .text(let part): text += part.value
            // A name put together with data is not a name known now.
            case .variable: text += "\u{0}"
            case .partial(let partial):
                guard case .named(let name) = partial.name, let template = library.templates[name], included.insert(name).inserted else {
                    fits = false
                    return
                }
                reached.insert(name)
                fits = flatten(template.nodes, library: library, included: &included, reached: &reached, into: &text)
                included.remove(name)
            case .parent, .block: fits = false
            case .section, .invertedSection: break
            }
        }
        return fits
    }

    /// The name in the text's one `data-cf-block="…"`; nil for none, several, or another spelling.
    private static func blockName(in text: String) -> String? {
        guard let names = blockNames(in: text), names.count == 1 else { return nil }
        return names[0]
    }

    /// Whether the site reads what its template reads at the top: inside a section, every extra
    /// place it might find a name (in the section's context) is one the data never holds.
    static func readsAlike(_ site: PartialSite, library: TemplateLibrary, dependencies: ViewDependencies) -> Bool {
        guard site.isNested else { return true }
        guard let top = library.readPaths(of: site.name) else { return false }
        return site.paths.subtracting(top).allSatisfy { !dependencies.mayHold($0.keys) }
    }

    /// The top-level keys of the view's data that `paths`, read where a site stands, need.
    static func rootKeys(_ paths: Set<ReadPath>) -> Set<String> {
        paths.contains { $0.keys.isEmpty } ? FormView.rootKeys : Set(paths.compactMap(\.keys.first)).intersection(FormView.rootKeys)
    }

    private static func leaf(_ key: String, _ site: PartialSite, dependencies: ViewDependencies) -> Leaf {
        let changes = site.paths.reduce(into: ViewChanges()) { $0.formUnion(dependencies.changes(affecting: $1)) }
        // What the data can hold: a name looked up in a section's context first is found at the top.
        let paths = site.paths.filter { dependencies.mayHold($0.keys) }
        let readsWhole = paths.contains { $0.keys.isEmpty }
        let rootKeys = rootKeys(paths)
        var fieldsRead: Set<String> = []
        var readsAllFields = false
        for path in paths where path.keys.first == "fields" {
            if path.keys.count >= 2 { fieldsRead.insert(path.keys[1]) } else { readsAllFields = true }
        }
        let field = FieldType(rawValue: key)
        let onlyField = !readsWhole && !readsAllFields && fieldsRead.count == 1 ? fieldsRead.first.flatMap(FieldType.init(rawValue:)) : nil
        let memoizable = field != nil && onlyField == field && rootKeys.isSubset(of: ["fields", "t"])
        let dataMemoizable = field == nil && rootKeys.isDisjoint(with: ["fields", "session"])
        let dataKeys = rootKeys.subtracting(["t"])
        let parts = LeafFacts.Part.allCases.filter { dataKeys.contains($0.rawValue) }
        return Leaf(
            key: key, repeatedKey: BlockTree.Block.key(key, occurrence: 2), template: site.name, templateHash: site.name.hashValue,
            field: field, changes: changes, rootKeys: rootKeys, onlyField: onlyField,
            isMemoizable: memoizable, isDataMemoizable: dataMemoizable, dataKeys: dataKeys, factParts: parts,
            restKeys: dataKeys.subtracting(parts.map(\.rawValue)))
    }
}
