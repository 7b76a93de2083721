import CardFormSupport
import Mustache

/// Names that must match: partials and parents, the slots a parent declares, the co-badge selector
/// in a recomposed `cardDetails` slot, and designer templates nothing uses.
extension TemplateLinter {
    /// Unknown partials and parents, and slots the parent does not declare. Dynamic names
    /// (`{{>*name}}`) are chosen by the data at render time, so they are not checked.
    func referenceProblems(in template: Template, file: LintFile) -> [LintDiagnostic] {
        var problems: [LintDiagnostic] = []
        template.nodes.walk { node in
            switch node {
            case .partial(let partial):
                guard case .named(let name) = partial.name, !exists(name) else { return }
                problems.append(file.diagnostic(
                    .error, .unknownPartial,
                    "no template named '\(name)' to include\(NameSuggestion.hint(for: name, among: allNames))",
                    at: partial.location.offset))
            case .parent(let parent):
                guard case .named(let name) = parent.name else { return }
                guard exists(name) else {
                    problems.append(file.diagnostic(
                        .error, .unknownParent,
                        "no template named '\(name)' to extend\(NameSuggestion.hint(for: name, among: allNames))",
                        at: parent.location.offset))
                    return
                }
                guard !broken.contains(name) else { return }
                let slots = declaredSlots(of: name)
                for argument in parent.arguments where !slots.contains(argument.name) {
                    let list = slots.isEmpty ? "it declares none" : "its slots are " + slots.joined(separator: ", ")
                    problems.append(file.diagnostic(
                        .error, .unknownSlot, "\(name) has no slot named '\(argument.name)' (\(list))",
                        at: argument.location.offset))
                }
            default:
                break
            }
        }
        return problems
    }

    /// A designer's `{{$cardDetails}}` for `layouts/form` should show the co-badge selector once:
    /// without it a co-badged card gets no choice of network, with two the page shows two.
    func recompositionProblems() -> [LintDiagnostic] {
        var problems: [LintDiagnostic] = []
        for name in library.names {
            guard let template = library[name], let file = files[name] else { continue }
            template.nodes.walk { node in
                guard case .parent(let parent) = node, parent.name == .named("layouts/form") else { return }
                for argument in parent.arguments where argument.name == "cardDetails" {
                    problems += cardNetworkProblems(in: argument, file: file)
                }
            }
        }
        return problems
    }

    private func cardNetworkProblems(in slot: TemplateNode.Block, file: LintFile) -> [LintDiagnostic] {
        let target = "blocks/card-network"
        var total = 0
        var routes: [String] = []
        var hasDynamic = false
        var problems: [LintDiagnostic] = []
        var memo = Inclusions()
        slot.children.walk { node in
            guard let (reference, location) = Self.reference(node) else { return }
            guard case .named(let name) = reference else {
                hasDynamic = true
                return
            }
            let count = (name == target ? 1 : 0) + inclusions(of: target, inTemplate: name, memo: &memo)
            guard count > 0 else { return }
            routes.append(name == target ? "directly" : "through \(name)")
            let before = total
            total += count
            if before <= 1, total > 1 {
                problems.append(file.diagnostic(
                    .warning, .duplicateCardNetwork,
                    "the cardDetails slot includes \(target) \(total) times (\(routes.joined(separator: ", "))): "
                        + "a co-badged card would show two network selectors; keep one",
                    at: location.offset))
            }
        }
        if total == 0, !hasDynamic {
            problems.append(file.diagnostic(
                .warning, .missingCardNetwork,
                "the cardDetails slot does not include \(target): shoppers with a co-badged card would get no "
                    + "choice of network; add {{> \(target)}}",
                at: slot.location.offset))
        }
        return problems
    }

    /// Counts of a target's inclusions by template, so a form that includes the same partial many
    /// times is walked once per template, and templates being walked (a cycle counts nothing more).
    private struct Inclusions {
        var counts: [String: Int] = [:]
        var visiting: Set<String> = []
    }

    /// How many times rendering `name` includes `target`, through its partials and parents.
    private func inclusions(of target: String, inTemplate name: String, memo: inout Inclusions) -> Int {
        if let known = memo.counts[name] { return known }
        guard let template = library[name], memo.visiting.count < Self.maxDepth, memo.visiting.insert(name).inserted
        else { return 0 }
        var count = 0
        template.nodes.walk { node in
            guard let (reference, _) = Self.reference(node), case .named(let included) = reference else { return }
            count += (included == target ? 1 : 0) + inclusions(of: target, inTemplate: included, memo: &memo)
        }
        memo.visiting.remove(name)
        memo.counts[name] = count
        return count
    }

    /// A designer's template that replaces no default and that nothing includes is never shown:
    /// usually a misspelt file name.
    func unusedTemplates() -> [LintDiagnostic] {
        var used: Set<String> = []
        for name in library.names {
            library[name]?.nodes.walk { node in
                guard let (reference, _) = Self.reference(node) else { return }
                if case .named(let included) = reference { used.insert(included) }
            }
        }
        guard !library.names.contains(where: usesDynamicNames) else { return [] }
        return allNames.sorted().compactMap { name in
            guard !defaultNames.contains(name), !used.contains(name), let file = files[name], file.isOverlay else { return nil }
            return LintDiagnostic(
                severity: .warning, code: .unusedTemplate,
                message: "no template includes '\(name)' and it replaces no default, so it is never shown"
                    + NameSuggestion.hint(for: name, among: defaultNames),
                file: file.path)
        }
    }

    /// Every template `name` uses, itself first, breadth first, through static partial and parent
    /// names (bounded, and each once).
    func reachable(from name: String) -> [String] {
        var order = [name]
        var seen: Set<String> = [name]
        var index = 0
        while index < order.count, order.count < Self.maxTemplates {
            library[order[index]]?.nodes.walk { node in
                guard let (reference, _) = Self.reference(node), case .named(let included) = reference,
                      seen.insert(included).inserted else { return }
                order.append(included)
            }
            index += 1
        }
        return order
    }

    /// The slots `name` declares, in order: its blocks, and those of the parents it extends itself.
    func declaredSlots(of name: String) -> [String] {
        var slots: [String] = []
        var visiting: Set<String> = []
        collectSlots(of: name, into: &slots, visiting: &visiting)
        return slots
    }

    private func collectSlots(of name: String, into slots: inout [String], visiting: inout Set<String>) {
        guard let template = library[name], visiting.count < Self.maxDepth, visiting.insert(name).inserted else { return }
        collectSlots(in: template.nodes, into: &slots, visiting: &visiting)
    }

    private func collectSlots(in nodes: [TemplateNode], into slots: inout [String], visiting: inout Set<String>) {
        for node in nodes {
            switch node {
            case .block(let block):
                if !slots.contains(block.name) { slots.append(block.name) }
                collectSlots(in: block.children, into: &slots, visiting: &visiting)
            case .section(let section), .invertedSection(let section):
                collectSlots(in: section.children, into: &slots, visiting: &visiting)
            case .parent(let parent):
                // An argument's content may declare slots of its own; the grandparent's slots can
                // be filled through this template too.
                for argument in parent.arguments {
                    collectSlots(in: argument.children, into: &slots, visiting: &visiting)
                }
                if case .named(let grandparent) = parent.name {
                    collectSlots(of: grandparent, into: &slots, visiting: &visiting)
                }
            case .text, .variable, .partial:
                break
            }
        }
    }

    private func usesDynamicNames(_ name: String) -> Bool {
        var found = false
        library[name]?.nodes.walk { node in
            if let (reference, _) = Self.reference(node), case .dynamic = reference { found = true }
        }
        return found
    }

    /// Whether a template of that name exists, compiled or not (a broken one is reported once, as
    /// a syntax error, not again at every place that includes it).
    func exists(_ name: String) -> Bool {
        library[name] != nil || broken.contains(name)
    }

    /// Every template name, compiled or not.
    var allNames: Set<String> { Set(library.names).union(broken) }

    /// The template a partial or parent tag names, and where the tag is.
    static func reference(_ node: TemplateNode) -> (TemplateReference, SourceLocation)? {
        switch node {
        case .partial(let partial): (partial.name, partial.location)
        case .parent(let parent): (parent.name, parent.location)
        default: nil
        }
    }

    /// How deep includes are followed: well beyond any real form, short of a runaway recursion.
    static let maxDepth = 32
    /// The most templates a reachability walk visits.
    static let maxTemplates = 1_000
}
