import CardEngine
import HTTPServer

extension SessionRecord {
    /// Fixes the locale a page is shown in before it is rendered: the session's own, else the
    /// browser's `Accept-Language` (`MessageCatalogs.usedLocale(for:acceptLanguage:)`). Kept by the
    /// session (`CardSession.locale`) so that the page's later answers, its amounts and the state JSON's messages
    /// use the same language as the page.
    mutating func settleLocale(for request: Request, catalogs: MessageCatalogs) {
        let used = catalogs.usedLocale(for: session.configuration, acceptLanguage: request.header(.acceptLanguage))
        session.show(in: used)
    }
}
