import CardEngine

/// One state of the gallery: a session configured and driven through the real engine, shown with
/// one template (a block, a section or the whole `form`).
struct GalleryState: Sendable {
    /// The page anchor (`cvv-amex`): stable, so screenshots and links can name it.
    var id: String
    /// What the state shows, for the caption.
    var caption: String
    /// The template to render with the state's data: `blocks/cvv`, `sections/billing-address`, `form`.
    var template: String
    /// The session options, as a merchant would send them to `POST /api/sessions`.
    var options: String = "{}"
    /// What happens to the session before it is rendered.
    var steps: [GalleryStep] = []
    /// Rendered as the answer to a form posted without JavaScript (every error listed).
    var noscript = false
    /// The CVV's show/hide toggle drawn pressed, as the page script leaves it once pressed (the
    /// gallery runs no script).
    var showsCVV = false
}

/// One event sent to the engine, as the page script or the payment pipeline would.
enum GalleryStep: Sendable {
    /// The shopper types `value` into the field (an input event, caret at the end).
    case type(FieldType, String)
    /// The shopper types `value` and leaves the field (its full rule runs).
    case leave(FieldType, String)
    /// An empty field takes the focus.
    case focus(FieldType)
    /// The shopper picks a co-badged network.
    case pick(CardNetwork)
    /// The shopper presses pay.
    case submit
    /// The payment's outcome arrives.
    case result(PaymentResult)

    /// A valid Visa card, typed field by field.
    static let validCard: [GalleryStep] = [
        .type(.cardNumber, "4242 4242 4242 4242"), .type(.expiryDate, "12/30"), .type(.cvv, "123"),
        .type(.cardholderName, "Ada Lovelace"),
    ]

    /// A valid card, paid: the session is processing.
    static let processing = validCard + [.submit]
}

/// A group of states on the gallery page, e.g. every state of the card number.
struct GallerySection: Sendable {
    var id: String
    var title: String
    var note: String
    var states: [GalleryState]
}

extension CardSession {
    /// Applies a gallery step; what the engine answers is not needed, only the state it leaves.
    mutating func apply(_ step: GalleryStep, in environment: SessionEnvironment) {
        switch step {
        case .type(let field, let value):
            update(field, value: value, caret: value.utf16.count, event: .input, in: environment)
        case .leave(let field, let value):
            // The blur carries the value the input holds, as the page script sends it.
            update(field, value: value, caret: value.utf16.count, event: .input, in: environment)
            update(field, value: value, caret: value.utf16.count, event: .blur, in: environment)
        case .focus(let field):
            update(field, value: "", caret: 0, event: .focus, in: environment)
        case .pick(let network):
            selectNetwork(network, in: environment)
        case .submit:
            // The gallery shows the state a submit leaves; nothing is paid.
            if case .startPayment = submit(in: environment) {}
        case .result(let result):
            paymentResult(result)
        }
    }
}
