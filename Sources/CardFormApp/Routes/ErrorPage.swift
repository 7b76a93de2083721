import CardFormSupport
import HTTPServer
import Mustache

/// What a template that fails while rendering (e.g. recursion too deep) answers: a plain 500 in
/// production; in `--dev`, the error as the compiler prints it (`file:line:col`, the line, a caret).
enum ErrorPage {
    static func response(for error: TemplateError, dev: Bool, logger: Logger) -> Response {
        logger.log("template-error", ["code": .text(StaticString("render"))])
        guard dev else {
            return SecureResponse.html(
                "<!doctype html><title>Error</title><p>Something went wrong. Please try again.</p>", status: .internalServerError)
        }
        return SecureResponse.html(overlay(error.description, reloadScript: nil), status: .internalServerError)
    }

    /// `--dev`: a self-contained page showing what is wrong as the compiler prints it (every
    /// `file:line:col` with its source line and caret). It carries the live-reload script, so
    /// saving the fixed file brings the form back by itself.
    static func overlay(_ problem: String, reloadScript: String?) -> String {
        var html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Template error</title>"
        if let reloadScript { html += "<script src=\"\(HTMLEscaping.escape(reloadScript))\" defer></script>" }
        html += "</head><body class=\"cf-dev-error\"><h1>Template error</h1>"
        html += "<pre data-cf-template-error>" + HTMLEscaping.escape(problem) + "</pre>"
        return html + "<p>Fix the file and save: this page reloads by itself.</p></body></html>"
    }

    /// `--dev`: adds the live-reload script to a page the app renders (templates need not know).
    static func withReloadScript(_ html: String, _ script: String?) -> String {
        guard let script, let head = html.range(of: "</head>") else { return html }
        return html.replacingCharacters(in: head, with: "<script src=\"\(HTMLEscaping.escape(script))\" defer></script></head>")
    }
}
