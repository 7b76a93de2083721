import Foundation
import Payments

extension PaymentSettings {
    /// The payment settings the server's configuration describes (CONTRACT §6–7).
    ///
    /// Throws when a combination cannot work: `processor.kind` `http` without `processor.url`, or
    /// `webhook.url` without `webhook.secret` (events must be signed).
    init(configuration config: ServerConfiguration) throws(ServerConfigurationError) {
        let processor: Processor
        switch config.processorKind {
        case .sandbox:
            processor = .sandbox(delay: .milliseconds(config.processorDelayMs))
        case .http:
            guard let url = config.processorURL else {
                throw ServerConfigurationError(key: "processor.url", problem: "required when processor.kind is \"http\"", source: "configuration")
            }
            processor = .http(url: url, secret: config.processorSecret)
        }
        var webhook: (url: URL, secret: String)?
        if let url = config.webhookURL {
            guard let secret = config.webhookSecret else {
                throw ServerConfigurationError(key: "webhook.secret", problem: "required when webhook.url is set", source: "configuration")
            }
            webhook = (url, secret)
        }
        self.init(
            processor: processor, webhook: webhook,
            beforePaymentCreate: config.beforePaymentCreateURL.map {
                ($0, .milliseconds(config.beforePaymentCreateTimeoutMs), config.webhookSecret)
            },
            vaultCapacity: config.maxSessions)
    }
}
