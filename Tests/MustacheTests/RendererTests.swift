import Mustache
import Testing

struct RendererTests {
    private func render(_ templates: [String: String], _ name: String = "t", data: TemplateValue = [:]) throws -> String {
        try TemplateLibrary(templates: templates).render(name, data: data)
    }

    @Test("escapes the five HTML-significant characters in {{x}}", arguments: [
        ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
        ("<a href='x'>Tom & \"Jerry\"</a>", "&lt;a href=&#39;x&#39;&gt;Tom &amp; &quot;Jerry&quot;&lt;/a&gt;"),
        ("é<😀>ü", "é&lt;😀&gt;ü"), ("plain text", "plain text"), ("", ""),
    ])
    func escapesInterpolations(_ value: String, _ escaped: String) throws {
        #expect(try render(["t": "{{x}}"], data: ["x": .string(value)]) == escaped)
        #expect(try render(["t": "{{{x}}}|{{&x}}"], data: ["x": .string(value)]) == value + "|" + value)
    }

    @Test("escapes each character of a long value, after other output, as a character-by-character map would")
    func escapesLongValuesInPlace() throws {
        // Every ASCII character and some wider ones, many times over, so the value spans the
        // room the renderer makes for it and lands after bytes already written.
        let characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) } + ["é", "😀", "—"]
        let value = String(repeating: String(characters), count: 9)
        let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        let expected = value.map { entities[$0] ?? String($0) }.joined()
        let rendered = try render(["t": "<p title=\"{{x}}\">{{x}}</p>"], data: ["x": .string(value)])
        #expect(rendered == "<p title=\"" + expected + "\">" + expected + "</p>")
    }

    @Test("indents nested standalone partials by the sum of their indentations")
    func indentsNestedPartials() throws {
        let templates = ["t": "<body>\n  {{>form}}\n</body>\n", "form": "<form>\n  {{>field}}\n</form>\n", "field": "<input>\n<p>{{error}}</p>\n"]
        #expect(try render(templates, data: ["error": "a\nb"]) == """
            <body>
              <form>
                <input>
                <p>a
            b</p>
              </form>
            </body>

            """)
    }

    @Test("does not indent a partial that shares its line with other text")
    func leavesInlinePartialsUnindented() throws {
        let templates = ["t": "  {{>outer}}\n", "outer": "[{{>inner}}]\n", "inner": "1\n2"]
        #expect(try render(templates) == "  [1\n2]\n")
    }

    @Test("recomposes one slot of a layout and leaves the others at their defaults")
    func recomposesOneSlot() throws {
        let templates = [
            "form": """
                {{<layouts/form}}
                  {{$cardDetails}}
                    <h2>Card details</h2>
                    {{> blocks/card-number}}
                  {{/cardDetails}}
                {{/layouts/form}}

                """,
            "layouts/form": """
                <form>
                  {{$cardDetails}}
                  {{>sections/card-details}}
                  {{/cardDetails}}
                  {{$submitButton}}
                  <button>Pay</button>
                  {{/submitButton}}
                </form>

                """,
            "sections/card-details": "<p>default card details</p>\n",
            "blocks/card-number": "<input name=\"cardNumber\" value=\"{{number}}\">\n",
        ]
        #expect(try render(templates, "form", data: ["number": "4242"]) == """
            <form>
              <h2>Card details</h2>
              <input name="cardNumber" value="4242">
              <button>Pay</button>
            </form>

            """)
    }

    @Test("renders a missing partial or parent as nothing, as the spec says")
    func rendersMissingTemplatesAsNothing() throws {
        #expect(try render(["t": "[{{>nope}}|{{<gone}}{{$a}}x{{/a}}{{/gone}}|{{>*dyn}}]"], data: ["dyn": "absent"]) == "[||]")
    }

    @Test("picks a parent by a name found in the data")
    func picksDynamicParents() throws {
        let templates = ["t": "{{<*layout}}{{$body}}B{{/body}}{{/*layout}}", "wide": "<w>{{$body}}{{/body}}</w>", "narrow": "<n>{{$body}}{{/body}}</n>"]
        #expect(try render(templates, data: ["layout": "narrow"]) == "<n>B</n>")
    }

    @Test("iterates lists, enters objects, shows strings and numbers, and skips what is false", arguments: [
        ("{{#l}}<{{.}}>{{/l}}", ["l": [1, "a", 2.5]] as TemplateValue, "<1><a><2.5>"),
        ("{{#o}}{{k}}{{/o}}", ["o": ["k": "v"]], "v"),
        ("{{#s}}({{.}}){{/s}}", ["s": "text"], "(text)"),
        ("{{#n}}shown{{/n}}{{^n}}hidden{{/n}}", ["n": 0], "hidden"),
        ("{{#e}}shown{{/e}}{{^e}}empty{{/e}}", ["e": ""], "empty"),
        ("[{{l}}{{o}}]", ["l": [1, 2], "o": ["a": 1]], "[]"),
        ("{{a.b.c}}", ["a": ["b": ["c": "deep"]]], "deep"),
    ] as [(String, TemplateValue, String)])
    func followsTheData(_ template: String, _ data: TemplateValue, _ expected: String) throws {
        #expect(try render(["t": template], data: data) == expected)
    }

    @Test("keeps non-ASCII text whole, even around non-ASCII delimiters and indentation")
    func keepsNonASCIITextWhole() throws {
        let templates = ["t": "{{=« »=}}Grüße «name»\n  «>p»\n€", "p": "→ «{{x}}»\n✓ {{x}}\n"]
        #expect(try render(templates, data: ["name": "Zoë & co", "x": "ß"]) == "Grüße Zoë &amp; co\n  → «ß»\n  ✓ ß\n€")
    }

    @Test("appends to what the buffer already holds, as a String or as bytes")
    func appendsToBuffers() throws {
        let library = try TemplateLibrary(templates: ["t": "<b>{{x}}</b>"])
        var text = "before:"
        try library.render("t", data: ["x": "é&"], into: &text)
        #expect(text == "before:<b>é&amp;</b>")
        var bytes = Array("before:".utf8)
        try library.render("t", data: ["x": "é&"], into: &bytes)
        #expect(bytes == Array("before:<b>é&amp;</b>".utf8))
    }

    @Test("leaves the buffer as it was when rendering fails")
    func leavesBuffersAloneOnFailure() throws {
        let library = try TemplateLibrary(templates: ["t": "partial output {{>t}}"])
        var text = "kept"
        #expect(throws: TemplateError.self) { try library.render("t", data: [:], into: &text) }
        #expect(text == "kept")
        var bytes: [UInt8] = [1, 2]
        #expect(throws: TemplateError.self) { try library.render("t", data: [:], into: &bytes) }
        #expect(bytes == [1, 2])
    }

    @Test("renders any template of the library on its own, as keystroke fragments need")
    func rendersOneBlockAlone() throws {
        let library = try TemplateLibrary(templates: [
            "page": "<main>{{>blocks/cvv}}</main>", "blocks/cvv": "<input name=\"cvv\" aria-invalid=\"{{#cvvError}}true{{/cvvError}}{{^cvvError}}false{{/cvvError}}\">",
        ])
        #expect(try library.render("blocks/cvv", data: ["cvvError": "Invalid CVV"]) == "<input name=\"cvv\" aria-invalid=\"true\">")
    }
}

@Suite struct HTMLEscapingTests {
    @Test func escapesWhatTemplatesEscapeAndNothingElse() throws {
        #expect(HTMLEscaping.escape(#"O'Brien & <b>"x"</b> — ok"#) == "O&#39;Brien &amp; &lt;b&gt;&quot;x&quot;&lt;/b&gt; — ok")
        #expect(HTMLEscaping.escape("plain ünïcode") == "plain ünïcode")
        let rendered = try TemplateLibrary(templates: ["t": "{{v}}"]).render("t", data: ["v": #"<&'">"#])
        #expect(HTMLEscaping.escape(#"<&'">"#) == rendered)
    }

    @Test func appendingEscapesAsEscapeDoesAndTellsWhatItWouldLeaveAlone() {
        for text in [#"O'Brien & <b>"x"</b> — ok"#, "plain ünïcode", "", "4242 4242"] {
            var bytes = Array("[".utf8)
            HTMLEscaping.append(escaping: text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "[" + HTMLEscaping.escape(text))
            #expect(HTMLEscaping.leavesUnchanged(text) == (HTMLEscaping.escape(text) == text))
        }
    }

    /// Values are searched eight bytes at a time, with the last eight read again: each byte value
    /// at each place of values 1 to 19 bytes long (shorter than a word, across words, in the
    /// overlap) must be found exactly when it is one of `& < > " '`, and ASCII neighbours of the
    /// five (differing in one bit) must not pass for them.
    @Test func findsAnEscapedByteWhereverItStandsAndNothingElse() {
        let escaped: Set<UInt8> = Set("&<>\"'".utf8)
        for count in 1...19 {
            for place in 0..<count {
                for byte in UInt8(1)...UInt8(127) {
                    var bytes = Array(repeating: UInt8(ascii: "4"), count: count)
                    bytes[place] = byte
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(HTMLEscaping.leavesUnchanged(text) == !escaped.contains(byte), "\(byte) at \(place) of \(count)")
                    var appended: [UInt8] = []
                    HTMLEscaping.append(escaping: text, to: &appended)
                    #expect((appended.count > count) == escaped.contains(byte), "\(byte) at \(place) of \(count) appended")
                }
            }
        }
        #expect(!HTMLEscaping.leavesUnchanged("4242 4242 4242 424\u{1}<"))
        #expect(HTMLEscaping.leavesUnchanged("ünïcode ünïcode ünïcode ✓"))
    }
}

/// What the renderer's own buffer must get right: values escaped where the buffer grows, and the
/// indentation and overrides an inclusion changes put back exactly as they were.
struct RendererBufferTests {
    @Test("escapes a value the same wherever it lands against the first buffer's end")
    func escapesAcrossGrowth() throws {
        // A render starts with 8 KB: the value starts just before, at, and just after that end.
        let library = try TemplateLibrary(templates: ["t": "{{{prefix}}}{{value}}|"])
        let value = #"<a href='x'>"Tom" & Jerry</a>"#
        let escaped = "&lt;a href=&#39;x&#39;&gt;&quot;Tom&quot; &amp; Jerry&lt;/a&gt;"
        for length in 8_192 - 70...8_192 + 2 {
            let prefix = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2)
            let rendered = try library.render("t", data: ["prefix": .string(prefix), "value": .string(value)])
            #expect(rendered == prefix + escaped + "|", "prefix of \(length) bytes")
        }
    }

    @Test("gives back the outer indentation after a partial that shares its line, and after nested ones")
    func restoresIndentationAfterInclusions() throws {
        let templates = [
            "page": "<main>\n  {{>outer}}\n</main>\n",
            "outer": "<div>\n  {{>inner}}\n<span>{{>inline}}</span>\n  {{>inner}}\n</div>\n",
            "inner": "<p>\n  x\n</p>\n",
            "inline": "a\nb",
        ]
        #expect(try TemplateLibrary(templates: templates).render("page", data: [:]) == """
            <main>
              <div>
                <p>
                  x
                </p>
              <span>a
            b</span>
                <p>
                  x
                </p>
              </div>
            </main>

            """)
    }

    @Test("lets a child override its grandparent's block through its parent, and forgets the overrides after")
    func overridesThroughParentsOfParents() throws {
        let templates = [
            "page": "{{>child}}|{{>parent}}|{{>grand}}",
            "child": "{{<parent}}{{$title}}Child{{/title}}{{/parent}}",
            "parent": "{{<grand}}{{$title}}Parent{{/title}}{{$body}}parent body{{/body}}{{/grand}}",
            "grand": "<h1>{{$title}}Grand{{/title}}</h1><p>{{$body}}grand body{{/body}}</p><i>{{$foot}}grand foot{{/foot}}</i>",
        ]
        #expect(try TemplateLibrary(templates: templates).render("page", data: [:]) == [
            "<h1>Child</h1><p>parent body</p><i>grand foot</i>",
            "<h1>Parent</h1><p>parent body</p><i>grand foot</i>",
            "<h1>Grand</h1><p>grand body</p><i>grand foot</i>",
        ].joined(separator: "|"))
    }

    @Test("indents a standalone partial inside a block override by the block's and the partial's indentation")
    func indentsPartialsInOverrides() throws {
        let templates = [
            "page": "{{<layout}}\n{{$slot}}\n<fieldset>\n  {{>field}}\n</fieldset>\n{{/slot}}\n{{/layout}}\nend\n",
            "layout": "<form>\n  {{$slot}}\n  {{/slot}}\n</form>\n",
            "field": "<label>\n  <input>\n</label>\n",
        ]
        #expect(try TemplateLibrary(templates: templates).render("page", data: [:]) == """
            <form>
              <fieldset>
                <label>
                  <input>
                </label>
              </fieldset>
            </form>
            end

            """)
    }
}
