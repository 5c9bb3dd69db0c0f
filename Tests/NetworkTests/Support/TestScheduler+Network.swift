import Reactive
import ReactiveTesting

extension TestScheduler {
    /// Virtual time in hundredths of a second, running work exactly when due (no simulated
    /// processing delay), so a 1.5 s stub answers at tick 150.
    static func centiseconds() -> TestScheduler {
        TestScheduler(resolution: 0.01, simulateProcessingDelay: false)
    }
}
