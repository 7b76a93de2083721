/// The WHATWG HTML definition of a "valid email address" (what `<input type=email>` accepts),
/// checked one character at a time so that a prefix can be judged too.
///
/// The definition: a local part of one or more of `A–Z a–z 0–9 . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -`,
/// then `@`, then one or more dot-separated labels, each 1–63 letters, digits and hyphens that
/// neither starts nor ends with a hyphen. It is deliberately simpler than RFC 5322 (no quoted
/// local parts, no comments, no IP literals) and ASCII only: browsers send IDN domains punycoded.
/// We add SMTP's 254-character limit on a whole address.
enum EmailAddressSyntax {
    struct Verdict: Equatable {
        var isValid: Bool
        /// Typing more could still give a valid address.
        var isViablePrefix: Bool

        static let dead = Verdict(isValid: false, isViablePrefix: false)
    }

    static let maximumLength = 254
    static let maximumLabelLength = 63

    static func evaluate(_ text: String) -> Verdict {
        guard text.utf8.count <= maximumLength else { return .dead }
        var localLength = 0
        var inDomain = false
        var labelLength = 0
        var lastWasHyphen = false
        for byte in text.utf8 {
            if !inDomain {
                if byte == UInt8(ascii: "@") {
                    guard localLength > 0 else { return .dead }
                    inDomain = true
                } else if isLocalCharacter(byte) {
                    localLength += 1
                } else {
                    return .dead
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "."):
                // A label may neither be empty nor end with a hyphen.
                guard labelLength > 0, !lastWasHyphen else { return .dead }
                labelLength = 0
            case UInt8(ascii: "-"):
                guard labelLength > 0 else { return .dead }
                labelLength += 1
                lastWasHyphen = true
            case _ where isLetterOrDigit(byte):
                labelLength += 1
                lastWasHyphen = false
            default:
                return .dead
            }
            if labelLength > maximumLabelLength { return .dead }
        }
        let isValid = inDomain && labelLength > 0 && !lastWasHyphen
        return Verdict(isValid: isValid, isViablePrefix: true)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }

    private static func isLocalCharacter(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || ".!#$%&'*+/=?^_`{|}~-".utf8.contains(byte)
    }
}
