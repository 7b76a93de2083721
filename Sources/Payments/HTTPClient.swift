import CardFormSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small outbound client for JSON POSTs to merchants' and processors' servers.
///
/// Built on Foundation's `URLSession` (libcurl with OpenSSL on Linux), so `https` URLs get TLS with
/// certificate verification and `http` works for local receivers. On top of it this adds what the
/// payment pipeline needs and `URLSession` does not promise: a hard deadline for the whole exchange
/// (its own `timeoutInterval` is an idle timer), a cap on the response bytes kept, no redirects,
/// no cookies or cache, and Swift-concurrency cancellation. Bodies are never logged.
///
/// A class because it owns a `URLSession` (a system handle with identity); create one per component
/// and keep it for the server's lifetime.
final class HTTPClient: Sendable {
    /// A response that arrived whole within the deadline and the size cap.
    struct Response: Sendable, Hashable {
        var status: Int
        var body: [UInt8]

        /// A 2xx status.
        var isSuccess: Bool { (200..<300).contains(status) }
    }

    /// Response bytes beyond this fail the exchange with `responseTooLarge`.
    let maxResponseBytes: Int
    private let session: URLSession
    private let delegate: HTTPClientDelegate
    /// Where the delegate hears from the session and the deadlines fire: a serial queue of its
    /// own, which gets a thread whenever it has work (unlike the global queues, one thread per
    /// core, first in, first out), so an answer is taken and a deadline kept when it happens,
    /// not when unrelated work in the process lets it.
    private let events: DispatchQueue

    /// A client keeping at most `maxResponseBytes` of any response.
    init(maxResponseBytes: Int = 64 * 1024) {
        self.maxResponseBytes = maxResponseBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        delegate = HTTPClientDelegate(maxResponseBytes: maxResponseBytes)
        events = DispatchQueue(label: "cardform.http-client")
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = events
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
    }

    deinit {
        // A session keeps its delegate until invalidated.
        session.invalidateAndCancel()
    }

    /// POSTs `body` as `application/json` with `headers`, and waits for the whole response, at
    /// most `timeout` from now. Never throws: every failure is an `HTTPClientError`. A cancelled
    /// calling task ends the exchange at once with `cancelled`.
    func postJSON(
        to url: URL, body: [UInt8], headers: [(String, String)] = [], timeout: Duration
    ) async -> Result<Response, HTTPClientError> {
        var request = URLRequest(url: url, timeoutInterval: timeout.timeInterval)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("cardform", forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        let identifier = task.taskIdentifier
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(identifier, continuation)
                let delegate = self.delegate
                events.asyncAfter(deadline: .now() + timeout.timeInterval) {
                    if delegate.finish(identifier, .failure(HTTPClientError(.timeout, "no whole answer within \(timeout)"))) {
                        task.cancel()
                    }
                }
                if Task.isCancelled {
                    _ = delegate.finish(identifier, .failure(HTTPClientError(.cancelled, "the caller was cancelled")))
                    task.cancel()
                    return
                }
                task.resume()
            }
        } onCancel: {
            if delegate.finish(identifier, .failure(HTTPClientError(.cancelled, "the caller was cancelled"))) { task.cancel() }
        }
    }
}

/// Why an outbound exchange produced no usable response.
typealias HTTPClientError = CodedError<HTTPClientFailure>

/// The codes of `HTTPClientError`.
enum HTTPClientFailure: String, ErrorCode {
    /// No whole response before the deadline.
    case timeout
    /// The response was longer than the client keeps.
    case responseTooLarge = "response-too-large"
    /// No connection, a TLS failure: the server could not be talked to.
    case transport
    /// The request was sent and the connection ended without a whole answer: the server may or
    /// may not have acted on it.
    case connectionLost = "connection-lost"
    /// The calling task was cancelled (shutdown).
    case cancelled
}

extension Duration {
    /// The duration in seconds, as Foundation's intervals take it.
    fileprivate var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
