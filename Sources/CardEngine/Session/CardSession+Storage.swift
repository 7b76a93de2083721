/// The session's changing state as compact JSON, for a store that keeps sessions outside the
/// process (the app's Redis store writes it on every keystroke, so it is written and read by hand,
/// with the engine's own JSON reader and writer, rather than through `Codable`).
///
/// The configuration is not part of it: it never changes after creation, and the store keeps it
/// beside the state (`Codable`), reading it once per session. Empty values and absent optionals
/// are left out.
extension CardSession {
    /// The state (everything but `id` and `configuration`) as a JSON object.
    public var storageJSON: JSONValue {
        var object = JSONObject()
        object["phase"] = Self.storage(phase)
        if locale != configuration.locale { object["locale"] = .string(locale) }
        object["focus"] = focusedField.map { .string($0.rawValue) }
        var typed = JSONObject()
        for field in FieldType.allCases where !values[field].isEmpty { typed[field.rawValue] = .string(values[field]) }
        object["values"] = .object(typed)
        if !errors.isEmpty { object["errors"] = .array(errors.map(Self.storage)) }
        object["valid"] = .integer(Int(validFields.bits))
        object["touched"] = .integer(Int(touchedFields.bits))
        object["networks"] = Self.storage(networks)
        if let pick { object["pick"] = .object(JSONObject([("network", .string(pick.network.rawValue)), ("bin", .string(pick.bin))])) }
        if let remoteBIN {
            object["remoteBIN"] = .object(JSONObject([("bin", .string(remoteBIN.bin)), ("record", remoteBIN.record.map(Self.storage) ?? .null)]))
        }
        return .object(object)
    }

    /// A session as `storageJSON` described it, under `id` with `configuration`.
    public init(id: String, configuration: SessionConfiguration, storageJSON json: JSONValue) throws(StorageError) {
        self.id = id
        configurationBox = ConfigurationBox(configuration)
        let object = try StorageReader.object(json)
        locale = try object["locale"].map { value throws(StorageError) in try StorageReader.string(value) } ?? configuration.locale
        phase = try Self.phase(try StorageReader.object(object["phase"]))
        focusedField = try object["focus"].flatMap { value throws(StorageError) in try StorageReader.field(value) }
        for (name, value) in try StorageReader.object(object["values"]).members {
            values[try StorageReader.field(.string(name))] = try StorageReader.string(value)
        }
        errors = try (object["errors"]?.arrayValue ?? []).map { value throws(StorageError) in try Self.fieldError(value) }
        let (valid, touched) = (try StorageReader.int(object["valid"]), try StorageReader.int(object["touched"]))
        for field in FieldType.allCases {
            validFields.set(field, valid & Int(FieldSet.bit(field)) != 0)
            touchedFields.set(field, touched & Int(FieldSet.bit(field)) != 0)
        }
        networks = try Self.networkState(try StorageReader.object(object["networks"]))
        if let value = object["pick"] {
            let pick = try StorageReader.object(value)
            self.pick = NetworkPick(network: try StorageReader.network(pick["network"]), bin: try StorageReader.string(pick["bin"]))
        }
        if let value = object["remoteBIN"] {
            let remote = try StorageReader.object(value)
            remoteBIN = RemoteBIN(bin: try StorageReader.string(remote["bin"]), record: try Self.binRecord(remote["record"]))
        }
    }

    private static func storage(_ phase: SessionPhase) -> JSONValue {
        var object = JSONObject([("name", .string(phase.name.rawValue))])
        object["result"] = phase.payment.map(storage)
        object["mask"] = phase.maskedCard.map { .string($0) }
        return .object(object)
    }

    private static func phase(_ object: JSONObject) throws(StorageError) -> SessionPhase {
        let result = try object["result"].map { value throws(StorageError) in try paymentResult(value) }
        let mask = try object["mask"].map { value throws(StorageError) in try StorageReader.string(value) }
        switch object["name"]?.stringValue.flatMap(SessionPhase.Name.init(rawValue:)) {
        case .ready: return .ready
        case .processing: return .processing
        case .succeeded?: if let result, let mask { return .succeeded(result, maskedCard: mask) }
        case .failed?: if let result { return .failed(result) }
        case .cancelled?: if let mask { return .cancelled(maskedCard: mask, lastAttempt: result) }
        case .expired?: if let mask { return .expired(maskedCard: mask, lastAttempt: result) }
        case nil: break
        }
        throw StorageError("phase")
    }

    private static func storage(_ result: PaymentResult) -> JSONValue {
        var object = JSONObject([("status", .string(result.status.rawValue))])
        object["id"] = result.id.map { .string($0) }
        object["declineCode"] = result.declineCode.map { .string($0) }
        object["message"] = result.message.map { .string($0) }
        return .object(object)
    }

    private static func paymentResult(_ value: JSONValue) throws(StorageError) -> PaymentResult {
        let object = try StorageReader.object(value)
        guard let status = object["status"]?.stringValue.flatMap(PaymentResult.Status.init(rawValue:)) else { throw StorageError("status") }
        return PaymentResult(
            status: status, id: object["id"]?.stringValue, declineCode: object["declineCode"]?.stringValue, message: object["message"]?.stringValue)
    }

    private static func storage(_ error: FieldError) -> JSONValue {
        var object = JSONObject([("field", .string(error.field.rawValue)), ("code", .string(error.issue.code))])
        if !error.issue.aliases.isEmpty { object["aliases"] = .array(error.issue.aliases.map { .string($0) }) }
        object["key"] = error.issue.messageKey.map { .string($0) }
        if !error.issue.parameters.isEmpty {
            object["parameters"] = .object(JSONObject(error.issue.parameters.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
        }
        return .object(object)
    }

    private static func fieldError(_ value: JSONValue) throws(StorageError) -> FieldError {
        let object = try StorageReader.object(value)
        var parameters: [String: String] = [:]
        for (key, value) in object["parameters"]?.objectValue?.members ?? [] { parameters[key] = try StorageReader.string(value) }
        let issue = ValidationIssue(
            code: try StorageReader.string(object["code"]),
            aliases: try (object["aliases"]?.arrayValue ?? []).map { value throws(StorageError) in try StorageReader.string(value) },
            messageKey: object["key"]?.stringValue, parameters: parameters)
        return FieldError(field: try StorageReader.field(object["field"] ?? .null), issue: issue)
    }

    private static func storage(_ state: NetworkState) -> JSONValue {
        let list = { (networks: [CardNetwork]) in JSONValue.array(networks.map { .string($0.rawValue) }) }
        var object = JSONObject([
            ("bin", .string(state.bin)), ("digits", .integer(state.digitCount)), ("local", .bool(state.foundLocally)),
            ("detected", list(state.detected)), ("possible", list(state.possible)), ("available", list(state.available)),
        ])
        object["record"] = state.record.map(storage)
        object["preferred"] = state.preferred.map { .string($0.rawValue) }
        object["selected"] = state.selected.map { .string($0.rawValue) }
        return .object(object)
    }

    private static func networkState(_ object: JSONObject) throws(StorageError) -> NetworkState {
        var state = NetworkState()
        state.bin = try StorageReader.string(object["bin"])
        state.digitCount = try StorageReader.int(object["digits"])
        state.foundLocally = object["local"]?.boolValue ?? false
        state.record = try binRecord(object["record"])
        state.detected = try StorageReader.networks(object["detected"])
        state.possible = try StorageReader.networks(object["possible"])
        state.available = try StorageReader.networks(object["available"])
        state.preferred = try object["preferred"].map { value throws(StorageError) in try StorageReader.network(value) }
        state.selected = try object["selected"].map { value throws(StorageError) in try StorageReader.network(value) }
        return state
    }

    private static func storage(_ record: BINRecord) -> JSONValue {
        var object = JSONObject([("bin", .string(record.bin)), ("networks", .array(record.networks.map { .string($0.rawValue) }))])
        object["country"] = record.issuerCountry.map { .string($0) }
        object["funding"] = record.fundingType.map { .string($0.rawValue) }
        return .object(object)
    }

    private static func binRecord(_ value: JSONValue?) throws(StorageError) -> BINRecord? {
        guard let value, value != .null else { return nil }
        let object = try StorageReader.object(value)
        return BINRecord(
            bin: try StorageReader.string(object["bin"]), networks: try StorageReader.networks(object["networks"]),
            issuerCountry: object["country"]?.stringValue, fundingType: object["funding"]?.stringValue.flatMap(FundingType.init(rawValue:)))
    }
}

/// A stored session that does not read back: written by another build, or altered.
public struct StorageError: Error, Hashable, Sendable {
    /// What could not be read.
    public var what: String
    public init(_ what: String) { self.what = what }
}

/// Typed reads of stored JSON, each failing with what it expected (the app reads its own parts of
/// a stored record with them too).
public enum StorageReader {
    /// The object, or a failure.
    public static func object(_ value: JSONValue?) throws(StorageError) -> JSONObject {
        guard let object = value?.objectValue else { throw StorageError("object") }
        return object
    }

    /// The string, or a failure.
    public static func string(_ value: JSONValue?) throws(StorageError) -> String {
        guard let text = value?.stringValue else { throw StorageError("string") }
        return text
    }

    /// The whole number, or a failure.
    public static func int(_ value: JSONValue?) throws(StorageError) -> Int {
        guard let number = value?.intValue else { throw StorageError("integer") }
        return number
    }

    /// The field named by the string, or a failure.
    public static func field(_ value: JSONValue) throws(StorageError) -> FieldType {
        guard let field = value.stringValue.flatMap(FieldType.init(rawValue:)) else { throw StorageError("field") }
        return field
    }

    /// The network named by the string, or a failure.
    public static func network(_ value: JSONValue?) throws(StorageError) -> CardNetwork {
        guard let network = value?.stringValue.flatMap(CardNetwork.init(rawValue:)) else { throw StorageError("network") }
        return network
    }

    /// The networks an array of names lists, or a failure.
    public static func networks(_ value: JSONValue?) throws(StorageError) -> [CardNetwork] {
        guard let elements = value?.arrayValue else { throw StorageError("networks") }
        return try elements.map { element throws(StorageError) in try network(element) }
    }
}
