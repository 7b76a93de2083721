import CardFormSupport
import Foundation

/// What the server's configuration says about payments (CONTRACT §6–7), already checked: which
/// processor, and the merchant's hook and webhook endpoints when set, with the outbox webhook
/// events wait in (built by the app from its store configuration).
public struct PaymentSettings: Sendable {
    /// Who creates payments.
    public enum Processor: Sendable {
        /// Outcomes chosen by test card number, after `delay`.
        case sandbox(delay: Duration)
        /// A processor reached over HTTP, requests signed with `secret` when given.
        case http(url: URL, secret: String?)
    }

    public var processor: Processor
    /// `webhook.url` and `webhook.secret` (events are always signed), and where events wait until
    /// delivered (memory, `dataDir/outbox`, or the shared store).
    public var webhook: (url: URL, secret: String, outbox: any WebhookOutbox)?
    /// `beforePaymentCreate.url`, its timeout, and the secret it is signed with (`webhook.secret`).
    public var beforePaymentCreate: (url: URL, timeout: Duration, secret: String?)?
    /// Cards held in the vault at most (one per session in flight).
    public var vaultCapacity: Int

    public init(
        processor: Processor, webhook: (url: URL, secret: String, outbox: any WebhookOutbox)? = nil,
        beforePaymentCreate: (url: URL, timeout: Duration, secret: String?)? = nil, vaultCapacity: Int = 10_000
    ) {
        self.processor = processor
        self.webhook = webhook
        self.beforePaymentCreate = beforePaymentCreate
        self.vaultCapacity = vaultCapacity
    }
}

extension PaymentCoordinator {
    /// The coordinator `settings` describe: the sandbox or HTTP processor, the hook and the webhook
    /// dispatcher (over the settings' outbox) when their URLs are set.
    public convenience init(settings: PaymentSettings, logger: Logger) {
        let processor: any PaymentProcessor = switch settings.processor {
        case .sandbox(let delay): SandboxProcessor(delay: delay)
        case .http(let url, let secret): HTTPProcessor(url: url, secret: secret)
        }
        let webhooks = settings.webhook.map {
            WebhookDispatcher(configuration: .init(url: $0.url, secret: $0.secret), outbox: $0.outbox, logger: logger)
        }
        let hook = settings.beforePaymentCreate.map {
            BeforePaymentHook(url: $0.url, timeout: $0.timeout, secret: $0.secret)
        }
        self.init(
            processor: processor, vault: CardVault(capacity: settings.vaultCapacity), hook: hook, webhooks: webhooks,
            logger: logger)
    }
}
