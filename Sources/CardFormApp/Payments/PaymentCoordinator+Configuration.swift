extension PaymentCoordinator {
    /// The coordinator the server's configuration describes (CONTRACT §6–7): the sandbox or HTTP
    /// processor, the `beforePaymentCreate` hook and the webhook dispatcher when their URLs are set.
    ///
    /// Throws when a combination cannot work: `processor.kind` `http` without `processor.url`,
    /// `webhook.url` without `webhook.secret` (events must be signed), or a store configuration
    /// `StoreConfiguration.resolve` refuses (`dataDir` keeps the webhook outbox, so it needs `webhook.url`).
    convenience init(configuration config: ServerConfiguration, logger: Logger) throws(ServerConfigurationError) {
        let backend = try config.store.resolve()
        let processor: any PaymentProcessor
        switch config.processorKind {
        case .sandbox:
            processor = SandboxProcessor(delay: .milliseconds(config.processorDelayMs))
        case .http:
            guard let url = config.processorURL else {
                throw ServerConfigurationError(key: "processor.url", problem: "required when processor.kind is \"http\"", source: "configuration")
            }
            processor = HTTPProcessor(url: url, secret: config.processorSecret)
        }
        var webhooks: WebhookDispatcher?
        if let url = config.webhookURL {
            guard let secret = config.webhookSecret else {
                throw ServerConfigurationError(key: "webhook.secret", problem: "required when webhook.url is set", source: "configuration")
            }
            webhooks = WebhookDispatcher(
                configuration: .init(url: url, secret: secret), outbox: try backend.webhookOutbox(logger: logger), logger: logger)
        } else if config.store.dataDirectory != nil {
            throw ServerConfigurationError(key: "dataDir", problem: "keeps undelivered webhook events: set webhook.url or remove dataDir", source: "configuration")
        }
        let hook = config.beforePaymentCreateURL.map {
            BeforePaymentHook(url: $0, timeout: .milliseconds(config.beforePaymentCreateTimeoutMs), secret: config.webhookSecret)
        }
        self.init(
            processor: processor, vault: CardVault(capacity: config.maxSessions), hook: hook, webhooks: webhooks,
            logger: logger)
    }
}
