import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Reactive

/// The session delegate of `URLSessionTransport`: buffers each task's body up to its cap and
/// reports the outcome exactly once.
final class URLSessionTaskRegistry: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safety: the only stored state is `transfers`, a `Locked` dictionary; every access goes
    // through its lock. NSObject is not Sendable, hence the unchecked conformance.

    typealias Completion = @Sendable (Result<(HTTPURLResponse, Data), NetworkError>) -> Void

    private struct Transfer {
        let request: URLRequest
        let maxBodyBytes: Int
        let completion: Completion
        var response: HTTPURLResponse?
        var body = Data()
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    func register(_ task: URLSessionTask, request: URLRequest, maxBodyBytes: Int, completion: @escaping Completion) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(request: request, maxBodyBytes: maxBodyBytes, completion: completion) }
    }

    /// Ends `task` now with `error`; the later completion callback then finds nothing to report.
    private func abort(_ task: URLSessionTask, with error: (URLRequest) -> NetworkError) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        task.cancel()
        transfer.completion(.failure(error(transfer.request)))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse, completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let limit = transfers.withLock { transfers -> Int? in
            transfers[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            return transfers[dataTask.taskIdentifier]?.maxBodyBytes
        }
        if let limit, response.expectedContentLength > Int64(limit) {
            completionHandler(.cancel)
            abort(dataTask) { .bodyTooLarge(limit: limit, request: $0) }
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let exceeded = transfers.withLock { transfers -> Int? in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return nil }
            guard transfer.body.count + data.count <= transfer.maxBodyBytes else { return transfer.maxBodyBytes }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return nil
        }
        if let limit = exceeded {
            abort(dataTask) { .bodyTooLarge(limit: limit, request: $0) }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let scheme = request.url?.scheme?.lowercased() ?? ""
        if URLSessionTransport.isSupported(scheme) {
            completionHandler(request)
        } else {
            completionHandler(nil)
            abort(task) { .unsupportedURLScheme(scheme, request: $0) }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.completion(.failure(URLSessionTaskRegistry.networkError(for: error, request: transfer.request)))
        } else if let response = transfer.response ?? (task.response as? HTTPURLResponse) {
            transfer.completion(.success((response, transfer.body)))
        } else {
            transfer.completion(.failure(.underlying(URLError(.badServerResponse), request: transfer.request, response: nil)))
        }
    }

    private static func networkError(for error: any Error, request: URLRequest) -> NetworkError {
        switch (error as? URLError)?.code {
        case .cancelled?: return .cancelled(request)
        case .timedOut?: return .timedOut(request)
        case .unsupportedURL?: return .unsupportedURLScheme(request.url?.scheme ?? "", request: request)
        default: return .underlying(error, request: request, response: nil)
        }
    }
}
