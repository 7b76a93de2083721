import Foundation
import Mustache
import Synchronization
import Testing

struct TemplateLibraryTests {
    /// A fresh folder of template files, removed afterwards.
    final class Folder {
        let path: String

        init(_ files: [String: String]) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)").path
            for (relative, text) in files { try write(text, to: relative) }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ text: String, to relative: String) throws {
            try write(Data(text.utf8), to: relative)
        }

        func write(_ data: Data, to relative: String) throws {
            let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    @Test("names templates by their path under the folder, without extension, skipping other and hidden files")
    func namesTemplatesByRelativePath() throws {
        let folder = try Folder([
            "page.mustache": "p", "blocks/card-number.mustache": "c", "blocks/deep/x.mustache": "x",
            "README.md": "no", ".hidden.mustache": "no", ".git/objects.mustache": "no", "locales/en.json": "{}",
        ])
        let library = try TemplateLibrary(directory: folder.path)
        #expect(library.names == ["blocks/card-number", "blocks/deep/x", "page"])
        #expect(library["blocks/card-number"]?.path == folder.path + "/blocks/card-number.mustache")
        #expect(library["blocks/card-number"]?.source == "c")
    }

    @Test("lets a later folder shadow an earlier one file by file")
    func shadowsFileByFile() throws {
        let defaults = try Folder(["page.mustache": "<{{>blocks/a}}{{>blocks/b}}>", "blocks/a.mustache": "A", "blocks/b.mustache": "B"])
        let designer = try Folder(["blocks/b.mustache": "designer B"])
        let library = try TemplateLibrary([.directory(defaults.path), .directory(designer.path)])
        #expect(try library.render("page", data: [:]) == "<Adesigner B>")
        #expect(library["blocks/b"]?.path == designer.path + "/blocks/b.mustache")
    }

    @Test("overlays a folder on templates given as text")
    func overlaysFoldersOnEmbeddedTemplates() throws {
        let embedded = try TemplateLibrary(templates: ["page": "[{{>slot}}]", "slot": "default"])
        let designer = try Folder(["slot.mustache": "mine"])
        let overlaid = try embedded.overlaid(with: .directory(designer.path))
        #expect(try overlaid.render("page", data: [:]) == "[mine]")
        #expect(try embedded.render("page", data: [:]) == "[default]")
        let layered = try TemplateLibrary([.templates(["page": "[{{>slot}}]", "slot": "default"]), .directory(designer.path)])
        #expect(try layered.render("page", data: [:]) == "[mine]")
    }

    @Test("lets a designer's valid file replace a broken default")
    func shadowsBrokenDefaults() throws {
        let library = try TemplateLibrary([.templates(["slot": "{{#broken"]), .templates(["slot": "fixed"])])
        #expect(try library.render("slot", data: [:]) == "fixed")
    }

    @Test("reports a designer's unreadable file instead of falling back to the default, and lets a later file fix an earlier one")
    func shadowsUnreadableFiles() throws {
        let defaults = try Folder(["a.mustache": "default a", "b.mustache": "default b"])
        try defaults.write(Data([0xFF]), to: "c.mustache")
        let designer = try Folder(["c.mustache": "designer c"])
        try designer.write(Data([0xFE]), to: "a.mustache")
        let (library, errors) = TemplateLibrary.load([.directory(defaults.path), .directory(designer.path)])
        #expect(errors.map(\.templateName) == ["a"])
        #expect(errors.first?.path == designer.path + "/a.mustache")
        #expect(library.names == ["b", "c"])
    }

    @Test("reports every broken template at once and keeps the good ones")
    func reportsEveryProblem() throws {
        let folder = try Folder(["a.mustache": "{{#x}}", "b.mustache": "fine", "c.mustache": "{{/y}}"])
        try folder.write(Data([0x41, 0xFF, 0x42]), to: "d.mustache")
        let (library, errors) = TemplateLibrary.load([.directory(folder.path)])
        #expect(errors.map(\.code) == [.unclosedSection, .unexpectedClosingTag, .unreadableFile])
        #expect(errors.map(\.templateName) == ["a", "c", "d"])
        #expect(library.names == ["b"])
        #expect(throws: TemplateError.self) { try TemplateLibrary(directory: folder.path) }
    }

    @Test("says when the folder does not exist")
    func reportsMissingFolders() {
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(directory: "/nonexistent/templates") }
        #expect(error?.code == .directoryNotFound)
        #expect(error?.description == "/nonexistent/templates: error: no template directory at '/nonexistent/templates'")
    }

    @Test("refuses to render a template it does not have")
    func refusesUnknownTemplates() throws {
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary(templates: [:]).render("page", data: [:]) }
        #expect(error?.code == .templateNotFound)
        #expect(error?.description == "page.mustache: error: no template named 'page'")
    }

    @Test("stops a self-including partial with an error at the tag, even on a small thread stack")
    func stopsSelfIncludingPartials() throws {
        let library = try TemplateLibrary(templates: ["loop": "x\n  {{#always}}{{>loop}}{{/always}}"])
        let error = try renderOnSmallStack(library, "loop", data: ["always": true])
        #expect(error?.code == .recursionTooDeep)
        #expect(error?.description == """
            loop.mustache:2:3: error: rendering nests more than 100 levels deep here; does a partial or parent include itself?
              {{#always}}{{>loop}}{{/always}}
              ^
            """)
    }

    @Test("stops sections over a list nested in themselves, which repeat exponentially without output")
    func stopsExponentialSections() throws {
        // Found by the Mustache fuzz target: 2^30 passes, each writing nothing, hung the render.
        let source = String(repeating: "{{#list}}", count: 30) + String(repeating: "{{/list}}", count: 30)
        let library = try TemplateLibrary(templates: ["page": "<p>\n" + source])
        let error = #expect(throws: TemplateError.self) { try library.render("page", data: ["list": [1, 2]]) }
        #expect(error?.code == .renderingTooLong)
        #expect(error?.line == 2)
        #expect(error?.description.hasPrefix("page.mustache:2:") == true)
        #expect(error?.message == "rendering stopped after 1048576 steps here; is a section over a list nested in itself?")
        let shallow = String(repeating: "{{#list}}", count: 10) + "x" + String(repeating: "{{/list}}", count: 10)
        #expect(try TemplateLibrary(templates: ["page": shallow]).render("page", data: ["list": [1, 2]]).count == 1024)
    }

    @Test("stops two parents inheriting from each other with an error")
    func stopsMutuallyRecursiveParents() throws {
        let library = try TemplateLibrary(templates: ["a": "{{<b}}{{$x}}a{{/x}}{{/b}}", "b": "{{<a}}{{$x}}b{{/x}}{{/a}}"])
        let error = try renderOnSmallStack(library, "a", data: [:])
        #expect(error?.code == .recursionTooDeep)
    }

    @Test("lets data end a recursion through partials")
    func allowsDataDrivenRecursion() throws {
        let library = try TemplateLibrary(templates: ["tree": "{{name}}({{#children}}{{>tree}}{{/children}})"])
        // Leaves say `children: []`: a missing key would be found further down the context stack.
        let data: TemplateValue = [
            "name": "a",
            "children": [["name": "b", "children": [["name": "c", "children": []]]], ["name": "d", "children": []]],
        ]
        #expect(try library.render("tree", data: data) == "a(b(c())d())")
    }

    @Test("refuses sections nested beyond the limit without running out of stack")
    func refusesDeepNesting() throws {
        let deep = String(repeating: "{{#a}}", count: 100_000)
        let error = #expect(throws: TemplateError.self) { try Template(name: "deep", source: deep) }
        #expect(error?.code == .nestingTooDeep)
        #expect(error?.column == 301)
        let allowed = String(repeating: "{{#a}}", count: 50) + "x" + String(repeating: "{{/a}}", count: 50)
        #expect(try TemplateLibrary(templates: ["t": allowed]).render("t", data: ["a": true]) == "x")
    }

    @Test("stops a section that repeats a long value past the output bound, and leaves the caller's buffer as it was")
    func boundsOutputOfSections() throws {
        // No inclusion anywhere: 2^7 passes of a 600 KB value make 77 MB, past the 64 MB bound.
        let source = "<p>\n" + String(repeating: "{{#l}}", count: 7) + "{{{big}}}" + String(repeating: "{{/l}}", count: 7)
        let library = try TemplateLibrary(templates: ["page": source])
        let data: TemplateValue = ["l": [1, 2], "big": .string(String(repeating: "x", count: 600_000))]
        var bytes = Array("kept".utf8)
        let error = #expect(throws: TemplateError.self) { try library.render("page", data: data, into: &bytes) }
        #expect(error?.code == .outputTooLarge)
        #expect(error?.line == 2)
        #expect(error?.message == "rendering stopped: the output passed 67108864 bytes")
        // Counted and cut before comparing: a failure would otherwise print megabytes.
        #expect(bytes.count == 4)
        #expect(String(decoding: bytes.prefix(16), as: UTF8.self) == "kept")
        // Half as many passes stay under the bound.
        let shallow = String(repeating: "{{#l}}", count: 6) + "{{{big}}}" + String(repeating: "{{/l}}", count: 6)
        #expect(try TemplateLibrary(templates: ["page": shallow]).render("page", data: data).utf8.count == 64 * 600_000)
    }

    @Test("stops a render whose last part crosses the output bound with no nested part after it")
    func boundsOutputOfTheLastPart() throws {
        // The bound is checked before each nested part; a template with none (one value 1 byte
        // past it) is caught when the render ends, so a render that succeeds never passes it.
        let library = try TemplateLibrary(templates: ["page": "{{{big}}}"])
        let past: TemplateValue = ["big": .string(String(repeating: "x", count: (1 << 26) + 1))]
        let error = #expect(throws: TemplateError.self) { _ = try library.render("page", data: past) }
        #expect(error?.code == .outputTooLarge)
        let at: TemplateValue = ["big": .string(String(repeating: "x", count: 1 << 26))]
        #expect(try library.render("page", data: at).utf8.count == 1 << 26)
    }

    /// Renders on a thread with a 512 KiB stack (what some server threads get) and returns the error.
    private func renderOnSmallStack(_ library: TemplateLibrary, _ name: String, data: TemplateValue) throws -> TemplateError? {
        let outcome = Mutex<TemplateError?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do throws(TemplateError) {
                _ = try library.render(name, data: data)
            } catch {
                outcome.withLock { $0 = error }
            }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        return outcome.withLock { $0 }
    }
}
