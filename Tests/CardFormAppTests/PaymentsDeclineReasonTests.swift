import Foundation
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsDeclineReasonTests {
    @Test(arguments: [
        ("card_declined", "decline.card_declined"), ("insufficient_funds", "decline.insufficient_funds"),
        ("expired_card", "decline.expired_card"), ("processing_error", "decline.processing_error"),
        ("processor_timeout", "decline.processor_timeout"), ("processor_error", "decline.processor_error"),
        ("processor_bad_response", "decline.processor_bad_response"), ("aborted", "decline.aborted"),
        ("incorrect_cvc", "decline.incorrect_cvc"), ("invalid_cvv", "decline.incorrect_cvc"),
        ("stolen_card", "decline.card_declined"), ("lost_card", "decline.card_declined"),
        ("fraudulent", "decline.card_declined"), ("do_not_honor", "decline.card_declined"),
        ("card_expired", "decline.expired_card"), ("issuer_not_available", "decline.processing_error"),
        ("something_new", "decline.generic"),
    ])
    func aDeclineCodeNamesTheSentenceShownToTheShopper(code: String, key: String) {
        #expect(DeclineReason.localeKey(for: code) == key)
    }

    @Test func aFailureWithoutACodeGetsTheGenericSentence() {
        #expect(DeclineReason.localeKey(for: nil) == "decline.generic")
    }

    @Test func everyKeyAReasonCanNameIsListedForTheCatalogs() {
        let named = Set(DeclineReason.reasons.map { DeclineReason.localeKey(for: $0) })
            .union(DeclineReason.aliases.keys.map { DeclineReason.localeKey(for: $0) })
        #expect(named.union(["decline.generic"]) == Set(DeclineReason.localeKeys))
    }

    @Test(arguments: [
        ("insufficient_funds", "insufficient_funds"), ("Do_Not_Honor", "do_not_honor"), ("05", "05"),
        ("", nil), ("card declined", nil), ("<script>", nil), (String(repeating: "a", count: 65), nil),
    ] as [(String, String?)])
    func aProcessorsCodeIsKeptOnlyWhenItIsAPlainToken(code: String, kept: String?) {
        #expect(DeclineReason.normalizedCode(code) == kept)
    }
}

@Suite struct PaymentsConfigurationTests {
    @Test func theDefaultConfigurationPaysInTheSandboxWithoutHookOrWebhooks() throws {
        let coordinator = PaymentCoordinator(settings: try PaymentSettings(configuration: ServerConfiguration()), logger: .silent)
        #expect(coordinator.processor is SandboxProcessor)
        #expect(coordinator.hook == nil && coordinator.webhooks == nil)
    }

    @Test func theConfiguredURLsBuildTheHTTPProcessorTheHookAndTheWebhooks() throws {
        var config = ServerConfiguration()
        config.processorKind = .http
        config.processorURL = URL(string: "https://psp.example/pay")
        config.beforePaymentCreateURL = URL(string: "https://shop.example/before")
        config.beforePaymentCreateTimeoutMs = 1_500
        config.webhookURL = URL(string: "https://shop.example/events")
        config.webhookSecret = "whsec_1"
        let coordinator = PaymentCoordinator(settings: try PaymentSettings(configuration: config), logger: .silent)
        #expect((coordinator.processor as? HTTPProcessor)?.url == config.processorURL)
        #expect(coordinator.hook?.timeout == .milliseconds(1_500))
        #expect(coordinator.webhooks?.configuration.url == config.webhookURL)
    }

    @Test func anHTTPProcessorWithoutAURLIsAConfigurationError() {
        var config = ServerConfiguration()
        config.processorKind = .http
        #expect(throws: ServerConfigurationError(key: "processor.url", problem: "required when processor.kind is \"http\"", source: "configuration")) {
            PaymentCoordinator(settings: try PaymentSettings(configuration: config), logger: .silent)
        }
    }

    @Test func webhooksWithoutASecretAreAConfigurationError() {
        var config = ServerConfiguration()
        config.webhookURL = URL(string: "https://shop.example/events")
        #expect(throws: ServerConfigurationError(key: "webhook.secret", problem: "required when webhook.url is set", source: "configuration")) {
            PaymentCoordinator(settings: try PaymentSettings(configuration: config), logger: .silent)
        }
    }
}
