import Testing
@testable import CardFormApp
@testable import CardFormSupport

@Suite struct BlockTreeTests {
    let form = """
        <form data-cf-block="form" method="post"><!-- <div data-cf-block="ghost"> -->
        <section data-cf-block="cardDetails">
          <div data-cf-block="cardNumber"><label for="n">Card</label><input id="n" name="cardNumber" value="4242"><p id="e"></p></div>
          <div class="row"><div data-cf-block='expiryDate'><input name="expiryDate"/></div><div data-cf-block=cvv><input name="cvv"></div></div>
        </section>
        <script>var x = "<div data-cf-block='nope'>";</script>
        <div data-cf-block="submitButton"><button type="submit" disabled>Pay</button></div>
        </form>
        """

    @Test func findsEveryBlockWithItsNestingAndIgnoresCommentsAndScripts() {
        let tree = BlockTree(html: form)
        #expect(tree.blocks.map(\.key) == ["form", "cardDetails", "cardNumber", "expiryDate", "cvv", "submitButton"])
        #expect(tree.blocks.map(\.parent) == [nil, 0, 1, 1, 1, 0])
        #expect(tree.blocks[1].children == [2, 3, 4])
    }

    @Test func aBlocksTextRunsFromItsStartTagToItsEndTag() {
        let tree = BlockTree(html: form)
        #expect(tree.text(of: 3) == "<div data-cf-block='expiryDate'><input name=\"expiryDate\"/></div>")
        #expect(tree.text(of: 4) == "<div data-cf-block=cvv><input name=\"cvv\"></div>")
        #expect(tree.text(of: 0).hasPrefix("<form") && tree.text(of: 0).hasSuffix("</form>"))
    }

    @Test func aParentsOwnHashIgnoresChangesInsideItsChildren() {
        let before = BlockTree(html: form)
        let after = BlockTree(html: form.replacingOccurrences(of: "value=\"4242\"", with: "value=\"4242 4\""))
        #expect(before.ownHash(of: 2) != after.ownHash(of: 2))
        #expect(before.ownHash(of: 1) == after.ownHash(of: 1))
        #expect(before.ownHash(of: 0) == after.ownHash(of: 0))
    }

    @Test func unclosedElementsEndWhereTheirParentEnds() {
        let tree = BlockTree(html: "<div data-cf-block=\"a\"><p data-cf-block=\"b\">text</div><div data-cf-block=\"c\"></div>")
        #expect(tree.blocks.map(\.key) == ["a", "b", "c"])
        #expect(tree.text(of: 1) == "<p data-cf-block=\"b\">text")
        #expect(tree.blocks[2].parent == nil)
    }

    @Test func endTagsInAnyCaseAndWithBlanksOrNothingBeforeTheirEndCloseTheirElement() {
        let tree = BlockTree(html: "<DIV data-cf-block=\"a\"><P data-cf-block=\"b\">x</p ><i data-cf-block=\"c\"></I\n></Div><b data-cf-block=\"d\"></b")
        #expect(tree.blocks.map(\.key) == ["a", "b", "c", "d"])
        #expect(tree.text(of: 1) == "<P data-cf-block=\"b\">x</p >")
        #expect(tree.text(of: 2) == "<i data-cf-block=\"c\"></I\n>")
        #expect(tree.text(of: 0).hasSuffix("</Div>"))
        #expect(tree.blocks[2].parent == 0)
        #expect(tree.blocks[0].children == [1, 2])
        #expect(tree.text(of: 3) == "<b data-cf-block=\"d\"></b")
    }

    @Test func repeatedBlockNamesGetNumberedKeys() {
        let tree = BlockTree(html: "<div data-cf-block=\"x\"></div><div data-cf-block=\"x\"></div>")
        #expect(tree.blocks.map(\.key) == ["x", "x#2"])
        let three = BlockTree(html: #"<i data-cf-block="x"></i><i data-cf-block="y"></i><i data-cf-block="x"></i><i data-cf-block="x"></i>"#)
        #expect(three.blocks.map(\.key) == ["x", "y", "x#2", "x#3"])
    }

    @Test func theBlockAttributeIsFoundInAnyCaseAndNoOtherNameOfItsLengthPassesForIt() {
        let tree = BlockTree(html: #"<div DATA-CF-Block="a"><p data-cf-field="x" data_cf_block="n" data-cf-blocks="m">t</p></div>"#)
        #expect(tree.blocks.map(\.key) == ["a"])
    }

    @Test func eachBlockKnowsWhereItsStartTagEndsAsReadingTheTagAgainFindsIt() {
        let markup = form + #"<p data-cf-block="q" title='a > b' data-x="c'd">t</p><i data-cf-block=v title=it's>x</i><br data-cf-block="w"/>"#
        let tree = BlockTree(html: markup)
        #expect(tree.blocks.map(\.key).suffix(3) == ["q", "v", "w"])
        for index in tree.blocks.indices {
            let tagEnd = tree.blocks[index].tagEnd
            #expect(tagEnd == BlockTree.startTagEnd(tree.html, tree.blocks[index].range))
            #expect(tagEnd.map { tree.html[$0 - 1] } == UInt8(ascii: ">"))
        }
        let starts = tree.blocks.indices.suffix(3).map { String(decoding: tree.html[tree.blocks[$0].range.lowerBound..<tree.tagEnd(of: $0)], as: UTF8.self) }
        #expect(starts == [#"<p data-cf-block="q" title='a > b' data-x="c'd">"#, "<i data-cf-block=v title=it's>", #"<br data-cf-block="w"/>"#])
    }

    /// A value is read past blanks around its `=`; a `data-cf-block` with no value names nothing,
    /// and of two with values the last counts. A quote never closed runs to the end of the markup.
    @Test func theLastBlockAttributeWithAValueNamesTheBlock() {
        let tree = BlockTree(html: #"<div data-cf-block data-cf-block = "b" title="t"><p data-cf-block="x" data-cf-block='y'>t</p></div>"#)
        #expect(tree.blocks.map(\.key) == ["b", "y"])
        #expect(tree.blocks.map(\.parent) == [nil, 0])
        let open = Array(#"<i data-cf-block="z>t"#.utf8)
        #expect(BlockTree.startTagEnd(open, 0..<open.count) == open.count)
    }

    /// A quote counts only around an attribute's value, as a browser reads the tag: one inside a
    /// bare value or a name opens nothing, so the start tag still ends at its `>`.
    @Test func aQuoteOutsideAnAttributesValueDoesNotHideTheTagsEnd() {
        let html = Array(#"<div data-cf-block=a title=it's x"y>inner</div>"#.utf8)
        let end = BlockTree.startTagEnd(html, 0..<html.count)
        #expect(String(decoding: html[..<end], as: UTF8.self) == #"<div data-cf-block=a title=it's x"y>"#)
        let blocks = [BlockTree.Block(key: "a", range: 0..<html.count, parent: nil)]
        #expect(BlockTree(bytes: html, blocks: blocks).tagEnd(of: 0) == end)
    }
}

@Suite struct FragmentDiffTests {
    func render(number: String, selector: Bool, pay: Bool) -> BlockTree {
        BlockTree(html: """
            <form data-cf-block="form"><section data-cf-block="cardDetails">\
            <div data-cf-block="cardNumber"><input name="cardNumber" value="\(number)"></div>\
            \(selector ? "<div data-cf-block=\"cardNetwork\"><select name=\"cardNetwork\"></select></div>" : "")\
            </section><div data-cf-block="submitButton"><button\(pay ? "" : " disabled")>Pay</button></div></form>
            """)
    }

    /// `FragmentDiff.respond` from `page`, and the page it leaves.
    func respond(to tree: BlockTree, page: PageState, echo: FieldEcho?, resync: Bool) -> (body: String, page: PageState) {
        var page = page
        let body = FragmentDiff.respond(to: tree, page: &page, echo: echo, resync: resync)
        return (body, page)
    }

    @Test func aFirstResponseAfterAResyncSendsTheWholeForm() {
        let tree = render(number: "4", selector: false, pay: false)
        let (body, page) = respond(to: tree, page: PageState(id: "p"), echo: nil, resync: true)
        #expect(body.hasPrefix("<template data-cf-block=\"form\" data-cf-rev=\"1\"><form"))
        #expect(body.components(separatedBy: "<template").count == 2)
        #expect(page.revision == 1)
    }

    @Test func aKeystrokeSendsOnlyTheEditedBlockWithItsValueAndCaret() {
        let first = respond(to: render(number: "4", selector: false, pay: false), page: PageState(id: "p"), echo: nil, resync: true)
        let echo = FieldEcho(field: "cardNumber", value: "4242 4", caret: 6, seq: 7)
        let (body, page) = respond(to: render(number: "4242 4", selector: false, pay: false), page: first.page, echo: echo, resync: false)
        #expect(body == """
            <template data-cf-block="cardNumber" data-cf-rev="2" data-cf-value="4242 4" \
            data-cf-seq="7"><div data-cf-block="cardNumber"><input name="cardNumber" value="4242 4"></div></template>

            """)
        #expect(page.revision == 2)
    }

    @Test func theEditedBlockIsSentEvenWhenItsHTMLDidNotChange() {
        let first = respond(to: render(number: "4", selector: false, pay: false), page: PageState(id: "p"), echo: nil, resync: true)
        let echo = FieldEcho(field: "cardNumber", value: "4", caret: 1, seq: 2)
        let (body, _) = respond(to: render(number: "4", selector: false, pay: false), page: first.page, echo: echo, resync: false)
        #expect(body.contains("data-cf-block=\"cardNumber\""))
        #expect(body.components(separatedBy: "<template").count == 2)
    }

    @Test func aBlockThatAppearsSendsItsParentWhichCarriesTheEcho() {
        let first = respond(to: render(number: "4000 0025", selector: false, pay: false), page: PageState(id: "p"), echo: nil, resync: true)
        let echo = FieldEcho(field: "cardNumber", value: "4000 0025 0", caret: 11, seq: 3)
        let (body, _) = respond(to: render(number: "4000 0025 0", selector: true, pay: false), page: first.page, echo: echo, resync: false)
        #expect(body.hasPrefix("<template data-cf-block=\"cardDetails\" data-cf-rev=\"2\" data-cf-field=\"cardNumber\""))
        #expect(body.contains("<select name=\"cardNetwork\">"))
        #expect(body.components(separatedBy: "<template").count == 2)
    }

    @Test func independentChangesGoAsSeparateBlocksInDocumentOrder() {
        let first = respond(to: render(number: "4242", selector: false, pay: false), page: PageState(id: "p"), echo: nil, resync: true)
        let (body, _) = respond(to: render(number: "4242 4242", selector: false, pay: true), page: first.page, echo: nil, resync: false)
        let names = body.split(separator: "\n").map { $0.split(separator: "\"")[1] }
        #expect(names == ["cardNumber", "submitButton"])
    }

    @Test func nothingChangedMeansAnEmptyBodyAndTheSameRevision() {
        let first = respond(to: render(number: "4", selector: false, pay: false), page: PageState(id: "p"), echo: nil, resync: true)
        let (body, page) = respond(to: render(number: "4", selector: false, pay: false), page: first.page, echo: nil, resync: false)
        #expect(body.isEmpty)
        #expect(page.revision == 1)
    }

    @Test func echoedValuesAreEscaped() {
        let echo = FieldEcho(field: "cardholderName", value: "O'Brien <b>", caret: 3, seq: 1)
        let tree = BlockTree(html: "<div data-cf-block=\"cardholderName\"><input name=\"cardholderName\"></div>")
        let (body, _) = respond(to: tree, page: PageState(id: "p"), echo: echo, resync: false)
        #expect(body.contains("data-cf-value=\"O&#39;Brien &lt;b&gt;\" data-cf-caret=\"3\""), "a caret before the end is said")
        #expect(!body.contains("data-cf-field"), "the block is the field's own")
    }
}

extension FragmentDiffTests {
    /// A page opened before `BlockHash` replaced FNV-1a holds its blocks' hashes as FNV-1a gave
    /// them (a record kept in Redis across the deploy): none matches, so its next answer sends the
    /// outermost changed block whole, and from then on it gets changes only.
    @Test func aPageHoldingHashesOfAnEarlierHashFunctionGetsTheFormWholeOnceThenChangesOnly() {
        let opened = render(number: "4242", selector: false, pay: false)
        var page = PageState(id: "p", revision: 1)
        for index in opened.blocks.indices {
            page.blocks[opened.blocks[index].key] = HeldBlock(own: FNV1a.hash(opened.html[opened.blocks[index].range]))
        }
        let echo = FieldEcho(field: "cardNumber", value: "4242 4", caret: 6, seq: 2)
        let (body, next) = respond(to: render(number: "4242 4", selector: false, pay: false), page: page, echo: echo, resync: false)
        #expect(body.hasPrefix(#"<template data-cf-block="form" data-cf-rev="2" data-cf-field="cardNumber""#))
        #expect(body.contains(#"value="4242 4""#))
        let another = FieldEcho(field: "cardNumber", value: "4242 42", caret: 7, seq: 3)
        let (then, _) = respond(to: render(number: "4242 42", selector: false, pay: false), page: next, echo: another, resync: false)
        #expect(then.hasPrefix(#"<template data-cf-block="cardNumber" data-cf-rev="3""#))
        #expect(then.components(separatedBy: "<template").count == 2)
    }
}

extension FragmentDiffTests {
    /// The root's start tag may carry the echoed value too (`data-value="…"`, found first): the
    /// hash of what follows the tag still leaves out the value there, so a keystroke that changes
    /// nothing else in the block can go as its start tag.
    @Test func theInnerHashLeavesOutTheValueAfterTheStartTagWhenTheTagHoldsItToo() {
        func inner(_ value: String) -> UInt64 {
            let tree = BlockTree(html: #"<div data-cf-block="cardholderName" data-value="\#(value)"><input value="\#(value)"></div>"#)
            let text = FragmentDiff.valueText(value, in: tree.blocks[0].range, of: tree.html)
            return FragmentDiff.innerHash(0, tree: tree, value: value, text: text)
        }
        #expect(inner("Ada") == inner("Ann Lee"))
        #expect(inner("Ada") != BlockHash.hash(Array(#"<input value="Ada"></div>"#.utf8)[...]))
    }
}
