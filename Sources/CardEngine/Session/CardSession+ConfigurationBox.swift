extension CardSession {
    /// The session's configuration behind one reference. It changes only when the merchant
    /// reconfigures the session, while the session itself is copied on every keystroke (into the
    /// view a page is rendered from, into a store's record): held inline, each copy would retain
    /// and later release every list and string of the configuration, a dozen or so.
    @usableFromInline
    final class ConfigurationBox: Hashable, Sendable {
        @usableFromInline let value: SessionConfiguration

        init(_ value: SessionConfiguration) { self.value = value }

        @usableFromInline
        static func == (lhs: ConfigurationBox, rhs: ConfigurationBox) -> Bool { lhs === rhs || lhs.value == rhs.value }

        /// Hashes as the configuration does, so a session hashes as it would with the configuration inline.
        @usableFromInline
        func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
    }
}
