import CMicroHTTPD

extension Exchange {
    /// The responder answered with a deferred response: starts it and, unless it was completed
    /// inside `start`, suspends the connection so the worker thread serves others meanwhile.
    func wait(for envelope: Response, _ deferred: DeferredBody, on connection: OpaquePointer, context: ServerContext) -> MHD_Result {
        let completion = context.suspended.makeCompletion()
        let deadline = ContinuousClock.now + deferred.timeout
        let waiting = Waiting(envelope: envelope, fallback: deferred.fallback, completion: completion)
        self.completion = completion
        phase = .waiting(waiting)
        deferred.start(completion)
        guard completion.beginSuspending() else { return answer(waiting, on: connection, context: context) }
        MHD_suspend_connection(connection)
        context.suspended.add(completion, connection: connection, deadline: deadline)
        return .YES
    }

    /// The wait ended (the connection was resumed, or `start` completed at once): sends the answer
    /// or the fallback, or closes the connection when the client has gone.
    func answer(_ waiting: Waiting, on connection: OpaquePointer, context: ServerContext) -> MHD_Result {
        switch waiting.completion.ending {
        case .answered(let response):
            return answer(waiting.envelope.wrapping(response), on: connection, context: context)
        case .timedOut, .stopped:
            return answer(waiting.envelope.wrapping(waiting.fallback), on: connection, context: context)
        case .clientLeft:
            phase = .answered
            return .NO
        case nil:
            // Unreachable by construction (a connection is resumed only once its wait ended);
            // answering beats returning YES with nothing queued, which would spin the worker.
            return answer(context.internalError, on: connection, context: context)
        }
    }
}
