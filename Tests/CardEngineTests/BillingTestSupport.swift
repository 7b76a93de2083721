import CardEngine

/// What a shopper sees for a value: fine; no error while typing but one on leaving the field; an
/// error already while typing.
enum Seen: String, Sendable {
    case valid, laterInvalid, invalidNow
}

/// Runs a billing rule the way the form does (while typing, then on blur) and says what the shopper
/// sees, with the issue code shown on blur.
func seen(
    _ field: FieldType, _ value: String, country code: String? = nil, required: Bool = false
) -> (Seen, String?) {
    let country = code.flatMap(Countries.country)
    let typing = BillingRules.check(field, value: value, country: country, required: required, mode: .typing)
    let blur = BillingRules.check(field, value: value, country: country, required: required, mode: .blur)
    let code = blur.issue?.code
    if blur.isValid { return (.valid, code) }
    return (typing.isPotentiallyValid ? .laterInvalid : .invalidNow, code)
}
