import CardEngine
import Mustache

/// Which changes can alter each place of the view model's data (`FormView.data()`): the one
/// table the renderer decides from. `BlockPlan` matches each block's read paths against it once
/// per template set, so a keystroke renders only the blocks that depend on what it changed.
///
/// Every key the data can hold needs a row here, at its own path or under a `.tree` row above it
/// (`ViewDependenciesTests` walks the data of many sessions to check): a key added to the view
/// model without a row fails that test, rather than leaving a block stale.
struct ViewDependencies: Sendable {
    /// What a row answers for.
    enum Reach: Sendable {
        /// The place itself: whether it is there, its truthiness, a list's length. Its keys have
        /// rows of their own.
        case node
        /// The place and everything under it.
        case tree
    }

    struct Row: Sendable {
        var path: [String]
        var reach: Reach
        var changes: ViewChanges
    }

    let rows: [Row]
    /// The rows by their path's first key, and those two keys deep or more by their first two: a
    /// read path meets only rows that share its first keys (`BlockPlan` asks for thousands).
    private let byRoot: [String: [Row]]
    private let shallow: [String: [Row]]
    private let byTwoKeys: [[String]: [Row]]

    init(rows: [Row]) {
        self.rows = rows
        byRoot = Dictionary(grouping: rows) { $0.path.first ?? "" }
        shallow = Dictionary(grouping: rows.filter { $0.path.count == 1 }) { $0.path[0] }
        byTwoKeys = Dictionary(grouping: rows.filter { $0.path.count >= 2 }) { Array($0.path.prefix(2)) }
    }

    /// The rows that can meet `keys`.
    private func rows(near keys: [String]) -> [Row] {
        switch keys.count {
        case 0: rows
        case 1: byRoot[keys[0]] ?? []
        default: (shallow[keys[0]] ?? []) + (byTwoKeys[Array(keys.prefix(2))] ?? [])
        }
    }

    /// Which changes can alter what `read` reads: rows at its path, `.tree` rows above it, and,
    /// for a value read whole, every row under it.
    func changes(affecting read: ReadPath) -> ViewChanges {
        var changes: ViewChanges = []
        for row in rows(near: read.keys) {
            if row.path == read.keys {
                changes.formUnion(row.changes)
            } else if row.path.count < read.keys.count, row.reach == .tree, read.keys.starts(with: row.path) {
                changes.formUnion(row.changes)
            } else if read.use == .value, row.path.count > read.keys.count, row.path.starts(with: read.keys) {
                changes.formUnion(row.changes)
            }
        }
        return changes
    }

    /// Whether the data may hold `path`: a row names it or a place under it, or a `.tree` row
    /// lies above it. A path the table does not know is never in the data.
    func mayHold(_ path: [String]) -> Bool {
        guard let first = path.first else { return !rows.isEmpty }
        return (byRoot[first] ?? []).contains { row in
            row.path.starts(with: path) || (row.reach == .tree && path.starts(with: row.path))
        }
    }

    /// Whether a row answers for the key at `path` (see the type's description).
    func covers(_ path: [String]) -> Bool {
        rows.contains { row in
            row.path == path || (row.reach == .tree && row.path.count < path.count && path.starts(with: row.path))
        }
    }

    /// The table with `path`'s row answering for `changes` instead (a test's deliberate mistake,
    /// or a row to widen).
    func replacing(_ path: [String], with changes: ViewChanges) -> ViewDependencies {
        var rows = self.rows
        for index in rows.indices where rows[index].path == path { rows[index].changes = changes }
        return ViewDependencies(rows: rows)
    }
}

extension ViewDependencies {
    /// The rows for `FormView`'s data (Templates/README.md lists the keys).
    static let standard: ViewDependencies = {
        var rows: [Row] = []
        func row(_ path: String, _ reach: Reach = .tree, _ changes: ViewChanges = []) {
            rows.append(Row(path: path.split(separator: ".").map(String.init), reach: reach, changes: changes))
        }
        // Set once for the page: language, ids, assets, strings, the configuration's sections.
        // A PATCH that changes any of them marks the pages stale: their next answer is the whole form.
        for key in ["lang", "dir", "colorScheme", "title", "session", "assets", "formatRules", "t", "noscript", "dev"] { row(key) }
        row("billing", .node)
        row("billing.legend")
        row("saveCard", .node)
        for key in ["id", "label"] { row("saveCard." + key) }
        row("saveCard.disabled", .tree, .phase)
        row("phase", .tree, .phase)
        row("isLoading", .tree, .phase)
        row("result", .tree, .phase)
        row("submit", .node)
        row("submit.disabled", .tree, [.validity, .phase])
        row("submit.loading", .tree, .phase)
        for key in ["amount", "label", "surchargeNote"] { row("submit." + key, .tree, .surcharge) }
        row("errors", .node)
        row("errors.announcement", .tree, .announcement)
        row("errors.summary", .tree, .anyError)
        row("state", .node)
        row("state.valid", .tree, .validity)
        row("state.phase", .tree, .phase)
        row("state.payment", .tree, .phase)
        row("state.networks", .tree, .networks)
        row("state.network", .tree, .networks)
        // The per-field verdicts: a field passes when it turns valid (the engine reports any
        // field's validity turning as `.validity`) and shows no error.
        row("state.validFields", .tree, [.validity, .anyError])
        row("state.fieldErrors", .tree, .anyError)
        row("cardNetwork", .tree, .networks)
        row("fields", .node)
        for field in FieldType.allCases { rows += fieldRows(field) }
        return ViewDependencies(rows: rows)
    }()

    /// `fields.<field>`'s rows: what the session's state decides of a field's data (`FieldState`)
    /// and its value.
    private static func fieldRows(_ field: FieldType) -> [Row] {
        let spec = field.spec
        // The country relabels the address parts that follow it, and may change their rules.
        let country: ViewChanges = spec.followsCountry == nil
            ? [] : ViewChanges(FieldType.allCases.filter(\.spec.relabelsOtherFields).map(ViewChanges.value))
        let networkShown: ViewChanges = spec.presentation == .networkBadges || spec.presentation == .securityCodeHint ? .networks : []
        let table: [(String, ViewChanges)] = [
            ("name", []), ("id", []), ("errorId", []), ("guideId", []), ("autocomplete", []), ("inputmode", []),
            ("type", []), ("digitsOnly", []), ("format", []), ("separators", []), ("autoCapitalise", []),
            ("label", country), ("placeholder", country), ("required", country), ("hasOptions", country),
            ("guideText", networkShown), ("describedBy", networkShown),
            // Picking a co-badged network may regroup the number.
            ("value", [.value(field), networkShown]),
            ("disabled", .phase),
            ("invalid", .error(field)), ("ariaInvalid", .error(field)), ("errorCode", .error(field)),
            // A message may name the network or the country.
            ("error", [.error(field), networkShown, country]),
            ("maxlength", [networkShown, country]),
            ("networks", .networks), ("network", .networks), ("codeName", .networks), ("length", .networks),
            // The merchant's accepted networks, for the empty number: the configuration's.
            ("acceptedNetworks", []), ("hasAcceptedNetworks", []),
            // Whether the value passes its rule (the tick): a turn is part of the field's verdict.
            ("valid", .error(field)),
            // The merchant's look (`FieldLook`); the required marker follows `required`.
            ("displayValidIcon", []), ("showHintIcon", []), ("hintIcon", []), ("tooltip", []), ("labelPosition", []),
            ("labelFloating", []), ("labelHidden", []), ("invalidTextPosition", []), ("errorAbove", []),
            ("allowToCopyPaste", []), ("mask", []), ("requiredIcon", country),
            ("options", [.value(field), country]),
        ]
        let base = ["fields", field.rawValue]
        return [Row(path: base, reach: .node, changes: [])]
            + table.map { key, changes in Row(path: base + [key], reach: .tree, changes: changes) }
    }
}
