import Mustache

/// The renders of the leaves that read no field (`formState`, the live region, the pay button, the
/// co-badge choice, the save-card box), keyed by exactly the data each read: a keystroke that
/// leaves a leaf's data as another render had it costs building that data and a lookup instead
/// of rendering and scanning.
///
/// The key holds the data itself, not a digest of it, so two sessions share an entry only when
/// their data is equal, and the language stands for the strings (`t`, the same for every session
/// of one language). Only leaves that read neither the fields nor the session are kept here
/// (`BlockPlan.Leaf.isDataMemoizable`): no card data, value or token is ever held.
///
/// Held in a `BoundedMemo` shared by every session and rebuilt with the resources, so an edited
/// template never meets an old render.
enum LeafMemo {
    struct Key: Hashable, Sendable {
        let template: String
        let language: String
        /// The leaf's data, its strings (`t`) left out.
        let data: TemplateValue
    }

    /// What the leaf rendered: its block (cut as `BlockMemo` cuts one, with nothing to fill in),
    /// or nothing but blanks.
    enum Entry: Sendable {
        case block(BlockMemo.Entry)
        case nothing
    }

    static let capacity = 512
}
