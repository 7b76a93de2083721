extension BINTable {
    /// The table shipped in the binary: the co-badged and local-scheme test cards providers publish
    /// (`/work/shared/test-cards.md`, `peer-vectors/cobadge.json`), enough for a sandbox.
    ///
    /// Parsed once, on first use. A production operator overlays or replaces it with their own
    /// table (`binTable` in the server configuration).
    public static let `default`: BINTable = {
        do {
            return try BINTable(csv: defaultCSV)
        } catch {
            // The literal below is covered by tests; a broken edit must fail loudly, not ship empty.
            fatalError("the built-in BIN table does not parse: \(error)")
        }
    }()

    /// Where a label and the number's range disagree, the range decides the international brand and
    /// the label's local scheme is kept (noted per line).
    static let defaultCSV = """
        # cardform built-in BIN table: published test cards only (facts: the providers' test-card pages).
        bin,networks,issuerCountry,fundingType
        # Stripe: Cartes Bancaires co-badges (4000 0025 0000 1001, 5555 5525 0000 1001)
        40000025,CARTES_BANCAIRES|VISA,FR,
        55555525,CARTES_BANCAIRES|MASTERCARD,FR,
        # Stripe: eftpos Australia co-badges (4000 0503 6000 0001, 5555 0503 6000 0080) and eftpos only
        40000503,EFTPOS|VISA,AU,debit
        55550503,EFTPOS|MASTERCARD,AU,debit
        62800003,EFTPOS,AU,debit
        # Adyen: Visa + Cartes Bancaires (4035 5014 2814 6300); 4035 5010… is Visa only
        40355014,VISA|CARTES_BANCAIRES,FR,
        40355010,VISA,FR,
        # Adyen, Cybersource: labelled Cartes Bancaires only, but in Visa's range, so Visa too
        43600000,CARTES_BANCAIRES|VISA,FR,
        # Worldpay: Cartes Bancaires in Visa's range
        41505809,CARTES_BANCAIRES|VISA,FR,
        # Adyen: Bancontact co-badges
        48710499,BANCONTACT|VISA,BE,debit
        51278809,BANCONTACT|MASTERCARD,BE,debit
        67034444,BANCONTACT|MAESTRO,BE,debit
        # Adyen: Visa/Dankort (4571 0000 0000 0001) and Dankort only
        45710000,VISA|DANKORT,DK,debit
        50195555,DANKORT,DK,debit
        # Adyen labels 4687 3801 0001 0006 "Mastercard / eftpos", but 4 is Visa's range
        46873801,VISA|EFTPOS,AU,debit
        # Cybersource: 18-digit eftpos card in Visa's range
        40179500,EFTPOS|VISA,AU,debit
        # Adyen: US debit cards; their PIN networks (Accel, Star, Maestro USA, Pulse, NYCE) are not card-form networks
        44000020,VISA,US,debit
        40000330,VISA,US,debit
        50025100,MASTERCARD,US,debit
        54133300,MASTERCARD,US,debit
        60116099,DISCOVER,US,debit
        64456450,DISCOVER,US,debit
        # Adyen labels 3566 1111 1111 1113 "JCB / Mastercard", but 3566 is JCB's range only
        35661111,JCB,,
        """
}
