import Foundation
import Testing

/// The default stylesheet's palette meets WCAG 2.2 AA in both colour schemes: text 4.5:1 on every
/// background it is drawn on (tints made with `color-mix` included), input borders and focus marks
/// 3:1. Colours are read from `Public/cardform.css` itself, so a palette edit is checked as written.
@Suite struct PaletteContrastTests {
    static let css = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Public/cardform.css"), encoding: .utf8)) ?? ""

    enum Scheme: String, CaseIterable { case light, dark }

    /// What is drawn on what, as CSS colour expressions or `selector|property` read from the sheet.
    static let pairs: [(what: String, foreground: String, background: String, minimum: Double)] = [
        ("text", "var(--cf-color-text)", "var(--cf-color-background)", 4.5),
        ("text on panels", "var(--cf-color-text)", "var(--cf-color-surface-muted)", 4.5),
        ("guide and notes", "var(--cf-color-text-muted)", "var(--cf-color-background)", 4.5),
        ("guide in the network panel", "var(--cf-color-text-muted)", "var(--cf-color-surface-muted)", 4.5),
        ("placeholder", "var(--cf-color-placeholder)", "var(--cf-color-surface)", 4.5),
        ("inline error", "var(--cf-color-error)", "var(--cf-color-background)", 4.5),
        ("error mark", "var(--cf-color-background)", "var(--cf-color-error)", 4.5),
        ("decline title", "var(--cf-color-error)", ".cf-notice--failed|background", 4.5),
        ("decline message", "var(--cf-color-text)", ".cf-notice--failed|background", 4.5),
        ("error summary link", "var(--cf-color-error)", ".cf-errors__summary|background", 4.5),
        ("pay button", "var(--cf-color-primary-text)", "var(--cf-color-primary)", 4.5),
        ("pay button hovered", "var(--cf-color-primary-text)", "var(--cf-color-primary-hover)", 4.5),
        ("input border", "var(--cf-color-border)", "var(--cf-color-surface)", 3),
        ("input border on the page", "var(--cf-color-border)", "var(--cf-color-background)", 3),
        ("focused border", "var(--cf-color-primary)", "var(--cf-color-surface)", 3),
        ("success tick", "var(--cf-color-success)", ".cf-result__icon|background", 3),
    ]

    @Test(arguments: Scheme.allCases)
    func everyPairMeetsItsContrast(_ scheme: Scheme) throws {
        for pair in Self.pairs {
            let ratio = Self.contrast(try Self.colour(pair.foreground, scheme), try Self.colour(pair.background, scheme))
            #expect(ratio >= pair.minimum, "\(scheme) \(pair.what): \((ratio * 100).rounded() / 100):1")
        }
    }

    /// Browsers without light-dark() fall back to a copy of the light palette; it must not drift.
    @Test func theFallbackPaletteIsTheLightOne() throws {
        let start = try #require(Self.css.range(of: "@supports not (color: light-dark(#000, #fff)) {"))
        let block = Self.css[start.upperBound...].prefix { $0 != "}" }
        for line in block.split(separator: "\n") where line.contains("--cf-color-") && line.contains("#") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: ";"))
            #expect(try Self.colour("var(\(parts[0]))", .light) == Self.colour(value, .light), "\(parts[0])")
        }
    }

    // MARK: - Reading the sheet

    typealias RGB = (r: Double, g: Double, b: Double)

    /// `#rrggbb`, `var(--name)`, `light-dark(a, b)`, `color-mix(in srgb, a p%, b)` or `selector|property`.
    static func colour(_ expression: String, _ scheme: Scheme) throws -> RGB {
        let text = expression.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("#"), text.count == 7, let value = Int(text.dropFirst(), radix: 16) {
            return (Double(value >> 16) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255)
        }
        let rule = text.split(separator: "|").map(String.init)
        if rule.count == 2 { return try colour(try declaration(rule[1], in: rule[0]), scheme) }
        if text.hasPrefix("var("), text.hasSuffix(")") {
            return try colour(try declaration(String(text.dropFirst(4).dropLast()), in: ":root"), scheme)
        }
        if text.hasPrefix("light-dark("), text.hasSuffix(")") {
            let arguments = splitArguments(String(text.dropFirst("light-dark(".count).dropLast()))
            return try colour(arguments[scheme == .light ? 0 : 1], scheme)
        }
        if text.hasPrefix("color-mix(in srgb,"), text.hasSuffix(")") {
            let arguments = splitArguments(String(text.dropFirst("color-mix(in srgb,".count).dropLast()))
            let first = arguments[0].trimmingCharacters(in: .whitespaces)
            let percent = try #require(first.split(separator: " ").last.flatMap { Double($0.dropLast()) }) / 100
            let (a, b) = (try colour(String(first.split(separator: " ").dropLast().joined(separator: " ")), scheme), try colour(arguments[1], scheme))
            return (percent * a.r + (1 - percent) * b.r, percent * a.g + (1 - percent) * b.g, percent * a.b + (1 - percent) * b.b)
        }
        Issue.record("cannot read the colour \(text)")
        return (0, 0, 0)
    }

    /// The value of `property` in the first rule for exactly `selector`.
    static func declaration(_ property: String, in selector: String) throws -> String {
        let start = try #require(css.range(of: "\n\(selector) {\n"), "no rule \(selector)")
        let body = css[start.upperBound...].prefix { $0 != "}" }
        let line = try #require(body.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(property + ":") },
                                "\(selector) has no \(property)")
        return String(line.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: CharacterSet(charactersIn: " ;"))
    }

    /// Splits at top-level commas.
    static func splitArguments(_ text: String) -> [String] {
        var (parts, current, depth) = ([String](), "", 0)
        for character in text {
            if character == "," && depth == 0 { parts.append(current); current = ""; continue }
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            current.append(character)
        }
        return parts + [current]
    }

    /// WCAG 2 contrast ratio of two sRGB colours.
    static func contrast(_ a: RGB, _ b: RGB) -> Double {
        func luminance(_ c: RGB) -> Double {
            let linear = { (v: Double) in v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
