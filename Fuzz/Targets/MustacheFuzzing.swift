import Mustache

/// Template text, split at NUL bytes into a main template and partials `p1`, `p2`…, compiled as
/// a library and rendered with data that has every kind of value. Compile errors are expected;
/// a crash, a hang or an unbounded output is not.
enum MustacheFuzzing {
    static let data: TemplateValue = [
        "name": "<b>\"Jo\" & 'Al'</b>", "empty": "", "zero": 0, "pi": 3.14, "yes": true, "no": false, "nothing": nil,
        "list": [["name": "a", "n": 1], ["name": "b", "n": 2]],
        "nested": ["deeper": ["name": "inner", "list": ["x", "y"]]],
    ]

    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = input.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        var templates: [String: String] = [:]
        for (index, part) in parts.enumerated() {
            templates[index == 0 ? "main" : "p\(index)"] = String(decoding: part, as: UTF8.self)
        }
        guard let library = try? TemplateLibrary(templates: templates) else { return }
        for name in templates.keys {
            guard let output = try? library.render(name, data: data) else { continue }
            precondition(output.utf8.count <= 1 << 26, "rendered past the output bound")
        }
    }
}
