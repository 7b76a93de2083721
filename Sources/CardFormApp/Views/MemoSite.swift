/// What both memos' keys hold besides the facts (`BlockMemo.Key`, `LeafMemo.Key`): the leaf's
/// template and the language.
struct MemoSite: Hashable, Sendable {
    let template: String
    /// `template.hashValue` (`BlockPlan.Leaf.templateHash`): hashed instead of the name on
    /// every keystroke.
    let templateHash: Int
    let language: String

    init(template: String, templateHash: Int? = nil, language: String) {
        self.template = template
        self.templateHash = templateHash ?? template.hashValue
        self.language = language
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(templateHash)
        hasher.combine(language)
    }
}
