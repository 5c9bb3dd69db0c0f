import Foundation
@testable import Images
import Locking

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Locked<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Locked(start) }

    var now: Date { current.current }
    var clock: CacheClock { CacheClock { [current] in current.current } }

    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
