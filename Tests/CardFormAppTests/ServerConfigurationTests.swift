import CardEngine
import Foundation
import Testing
@testable import CardFormApp

@Suite struct ServerConfigurationTests {
    func write(_ json: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "cardform-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(arguments: [
        ("port", "CARDFORM_PORT"), ("secretKey", "CARDFORM_SECRET_KEY"), ("tls.cert", "CARDFORM_TLS_CERT"),
        ("webhook.url", "CARDFORM_WEBHOOK_URL"), ("sessionTTLSeconds", "CARDFORM_SESSION_TTL_SECONDS"),
        ("beforePaymentCreate.timeoutMs", "CARDFORM_BEFORE_PAYMENT_CREATE_TIMEOUT_MS"), ("binTable", "CARDFORM_BIN_TABLE"),
    ])
    func environmentVariablesAreUpperSnakeCaseWithThePrefix(key: String, name: String) {
        #expect(ServerConfiguration.environmentName(of: key) == name)
    }

    @Test func theFileThenTheEnvironmentThenFlagsEachOverrideTheOneBefore() throws {
        let file = try write(#"{"port": 9000, "host": "0.0.0.0", "sessionTTLSeconds": 60, "tls": {"cert": "c.pem"}}"#)
        let config = try ServerConfiguration.load(
            file: file, environment: ["CARDFORM_PORT": "9100", "CARDFORM_SESSION_TTL_SECONDS": "120"],
            flags: ["port": .string("9200")]
        )
        #expect(config.port == 9200)
        #expect(config.sessionTTLSeconds == 120)
        #expect(config.host == "0.0.0.0")
        #expect(config.tlsCert == "c.pem")
    }

    @Test func aBadValueNamesItsKeyAndWhereItCameFrom() throws {
        let file = try write(#"{"webhook": {"url": "ftp://x"}}"#)
        #expect(throws: ServerConfigurationError(key: "webhook.url", problem: "must be an http(s) URL", source: file.path)) {
            try ServerConfiguration.load(file: file, environment: [:], flags: [:])
        }
        #expect(throws: ServerConfigurationError(key: "port", problem: "must be between 0 and 65535", source: "environment CARDFORM_PORT")) {
            try ServerConfiguration.load(file: nil, environment: ["CARDFORM_PORT": "70000"], flags: [:])
        }
        #expect(throws: ServerConfigurationError(key: "secretKey", problem: "must be at least 16 characters", source: "environment CARDFORM_SECRET_KEY")) {
            try ServerConfiguration.load(file: nil, environment: ["CARDFORM_SECRET_KEY": "short"], flags: [:])
        }
    }

    @Test(arguments: [
        (#"{"port": 9000, "port": 9100}"#, #"not valid JSON: repeated key "port" at byte 21"#),
        (#"{"port": 9000,}"#, "not valid JSON: expected a key at byte 14"),
        ("[9000]", "not a JSON object"),
    ])
    func aFileThatIsNotOneJSONObjectSaysWhyAndWhere(json: String, problem: String) throws {
        let file = try write(json)
        #expect(throws: ServerConfigurationError(key: "config", problem: problem, source: file.path)) {
            try ServerConfiguration.load(file: file, environment: [:], flags: [:])
        }
    }

    @Test func aFileSavedWithAByteOrderMarkIsRead() throws {
        let file = try write("\u{FEFF}" + #"{"port": 9000}"#)
        #expect(try ServerConfiguration.load(file: file, environment: [:], flags: [:]).port == 9000)
    }

    @Test(arguments: [("9000", 9000), ("9000.0", 9000), ("9e3", 9000), ("-0", 0)])
    func aWholeNumberInTheFileMayBeWrittenAnyWayJSONWritesIt(literal: String, port: Int) throws {
        let file = try write(#"{"port": \#(literal)}"#)
        #expect(try ServerConfiguration.load(file: file, environment: [:], flags: [:]).port == port)
    }

    @Test(arguments: ["9000.5", "1e400", "true", "[9000]"])
    func aPortThatIsNotAWholeNumberIsRefused(literal: String) throws {
        let file = try write(#"{"port": \#(literal)}"#)
        #expect(throws: ServerConfigurationError(key: "port", problem: "must be a whole number", source: file.path)) {
            try ServerConfiguration.load(file: file, environment: [:], flags: [:])
        }
    }

    @Test(arguments: [
        ("processor.kind", "paypal", #"must be "sandbox" or "http""#),
        ("cardholderName.rules", "strict", #"must be "default" or "pxp""#),
    ])
    func aWordOutsideAClosedSetIsRefusedWithTheList(key: String, word: String, problem: String) {
        let name = ServerConfiguration.environmentName(of: key)
        #expect(throws: ServerConfigurationError(key: key, problem: problem, source: "environment \(name)")) {
            try ServerConfiguration.load(file: nil, environment: [name: word], flags: [:])
        }
    }

    @Test func aWordOfAClosedSetIsTaken() throws {
        let config = try ServerConfiguration.load(
            file: nil, environment: ["CARDFORM_PROCESSOR_KIND": "http", "CARDFORM_CARDHOLDER_NAME_RULES": "pxp"], flags: [:])
        #expect(config.processorKind == .http)
        #expect(config.cardholderNameRules == .pxp)
    }

    @Test func anUnknownKeyInTheFileStopsTheStartAndNamesTheClosestSetting() throws {
        let file = try write(#"{"sessionTTLSecond": 60, "processor": {"kind": "http", "url": "http://127.0.0.1:9/pay"}}"#)
        #expect(throws: ServerConfigurationError(
            key: "sessionTTLSecond", problem: "no such setting (did you mean 'sessionTTLSeconds'?)", source: file.path
        )) { try ServerConfiguration.load(file: file, environment: [:], flags: [:]) }
    }

    @Test func anUnknownNestedKeyIsNamedByItsPathAndOneFarFromAnySettingGetsNoGuess() throws {
        let file = try write(#"{"tls": {"certificate": "c.pem"}, "port": 9000}"#)
        #expect(throws: ServerConfigurationError(key: "tls.certificate", problem: "no such setting", source: file.path)) {
            try ServerConfiguration.load(file: file, environment: [:], flags: [:])
        }
    }

    @Test func anUnknownCardformVariableStopsTheStartAndNamesTheClosestSetting() throws {
        #expect(throws: ServerConfigurationError(
            key: "CARDFORM_SESSION_TTL_SECOND", problem: "no such setting (did you mean 'CARDFORM_SESSION_TTL_SECONDS'?)",
            source: "environment"
        )) { try ServerConfiguration.load(file: nil, environment: ["CARDFORM_SESSION_TTL_SECOND": "60"], flags: [:]) }
        #expect(throws: ServerConfigurationError(key: "CARDFORM_TLS_CERTIFICATE_FILE", problem: "no such setting", source: "environment")) {
            try ServerConfiguration.load(file: nil, environment: ["CARDFORM_TLS_CERTIFICATE_FILE": "c.pem"], flags: [:])
        }
    }

    @Test func theRepositoryScriptsVariablesAndOtherNamesAreLeftAlone() throws {
        var environment = ["PATH": "/usr/bin", "CARDFORMX": "1", "CARDFORM_SECRET_KEY": "k-0123456789abcdef0123456789abcdef"]
        for name in ServerConfiguration.toolVariables { environment[name] = "1" }
        let config = try ServerConfiguration.load(file: nil, environment: environment, flags: [:])
        #expect(config.secretKey == environment["CARDFORM_SECRET_KEY"])
    }

    @Test func defaultsStayAJSONObjectForTheEngine() throws {
        let file = try write(#"{"defaults": {"currency": "EUR", "fields": {"cvv": {"label": "CVC"}}}}"#)
        let config = try ServerConfiguration.load(file: file, environment: [:], flags: [:])
        #expect(config.defaults.map(JSONValue.object) == ["currency": "EUR", "fields": ["cvv": ["label": "CVC"]]])
    }

    @Test func defaultsThatAreNotSessionOptionsStopTheServerAtStart() throws {
        let config = try ServerConfiguration.load(
            file: nil, environment: ["CARDFORM_DEFAULTS": #"{"amount": "ten"}"#], flags: [:])
        let problem = "invalid-type at amount: Expected a whole number of minor units, found a string."
        #expect(throws: ServerConfigurationError(key: "defaults", problem: problem, source: "configuration")) {
            try AppContext(configuration: config, resources: LeafRenderingTests.defaults, logger: .silent)
        }
    }

    @Test func defaultsInTheEnvironmentAreJSONTextOfAnObject() throws {
        let config = try ServerConfiguration.load(
            file: nil, environment: ["CARDFORM_DEFAULTS": #"{"currency": "EUR"}"#], flags: [:])
        #expect(config.defaults.map(JSONValue.object) == ["currency": "EUR"])
        #expect(throws: ServerConfigurationError(key: "defaults", problem: "must be a JSON object", source: "environment CARDFORM_DEFAULTS")) {
            try ServerConfiguration.load(file: nil, environment: ["CARDFORM_DEFAULTS": #"["EUR"]"#], flags: [:])
        }
    }
}
