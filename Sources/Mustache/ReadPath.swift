/// A place in the data that rendering a template can read, as keys from the data's root.
///
/// Lists are transparent: `items.name` is the `name` of `items` when it is an object and of each
/// of its elements when it is a list, since a section over a list reads every element the way it
/// reads a single object. `TemplateLibrary.readPaths(of:)` computes them;
/// `TemplateValue.keeping(_:)` keeps exactly what they name.
public struct ReadPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How the template uses what the path names.
    public enum Use: Sendable, Hashable, Comparable {
        /// A section or inverted section tests it: whether it is there, its truthiness, and for a
        /// list how many elements it holds; what is read inside has paths of its own.
        case section
        /// It is printed, or read whole (`{{.}}`, a dynamic name): anything in it may show.
        case value
    }

    /// The keys from the data's root; empty for the data itself.
    public var keys: [String]
    public var use: Use

    public init(_ keys: [String], _ use: Use) {
        self.keys = keys
        self.use = use
    }

    /// `fields.cardNumber.value` for a value read, `#fields.cardNumber` for a section's test; `.`
    /// for the data itself.
    public var description: String {
        let path = keys.isEmpty ? "." : keys.joined(separator: ".")
        return use == .section ? "#" + path : path
    }

    public static func < (left: ReadPath, right: ReadPath) -> Bool {
        left.keys.lexicographicallyPrecedes(right.keys) || (left.keys == right.keys && left.use < right.use)
    }
}
