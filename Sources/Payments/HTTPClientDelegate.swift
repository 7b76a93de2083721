import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Collects each task's response bytes up to the cap and completes each exchange exactly once,
/// whichever comes first: the response, the deadline, the caller's cancellation.
///
/// `@unchecked Sendable` because it must subclass `NSObject` (not `Sendable`) to be a URLSession
/// delegate; its only state is behind a `Mutex`.
final class HTTPClientDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Completion = CheckedContinuation<Result<HTTPClient.Response, HTTPClientError>, Never>

    private struct Exchange {
        var continuation: Completion
        var body: [UInt8] = []
        var overflowed = false
    }

    private let maxResponseBytes: Int
    private let exchanges = Mutex<[Int: Exchange]>([:])

    init(maxResponseBytes: Int) {
        self.maxResponseBytes = maxResponseBytes
    }

    func register(_ task: Int, _ continuation: Completion) {
        exchanges.withLock { $0[task] = Exchange(continuation: continuation) }
    }

    /// Completes the exchange with `result` unless it is already complete; says whether it was this call.
    func finish(_ task: Int, _ result: Result<HTTPClient.Response, HTTPClientError>) -> Bool {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task) }) else { return false }
        exchange.continuation.resume(returning: result)
        return true
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = exchanges.withLock { table -> Bool in
            guard var exchange = table[dataTask.taskIdentifier], !exchange.overflowed else { return false }
            if exchange.body.count + data.count > maxResponseBytes {
                exchange.overflowed = true
                exchange.body = []
            } else {
                exchange.body.append(contentsOf: data)
            }
            table[dataTask.taskIdentifier] = exchange
            return exchange.overflowed
        }
        if overflowed { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        exchange.continuation.resume(returning: Self.result(of: exchange, task: task, error: error, limit: maxResponseBytes))
    }

    /// Redirects are not followed: a payment or hook endpoint that moves is a configuration error
    /// to see, and following would resend a signed body to another address.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    private static func result(
        of exchange: Exchange, task: URLSessionTask, error: Error?, limit: Int
    ) -> Result<HTTPClient.Response, HTTPClientError> {
        if exchange.overflowed { return .failure(HTTPClientError(.responseTooLarge, "more than \(limit) bytes")) }
        if let error {
            let code = (error as? URLError)?.code
            if code == .timedOut { return .failure(HTTPClientError(.timeout, "timed out")) }
            // The request went out and no whole answer came back (curl's "got nothing", a reset):
            // unlike a refused connection, the server may have acted on it.
            if let code, code == .networkConnectionLost || code == .badServerResponse {
                return .failure(HTTPClientError(.connectionLost, "the connection closed before an answer (URL error \(code.rawValue))"))
            }
            return .failure(HTTPClientError(.transport, "exchange failed (URL error \(code?.rawValue ?? 0))"))
        }
        guard let response = task.response as? HTTPURLResponse else {
            return .failure(HTTPClientError(.transport, "no HTTP response"))
        }
        return .success(HTTPClient.Response(status: response.statusCode, body: exchange.body))
    }
}
