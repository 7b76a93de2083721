import CardEngine
import Mustache

/// The data `cardform check` renders blocks with, handed in by the app: the view model of real
/// sessions, built by the same code the server renders with, so the linter's idea of the data
/// never drifts from what pages get.
public struct LintSamples: Sendable {
    /// The whole form with everything switched on, so that every hook a block can render is
    /// rendered: every field configured, a co-badged card (the network selector renders), a
    /// billing address with a country and a list of states, and the errors listed as a post
    /// without JavaScript lists them.
    public var form: TemplateValue
    /// Further data a field's block must keep its hooks with, by field (the state typed freely,
    /// for a country without a list).
    public var variants: [FieldType: [TemplateValue]]
    /// The form token and page id `form` carries: the form's hidden inputs must hold them.
    public var token: String
    public var pageID: String

    public init(form: TemplateValue, variants: [FieldType: [TemplateValue]], token: String, pageID: String) {
        self.form = form
        self.variants = variants
        self.token = token
        self.pageID = pageID
    }

    /// `form` with `t` holding `strings` (the designer's English, overrides included).
    func form(strings: [String: String]) -> TemplateValue {
        Self.setting(["t"], to: Self.nested(strings), in: form)
    }

    /// `value` with the value at `path` removed: a field not configured, no co-badge choice.
    static func removing(_ path: [String], from value: TemplateValue) -> TemplateValue {
        guard case .object(var members) = value, let key = path.first else { return value }
        if path.count == 1 {
            members[key] = nil
        } else if let inner = members[key] {
            members[key] = removing(Array(path.dropFirst()), from: inner)
        }
        return .object(members)
    }

    /// `value` with the value at `path` replaced.
    static func setting(_ path: [String], to newValue: TemplateValue, in value: TemplateValue) -> TemplateValue {
        guard case .object(var members) = value, let key = path.first else { return newValue }
        members[key] = path.count == 1 ? newValue : setting(Array(path.dropFirst()), to: newValue, in: members[key] ?? [:])
        return .object(members)
    }

    /// Flat dotted locale keys as the nested object `{{t.ui.pay}}` reads. A key that is also the
    /// prefix of others keeps the longer keys (a template cannot read both).
    static func nested(_ strings: [String: String]) -> TemplateValue {
        var root: TemplateValue = [:]
        for key in strings.keys.sorted(by: { $0.count > $1.count }) {
            let path = key.split(separator: ".").map(String.init)
            guard !path.isEmpty, lookup(path, in: root) == nil else { continue }
            root = setting(path, to: .string(strings[key] ?? ""), in: root)
        }
        return root
    }

    private static func lookup(_ path: [String], in value: TemplateValue) -> TemplateValue? {
        var current = value
        for key in path {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }
}
