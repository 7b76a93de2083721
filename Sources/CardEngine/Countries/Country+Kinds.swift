extension Country {
    /// What a country calls its postal code (Google's `zip_name_type`), which picks its label.
    public enum PostalCodeKind: String, CaseIterable, Sendable, Hashable {
        case postal, zip, pin, eircode

        /// The locale catalog key of the label, e.g. `postalCode.zip` ("ZIP code").
        public var labelKey: String { "postalCode.\(rawValue)" }
    }

    /// What a country calls its first-level subdivision (Google's `state_name_type`).
    public enum SubdivisionKind: String, CaseIterable, Sendable, Hashable {
        case area, county, department, district, doSi = "do_si", emirate, island, oblast
        case parish, prefecture, province, state

        /// The locale catalog key of the label, e.g. `state.province`, `state.doSi`.
        public var labelKey: String { "state.\(camelCase(rawValue))" }
    }

    /// What a country calls the city line of an address (Google's `locality_name_type`).
    public enum LocalityKind: String, CaseIterable, Sendable, Hashable {
        case city, district, postTown = "post_town", suburb

        /// The locale catalog key of the label, e.g. `city.city`, `city.postTown`.
        public var labelKey: String { "city.\(camelCase(rawValue))" }
    }
}

/// `do_si` → `doSi`: catalog keys are camel case like the field names they extend.
private func camelCase(_ snake: String) -> String {
    let words = snake.split(separator: "_")
    return words.enumerated().map { index, word in
        index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
}
