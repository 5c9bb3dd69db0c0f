import Testing
import Lib
@Test func onePasses() { #expect(one() == 1) }
@Test func anotherPasses() { #expect(one() > 0) }
@Test(.disabled("not on Linux")) func skipped() { #expect(one() == 1) }
@Test func oneFails() { #expect(one() == 3) }
