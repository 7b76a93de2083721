/// Everything cardform knows about one field, in one place: which section it belongs to, how its
/// input is marked up, how its value is formatted and checked, what depends on it, and a value the
/// linter and the gallery can type into it.
///
/// The engine, the view model, the page script's hints and the linter all read this table
/// (`FieldType.spec`); none of them switches over `FieldType` with a `default:` arm. Adding a field
/// is a case in `FieldType` and an entry in `FieldSpec+Table.swift` (a billing field's check and
/// input cleaning are values in its `BillingRule`, a new check in the entry or a file of its own);
/// the compiler then points at the value storage (`FieldValues`), and `FieldWiringTests` at what
/// no compiler sees: the block template, its place in its section's template, the locale strings,
/// and a sample value that passes the field's own check.
public struct FieldSpec: Sendable {
    /// The field this entry describes.
    public let field: FieldType
    /// The form's section holding the field.
    public let section: Section
    /// The block's name in kebab case: its template is `blocks/<blockName>` (CONTRACT §5).
    public let blockName: String
    /// The HTML `autocomplete` token browsers autofill the field by (CONTRACT §4).
    public let autocomplete: String
    /// The input's `inputmode` (the keyboard a phone shows).
    public let inputMode: String
    /// The input's `type`.
    public let inputType: String
    /// The characters the formatter inserts between groups (`" "` in a card number, `"/"` in an
    /// expiry date): the page script deletes the character before one with it, as the server does.
    public let separators: String
    /// Whether only digits (and `separators`) belong in the input: the page script keeps it so
    /// while typing where it does not format the field itself.
    public let isDigitsOnly: Bool
    /// Whether the shopper's words are capitalised unless the merchant says otherwise
    /// (`autoCapitalise`): the phone's keyboard is asked to, and a field formatted as a
    /// `TypingFormat.name` has each word's first letter put in capitals as typed.
    public let capitalisesByDefault: Bool
    /// Whether an empty value is an error unless the merchant (or, for `followsCountry` fields, the
    /// country) says otherwise.
    public let isRequiredByDefault: Bool
    /// How the value is formatted as typed and checked.
    public let rule: FieldRule
    /// Fields whose rule reads this one's value: re-checked when it changes.
    public let dependents: [FieldType]
    /// How the page script formats the value as typed, as the engine will (`data-cf-format`), or
    /// nil when only the server's answer formats it.
    public var typingFormat: TypingFormat? { rule.typingFormat }
    /// The part of an address the selected country names and may require (its label and whether
    /// it is required follow the country), or nil.
    public let followsCountry: AddressPart?
    /// Whether a change relabels other fields (their `followsCountry` labels), which the engine
    /// does not report as a change of theirs: the field's block is then never rendered alone.
    public let relabelsOtherFields: Bool
    /// What leaves the session of the value.
    public let readBack: ReadBack
    /// What the field's data holds beyond the common keys.
    public let presentation: Presentation
    /// A valid value, as a shopper would type it (the linter's and the gallery's sample).
    public let sampleValue: String

    /// The two sections of the default form, each the default of a slot of `layouts/form`
    /// (CONTRACT §5).
    public enum Section: String, Sendable, Hashable, CaseIterable {
        case card = "cardDetails"
        case billing = "billingAddress"

        /// The slot of `layouts/form` the section fills, also its block's name (`data-cf-block`)
        /// and the key of its legend (`legend.<slot>`).
        public var slot: String { rawValue }

        /// The slot's default template, which includes the blocks of the section's fields.
        public var template: String {
            switch self {
            case .card: "sections/card-details"
            case .billing: "sections/billing-address"
            }
        }
    }

    /// What of a value is read back outside the engine.
    public enum ReadBack: Sendable, Hashable {
        /// The value as shown.
        case shown
        /// First six and last four digits, `•` between (the card number).
        case masked
        /// Nothing, ever (the CVV): not in the state JSON, not echoed to the page.
        case never
    }

    /// What a field's block shows besides a label, an input and its messages.
    public enum Presentation: Sendable, Hashable {
        case plain
        /// The detected networks' badges.
        case networkBadges
        /// The security code's name and a hint of where it is printed.
        case securityCodeHint
        /// The list of countries.
        case countryList
        /// The country's list of subdivisions, or free text where it has none.
        case subdivisionList
    }
}

/// How a field's value is formatted as typed and checked.
public enum FieldRule: Sendable {
    /// Grouped digits, validated against the detected networks (`CardNumberRule`).
    case cardNumber
    /// `MM/YY` (`ExpiryFormatter`, `ExpiryRule`).
    case expiryDate
    /// The shown network's security code length (`CVVRule`).
    case securityCode
    /// `CardholderNameFormatter`, `CardholderNameRule`.
    case cardholderName
    /// A billing field, with its bounds (`BillingRules`).
    case billing(BillingRule)

    /// Whether the value is part of the card the processor charges (number, expiry, security
    /// code): editing it after a decline replaces the card the decline was about.
    public var describesCard: Bool {
        switch self {
        case .cardNumber, .expiryDate, .securityCode: true
        case .cardholderName, .billing: false
        }
    }
}

/// The formatters the page script mirrors, by the name inputs carry in `data-cf-format`: each key
/// typed there is formatted at once with the rules the page carries (`FormattingRules`), and the
/// server's answer confirms it.
public enum TypingFormat: String, Sendable, Hashable, CaseIterable {
    /// Digits grouped by the network the prefix shows (`CardNumberFormatter`); the badge follows.
    case cardNumber = "card-number"
    /// `MM/YY` as typed (`ExpiryFormatter`).
    case expiryDate = "expiry-date"
    /// Digits only; the longest code follows the network the card number shows.
    case securityCode = "security-code"
    /// Each word's first letter in capitals, when the field capitalises (`CardholderNameFormatter`).
    case name
}

extension FieldRule {
    /// The page script's formatter for values checked by this rule; nil for billing fields, which
    /// the server alone formats.
    public var typingFormat: TypingFormat? {
        switch self {
        case .cardNumber: .cardNumber
        case .expiryDate: .expiryDate
        case .securityCode: .securityCode
        case .cardholderName: .name
        case .billing: nil
        }
    }
}

/// A part of an address whose label and requirement follow the selected country.
public enum AddressPart: Sendable, Hashable {
    case locality, subdivision, postalCode

    /// The locale catalog key of the part's label in `country` (`postalCode.zip`, `state.province`,
    /// `city.postTown`); without a country, the data's defaults.
    public func labelKey(in country: Country?) -> String {
        switch self {
        case .locality: (country?.localityKind ?? .city).labelKey
        case .subdivision: (country?.subdivisionKind ?? .province).labelKey
        case .postalCode: (country?.postalCodeKind ?? .postal).labelKey
        }
    }

    /// Whether the form asks for this part in `country`: not for a postal code where the country
    /// has none (the field is then always valid); everything without a country.
    public func isAsked(in country: Country?) -> Bool {
        guard let country else { return true }
        return switch self {
        case .locality, .subdivision: true
        case .postalCode: country.hasPostalCode
        }
    }

    /// Whether `country`'s addresses need this part (a US address its state and ZIP code).
    public func isRequired(in country: Country?) -> Bool {
        guard let country else { return false }
        return switch self {
        case .locality: country.requiresCity
        case .subdivision: country.requiresState
        case .postalCode: country.requiresPostalCode
        }
    }
}

extension FieldType {
    /// The card fields, in the order the default form shows them.
    public static let cardFields: [FieldType] = allCases.filter { $0.spec.section == .card }

    /// The billing fields, in the order the default form shows them.
    public static let billingFields: [FieldType] = allCases.filter { $0.spec.section == .billing }

    /// Whether the field belongs to the card section (as opposed to billing).
    public var isCardField: Bool { spec.section == .card }
}
