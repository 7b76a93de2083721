/// A catalog's strings read for filling (`CatalogText`), and its `error.*` strings by what a
/// message look-up asks for, so no key is built per message. Immutable once built.
final class CatalogIndex: Sendable {
    /// Every string by its dotted key.
    let texts: [String: CatalogText]
    /// `error.<id>` by `id`.
    private let errors: [String: CatalogText]
    /// `error.<field>.<id>` by `id`, at the field's `position`.
    private let fieldErrors: [[String: CatalogText]]

    init(_ strings: [String: String]) {
        texts = strings.mapValues(CatalogText.init)
        var errors: [String: CatalogText] = [:]
        var fieldErrors = [[String: CatalogText]](repeating: [:], count: FieldType.allCases.count)
        for (key, text) in texts where key.hasPrefix("error.") {
            let id = key.dropFirst("error.".count)
            errors[String(id)] = text
            // A field's name is its case name, which has no dot: `<field>.<id>` splits at the first.
            if let dot = id.firstIndex(of: "."), let field = FieldType(rawValue: String(id[..<dot])) {
                fieldErrors[field.position][String(id[id.index(after: dot)...])] = text
            }
        }
        self.errors = errors
        self.fieldErrors = fieldErrors
    }

    /// `error.<field>.<id>`, else `error.<id>`.
    func error(_ id: String, of field: FieldType) -> CatalogText? {
        fieldErrors[field.position][id] ?? errors[id]
    }
}
