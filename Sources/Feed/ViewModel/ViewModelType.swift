/// The MVVM shape of the seeds (000's `LXFViewModelType`, 001's `NJWViewModelType`): a view
/// model turns an `Input` into an `Output` once, and the view binds to the output.
public protocol ViewModelType {
    /// What the view feeds in.
    associatedtype Input
    /// What the view binds to.
    associatedtype Output

    /// Wires `input` to a new output.
    func transform(input: Input) -> Output
}
