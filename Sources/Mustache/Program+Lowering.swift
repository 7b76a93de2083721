extension Program {
    /// Lowers every template; partial and parent names are resolved against this same set.
    init(_ templates: [String: Template]) {
        let names = templates.keys.sorted()
        for (number, name) in names.enumerated() { numbers[name] = Int32(number) }
        for name in names {
            let start = Int32(ops.count)
            lower(templates[name]!.nodes)
            self.templates.append(start..<Int32(ops.count))
        }
    }

    private mutating func lower(_ nodes: [TemplateNode]) {
        for node in nodes {
            switch node {
            case .text(let text):
                lowerText(text)
            case .variable(let variable):
                append(.variable(keys(variable.path), escaped: variable.isEscaped), at: variable.location)
            case .section(let section):
                lowerElement(.section(keys(section.path), end: 0), section.children, at: section.location)
            case .invertedSection(let section):
                lowerElement(.inverted(keys(section.path), end: 0), section.children, at: section.location)
            case .partial(let partial):
                let inclusion = include(partial.name, indentation: partial.indentation, arguments: 0..<0)
                append(.partial(inclusion: inclusion), at: partial.location)
            case .parent(let parent):
                lowerParent(parent)
            case .block(let block):
                let op = Op.block(name: blockNumber(block.name), end: 0, indentation: slice(block.indentation))
                lowerElement(op, block.children, at: block.location)
            }
        }
    }

    /// Splits text after each line break, so each piece knows whether the next one starts a line.
    private mutating func lowerText(_ text: TemplateNode.Text) {
        var start = arena.count
        arena.append(contentsOf: text.value.utf8)
        for index in start..<arena.count where arena[index] == UInt8(ascii: "\n") {
            append(.text(Slice(start: Int32(start), count: Int32(index + 1 - start)), endsLine: true), at: text.location)
            start = index + 1
        }
        if start < arena.count {
            append(.text(Slice(start: Int32(start), count: Int32(arena.count - start)), endsLine: false), at: text.location)
        }
    }

    private mutating func lowerElement(_ op: Op, _ children: [TemplateNode], at location: SourceLocation) {
        let index = append(op, at: location)
        lower(children)
        let end = Int32(ops.count)
        ops[index] = switch op {
        case .section(let keys, _): .section(keys, end: end)
        case .inverted(let keys, _): .inverted(keys, end: end)
        case .block(let name, _, let indentation): .block(name: name, end: end, indentation: indentation)
        default: op
        }
    }

    /// A parent's arguments are lowered right after it; rendering jumps over them to `end`.
    private mutating func lowerParent(_ parent: TemplateNode.Parent) {
        let index = append(.parent(inclusion: 0, end: 0), at: parent.location)
        let firstArgument = Int32(arguments.count)
        for argument in parent.arguments {
            let start = Int32(ops.count)
            lower(argument.children)
            arguments.append(Argument(name: blockNumber(argument.name), body: start..<Int32(ops.count)))
        }
        let inclusion = include(parent.name, indentation: parent.indentation, arguments: firstArgument..<Int32(arguments.count))
        ops[index] = .parent(inclusion: inclusion, end: Int32(ops.count))
    }

    private mutating func include(
        _ reference: TemplateReference, indentation: String?, arguments: Range<Int32>
    ) -> Int32 {
        let target: Target = switch reference {
        case .named(let name): .template(numbers[name] ?? -1)
        case .dynamic(let path): .dynamic(keys(path))
        }
        inclusions.append(Inclusion(target: target, indentation: slice(indentation), arguments: arguments))
        return Int32(inclusions.count - 1)
    }

    @discardableResult
    private mutating func append(_ op: Op, at location: SourceLocation) -> Int {
        ops.append(op)
        locations.append(location)
        return ops.count - 1
    }

    private mutating func keys(_ path: ValuePath) -> Keys {
        let start = Int32(keys.count)
        keys += path.keys
        keyHashes += path.keys.map(\.hashValue)
        return Keys(start: start, count: Int32(path.keys.count))
    }

    private mutating func slice(_ text: String?) -> Slice {
        guard let text else { return .none }
        let start = arena.count
        arena.append(contentsOf: text.utf8)
        return Slice(start: Int32(start), count: Int32(arena.count - start))
    }

    private mutating func blockNumber(_ name: String) -> Int32 {
        if let number = blockNames[name] { return number }
        let number = Int32(blockNames.count)
        blockNames[name] = number
        return number
    }
}
