import CardFormSupport
import Foundation
import Payments

extension PaymentSettings {
    /// The payment settings the server's configuration describes (CONTRACT §6–7), webhook events
    /// kept in the outbox of the store `backend` (what `config.store` resolved to).
    ///
    /// Throws when a combination cannot work: `processor.kind` `http` without `processor.url`,
    /// `webhook.url` without `webhook.secret` (events must be signed), `dataDir` without
    /// `webhook.url` (it keeps the webhook outbox), or an outbox that cannot be opened.
    init(
        configuration config: ServerConfiguration, backend: StoreConfiguration.Backend, logger: Logger
    ) throws(ServerConfigurationError) {
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
        var webhook: (url: URL, secret: String, outbox: any WebhookOutbox)?
        if let url = config.webhookURL {
            guard let secret = config.webhookSecret else {
                throw ServerConfigurationError(key: "webhook.secret", problem: "required when webhook.url is set", source: "configuration")
            }
            webhook = (url, secret, try backend.webhookOutbox(logger: logger))
        } else if config.store.dataDirectory != nil {
            throw ServerConfigurationError(
                key: "dataDir", problem: "keeps undelivered webhook events: set webhook.url or remove dataDir", source: "configuration")
        }
        self.init(
            processor: processor, webhook: webhook,
            beforePaymentCreate: config.beforePaymentCreateURL.map {
                ($0, .milliseconds(config.beforePaymentCreateTimeoutMs), config.webhookSecret)
            },
            vaultCapacity: config.maxSessions)
    }
}
