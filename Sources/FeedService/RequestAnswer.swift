import Logging
import Reactive
import RPC

/// Answers a feed request with its outcome, as `MessageRegistry`'s handler subscribes it: the
/// secrets replaced (an image's base64 `data` is not text), written into the answer through
/// `WireAnswer` unless it carries binary members. A value kept inside the subscription.
struct RequestAnswer<Request: FeedRequest>: SingleObserving {
    let request: Request
    let context: RequestContext
    let redactor: SecretRedactor

    func on(_ event: SingleEvent<Request.Response>) {
        switch event {
        case .success(let response):
            let attachments = response.wireAttachments
            guard attachments.isEmpty else {
                return context.succeed(redactor.redact(json: response.wireJSON), attaching: attachments)
            }
            WireAnswer.answer(context, with: response, secrets: redactor.snapshotIfAny())
        case .failure(let error):
            context.fail(redactor.redact(error: request.answer(toError: error)))
        }
    }
}
