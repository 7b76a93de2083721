import Foundation

/// A strict reader of Prometheus's text exposition format 0.0.4, for tests: every line a `# HELP`,
/// a `# TYPE` or a sample of the family last typed; names and label names of the allowed shape;
/// label values with only the escapes `\\`, `\"`, `\n`; each family once and contiguous; histogram
/// buckets with ascending bounds, cumulative counts, a last `+Inf` bucket equal to `_count`, and
/// a `_sum`.
enum PrometheusText {
    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ line: Int, _ text: String) { description = "line \(line): \(text)" }
    }

    struct Sample: Equatable {
        var suffix: String
        var labels: [String: String]
        var value: Double
    }

    struct Family {
        var help: String?
        var type: String?
        var samples: [Sample] = []

        /// The value of the sample with exactly `labels` (and `suffix` for a histogram's parts).
        func value(_ labels: [String: String], suffix: String = "") -> Double? {
            samples.first { $0.suffix == suffix && $0.labels == labels }?.value
        }
    }

    static func parse(_ text: String) throws(Problem) -> [String: Family] {
        var families: [String: Family] = [:]
        var current: String?
        guard text.hasSuffix("\n") else { throw Problem(0, "the text does not end with a line feed") }
        for (index, line) in text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if line.hasPrefix("# HELP ") || line.hasPrefix("# TYPE ") {
                let parts = line.dropFirst(7).split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                guard isName(name) else { throw Problem(number, "bad metric name \(name)") }
                if current != name {
                    guard families[name] == nil else { throw Problem(number, "\(name) is not contiguous") }
                    current = name
                    families[name] = Family()
                }
                let rest = parts.count > 1 ? String(parts[1]) : ""
                if line.hasPrefix("# HELP ") {
                    guard families[name]?.help == nil else { throw Problem(number, "a second HELP for \(name)") }
                    families[name]?.help = try unescape(rest, quotes: false, line: number)
                } else {
                    guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(rest) else { throw Problem(number, "bad type \(rest)") }
                    guard families[name]?.type == nil, families[name]?.samples.isEmpty == true else {
                        throw Problem(number, "TYPE for \(name) twice or after its samples")
                    }
                    families[name]?.type = rest
                }
                continue
            }
            guard !line.hasPrefix("#") else { continue }
            guard let current, let type = families[current]?.type else { throw Problem(number, "a sample before its TYPE") }
            let sample = try parseSample(line, family: current, type: type, line: number)
            families[current]?.samples.append(sample)
        }
        for (name, family) in families where family.type == "histogram" { try checkHistogram(name, family) }
        return families
    }

    private static func parseSample(_ line: Substring, family: String, type: String, line number: Int) throws(Problem) -> Sample {
        let nameEnd = line.firstIndex { $0 == "{" || $0 == " " } ?? line.endIndex
        let name = String(line[..<nameEnd])
        let suffixes = type == "histogram" ? ["_bucket", "_sum", "_count"] : [""]
        guard let suffix = suffixes.first(where: { family + $0 == name }) else { throw Problem(number, "\(name) is not of \(family)") }
        var rest = line[nameEnd...]
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                guard let equals = rest.firstIndex(of: "=") else { throw Problem(number, "a label without a value") }
                let label = String(rest[..<equals])
                guard isName(label, allowColon: false), labels[label] == nil else { throw Problem(number, "bad or repeated label \(label)") }
                rest = rest[rest.index(after: equals)...]
                guard rest.first == "\"" else { throw Problem(number, "an unquoted label value") }
                var raw = ""
                var escaped = false
                rest = rest.dropFirst()
                while let character = rest.first, escaped || character != "\"" {
                    raw.append(character)
                    escaped = !escaped && character == "\\"
                    rest = rest.dropFirst()
                }
                guard rest.first == "\"" else { throw Problem(number, "an unclosed label value") }
                labels[label] = try unescape(raw, quotes: true, line: number)
                rest = rest.dropFirst()
                if rest.first == "," { rest = rest.dropFirst() } else if rest.first != "}" { throw Problem(number, "labels not separated") }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " ", let value = parseNumber(rest.dropFirst()) else { throw Problem(number, "bad value in \(line)") }
        return Sample(suffix: suffix, labels: labels, value: value)
    }

    private static func parseNumber(_ text: Substring) -> Double? {
        switch text {
        case "+Inf": .infinity
        case "-Inf": -.infinity
        case "NaN": .nan
        default: Double(text)
        }
    }

    private static func unescape(_ text: String, quotes: Bool, line: Int) throws(Problem) -> String {
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                guard !(quotes && character == "\n") else { throw Problem(line, "a raw line feed in a label value") }
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "\\": result.append("\\")
            case "n": result.append("\n")
            case "\"" where quotes: result.append("\"")
            default: throw Problem(line, "an escape the format does not have")
            }
        }
        return result
    }

    private static func isName(_ name: String, allowColon: Bool = true) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" || (allowColon && first == ":") else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || (allowColon && $0 == ":")) }
    }

    private static func checkHistogram(_ name: String, _ family: Family) throws(Problem) {
        let buckets = family.samples.filter { $0.suffix == "_bucket" }
        let bounds = buckets.map { $0.labels["le"].flatMap { parseNumber($0[...]) } }
        guard !buckets.isEmpty, bounds.allSatisfy({ $0 != nil }), bounds.last == .infinity else {
            throw Problem(0, "\(name): buckets without le, or no +Inf bucket last")
        }
        guard zip(bounds, bounds.dropFirst()).allSatisfy({ $0! < $1! }),
              zip(buckets, buckets.dropFirst()).allSatisfy({ $0.value <= $1.value })
        else { throw Problem(0, "\(name): bounds not ascending or counts not cumulative") }
        guard let count = family.value([:], suffix: "_count"), family.value([:], suffix: "_sum") != nil, count == buckets.last?.value else {
            throw Problem(0, "\(name): _count missing or not the +Inf bucket, or _sum missing")
        }
    }
}
