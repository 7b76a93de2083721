extension CardSession {
    /// About how many bytes this session holds on its own: the struct itself plus its own heap
    /// allocations (strings over 15 UTF-8 bytes, arrays, dictionaries). Shared data — the BIN
    /// table, the catalogs, the country list — is not counted. For the app's store accounting
    /// and the ≤ 2 KB budget; an estimate, not a measurement of the allocator.
    public var estimatedByteCount: Int {
        var total = MemoryLayout<CardSession>.size + Self.heap(id)
        for field in FieldType.allCases { total += Self.heap(values[field]) }
        if !errors.isEmpty {
            total += Self.arrayHeader + errors.count * MemoryLayout<FieldError>.stride
            for error in errors { total += Self.heap(error.issue) }
        }
        total += Self.heap(networks.detected) + Self.heap(networks.available)
        total += networks.record.map { Self.heap($0.networks) } ?? 0
        total += remoteBIN?.record.map { Self.heap($0.networks) } ?? 0
        total += payment.map { Self.heap($0.id ?? "") + Self.heap($0.declineCode ?? "") + Self.heap($0.message ?? "") } ?? 0
        total += Self.heap(phase.maskedCard ?? "")
        // The configuration's own object (`ConfigurationBox`): a 16-byte header, the struct and
        // its two field sets.
        return total + 16 + MemoryLayout<SessionConfiguration>.size + 2 * MemoryLayout<FieldSet>.stride + Self.heap(configuration)
    }

    static let arrayHeader = 32

    static func heap(_ string: String) -> Int {
        let count = string.utf8.count
        return count > 15 ? Self.arrayHeader + count : 0
    }

    static func heap<Element>(_ array: [Element]) -> Int {
        array.isEmpty ? 0 : arrayHeader + array.count * MemoryLayout<Element>.stride
    }

    static func heap(_ issue: ValidationIssue) -> Int {
        var total = heap(issue.code) + heap(issue.messageKey ?? "")
        total += issue.aliases.reduce(heap(issue.aliases)) { $0 + heap($1) }
        if !issue.parameters.isEmpty {
            total += 48 + issue.parameters.count * 2 * MemoryLayout<String>.stride
            for (key, value) in issue.parameters { total += heap(key) + heap(value) }
        }
        return total
    }

    static func heap(_ configuration: SessionConfiguration) -> Int {
        var total = heap(configuration.cardFields) + heap(configuration.billingFields)
        total += heap(configuration.orderedAllowedCardNetworks) + heap(configuration.locale)
        total += heap(configuration.currency ?? "") + heap(configuration.customerId ?? "")
        total += configuration.allowedOrigins.reduce(heap(configuration.allowedOrigins)) { $0 + heap($1) }
        if !configuration.surcharges.isEmpty { total += 48 + configuration.surcharges.count * 2 * 9 }
        if !configuration.fields.isEmpty {
            total += 48 + configuration.fields.count * (1 + MemoryLayout<FieldOptions>.stride)
            for options in configuration.fields.values {
                let texts = [options.label, options.placeholder, options.guideText, options.defaultValue]
                total += texts.reduce(0) { $0 + heap($1 ?? "") }
                total += options.messages.reduce(options.messages.isEmpty ? 0 : 48) { $0 + 32 + heap($1.key) + heap($1.value) }
            }
        }
        if !configuration.appearance.isEmpty { total += JSONValue.object(configuration.appearance).serialized.utf8.count * 2 }
        if let metadata = configuration.metadata { total += metadata.serialized.utf8.count * 2 }
        return total
    }
}
