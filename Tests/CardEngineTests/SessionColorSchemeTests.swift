import CardEngine
import Testing

/// `appearance.colorScheme` (CONTRACT §8): light unless asked, checked when the session is created,
/// and kept apart from the theme variables.
@Suite struct SessionColorSchemeTests {
    @Test(arguments: [
        (#"{}"#, ColorScheme.light), (#"{"appearance": {"colorScheme": "dark"}}"#, .dark),
        (#"{"appearance": {"colorScheme": "auto", "--cf-radius": "4px"}}"#, .auto), (#"{"appearance": {"colorScheme": "light"}}"#, .light),
    ])
    func theSchemeIsLightUnlessTheSessionAsks(_ body: String, _ scheme: ColorScheme) throws {
        let configuration = try SessionConfiguration.parse(Array(body.utf8))
        #expect(configuration.colorScheme == scheme)
        #expect(configuration.appearance["colorScheme"] == nil)
    }

    @Test func theOtherThemeVariablesStayInTheAppearance() throws {
        let configuration = try SessionConfiguration.parse(Array(#"{"appearance": {"colorScheme": "dark", "--cf-radius": "4px"}}"#.utf8))
        #expect(configuration.appearance["--cf-radius"] == "4px")
        #expect(configuration.appearance.members.count == 1)
    }

    @Test(arguments: [#"{"appearance": {"colorScheme": "black"}}"#, #"{"appearance": {"colorScheme": "Dark"}}"#, #"{"appearance": {"colorScheme": true}}"#])
    func anUnknownSchemeIsRefusedNamingTheKey(_ body: String) {
        #expect {
            try SessionConfiguration.parse(Array(body.utf8))
        } throws: { error in
            (error as? ConfigurationError)?.field == "appearance.colorScheme"
        }
    }

    @Test func theServersDefaultsCanSetTheScheme() throws {
        let defaults = JSONObject([(key: "appearance", value: ["colorScheme": "auto"])])
        #expect(try SessionConfiguration.parse(Array("{}".utf8), defaults: defaults).colorScheme == .auto)
        #expect(try SessionConfiguration.parse(Array(#"{"appearance": {"colorScheme": "dark"}}"#.utf8), defaults: defaults).colorScheme == .dark)
    }
}
