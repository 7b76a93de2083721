import Foundation
import Mustache
import Testing

/// Every test of the official Mustache spec (../shared/mustache-spec/*.json), run through a
/// TemplateLibrary holding the test's template and partials.
struct SpecConformanceTests {
    @Test("the official spec is present, so that conformance is really checked")
    func specIsPresent() {
        if SpecSuite.directory == nil {
            Issue.record("Mustache spec not found (looked for ../shared/mustache-spec next to the repository and /work/shared/mustache-spec): the conformance tests did not run")
        } else {
            #expect(SpecSuite.cases.count == 184)
        }
    }

    @Test("renders as the spec expects", arguments: SpecSuite.cases)
    func rendersAsTheSpecExpects(_ spec: SpecCase) throws {
        var sources = spec.partials
        sources[SpecCase.templateName] = spec.template
        let library = try TemplateLibrary(templates: sources)
        let rendered = try library.render(SpecCase.templateName, data: spec.data)
        #expect(rendered == spec.expected)
    }
}
