import Foundation

/// Prometheus's text exposition format, version 0.0.4: `# HELP` and `# TYPE` before each family,
/// then its samples, label values escaped (`\\`, `\"`, `\n`).
struct MetricsExposition {
    /// The media type a scrape is answered with.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private(set) var text = ""

    /// One family: its help and type lines, then each sample as `name{labels} value`.
    mutating func family(
        _ name: String, _ type: String, help: String, _ samples: [(suffix: String, labels: [(String, String)], value: Double)]
    ) {
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(type)\n"
        for sample in samples {
            text += name + sample.suffix
            if !sample.labels.isEmpty {
                text += "{" + sample.labels.map { "\($0.0)=\"\(Self.escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
            }
            text += " " + Self.format(sample.value) + "\n"
        }
    }

    /// A family of one unlabelled sample.
    mutating func single(_ name: String, _ type: String, help: String, _ value: Double) {
        family(name, type, help: help, [("", [], value)])
    }

    /// A histogram: cumulative `buckets` (the last one +Inf) over `bounds`, `_sum`, `_count`.
    mutating func histogram(_ name: String, help: String, bounds: [Double], buckets: [Int], sum: Double) {
        var samples: [(suffix: String, labels: [(String, String)], value: Double)] = []
        for (index, count) in buckets.enumerated() {
            let bound = index < bounds.count ? Self.format(bounds[index]) : "+Inf"
            samples.append(("_bucket", [("le", bound)], Double(count)))
        }
        samples.append(("_sum", [], sum))
        samples.append(("_count", [], Double(buckets.last ?? 0)))
        family(name, "histogram", help: help, samples)
    }

    static func escapeLabel(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static func escapeHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Whole numbers without a fraction (counters read as integers), others as Swift prints them.
    static func format(_ value: Double) -> String {
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value.isNaN { return "NaN" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
