import CardFormSupport
import Payments

extension StoreConfiguration.Backend {
    /// The webhook outbox this backend keeps events in: Redis, files under `dataDir/outbox`, or
    /// memory (logged once, since a restart then loses undelivered events).
    func webhookOutbox(logger: Logger) throws(ServerConfigurationError) -> any WebhookOutbox {
        switch self {
        case .memory(nil):
            logger.log("webhook.outbox", ["durable": .bool(false), "hint": .text("set dataDir to keep undelivered events across restarts")])
            return MemoryOutbox()
        case .memory(let directory?):
            do {
                return try FileOutbox(directory: directory)
            } catch {
                throw ServerConfigurationError(key: "dataDir", problem: error.message, source: "configuration")
            }
        case .redis(let pool, _):
            return RedisOutbox(pool: pool)
        }
    }
}
