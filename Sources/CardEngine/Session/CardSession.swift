/// One shopper's card form: a value-type state machine.
///
/// Each event method (`update`, `selectNetwork`, `resolveBIN`, `submit`, `paymentResult`, `cancel`,
/// `expire`) mutates the state and returns what the app must know; nothing here does I/O. The
/// shared BIN source, clock and catalogs (`SessionEnvironment`) are handed to the events that read
/// them, never kept: the state is plain data (strings, numbers, enums), which a store may copy,
/// compare or write out. The app keeps sessions in its store and serialises events per session.
public struct CardSession: Sendable, Hashable {
    /// The session's id (the app's, also in URLs).
    public let id: String
    /// What the merchant asked for; changed only by the merchant (`reconfigure`), which puts a new
    /// `ConfigurationBox` in place.
    public internal(set) var configuration: SessionConfiguration {
        // Inlinable, so another module reads one of its fields in place rather than through a
        // call that hands it a copy of the whole configuration.
        @inlinable get { configurationBox.value }
        set { configurationBox = ConfigurationBox(newValue) }
    }
    /// `configuration`, by reference (`ConfigurationBox`).
    @usableFromInline var configurationBox: ConfigurationBox

    /// Whether the form shows `field` (`SessionConfiguration.isConfigured`), from the box's set:
    /// asked on every keystroke, where the configuration's lists would be scanned.
    func shows(_ field: FieldType) -> Bool { configurationBox.configuredFields.contains(field) }
    /// Where the session is in its life, with the payment's result and the card's mask once it has them.
    public internal(set) var phase: SessionPhase = .ready
    /// The locale the session is shown in: the configuration's until a page settles it
    /// (`show(in:)`); messages and amounts follow it.
    public internal(set) var locale: String
    /// The field the shopper is in, from focus and blur events.
    public internal(set) var focusedField: FieldType?

    var values = FieldValues()
    /// Shown errors, at most one per field, in the form's field order.
    var errors: [FieldError] = []
    /// Fields whose value passes the full rule (refreshed as they or what they depend on change).
    var validFields = FieldSet()
    /// Fields that have held a value: emptying one and leaving it is a `required` error, while
    /// tabbing through a field never typed in is not.
    var touchedFields = FieldSet()
    var networks = NetworkState()
    /// The shopper's co-badge pick, and the BIN it was made for.
    var pick: NetworkPick?
    /// A BIN service's answer handed in by the app (nil record: the service does not know it).
    var remoteBIN: RemoteBIN?

    /// A new session in phase `ready`, its fields holding their configured default values
    /// (formatted and checked with `environment`, which is not kept).
    public init(id: String, configuration: SessionConfiguration, environment: SessionEnvironment = SessionEnvironment()) {
        self.id = id
        configurationBox = ConfigurationBox(configuration)
        self.locale = configuration.locale
        for field in configuration.configuredFields {
            if let value = configuration.options(for: field).defaultValue {
                let edit = FieldEdit(previous: "", raw: Self.bounded(value), caret: value.utf16.count)
                values[field] = format(field, edit: edit, event: .paste, in: environment).value
            }
        }
        refreshNetworks(in: environment)
        for field in configuration.configuredFields {
            validFields.set(field, check(field, mode: .submit, in: environment).isValid)
        }
    }

    /// Shows the session in `locale` from now on (`MessageCatalogs.usedLocale`: the language a
    /// page was rendered in), so its later answers, messages and amounts agree with that page.
    public mutating func show(in locale: String) {
        if self.locale != locale { self.locale = locale }
    }

    /// The last payment attempt's result (kept until the next submit).
    public var payment: PaymentResult? { phase.payment }

    // MARK: read-back

    /// The field's value as the form shows it (formatted); always "" for the CVV.
    public func value(for field: FieldType) -> String { field.spec.readBack == .never ? "" : values[field] }

    /// The value as read back outside the form: the card number masked (first six, `•`, last four),
    /// the CVV "", everything else as shown.
    public func maskedValue(for field: FieldType) -> String {
        switch field.spec.readBack {
        case .shown: values[field]
        case .masked: phase.maskedCard ?? Self.mask(digits: values[field].filter(\.isNumber))
        case .never: ""
        }
    }

    /// Masks a card number: the first six digits and the last four stay, `•` for the rest; numbers
    /// under 13 digits show only their first six.
    public static func mask(digits: String) -> String {
        let count = digits.count
        guard count > 6 else { return digits }
        let tail = count >= 13 ? 4 : 0
        return digits.prefix(6) + String(repeating: "•", count: count - 6 - tail) + digits.suffix(tail)
    }

    /// The most characters the field's formatted value can hold, for the input's `maxlength`: the
    /// shown network's grouped length for the card number (23 while unknown), 5 for `MM/YY`, the
    /// security code's length; nil for the cardholder name (an over-long name shows HN04 instead of
    /// being cut short).
    public func maxLength(for field: FieldType) -> Int? {
        switch field.spec.rule {
        case .cardNumber: (networks.selected ?? .other).maxFormattedLength
        case .expiryDate: 5
        case .securityCode: securityCode.maxLength
        case .cardholderName: nil
        case .billing(let rule): rule.inputLimit
        }
    }

    /// The number of digits in the CVV (the value itself never leaves the session but in the draft).
    public var cvvLength: Int { values[.cvv].utf8.count }

    /// The shown errors, in field order.
    public var fieldErrors: [FieldError] { errors }

    /// The error shown for `field`, if any.
    public func error(for field: FieldType) -> ValidationIssue? { errors.first { $0.field == field }?.issue }

    /// The message for a shown error in `catalog` (the session locale's), honouring the field's
    /// `messages` overrides.
    public func message(for error: FieldError, catalog: MessageCatalog) -> String {
        catalog.message(
            for: error.field, issue: error.issue, overrides: configuration.options(for: error.field).messages)
    }

    /// The message for a shown error in the session locale's catalog of `environment`.
    public func message(for error: FieldError, in environment: SessionEnvironment) -> String {
        message(for: error, catalog: environment.catalogs.catalog(for: locale))
    }

    /// Whether every card field passes its full rule (Primer's `isValid`).
    /// Read off the configuration's field set (`ConfigurationBox`), as `isBillingValid` and the
    /// snapshot are: the views ask on every keystroke.
    public var isValid: Bool { validFields.isSuperset(of: configurationBox.cardFields) }

    /// Whether `field` holds a complete, valid value (what the views show as `valid`): false while
    /// it is empty, even where empty is allowed, and for a field the form does not show.
    public func isValid(_ field: FieldType) -> Bool {
        validFields.contains(field) && !values[field].isEmpty && shows(field)
    }

    /// Calls `body` with each field the form shows that holds a complete, valid value
    /// (`isValid(_:)`), in the form's order (card fields, then billing), building no list: the
    /// app's verdicts and leaf facts take it on every keystroke.
    public func forEachValidField(_ body: (FieldType) -> Void) {
        for field in configuration.cardFields where isValid(field) { body(field) }
        for field in configuration.activeBillingFields where isValid(field) { body(field) }
    }

    /// Whether every active billing field passes its rule (true when there are none).
    public var isBillingValid: Bool { validFields.isSuperset(of: configurationBox.billingFields) }

    /// Whether a submit would start a payment now.
    public var canSubmit: Bool { phase.acceptsInput && isValid && isBillingValid }

    /// True while the payment is processing (the form shows it busy).
    public var isLoading: Bool { phase == .processing }

    /// The billing country's code when the form has a country field and it holds a known country.
    public var selectedCountry: String? { country?.code }

    /// The billing country, when selected.
    public var country: Country? {
        shows(.countryCode) ? Countries.country(values[.countryCode]) : nil
    }

    /// Bounds what the browser may send for one field (UTF-16 units), before any formatting.
    static let maxRawLength = 512

    /// `raw` made fit to keep (see `cleaned(_:caret:)`), for a value that comes without a caret.
    static func bounded(_ raw: String) -> String {
        cleaned(raw, caret: 0).value
    }

    /// What the browser sent for one field, made fit to keep: at most `maxRawLength` UTF-16 units,
    /// tabs and line breaks (a paste) as spaces, other control characters (a crafted NUL) dropped,
    /// since they would reach the state JSON, the processor and the merchant's hooks. `caret`
    /// (UTF-16 units) moves with the text before it.
    static func cleaned(_ raw: String, caret: Int) -> (value: String, caret: Int) {
        let isControl = { (scalar: Unicode.Scalar) in scalar.value < 0x20 || scalar.value == 0x7F }
        // Control characters are ASCII, and no byte of a longer UTF-8 sequence is: scanning the
        // bytes finds them without decoding scalars (every keystroke passes here).
        let isControlByte = { (byte: UInt8) in byte < 0x20 || byte == 0x7F }
        let hasControl = raw.utf8.withContiguousStorageIfAvailable { $0.contains(where: isControlByte) }
            ?? raw.utf8.contains(where: isControlByte)
        guard hasControl || raw.utf16.count > maxRawLength else { return (raw, caret) }
        var value = String.UnicodeScalarView()
        var length = 0
        var read = 0
        var movedCaret = caret
        for scalar in raw.unicodeScalars {
            defer { read += scalar.utf16.count }
            let kept: Unicode.Scalar? = scalar == "\t" || scalar == "\n" || scalar == "\r" ? " " : isControl(scalar) ? nil : scalar
            guard let kept else {
                if read < caret { movedCaret -= 1 }
                continue
            }
            guard length + kept.utf16.count <= maxRawLength else { break }
            value.append(kept)
            length += kept.utf16.count
        }
        return (String(value), min(max(movedCaret, 0), length))
    }
}
