/// A partial tag whose template `TemplateLibrary.readPaths(of:apart:)` read on its own.
public struct PartialSite: Sendable, Hashable {
    /// The partial's template.
    public var name: String
    /// The tag's indentation (see `TemplateNode.Partial.indentation`).
    public var indentation: String?
    /// Whether indentation is in force where the tag stands, added by an enclosing standalone
    /// partial or parent tag or an overridden standalone slot: the template's lines, or the text
    /// after an inline tag, are indented there and not when it renders alone.
    public var isIndented: Bool
    /// Whether the tag stands inside a section, where names may also be found in the sections'
    /// contexts: `paths` then lists those places too.
    public var isNested: Bool
    /// Every place in the data the partial can read where it stands.
    public var paths: Set<ReadPath>
}

extension TemplateLibrary {
    /// What rendering `name` reads outside the partials that `apart` picks, and each of those
    /// partial tags (in render order) with what its template reads where it stands: the split a
    /// renderer needs to render such a partial again on its own when its data changed.
    ///
    /// Only partial tags naming their template are kept apart; a dynamic partial or a parent tag
    /// is read through as `readPaths(of:)` reads it, even when it reaches such a template. `nil`
    /// where `readPaths(of:)` is.
    public func readPaths(
        of name: String, apart: @escaping (String) -> Bool
    ) -> (paths: Set<ReadPath>, apart: [PartialSite])? {
        guard let template = templates[name] else { return nil }
        var reader = ReadPathReader(library: self)
        reader.apart = apart
        let root = ReadPathReader.Scope(stack: [[[]]], overrides: [])
        guard reader.include(name, template, root) else { return nil }
        return (reader.paths, reader.sites)
    }
}
