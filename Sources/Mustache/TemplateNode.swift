/// One node of a compiled template's syntax tree.
///
/// The tree is public so tools can walk it (the template linter looks for interpolations in
/// dangerous HTML contexts and for the partial and block names used). Text nodes hold literal text
/// after the spec's standalone-line rules have removed what they remove; comments and delimiter
/// changes leave no node.
public enum TemplateNode: Sendable, Hashable {
    case text(Text)
    /// `{{name}}` (escaped), `{{{name}}}` or `{{&name}}` (not escaped).
    case variable(Variable)
    /// `{{#name}}…{{/name}}`
    case section(Section)
    /// `{{^name}}…{{/name}}`
    case invertedSection(Section)
    /// `{{>name}}` or `{{>*name}}`
    case partial(Partial)
    /// `{{<name}}{{$block}}…{{/block}}{{/name}}` or `{{<*name}}…`
    case parent(Parent)
    /// `{{$name}}default{{/name}}` outside a parent tag: a slot that a parent tag can fill.
    case block(Block)

    /// Literal text.
    public struct Text: Sendable, Hashable {
        public var value: String
        public var location: SourceLocation
    }

    public struct Variable: Sendable, Hashable {
        public var path: ValuePath
        /// `true` for `{{x}}`; `false` for `{{{x}}}` and `{{&x}}`.
        public var isEscaped: Bool
        public var location: SourceLocation
    }

    public struct Section: Sendable, Hashable {
        public var path: ValuePath
        public var children: [TemplateNode]
        /// The opening tag.
        public var location: SourceLocation
        /// The closing tag.
        public var endLocation: SourceLocation
    }

    public struct Partial: Sendable, Hashable {
        public var name: TemplateReference
        /// For a standalone tag, the whitespace before it, prepended to every line of the partial;
        /// `nil` when the tag shares its line with other content.
        public var indentation: String?
        public var location: SourceLocation
    }

    public struct Parent: Sendable, Hashable {
        public var name: TemplateReference
        /// The blocks passed to the parent, each overriding the parent's block of that name.
        public var arguments: [Block]
        /// As for a partial: set when the parent's opening and closing tags stand alone.
        public var indentation: String?
        public var location: SourceLocation
        public var endLocation: SourceLocation
    }

    public struct Block: Sendable, Hashable {
        public var name: String
        /// The default content, or (for an argument of a parent tag) the overriding content.
        public var children: [TemplateNode]
        /// For a standalone block outside a parent tag: the indentation given to every line of
        /// content that overrides it. `nil` otherwise.
        public var indentation: String?
        public var location: SourceLocation
        public var endLocation: SourceLocation
    }

    /// Where the node starts (for elements, their opening tag).
    public var location: SourceLocation {
        switch self {
        case .text(let node): node.location
        case .variable(let node): node.location
        case .section(let node), .invertedSection(let node): node.location
        case .partial(let node): node.location
        case .parent(let node): node.location
        case .block(let node): node.location
        }
    }

    /// The nodes directly inside this one: a section's or block's content, a parent's arguments.
    public var children: [TemplateNode] {
        switch self {
        case .text, .variable, .partial: []
        case .section(let node), .invertedSection(let node): node.children
        case .parent(let node): node.arguments.map(TemplateNode.block)
        case .block(let node): node.children
        }
    }
}

extension Sequence<TemplateNode> {
    /// Visits every node depth-first, in source order, parents before their children (a parent
    /// tag's arguments are visited as `.block` nodes).
    public func walk(_ visit: (TemplateNode) throws -> Void) rethrows {
        for node in self {
            try visit(node)
            try node.children.walk(visit)
        }
    }
}
