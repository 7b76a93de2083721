import HTTPServer

extension HTTPMethod {
    /// The methods the access log and `/metrics` name as themselves, most frequent first (looked
    /// through in turn). Any other token is the client's own text and is named `OTHER`: naming it
    /// would let any client add a series to the counts (and to each scrape) for ever.
    private static let labelled: [(method: HTTPMethod, label: StaticString)] = [
        (.post, "POST"), (.get, "GET"), (.head, "HEAD"), (.options, "OPTIONS"), (.put, "PUT"), (.patch, "PATCH"),
        (.delete, "DELETE"),
    ]
    private static let other: HTTPMethod = "OTHER"

    /// How the access log and `/metrics` name this method.
    var label: StaticString {
        Self.labelled.first { $0.method == self }?.label ?? "OTHER"
    }

    /// The method as `/metrics` counts it: itself when it has a label of its own, else `OTHER`.
    var counted: HTTPMethod {
        Self.labelled.contains { $0.method == self } ? self : Self.other
    }
}
