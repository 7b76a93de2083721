import CardEngine
import Mustache

extension FormView {
    /// What the page tells the parent window about each field (`validationPassed`,
    /// `validationFailed`): `validFields`, the fields whose value is complete and valid, and
    /// `fieldErrors`, each shown error as `field:code`, space-separated. Names and codes only.
    var fieldVerdicts: TemplateObject {
        let errors = session.fieldErrors
        let valid = configuration.configuredFields.filter { field in
            session.isValid(field) && !errors.contains { $0.field == field }
        }
        return [
            "validFields": .string(valid.map(\.rawValue).joined(separator: " ")),
            "fieldErrors": .string(errors.map { "\($0.field.rawValue):\($0.issue.code)" }.joined(separator: " ")),
        ]
    }
}
