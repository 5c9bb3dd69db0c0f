import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Reactive

/// The real transport: URLSession data tasks driven by a delegate, so the body cap can stop a
/// transfer as soon as it is crossed and redirects can be checked before they are followed.
///
/// Only `http` and `https` URLs are sent, also as redirect targets.
///
/// The body cap: a declared `Content-Length` over the cap fails before any body is read; a
/// streamed body fails as soon as the delegate sees the cap crossed, and the task is cancelled,
/// which closes the connection. The transport never buffers more than the cap. Note that
/// corelibs' URLSession has no back-pressure: its reader thread hands chunks to the delegate
/// queue asynchronously, so on a saturated CPU it may read ahead of the check until the cancel
/// lands; those chunks are dropped as they arrive.
public final class URLSessionTransport: HTTPTransport {
    /// The default response body cap: 20 MiB.
    public static let defaultMaxBodyBytes = 20 * 1024 * 1024

    /// The largest response body accepted, in bytes.
    public let maxBodyBytes: Int

    private let session: URLSession
    private let tasks: URLSessionTaskRegistry

    /// A transport with its own session built from `configuration`.
    public init(configuration: URLSessionConfiguration = .ephemeral, maxBodyBytes: Int = URLSessionTransport.defaultMaxBodyBytes) {
        self.maxBodyBytes = maxBodyBytes
        let tasks = URLSessionTaskRegistry()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Network.URLSessionTransport"
        self.tasks = tasks
        self.session = URLSession(configuration: configuration, delegate: tasks, delegateQueue: queue)
    }

    deinit {
        // Requests already started still finish; the session then releases its delegate.
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: URLRequest, completion: @escaping @Sendable (Result<(HTTPURLResponse, Data), NetworkError>) -> Void) -> any Cancelable {
        let scheme = request.url?.scheme?.lowercased() ?? ""
        guard URLSessionTransport.isSupported(scheme) else {
            completion(.failure(.unsupportedURLScheme(scheme, request: request)))
            return Disposables.create {}
        }
        let task = session.dataTask(with: request)
        tasks.register(task, request: request, maxBodyBytes: maxBodyBytes, completion: completion)
        task.resume()
        let handle = URLSessionTaskHandle(task)
        return Disposables.create { handle.cancel() }
    }

    static func isSupported(_ scheme: String) -> Bool {
        scheme == "http" || scheme == "https"
    }
}

/// Lets a cancel closure hold a data task.
private struct URLSessionTaskHandle: @unchecked Sendable {
    // Safety: `URLSessionTask.cancel()` is documented as callable from any thread, and it is
    // the only thing done with the task through this handle.
    private let task: URLSessionTask

    init(_ task: URLSessionTask) { self.task = task }

    func cancel() { task.cancel() }
}
