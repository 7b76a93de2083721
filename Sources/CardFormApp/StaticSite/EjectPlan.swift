import CardFormSupport

/// What `cardform eject` writes: every default template, locale and asset from inside the binary,
/// and a short guide on how to work with the copy.
struct EjectPlan {
    /// Path under the output folder → contents, in path order.
    let files: [(path: String, bytes: [UInt8])]

    /// The defaults as `templates/…` and `public/…`, plus `README.md` naming the folder as `shown`
    /// (what the designer typed after `--out`).
    static func defaults(shownAs shown: String) -> EjectPlan {
        var files: [(path: String, bytes: [UInt8])] = [("README.md", Array(guide(shown).utf8))]
        for (folder, layer) in [("public", FileLayer.embedded("Public")), ("templates", FileLayer.embedded("Templates"))] {
            for path in layer.files.keys.sorted() { files.append(("\(folder)/\(path)", layer.files[path]!)) }
        }
        return EjectPlan(files: files)
    }

    /// The guide left next to the copy: how to run it, how to check it, what to keep.
    static func guide(_ folder: String) -> String {
        """
        # Your cardform theme

        `cardform eject` copied everything the payment form is made of into this folder:

        - `templates/` — the Mustache templates (`page`, `form`, `layouts/form`, `sections/…`,
          `blocks/…`, `unavailable`) and the strings in `templates/locales/<lang>.json`.
          `templates/README.md` is the full designer's guide: blocks, slots, data, hooks, theme variables.
        - `public/` — the stylesheet `cardform.css`, the network icons in `icons/`, and the scripts.

        ## See your changes live

            cardform serve --templates \(folder)/templates --public \(folder)/public --dev

        Open http://127.0.0.1:8080/ — the demo checkout creates a session and shows the form. Every
        save reloads the page by itself; a template that does not compile shows an overlay naming the
        file, line and column instead of the form, until you fix it.

        ## Check before you ship

            cardform check --templates \(folder)/templates
            cardform gallery --templates \(folder)/templates --public \(folder)/public --out gallery

        `check` finds syntax errors, missing hooks, unsafe values and missing translations. `gallery`
        writes one page showing every block in every state (open `gallery/index.html`).

        ## What to keep

        Each file here shadows the built-in file of the same name, one by one; a file you delete falls
        back to the built-in one. So delete every file you have not changed: you then keep getting the
        fixes that come with new versions of cardform. In particular, delete `public/*.js` unless you
        really mean to replace the scripts: they talk to the server, and an old copy may stop working
        with a newer server.

        Locale files are merged key by key with the built-in strings: keep only the keys you change.

        """
    }
}
