import Mustache
import Testing

/// Parses compared as printed trees (`Template.treeDescription`): what the standalone rules keep,
/// what they remove, and the indentation they record.
struct ParserTests {
    private func tree(_ source: String) throws -> String {
        try Template(name: "t", source: source).treeDescription
    }

    @Test("removes standalone section lines and keeps interpolation lines")
    func removesStandaloneLines() throws {
        #expect(try tree("| This Is\n  {{#boolean}}\n|{{x}}\n  {{/boolean}}\n  {{y}}\n") == """
            text "| This Is\\n" 1:1
            section boolean 2:3
              text "|" 3:1
              variable x 3:2
              text "\\n" 3:7
            text "  " 5:1
            variable y 5:3
            text "\\n" 5:8

            """)
    }

    @Test("records a standalone partial's indentation and none for an inline one")
    func recordsPartialIndentation() throws {
        #expect(try tree("  {{>row}}\r\nx {{> *kind }}\n") == """
            partial row standalone indent "  " 1:3
            text "x " 2:1
            partial *kind 2:3
            text "\\n" 2:15

            """)
    }

    @Test("drops comments and delimiter changes, merging the text around them")
    func dropsCommentsAndDelimiterChanges() throws {
        #expect(try tree("a{{! note }}b\n{{=<% %>=}}\n<%x%> {{y}}\n  <%={{ }}=%>\n{{{z}}}") == """
            text "ab\\n" 1:1
            variable x 3:1
            text " {{y}}\\n" 3:6
            variable z unescaped 5:1

            """)
    }

    @Test("keeps only blocks inside a parent, outdenting them by their intrinsic indentation")
    func parsesParentsWithArguments() throws {
        #expect(try tree("""
            {{<layouts/form}}
              ignored text
              {{$cardDetails}}
                <h2>{{title}}</h2>
                {{>blocks/card-number}}
              {{/cardDetails}}
            {{/layouts/form}}
            after
            """) == """
            parent layouts/form standalone indent "" 1:1
              block cardDetails 3:3
                text "<h2>" 4:5
                variable title 4:9
                text "</h2>\\n" 4:18
                partial blocks/card-number standalone indent "" 5:5
            text "after" 8:1

            """)
    }

    @Test("gives a standalone block its indentation: intrinsic at a line end, else leading")
    func recordsBlockIndentation() throws {
        #expect(try tree("<ul>\n  {{$items}}\n    <li>default</li>\n  {{/items}}\n  {{$more}}{{/more}}\nx{{$inline}}{{/inline}}\n") == """
            text "<ul>\\n" 1:1
            block items standalone indent "    " 2:3
              text "    <li>default</li>\\n" 3:1
            text "  " 5:1
            block more standalone indent "  " 5:3
            text "\\nx" 5:21
            block inline 6:2
            text "\\n" 6:24

            """)
    }

    @Test("keeps a parent inline when other text shares its lines")
    func keepsInlineParents() throws {
        #expect(try tree("a {{<p}}{{$b}}x{{/b}}{{/p}}\n") == """
            text "a " 1:1
            parent p 1:3
              block b 1:9
                text "x" 1:15
            text "\\n" 1:28

            """)
    }

    @Test("lets tools walk every node, parents' arguments included")
    func walksEveryNode() throws {
        let template = try Template(name: "t", source: "{{#a}}{{b}}{{/a}}{{<p}}{{$c}}{{>d}}{{/c}}{{/p}}")
        var seen: [String] = []
        template.nodes.walk { node in
            switch node {
            case .section(let section): seen.append("#\(section.path)")
            case .variable(let variable): seen.append(variable.path.description)
            case .parent(let parent): seen.append("<\(parent.name)")
            case .block(let block): seen.append("$\(block.name)")
            case .partial(let partial): seen.append(">\(partial.name)")
            default: break
            }
        }
        #expect(seen == ["#a", "b", "<p", "$c", ">d"])
    }
}
