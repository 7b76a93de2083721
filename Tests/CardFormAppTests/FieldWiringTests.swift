import Foundation
import Mustache
import Testing
@testable import CardEngine
@testable import CardFormApp

/// What a field needs besides its `FieldType` case and its table entry, where no compiler looks:
/// its block template, its place in its section's template, its strings, its own storage, and a
/// sample value its own check accepts. Each test runs once per field, so a field added without one
/// of these fails naming the field and the file to write.
@Suite struct FieldWiringTests {
    static let resources = LeafRenderingTests.defaults
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Templates/locales/en.json`, the strings every other language falls back to.
    static let english: [String: String] = {
        let url = repository.appendingPathComponent("Templates/locales/en.json")
        return (try? MessageCatalog.parse(Data(contentsOf: url))) ?? [:]
    }()

    /// A session showing every field there is.
    static func everyField() throws -> CardSession {
        let billing = FieldType.billingFields.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let configuration = try SessionConfiguration.parse(Array(#"{"billingFields": [\#(billing)]}"#.utf8))
        return CardSession(id: "cs_wiring", configuration: configuration, environment: environment)
    }

    static let environment = SessionEnvironment(
        binLookup: BINTable.default, clock: .fixed(year: 2026, month: 1), catalogs: resources.catalogs)

    /// The default `form` rendered with every field shown.
    static let form: String = {
        guard let session = try? everyField() else { return "" }
        let context = PageContext(pageID: "p_wiring", cardFieldsShown: FieldSet(FieldType.allCases))
        let data = FormView(session: session, token: "tok_wiring", resources: resources, context: context).data()
        return (try? resources.templates.render("form", data: data)) ?? ""
    }()

    @Test("the field's block template exists", arguments: FieldType.allCases)
    func blockTemplateExists(_ field: FieldType) {
        let name = "blocks/\(field.spec.blockName)"
        let file = Self.repository.appendingPathComponent("Templates/\(name).mustache")
        #expect(FileManager.default.fileExists(atPath: file.path), "\(field): write Templates/\(name).mustache")
        #expect(Self.resources.templates[name] != nil, "\(field): \(name) is not among the built-in templates")
    }

    @Test("the designer's guide lists the field's block", arguments: FieldType.allCases)
    func guideListsTheBlock(_ field: FieldType) throws {
        let url = Self.repository.appendingPathComponent("Templates/README.md")
        let guide = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let row = try #require(guide.split(separator: "\n").first { $0.hasPrefix("| `blocks/<field>` |") })
        #expect(row.contains("`\(field.spec.blockName)`"), "\(field): Templates/README.md's blocks/<field> row lacks `\(field.spec.blockName)`")
    }

    @Test("the field's section template includes its block", arguments: FieldType.allCases)
    func sectionIncludesTheBlock(_ field: FieldType) throws {
        let section = field.spec.section.template
        let block = "blocks/\(field.spec.blockName)"
        let split = try #require(Self.resources.templates.readPaths(of: section, apart: { $0.hasPrefix("blocks/") }))
        #expect(split.apart.filter { $0.name == block }.count == 1, "\(field): Templates/\(section).mustache should include {{> \(block)}} once")
    }

    @Test("the default form shows the field once, with its hooks", arguments: FieldType.allCases)
    func formShowsTheField(_ field: FieldType) {
        let name = field.rawValue
        let roots = Self.form.ranges(of: #"data-cf-block="\#(name)""#).count
        #expect(roots == 1, "\(field): Templates/blocks/\(field.spec.blockName).mustache renders data-cf-block=\"\(name)\" \(roots) times")
        #expect(Self.form.contains(#"name="\#(name)""#), "\(field): its block renders no control named \(name)")
        #expect(Self.form.contains(#"autocomplete="\#(field.spec.autocomplete)""#), "\(field): its control lacks its autocomplete token")
    }

    @Test("English has the field's label, placeholder and messages", arguments: FieldType.allCases)
    func englishHasTheStrings(_ field: FieldType) {
        let name = field.rawValue
        // A label that follows the country is found by the country's kind of part; without a
        // country, the data's default kind (`label.postalCode.postal`).
        let label = field.spec.followsCountry.map { "label.\($0.labelKey(in: nil))" } ?? "label.\(name)"
        var keys = [label, "placeholder.\(name)", "error.\(name).required"]
        if case .billing(let rule) = field.spec.rule { keys.append("error.\(rule.code)") }
        for key in keys {
            #expect(Self.english[key] != nil, "\(field): Templates/locales/en.json lacks \"\(key)\"")
        }
    }

    @Test("the field's sample value, typed and left, passes its own check", arguments: FieldType.allCases)
    func sampleValuePasses(_ field: FieldType) throws {
        var session = try Self.everyField()
        let sample = field.spec.sampleValue
        session.update(field, value: sample, caret: sample.utf16.count, in: Self.environment)
        session.update(field, value: sample, caret: sample.utf16.count, event: .blur, in: Self.environment)
        let issue = session.error(for: field)
        #expect(issue == nil, "\(field): FieldSpec+Table's sample \"\(sample)\" fails with \(issue?.code ?? "")")
        #expect(session.isValid(field), "\(field): FieldSpec+Table's sample \"\(sample)\" is not valid")
    }

    @Test("the field's value and validity are stored in places of their own", arguments: FieldType.allCases)
    func storedApart(_ field: FieldType) {
        var values = FieldValues()
        values[field] = "x"
        let others = FieldType.allCases.filter { $0 != field }
        #expect(values[field] == "x", "\(field): FieldValues does not keep its value")
        #expect(others.filter { !values[$0].isEmpty } == [], "\(field): FieldValues stores it in another field's place")
        #expect(others.filter { FieldSet.bit($0) == FieldSet.bit(field) } == [], "\(field): FieldSet gives its bit to another field")
        #expect(FieldSet.bit(field) != 0, "\(field): FieldSet has no bit for it")
    }
}
