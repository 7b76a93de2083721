import Foundation

/// `cardform gallery --out DIR` (CONTRACT §1): one static page showing every block in every state,
/// produced by the real engine and rendered with the real templates, plus an index.
enum GalleryCommand: Command {
    static let name = "gallery"
    static let summary = "write a static page showing every block in every state"
    static let help = """
        usage: cardform gallery --out DIR [--templates DIR] [--public DIR]

        Drives the card engine into every state a shopper can meet (empty, focused, valid, invalid,
        disabled while processing, co-badged with its choice, Amex, unknown network, the pay button's
        outcomes, billing addresses for US, GB, CA, JP and DE, the form in en, fr, de and es) and
        renders each with the templates in use. Writes:

          DIR/index.html     every section and state, linked
          DIR/gallery.html   every state, labelled, on one page
          DIR/assets/…       the stylesheets and icons under their hashed names

        Open DIR/index.html straight from disk: no server, no script.

        options:
          --out DIR         the folder to write (created when missing; files in it are replaced)
          --templates DIR   a designer's templates and locales, shadowing the defaults
          --public DIR      a designer's assets (cardform.css, icons), shadowing the defaults

        exit status: 0 written; 1 a template or file problem; 2 a usage mistake.

        """
    static let spec = Arguments.Spec(valued: ["out", "templates", "public"])

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        guard let folder = arguments["out"] else { throw .usage("missing --out DIR (the folder to write the gallery into)") }
        do {
            let resources = try StaticAssets.resources(templates: arguments["templates"], public: arguments["public"])
            let pages = try GalleryRenderer(resources: resources, sections: GalleryCatalog.sections).render()
            var writer = SiteWriter(root: URL(fileURLWithPath: folder), output: output)
            _ = try StaticAssets.write(resources.assets, with: &writer)
            try writer.write(pages.gallery, to: GalleryRenderer.galleryPage)
            try writer.write(pages.index, to: "index.html")
            output.write("gallery: \(GalleryCatalog.sections.reduce(0) { $0 + $1.states.count }) states; open \(folder)/index.html\n")
        } catch {
            throw error.cliError
        }
        return 0
    }
}
