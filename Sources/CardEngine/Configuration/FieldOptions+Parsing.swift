extension ConfigurationReader {
    static let optionKeys = Set([
        "label", "placeholder", "guideText", "required", "autoCapitalise", "defaultValue", "validateOn", "messages",
        "disabled",
    ]).union(lookKeys)

    /// `fields`: an object keyed by field name, each value the field's options.
    func fieldOptions(_ value: JSONValue) throws(ConfigurationError) -> [FieldType: FieldOptions] {
        var result: [FieldType: FieldOptions] = [:]
        for (name, options) in try object(value, path: "fields", max: FieldType.allCases.count).members {
            guard let field = FieldType(rawValue: name) else {
                throw failure("unknown-field", "\"\(name)\" is not a field.", "fields.\(name)")
            }
            result[field] = try fieldOption(options, field: field, path: "fields.\(name)")
        }
        return result
    }

    private func fieldOption(_ value: JSONValue, field: FieldType, path: String) throws(ConfigurationError) -> FieldOptions {
        let object = try object(value, path: path, max: Self.optionKeys.count)
        try rejectUnknownKeys(object, allowed: Self.optionKeys, path: path)
        var options = FieldOptions()
        if let value = object["label"] { options.label = try string(value, path: "\(path).label", max: 200) }
        if let value = object["placeholder"] {
            options.placeholder = try string(value, path: "\(path).placeholder", max: 200)
        }
        if let value = object["guideText"] { options.guideText = try string(value, path: "\(path).guideText", max: 500) }
        if let value = object["required"] { options.required = try bool(value, path: "\(path).required") }
        if let value = object["autoCapitalise"] {
            options.autoCapitalise = try bool(value, path: "\(path).autoCapitalise")
        }
        if let value = object["defaultValue"] {
            options.defaultValue = try string(value, path: "\(path).defaultValue", max: 256)
        }
        if let value = object["validateOn"] {
            let name = try string(value, path: "\(path).validateOn", max: 10)
            guard let validateOn = ValidateOn(rawValue: name) else {
                throw failure("invalid-value", "validateOn is \"blur\", \"change\" or \"submit\".", "\(path).validateOn")
            }
            options.validateOn = validateOn
        }
        if let value = object["messages"] {
            for (code, message) in try self.object(value, path: "\(path).messages", max: 40).members {
                guard code.count <= 64 else { throw failure("too-long", "Codes are at most 64 characters.", "\(path).messages") }
                options.messages[code] = try string(message, path: "\(path).messages.\(code)", max: 300)
            }
        }
        if let value = object["disabled"] { options.disabled = try bool(value, path: "\(path).disabled") }
        options.look = try fieldLook(object, field: field, path: path)
        return options
    }
}
