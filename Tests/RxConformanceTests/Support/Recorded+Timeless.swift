import Reactive
import ReactiveTesting

/// RxSwift's tests record events outside virtual time at tick 0 and write them without a time.
extension Recorded {
    static func next<Element>(_ element: Element) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: 0, value: .next(element))
    }

    static func completed<Element>() -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: 0, value: .completed)
    }

    static func error<Element>(_ error: any Error) -> Recorded<Event<Element>> where Value == Event<Element> {
        Recorded(time: 0, value: .error(error))
    }
}
