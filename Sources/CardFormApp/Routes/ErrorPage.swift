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
        return SecureResponse.html(overlay([error]), status: .internalServerError)
    }

    /// A self-contained page listing template errors, for `--dev`.
    static func overlay(_ errors: [TemplateError]) -> String {
        var html = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Template error</title></head>"
        html += "<body class=\"cf-dev-error\"><h1>Template error</h1>"
        for error in errors {
            html += "<pre data-cf-template-error>" + HTMLText.escape(error.description) + "</pre>"
        }
        return html + "<p>Fix the file and save: the page reloads by itself.</p></body></html>"
    }
}
