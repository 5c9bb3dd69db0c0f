import FeedModel
import XCTest

final class UserDirectoryTests: XCTestCase {
    func testTheCacheDirectoryIsXDGCacheHomeWhenItIsAbsolute() {
        XCTAssertEqual(UserDirectory.cache(in: ["XDG_CACHE_HOME": "/srv/cache", "HOME": "/home/ada"]).path, "/srv/cache")
    }

    func testTheCacheDirectoryFollowsHOMEWithoutXDGCacheHome() {
        XCTAssertEqual(UserDirectory.cache(in: ["HOME": "/tmp/sandbox"]).path, "/tmp/sandbox/.cache")
    }

    func testARelativeXDGDirectoryIsIgnored() {
        XCTAssertEqual(UserDirectory.cache(in: ["XDG_CACHE_HOME": "cache", "HOME": "/home/ada"]).path, "/home/ada/.cache")
        XCTAssertEqual(UserDirectory.state(in: ["XDG_STATE_HOME": "state", "HOME": "/home/ada"]).path, "/home/ada/.local/state")
    }

    func testTheStateDirectoryIsXDGStateHomeElseUnderHOME() {
        XCTAssertEqual(UserDirectory.state(in: ["XDG_STATE_HOME": "/var/state", "HOME": "/home/ada"]).path, "/var/state")
        XCTAssertEqual(UserDirectory.state(in: ["HOME": "/home/ada"]).path, "/home/ada/.local/state")
    }

    func testWithoutHOMETheAccountsHomeIsUsed() {
        XCTAssertEqual(UserDirectory.home(in: [:]), FileManager.default.homeDirectoryForCurrentUser)
    }
}
