import CardEngine
import Mustache

/// Which fields' data is read by their own block template and nowhere else, decided once per
/// template library by reading the templates' source.
///
/// For such a field, a keystroke that changes only its value (the engine reports no change to
/// errors, networks, validity, surcharge or phase) can only change that block: the server renders
/// `blocks/<field>` alone instead of the whole form. The reading is deliberately coarse and errs
/// towards the full render: any template that names `fields` other than as `fields.<name>`, any
/// dynamic partial or parent, a second template naming `fields.<name>`, or a block naming another
/// field, and the field is not independent.
///
/// Each independent field comes with the top-level data keys its block reads, so that the data
/// for it holds nothing else (`FormView.data(only:reading:)`).
enum FieldIndependence {
    static func fields(in library: TemplateLibrary) -> [FieldType: Set<String>] {
        let sources = library.templates.mapValues(\.source)
        let wholeFields = /\bfields\b(?!\.)/
        let dynamic = /\{\{\s*[<>]\s*\*/
        guard !sources.values.contains(where: { $0.contains(wholeFields) || $0.contains(dynamic) }) else { return [:] }
        var independent: [FieldType: Set<String>] = [:]
        // The country relabels other fields (postal code, state, city): never alone.
        for field in FieldType.allCases where !field.spec.relabelsOtherFields {
            let name = "fields." + field.rawValue
            let readers = sources.filter { _, source in
                source.ranges(of: name).contains { range in
                    range.upperBound == source.endIndex || !(source[range.upperBound].isLetter || source[range.upperBound].isNumber)
                }
            }
            let block = "blocks/" + field.spec.blockName
            guard readers.count == 1, readers.keys.first == block else { continue }
            // The block must read no other field either: rendered alone, it gets only its own.
            let others = FieldType.allCases.filter { $0 != field }.map { "fields." + $0.rawValue }
            guard !others.contains(where: { sources[block]!.contains($0) }), let keys = library.rootKeys(readBy: block) else { continue }
            // Names the view never provides (a section's own keys, as `{{label}}` inside
            // `{{#fields.cardNumber}}`) would only be looked up for nothing on every keystroke.
            independent[field] = keys.intersection(FormView.rootKeys)
        }
        return independent
    }
}
