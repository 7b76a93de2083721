import Foundation
import Mustache
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// `cardform gallery`: every state on one page, from the real engine and templates, openable
/// from disk.
struct GalleryCommandTests {
    /// One state and what its rendered HTML must (and must not) hold.
    struct Expectation: Sendable, CustomTestStringConvertible {
        var state: String
        var contains: [String]
        var lacks: [String] = []
        var testDescription: String { state }
    }

    static let expectations: [Expectation] = [
        Expectation(state: "card-number-empty", contains: [#"value="""#, #"aria-invalid="false""#, #"<span class="cf-badges" data-cf-badges></span>"#,
                                                         #"<span class="cf-badges cf-accepted" role="group" aria-label="Accepted cards">"#]),
        Expectation(state: "card-number-focused", contains: ["cf-gallery__frame cf-form is-focused"]),
        Expectation(state: "card-number-typing", contains: [#"value="4242 42""#, #"data-cf-network="VISA""#], lacks: ["is-invalid"]),
        Expectation(state: "card-number-valid", contains: [#"value="4242 4242 4242 4242""#, #"data-cf-network="VISA""#], lacks: ["is-invalid"]),
        Expectation(state: "card-number-invalid", contains: [#"aria-invalid="true""#, ">Invalid card number</p>", "is-invalid"]),
        Expectation(state: "card-number-amex", contains: [#"value="3782 822463 10005""#, #"data-cf-network="AMEX""#, #"maxlength="17""#]),
        Expectation(state: "card-number-cobadged", contains: [#"alt="Cartes Bancaires""#, #"alt="Visa""#]),
        Expectation(state: "card-number-eftpos", contains: [#"alt="eftpos""#, #"alt="Visa""#]),
        Expectation(state: "card-number-unknown", contains: [#"data-cf-network="OTHER""#, "assets/icons/other.", ">Invalid card number</p>"]),
        Expectation(state: "card-number-disabled", contains: ["is-disabled", " disabled\n"]),
        Expectation(state: "card-network-cobadged", contains: ["<select", #"name="cardNetwork""#, #"<option value="CARTES_BANCAIRES""#, #"<option value="VISA""#]),
        Expectation(state: "card-network-picked", contains: [#"<option value="CARTES_BANCAIRES" selected>"#]),
        Expectation(state: "card-network-mastercard", contains: [#"<option value="MASTERCARD""#, #"<option value="CARTES_BANCAIRES""#]),
        Expectation(state: "card-network-card-details", contains: [#"data-cf-block="cardDetails""#, #"name="cardNetwork""#, #"name="cvv""#]),
        Expectation(state: "expiry-date-empty", contains: [#"placeholder="MM / YY""#, #"value="""#]),
        Expectation(state: "expiry-date-focused", contains: ["is-focused"]),
        Expectation(state: "expiry-date-valid", contains: [#"value="12/30""#], lacks: ["is-invalid"]),
        Expectation(state: "expiry-date-disabled", contains: ["is-disabled", " disabled\n"]),
        Expectation(state: "expiry-date-invalid", contains: [">Your card’s expiry date is incomplete</p>"]),
        Expectation(state: "expiry-date-expired", contains: [">This card has expired</p>"]),
        Expectation(state: "cvv-empty", contains: [#"data-cf-code="CVV""#, #"aria-invalid="false""#]),
        Expectation(state: "cvv-focused", contains: ["is-focused"]),
        Expectation(state: "cvv-visa", contains: [#"maxlength="3""#, "cf-cvv-hint--3", "3 digits on the back of your card"]),
        Expectation(state: "cvv-valid", contains: [#"type="password" value="""#], lacks: ["123", "is-invalid"]),
        Expectation(state: "cvv-disabled", contains: ["is-disabled", " disabled\n"]),
        Expectation(state: "cvv-invalid", contains: ["is-invalid", #"aria-invalid="true""#], lacks: [#"value="12""#]),
        Expectation(state: "cvv-amex", contains: [#"maxlength="4""#, "cf-cvv-hint--4", "4 digits on the front of your card", #"data-cf-code="CID""#]),
        Expectation(state: "cardholder-name-empty", contains: [#"autocomplete="cc-name""#, #"value="""#]),
        Expectation(state: "cardholder-name-focused", contains: ["is-focused"]),
        Expectation(state: "cardholder-name-disabled", contains: ["is-disabled", " disabled\n"]),
        Expectation(state: "cardholder-name-valid", contains: [#"value="Ada Lovelace""#, " is-valid"]),
        Expectation(state: "cardholder-name-invalid", contains: [#"value="Ada &lt;3""#, "is-invalid"], lacks: ["Ada <3"]),
        Expectation(state: "look-valid-icon", contains: [" is-valid", #"<span class="cf-valid-icon" aria-hidden="true"></span>"#]),
        Expectation(state: "look-hint", contains: [#"<span class="cf-hint-icon" aria-hidden="true"></span>As printed on the card"#]),
        Expectation(state: "look-tooltip", contains: [#"aria-label="About the security code""#, "The 3 digits printed on the back"]),
        Expectation(state: "look-required-icon", contains: [#"<span class="cf-required" aria-hidden="true">*</span>"#]),
        Expectation(state: "look-floating-empty", contains: ["has-floating-label", #"value="""#]),
        Expectation(state: "look-floating-filled", contains: ["has-floating-label", #"value="Ada Lovelace""#]),
        Expectation(state: "look-hidden-label", contains: [#"<label class="cf-label cf-visually-hidden" for="cf-expiryDate">"#]),
        Expectation(state: "look-error-above", contains: ["has-error-above", ">Invalid card number</p>"]),
        Expectation(state: "look-cvv-shown", contains: [#"type="text" value="""#, #"aria-pressed="true""#], lacks: ["data-cf-mask-toggle hidden"]),
        Expectation(state: "submit-disabled", contains: [#"<button class="cf-pay" type="submit">"#, "Pay €24.99"]),
        Expectation(state: "submit-ready", contains: [#"<button class="cf-pay" type="submit">"#]),
        Expectation(state: "submit-surcharge", contains: ["Pay €26.08", "Includes a €1.09 card fee"]),
        Expectation(state: "submit-processing", contains: ["cf-spinner", #"aria-busy="true""#, "Processing…"]),
        Expectation(state: "submit-succeeded", contains: ["Payment successful", "pay_gallery_0001"]),
        Expectation(state: "submit-failed", contains: ["Payment failed", "Your card has insufficient funds."]),
        Expectation(state: "billing-us", contains: [#"<option value="US" selected>"#, ">ZIP code", ">State", ">California</option>"]),
        Expectation(state: "billing-gb", contains: [#"<option value="GB" selected>"#, ">Postcode", ">Post town", #"<input class="cf-input" id="cf-state""#]),
        Expectation(state: "billing-ca", contains: [#"<option value="CA" selected>"#, ">Province", ">Ontario</option>"]),
        Expectation(state: "billing-jp", contains: [#"<option value="JP" selected>"#, ">Prefecture", ">Tokyo</option>", #"<select class="cf-input cf-select" id="cf-state""#]),
        Expectation(state: "billing-de", contains: [#"<option value="DE" selected>"#, ">Postal code", #"<input class="cf-input" id="cf-state""#]),
        Expectation(state: "form-empty", contains: [#"<form class="cf-form""#, #"name="_token" value="gallery""#, "Pay €24.99"]),
        Expectation(state: "form-errors", contains: [">Enter your card number</p>", ">Enter the security code</p>"]),
        Expectation(state: "form-noscript", contains: ["cf-errors__list", ##"<a href="#cf-cardNumber">Enter your card number</a>"##]),
        Expectation(state: "form-processing", contains: ["cf-form is-loading", #"aria-busy="true""#]),
        Expectation(state: "form-succeeded", contains: ["is-succeeded", "Payment successful"]),
        Expectation(state: "form-save-card", contains: [#"name="saveCard""#, "Save this card"]),
        Expectation(state: "form-billing", contains: [#"data-cf-block="billingAddress""#, #"<option value="FR" selected>"#]),
        Expectation(state: "locale-en", contains: [#"lang="en""#, ">Invalid card number</p>", "Pay €24.99"]),
        Expectation(state: "locale-fr", contains: [#"lang="fr""#, ">Numéro de carte</label>", ">Numéro de carte invalide</p>", "Payer 24,99\u{A0}€"]),
        Expectation(state: "locale-de", contains: [#"lang="de""#, ">Ungültige Kartennummer</p>"]),
        Expectation(state: "locale-es", contains: [#"lang="es""#, ">Número de tarjeta no válido</p>"]),
    ]

    /// The gallery rendered once with the defaults, shared by the state tests.
    static let pages: (index: String, gallery: String)? = {
        guard let resources = try? FormResources.load(.init()) else { return nil }
        return try? GalleryRenderer(resources: resources, sections: GalleryCatalog.sections).render()
    }()

    /// The HTML of one state's `<figure>`.
    static func state(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: #"<figure class="cf-gallery__state"#),
              let anchor = html.range(of: #"id="\#(id)" data-cf-gallery-state"#, range: start.lowerBound..<html.endIndex),
              let end = html.range(of: "</figure>", range: anchor.upperBound..<html.endIndex) else { return nil }
        let open = html.range(of: "<figure", options: .backwards, range: html.startIndex..<anchor.lowerBound)!
        return String(html[open.lowerBound..<end.upperBound])
    }

    @Test("shows each state as the engine left it", arguments: expectations)
    func stateHoldsWhatTheEngineMade(expectation: Expectation) async throws {
        let gallery = try #require(await offThePool { Self.pages?.gallery })
        let html = try #require(Self.state(expectation.state, in: gallery), "state \(expectation.state) is on the page")
        for marker in expectation.contains { #expect(html.contains(marker), "\(expectation.state) shows \(marker)") }
        for marker in expectation.lacks { #expect(!html.contains(marker), "\(expectation.state) does not show \(marker)") }
    }

    @Test("labels every state of the catalog, which the table above checks one by one")
    func everyStateIsLabelledAndChecked() async throws {
        let pages = try #require(await offThePool { Self.pages })
        let ids = GalleryCatalog.sections.flatMap(\.states).map(\.id)
        #expect(Set(ids).count == ids.count, "state ids are unique")
        #expect(Set(ids) == Set(Self.expectations.map(\.state)))
        for section in GalleryCatalog.sections {
            #expect(pages.gallery.contains(#"<h2 class="cf-gallery__heading" id="\#(section.id)-title">\#(section.title)</h2>"#))
            #expect(pages.index.contains(##"<a href="gallery.html#\##(section.id)">"##))
            for state in section.states {
                let html = try #require(Self.state(state.id, in: pages.gallery))
                #expect(html.contains(#"<figcaption class="cf-gallery__caption">\#(HTMLEscaping.escape(state.caption)) <code>\#(state.template)</code></figcaption>"#))
                #expect(pages.index.contains(##"<a href="gallery.html#\##(state.id)">"##))
            }
        }
        #expect(!pages.gallery.contains("{{"))
        #expect(!pages.gallery.contains("<script"))
        #expect(!pages.index.contains("<figure"))
    }

    @Test("writes the index, the gallery and the assets they link, by relative URLs")
    func writesASelfContainedFolder() async throws {
        let folder = try TemporaryFolder()
        let out = folder.path("gallery")
        let run = await offThePool { SiteRun(["gallery", "--out", out], showing: out) }
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.written.map { "gallery/" + $0 }.sorted() == folder.files)
        let states = GalleryCatalog.sections.reduce(0) { $0 + $1.states.count }
        #expect(run.output.hasSuffix("wrote gallery.html\nwrote index.html\ngallery: \(states) states; open DIR/index.html\n"))
        for page in ["index.html", "gallery.html"] {
            let html = try #require(folder.read("gallery/\(page)"))
            #expect(html.contains(#"<link rel="stylesheet" href="assets/cardform."#))
            #expect(html.contains(#"<link rel="stylesheet" href="assets/gallery."#))
            for link in HTMLPieces.links(in: html) where !link.hasPrefix("gallery.html#") && !link.hasPrefix("#") {
                #expect(!link.hasPrefix("/"), "\(page) links \(link) relatively")
                #expect(FileManager.default.fileExists(atPath: folder.path("gallery/" + link)), "\(page) links \(link), which exists")
            }
        }
    }

    @Test("renders a designer's blocks, strings and stylesheet")
    func rendersTheDesignersFiles() async throws {
        let folder = try TemporaryFolder()
        let cvv = String(decoding: FileLayer.embedded("Templates").files["blocks/cvv.mustache"]!, as: UTF8.self)
        try folder.write(cvv.replacingOccurrences(of: "cf-field--cvv", with: "cf-field--cvv my-cvv"), to: "theme/blocks/cvv.mustache")
        try folder.write(#"{"label.cvv": "Card code"}"#, to: "theme/locales/en.json")
        try folder.write(":root { --cf-color-primary: #0a7; }\n", to: "assets/cardform.css")
        let words = ["gallery", "--out", folder.path("out"), "--templates", folder.path("theme"), "--public", folder.path("assets")]
        let run = await offThePool { SiteRun(words) }
        #expect(run.status == 0)
        let gallery = try #require(folder.read("out/gallery.html"))
        let amex = try #require(Self.state("cvv-amex", in: gallery))
        #expect(amex.contains("cf-field--cvv my-cvv"))
        #expect(amex.contains(">Card code</label>"))
        let css = try #require(folder.files.first { $0.hasPrefix("out/assets/cardform.") && $0.hasSuffix(".css") })
        #expect(folder.read(css) == ":root { --cf-color-primary: #0a7; }\n")
        #expect(gallery.contains(#"href="\#(css.dropFirst(4))""#))
    }

    @Test("fails on a designer's broken template with the compiler's message, writing nothing")
    func failsOnABrokenTemplate() throws {
        let folder = try TemporaryFolder()
        try folder.write("{{#fields.cvv}}\n<div data-cf-block=\"cvv\">\n", to: "theme/blocks/cvv.mustache")
        let run = SiteRun(["gallery", "--out", folder.path("out"), "--templates", folder.path("theme")], showing: folder.path("theme"))
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("cardform gallery: cannot load templates and assets:\nDIR/blocks/cvv.mustache:1:1: error: "))
        #expect(folder.files.allSatisfy { !$0.hasPrefix("out/") })
    }

    @Test("answers a usage mistake with one line and status 2", arguments: [
        ([String](), "cardform gallery: missing --out DIR (the folder to write the gallery into)\n"),
        (["--out", "x", "--config", "y"], "cardform gallery: unknown flag '--config'\n"),
        (["--out", "x", "extra"], "cardform gallery: unexpected argument 'extra'\n"),
    ])
    func usageMistakes(words: [String], expected: String) {
        let run = SiteRun(["gallery"] + words)
        #expect(run.status == 2)
        #expect(run.errors == expected)
    }

    @Test("prints its help")
    func printsHelp() {
        let run = SiteRun(["gallery", "--help"])
        #expect(run.status == 0)
        #expect(run.output == GalleryCommand.help)
    }
}
