/// The session's changing state in `ByteWriter`'s binary form: what the app's Redis store writes on
/// every keystroke (its format 2), about ten times cheaper to write and read than `storageJSON`
/// (format 1, still read). Like `storageJSON` it leaves out `id` and `configuration`, and it names
/// fields, networks and codes by their strings, so a build that adds one still reads older records.
extension CardSession {
    /// Appends the state (everything but `id` and `configuration`).
    public func writeStorage(to writer: inout ByteWriter) {
        Self.write(phase: phase, to: &writer)
        writer.optional(locale == configuration.locale ? nil : locale) { $0.string($1) }
        writer.optional(focusedField) { $0.string($1.rawValue) }
        writer.list(FieldType.allCases.filter { !values[$0].isEmpty }) { writer, field in
            writer.string(field.rawValue)
            writer.string(values[field])
        }
        writer.list(errors) { Self.write(error: $1, to: &$0) }
        writer.unsigned(UInt64(validFields.bits))
        writer.unsigned(UInt64(touchedFields.bits))
        Self.write(networks: networks, to: &writer)
        writer.optional(pick) { writer, pick in
            writer.string(pick.network.rawValue)
            writer.string(pick.bin)
        }
        writer.optional(remoteBIN) { writer, remote in
            writer.string(remote.bin)
            writer.optional(remote.record) { Self.write(record: $1, to: &$0) }
        }
    }

    /// A session as `writeStorage` wrote it, under `id` with `configuration`.
    public init(id: String, configuration: SessionConfiguration, storage reader: inout ByteReader) throws(StorageError) {
        self.id = id
        configurationBox = ConfigurationBox(configuration)
        phase = try Self.phase(&reader)
        locale = try reader.optional { reader throws(StorageError) in try reader.string() } ?? configuration.locale
        focusedField = try reader.optional { reader throws(StorageError) in try reader.named(FieldType.self, "field") }
        for _ in 0..<(try reader.count()) {
            let field = try reader.named(FieldType.self, "field")
            values[field] = try reader.string()
        }
        errors = try reader.list(Self.fieldError)
        let (valid, touched) = (try reader.unsigned(), try reader.unsigned())
        for field in FieldType.allCases {
            validFields.set(field, valid & UInt64(FieldSet.bit(field)) != 0)
            touchedFields.set(field, touched & UInt64(FieldSet.bit(field)) != 0)
        }
        networks = try Self.networkState(&reader)
        pick = try reader.optional { reader throws(StorageError) in
            NetworkPick(network: try reader.named(CardNetwork.self, "network"), bin: try reader.string())
        }
        remoteBIN = try reader.optional { reader throws(StorageError) in
            RemoteBIN(bin: try reader.string(), record: try reader.optional(Self.binRecord))
        }
    }

    private static func write(phase: SessionPhase, to writer: inout ByteWriter) {
        writer.string(phase.name.rawValue)
        writer.optional(phase.payment) { write(result: $1, to: &$0) }
        writer.optional(phase.maskedCard) { $0.string($1) }
    }

    private static func phase(_ reader: inout ByteReader) throws(StorageError) -> SessionPhase {
        let name = try reader.named(SessionPhase.Name.self, "phase")
        let result = try reader.optional(paymentResult)
        let mask = try reader.optional { reader throws(StorageError) in try reader.string() }
        switch name {
        case .ready: return .ready
        case .processing: return .processing
        case .succeeded: if let result, let mask { return .succeeded(result, maskedCard: mask) }
        case .failed: if let result { return .failed(result) }
        case .cancelled: if let mask { return .cancelled(maskedCard: mask, lastAttempt: result) }
        case .expired: if let mask { return .expired(maskedCard: mask, lastAttempt: result) }
        }
        throw StorageError("phase")
    }

    private static func write(result: PaymentResult, to writer: inout ByteWriter) {
        writer.string(result.status.rawValue)
        for text in [result.id, result.declineCode, result.message] { writer.optional(text) { $0.string($1) } }
    }

    private static func paymentResult(_ reader: inout ByteReader) throws(StorageError) -> PaymentResult {
        let status = try reader.named(PaymentResult.Status.self, "status")
        var texts: [String?] = []
        for _ in 0..<3 { texts.append(try reader.optional { reader throws(StorageError) in try reader.string() }) }
        return PaymentResult(status: status, id: texts[0], declineCode: texts[1], message: texts[2])
    }

    private static func write(error: FieldError, to writer: inout ByteWriter) {
        writer.string(error.field.rawValue)
        writer.string(error.issue.code)
        writer.list(error.issue.aliases) { $0.string($1) }
        writer.optional(error.issue.messageKey) { $0.string($1) }
        writer.list(error.issue.parameters.sorted { $0.key < $1.key }) { writer, parameter in
            writer.string(parameter.key)
            writer.string(parameter.value)
        }
    }

    private static func fieldError(_ reader: inout ByteReader) throws(StorageError) -> FieldError {
        let field = try reader.named(FieldType.self, "field")
        let code = try reader.string()
        let aliases = try reader.list { reader throws(StorageError) in try reader.string() }
        let key = try reader.optional { reader throws(StorageError) in try reader.string() }
        var parameters: [String: String] = [:]
        for _ in 0..<(try reader.count()) { parameters[try reader.string()] = try reader.string() }
        return FieldError(field: field, issue: ValidationIssue(code: code, aliases: aliases, messageKey: key, parameters: parameters))
    }

    private static func write(networks state: NetworkState, to writer: inout ByteWriter) {
        writer.string(state.bin)
        writer.int(state.digitCount)
        writer.bool(state.foundLocally)
        writer.optional(state.record) { write(record: $1, to: &$0) }
        for list in [state.detected, state.possible, state.available] { writer.list(list) { $0.string($1.rawValue) } }
        writer.optional(state.preferred) { $0.string($1.rawValue) }
        writer.optional(state.selected) { $0.string($1.rawValue) }
    }

    private static func networkState(_ reader: inout ByteReader) throws(StorageError) -> NetworkState {
        var state = NetworkState()
        state.bin = try reader.string()
        state.digitCount = try reader.int()
        state.foundLocally = try reader.bool()
        state.record = try reader.optional(binRecord)
        state.detected = try reader.list(network)
        state.possible = try reader.list(network)
        state.available = try reader.list(network)
        state.preferred = try reader.optional(network)
        state.selected = try reader.optional(network)
        return state
    }

    private static func network(_ reader: inout ByteReader) throws(StorageError) -> CardNetwork {
        try reader.named(CardNetwork.self, "network")
    }

    private static func write(record: BINRecord, to writer: inout ByteWriter) {
        writer.string(record.bin)
        writer.list(record.networks) { $0.string($1.rawValue) }
        writer.optional(record.issuerCountry) { $0.string($1) }
        writer.optional(record.fundingType) { $0.string($1.rawValue) }
    }

    private static func binRecord(_ reader: inout ByteReader) throws(StorageError) -> BINRecord {
        BINRecord(
            bin: try reader.string(), networks: try reader.list(network),
            issuerCountry: try reader.optional { reader throws(StorageError) in try reader.string() },
            fundingType: try reader.optional { reader throws(StorageError) in try reader.named(FundingType.self, "funding") })
    }
}
