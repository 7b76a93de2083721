import CardEngine
import CardFormSupport
import Foundation

/// Everything the server is configured with (CONTRACT §6): from a JSON file, then `CARDFORM_*`
/// environment variables, then command-line flags — each source overriding the one before.
struct ServerConfiguration: Sendable, Equatable {
    var port = 8080
    var host = "127.0.0.1"
    var secretKey: String?
    var templates: String?
    var publicDirectory: String?
    var sessionTTLSeconds = 1_800
    /// A session expires this long after its creation however active it is (never mid-payment).
    var sessionMaxLifetimeSeconds = 3_600
    var tlsCert: String?
    var tlsKey: String?
    var processorKind = ProcessorKind.sandbox
    var processorURL: URL?
    var processorSecret: String?
    var processorDelayMs = 300
    var webhookURL: URL?
    var webhookSecret: String?
    var beforePaymentCreateURL: URL?
    var beforePaymentCreateTimeoutMs = 3_000
    var binTable: String?
    /// Session options applied when a session does not set them: the JSON object as read, decoded by
    /// the engine like a `POST /api/sessions` body.
    var defaults: JSONObject?
    /// `cardholderName.rules`: the name rules of sessions that set none (`defaults` may also say).
    var cardholderNameRules: CardholderNameRules?
    var maxSessions = 100_000
    /// `store.url`, `store.key`, `dataDir` (Store/StoreConfiguration.swift).
    var store = StoreConfiguration()
    /// A whole request must arrive within this long (`limits.requestTimeoutMs`).
    var requestTimeoutMs = 10_000
    /// Open connections per client address (`limits.connectionsPerAddress`).
    var connectionsPerAddress = 64
    var dev = false

    enum ProcessorKind: String, CaseIterable, Sendable, Equatable { case sandbox, http }
}

/// A configuration value that cannot be used, naming the key (exit 2).
struct ServerConfigurationError: Error, Equatable, CustomStringConvertible {
    var key: String
    var problem: String
    var source: String

    var description: String { "\(source): \(key): \(problem)" }
}

extension ServerConfiguration {
    /// How long sessions live (idle time, maximum lifetime, an hour readable once retired).
    var sessionLifetime: SessionLifetime {
        SessionLifetime(idle: .seconds(sessionTTLSeconds), maximum: .seconds(sessionMaxLifetimeSeconds))
    }

    /// The keys a file or the environment may set, with how to apply each.
    static let keys: [String: @Sendable (inout ServerConfiguration, ConfigValue) throws(ConfigValue.Problem) -> Void] = [
        "port": { config, value throws(ConfigValue.Problem) in config.port = try value.integer(in: 0...65_535) },
        "host": { config, value throws(ConfigValue.Problem) in config.host = try value.nonEmptyString() },
        "secretKey": { config, value throws(ConfigValue.Problem) in config.secretKey = try value.secret() },
        "templates": { config, value throws(ConfigValue.Problem) in config.templates = try value.nonEmptyString() },
        "public": { config, value throws(ConfigValue.Problem) in config.publicDirectory = try value.nonEmptyString() },
        "sessionTTLSeconds": { config, value throws(ConfigValue.Problem) in config.sessionTTLSeconds = try value.integer(in: 30...86_400) },
        "sessionMaxLifetimeSeconds": { config, value throws(ConfigValue.Problem) in
            config.sessionMaxLifetimeSeconds = try value.integer(in: 60...604_800)
        },
        "tls.cert": { config, value throws(ConfigValue.Problem) in config.tlsCert = try value.nonEmptyString() },
        "tls.key": { config, value throws(ConfigValue.Problem) in config.tlsKey = try value.nonEmptyString() },
        "processor.kind": { config, value throws(ConfigValue.Problem) in config.processorKind = try value.choice() },
        "processor.url": { config, value throws(ConfigValue.Problem) in config.processorURL = try value.httpURL() },
        "processor.secret": { config, value throws(ConfigValue.Problem) in config.processorSecret = try value.secret() },
        "processor.delayMs": { config, value throws(ConfigValue.Problem) in config.processorDelayMs = try value.integer(in: 0...60_000) },
        "webhook.url": { config, value throws(ConfigValue.Problem) in config.webhookURL = try value.httpURL() },
        "webhook.secret": { config, value throws(ConfigValue.Problem) in config.webhookSecret = try value.secret() },
        "beforePaymentCreate.url": { config, value throws(ConfigValue.Problem) in config.beforePaymentCreateURL = try value.httpURL() },
        "beforePaymentCreate.timeoutMs": { config, value throws(ConfigValue.Problem) in
            config.beforePaymentCreateTimeoutMs = try value.integer(in: 1...60_000)
        },
        "binTable": { config, value throws(ConfigValue.Problem) in config.binTable = try value.nonEmptyString() },
        "defaults": { config, value throws(ConfigValue.Problem) in config.defaults = try value.jsonObject() },
        "cardholderName.rules": { config, value throws(ConfigValue.Problem) in config.cardholderNameRules = try value.choice() },
        "maxSessions": { config, value throws(ConfigValue.Problem) in config.maxSessions = try value.integer(in: 1...10_000_000) },
        "store.url": { config, value throws(ConfigValue.Problem) in try StoreConfiguration.keys["store.url"]!(&config.store, value) },
        "store.key": { config, value throws(ConfigValue.Problem) in try StoreConfiguration.keys["store.key"]!(&config.store, value) },
        "dataDir": { config, value throws(ConfigValue.Problem) in try StoreConfiguration.keys["dataDir"]!(&config.store, value) },
        "limits.requestTimeoutMs": { config, value throws(ConfigValue.Problem) in
            config.requestTimeoutMs = try value.integer(in: 100...600_000)
        },
        "limits.connectionsPerAddress": { config, value throws(ConfigValue.Problem) in
            config.connectionsPerAddress = try value.integer(in: 1...100_000)
        },
    ]

    /// `tls.cert` → `CARDFORM_TLS_CERT`, `beforePaymentCreate.timeoutMs` → `CARDFORM_BEFORE_PAYMENT_CREATE_TIMEOUT_MS`.
    static func environmentName(of key: String) -> String {
        let characters = Array(key)
        var name = "CARDFORM_"
        for (index, character) in characters.enumerated() {
            if character == "." { name += "_"; continue }
            let previous = index > 0 ? characters[index - 1] : "."
            let next = index + 1 < characters.count ? characters[index + 1] : "."
            // A word starts at an upper-case letter after a lower-case one, or at the last capital of
            // an acronym followed by lower case ("sessionTTLSeconds" → SESSION_TTL_SECONDS).
            let startsWord = character.isUppercase && previous != "."
                && (previous.isLowercase || (previous.isUppercase && next.isLowercase))
            name += (startsWord ? "_" : "") + character.uppercased()
        }
        return name
    }

    /// `CARDFORM_*` names that are not settings but belong to this repository's own scripts (browser
    /// tests, benchmarks, data generators), which may start the server from the same shell.
    static let toolVariables: Set<String> = [
        "CARDFORM_CHROMIUM", "CARDFORM_CHROMEDRIVER", "CARDFORM_BROWSER_TIMEOUT", "CARDFORM_TOKEN",
        "CARDFORM_BENCH_SETUP", "CARDFORM_ICONS_VENV", "CARDFORM_PHONENUMBERS_VENV", "CARDFORM_I18N_VENV",
    ]

    /// Loads the file (if any), then the environment, then the flags. A key the file names, or a
    /// `CARDFORM_*` variable, that no setting has stops the start: a misspelt `sessionTTLSecond` or
    /// `CARDFORM_SESSION_TTL_SECOND` would otherwise leave the default in force while the operator
    /// believes it changed.
    static func load(
        file: URL?, environment: [String: String], flags: [String: ConfigValue]
    ) throws(ServerConfigurationError) -> ServerConfiguration {
        var config = ServerConfiguration()
        if let file {
            let source = file.path
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw ServerConfigurationError(key: "config", problem: "cannot read the file", source: source)
            }
            // A byte order mark is let through: the file is one an editor saved, not a request body.
            let root: ConfigValue
            do { root = try ConfigValue.parse(Array(data), allowingByteOrderMark: true) } catch {
                let problem = "not valid JSON: \(error.message) at byte \(error.offset)"
                throw ServerConfigurationError(key: "config", problem: problem, source: source)
            }
            guard case .object(let object) = root else {
                throw ServerConfigurationError(key: "config", problem: "not a JSON object", source: source)
            }
            for (key, value) in flatten(object) {
                guard let apply = keys[key] else {
                    let problem = "no such setting" + NameSuggestion.hint(for: key, among: keys.keys)
                    throw ServerConfigurationError(key: key, problem: problem, source: source)
                }
                do { try apply(&config, value) } catch { throw ServerConfigurationError(key: key, problem: error.message, source: source) }
            }
        }
        let settingNames = Dictionary(uniqueKeysWithValues: keys.keys.map { (environmentName(of: $0), $0) })
        for name in environment.keys.sorted() where name.hasPrefix("CARDFORM_") {
            guard let key = settingNames[name] else {
                if toolVariables.contains(name) { continue }
                let problem = "no such setting" + NameSuggestion.hint(for: name, among: settingNames.keys)
                throw ServerConfigurationError(key: name, problem: problem, source: "environment")
            }
            do { try keys[key]!(&config, .string(environment[name]!)) } catch {
                throw ServerConfigurationError(key: key, problem: error.message, source: "environment \(name)")
            }
        }
        for key in flags.keys.sorted() {
            guard let apply = keys[key] else { continue }
            do { try apply(&config, flags[key]!) } catch {
                throw ServerConfigurationError(key: key, problem: error.message, source: "--\(key)")
            }
        }
        return config
    }

    /// `{"tls": {"cert": …}}` → `tls.cert`; `defaults` stays one value (it is a session-options object).
    private static func flatten(_ object: JSONObject, prefix: String = "") -> [(String, ConfigValue)] {
        var result: [(String, ConfigValue)] = []
        for (key, value) in object.members.sorted(by: { $0.key < $1.key }) {
            let path = prefix + key
            if path != "defaults", case .object(let nested) = value {
                result += flatten(nested, prefix: path + ".")
            } else {
                result.append((path, value))
            }
        }
        return result
    }
}
