extension TemplateValue {
    /// This value with only what `paths` name, so that a template reading no more than `paths`
    /// (`TemplateLibrary.readPaths(of:)`) renders it exactly as it renders the whole value.
    ///
    /// A value read whole is kept whole. Everything on the way to a path keeps its kind and its
    /// truthiness: an object keeps the keys paths go through (a key that is missing stays missing,
    /// so a lookup still falls back to outer contexts as it did), a list keeps every element (each
    /// kept to the same paths: lists are transparent), and anything else is kept as it is.
    public func keeping(_ paths: some Sequence<ReadPath>) -> TemplateValue {
        var tree = KeptTree()
        for path in paths { tree.add(path.keys[...], whole: path.use == .value) }
        return tree.keep(self)
    }
}

/// The paths of `keeping(_:)` merged by their common keys.
private struct KeptTree {
    var whole = false
    var children: [String: KeptTree] = [:]

    mutating func add(_ keys: ArraySlice<String>, whole: Bool) {
        guard let first = keys.first else {
            self.whole = self.whole || whole
            return
        }
        children[first, default: KeptTree()].add(keys.dropFirst(), whole: whole)
    }

    func keep(_ value: TemplateValue) -> TemplateValue {
        if whole { return value }
        switch value {
        case .object(let members):
            var kept = TemplateObject(minimumCapacity: children.count)
            for (key, child) in children {
                if let member = members[key] { kept[key] = child.keep(member) }
            }
            return .object(kept)
        case .list(let items):
            return .list(items.map(keep))
        case .null, .bool, .number, .string:
            return value
        }
    }
}
