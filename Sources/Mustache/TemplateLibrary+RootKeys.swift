extension TemplateLibrary {
    /// The top-level keys of the data that rendering `name` can read, following its partials and
    /// parents: the first key of each of its `readPaths(of:)`. `nil` when those are unknown, or
    /// when the template reads the whole data (`.` outside every section).
    ///
    /// Every name is looked up by its first key, from the innermost context out to the data
    /// itself, so a render reads nothing of the data but these keys: data holding only them
    /// renders exactly the same. Callers use this to build no more data than a template needs.
    /// Names used inside sections are included even when they are meant for the section's own
    /// context: missing from it, they would be looked up in the data.
    public func rootKeys(readBy name: String) -> Set<String>? {
        guard let paths = readPaths(of: name) else { return nil }
        var keys: Set<String> = []
        for path in paths {
            if let first = path.keys.first {
                keys.insert(first)
            } else if path.use == .value {
                return nil
            }
        }
        return keys
    }
}
