import FeedModel
@testable import Images
import Locking
import XCTest

extension XCTestCase {
    /// Starts `request` on `loader` and returns a way to wait for its outcome (at most 10 s),
    /// which then disposes the load's handle.
    func start(_ loader: ImageLoader, _ request: ImageRequest) -> () -> Result<FeedImage, FeedError> {
        let done = expectation(description: request.cacheKey)
        let box = Locked<Result<FeedImage, FeedError>?>(nil)
        let handle = loader.retrieveImage(request) { result in
            box.withLock { $0 = result }
            done.fulfill()
        }
        return { [self] in
            wait(for: [done], timeout: 10)
            handle.dispose()
            return box.current!
        }
    }
}
