extension Template {
    /// The syntax tree printed one node per line, children indented: what parser tests compare with
    /// golden strings, and a quick way to see how the standalone rules treated a template.
    ///
    ///     text "Hi,\n" 1:1
    ///     section person 2:1
    ///       variable name 3:3
    public var treeDescription: String { nodes.treeDescription }
}

extension Sequence<TemplateNode> {
    /// See `Template.treeDescription`.
    public var treeDescription: String {
        var lines: [String] = []
        for node in self { node.describe(depth: 0, into: &lines) }
        return lines.map { $0 + "\n" }.joined()
    }
}

extension TemplateNode {
    fileprivate func describe(depth: Int, into lines: inout [String]) {
        let pad = String(repeating: "  ", count: depth)
        let at = " \(location.line):\(location.column)"
        switch self {
        case .text(let text):
            lines.append(pad + "text " + Self.quoted(text.value) + at)
        case .variable(let variable):
            lines.append(pad + "variable \(variable.path)" + (variable.isEscaped ? "" : " unescaped") + at)
        case .section(let section), .invertedSection(let section):
            let keyword = if case .section = self { "section" } else { "inverted" }
            lines.append(pad + "\(keyword) \(section.path)" + at)
            for child in section.children { child.describe(depth: depth + 1, into: &lines) }
        case .partial(let partial):
            lines.append(pad + "partial \(partial.name)" + Self.indentation(partial.indentation) + at)
        case .parent(let parent):
            lines.append(pad + "parent \(parent.name)" + Self.indentation(parent.indentation) + at)
            for argument in parent.arguments { TemplateNode.block(argument).describe(depth: depth + 1, into: &lines) }
        case .block(let block):
            lines.append(pad + "block \(block.name)" + Self.indentation(block.indentation) + at)
            for child in block.children { child.describe(depth: depth + 1, into: &lines) }
        }
    }

    private static func indentation(_ value: String?) -> String {
        value.map { " standalone indent " + quoted($0) } ?? ""
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
