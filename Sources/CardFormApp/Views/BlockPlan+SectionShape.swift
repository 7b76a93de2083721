import CardFormSupport
import Mustache

extension BlockPlan {
    /// Whether every render of section `name` is one element, `key`'s, with only blanks around
    /// it, and every leaf it includes (`leafKeys`: template to block name) stands inside that
    /// element. A leaf beside it (a designer's co-badge choice moved above the fieldset) changes
    /// its parent's own markup when it comes or goes, which the section's render alone cannot
    /// show: the page would keep the parent's old markup and the leaf's old element.
    ///
    /// It is decided on one text standing for every render: the section's markup with each leaf
    /// an empty element of its name. That text stands for them all only when data cannot change
    /// the markup's shape: no condition or loop (outside the leaves) holds a tag, a quote or an
    /// angle bracket, and no value is written unescaped. (The shipped section's one condition
    /// adds a class word.) A leaf's own render is checked when it is rendered.
    static func standsAlone(_ name: String, key: String, library: TemplateLibrary, leafKeys: [String: String]) -> Bool {
        var text = ""
        var included: Set<String> = [name]
        guard let template = library.templates[name],
              shape(template.nodes, library: library, leafKeys: leafKeys, conditional: false, included: &included, into: &text)
        else { return false }
        let tree = BlockTree(html: text)
        let outermost = tree.blocks.indices.filter { tree.blocks[$0].parent == nil }
        return outermost.count == 1 && tree.blocks[outermost[0]].key == key && tree.wrapsEverything(outermost[0])
            && tree.blocks.count == 1 + leafKeys.count
    }

    /// Appends the markup `nodes` render whatever the data (see `standsAlone`); false when data
    /// could change its shape, or for anything `flatten` refuses.
    private static func shape(
        _ nodes: [TemplateNode], library: TemplateLibrary, leafKeys: [String: String], conditional: Bool, included: inout Set<String>,
        into text: inout String
    ) -> Bool {
        for node in nodes {
            switch node {
            case .text(let part):
                guard !conditional || !part.value.contains(where: { "<>\"'".contains($0) }) else { return false }
                text += part.value
            case .variable(let variable):
                guard variable.isEscaped else { return false }
                text += "x"
            case .section(let section), .invertedSection(let section):
                guard shape(section.children, library: library, leafKeys: leafKeys, conditional: true, included: &included, into: &text)
                else { return false }
            case .partial(let partial):
                guard case .named(let name) = partial.name, let template = library.templates[name], included.insert(name).inserted else {
                    return false
                }
                defer { included.remove(name) }
                if let key = leafKeys[name] {
                    text += "<div data-cf-block=\"\(key)\"></div>"
                } else {
                    let nodes = template.nodes
                    guard shape(nodes, library: library, leafKeys: leafKeys, conditional: conditional, included: &included, into: &text)
                    else { return false }
                }
            case .parent, .block: return false
            }
        }
        return true
    }
}
