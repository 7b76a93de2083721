import CardFormSupport
import Foundation
@testable import CardFormApp

/// A page's form as markup, changed by answers the way the page script changes its DOM
/// (cardform-morph.js): a block sent whole replaces the page's, `data-cf-tag` replaces only its
/// start tag, an empty block leaves it, and the echoed value goes into the edited input.
enum PageReplica {
    private static let template = try! NSRegularExpression(
        pattern: #"<template data-cf-block="([^"]*)"([^>]*)>(.*?)</template>\n?"#, options: [.dotMatchesLineSeparators])

    static func apply(_ answer: String, to held: String) -> String {
        var page = held
        let text = answer as NSString
        for match in template.matches(in: answer, range: NSRange(location: 0, length: text.length)) {
            let key = text.substring(with: match.range(at: 1))
            let attributes = text.substring(with: match.range(at: 2))
            let content = text.substring(with: match.range(at: 3))
            let tree = BlockTree(html: page)
            if !content.isEmpty, let index = tree.index(of: key) {
                var bytes = tree.html
                let range = tree.blocks[index].range
                let replaced = attributes.contains(" data-cf-tag") ? range.lowerBound..<FragmentDiff.startTagEnd(bytes, range) : range
                let with = attributes.contains(" data-cf-tag") ? Array(content.utf8).prefix { $0 != UInt8(ascii: ">") } + [UInt8(ascii: ">")] : Array(content.utf8)
                bytes.replaceSubrange(replaced, with: with)
                page = String(decoding: bytes, as: UTF8.self)
            }
            if let value = attribute("data-cf-value", in: attributes) {
                page = typing(value, into: attribute("data-cf-field", in: attributes) ?? key, in: page)
            }
        }
        return page
    }

    /// The markup with the live region's words left out: the page clears them once heard.
    static func comparable(_ page: String) -> String {
        page.replacing(/data-cf-announcement>[^<]*/, with: "data-cf-announcement>")
    }

    private static func attribute(_ name: String, in attributes: String) -> String? {
        guard let start = attributes.range(of: " \(name)=\"") else { return nil }
        return String(attributes[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The input's value attribute set to `value` (escaped), as typing or the page script put it
    /// in the input's value (a select's value is its selected option, which came with its block).
    static func typing(_ value: String, into field: String, in page: String) -> String {
        guard let name = page.range(of: "name=\"\(field)\""),
              let start = page[name.upperBound...].range(of: " value=\""),
              !page[name.upperBound..<start.lowerBound].contains(">"),
              let end = page[start.upperBound...].firstIndex(of: "\"")
        else { return page }
        return page.replacingCharacters(in: start.upperBound..<end, with: value)
    }
}
