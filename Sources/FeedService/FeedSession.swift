import Feed
import FeedSources
import Reactive

/// One `transform`: a view model on its own serial scheduler, and the subscriptions that turn
/// its output into notifications.
///
/// Every subscription is made and ended on the session's scheduler, where the view model emits
/// too, so binding, rebinding and disposal never race an emission: a notification is either
/// sent before a `dispose` response or not at all.
final class FeedSession: Sendable {
    /// The id the client names the session by.
    let id: String
    /// The view model (the seeds' `transform(input:) -> Output`).
    let viewModel: FeedViewModel
    /// The view model's serial scheduler.
    let scheduler: any SchedulerType

    /// The secrets of the session's input and renewed tokens, registered for redaction.
    let secrets: SessionSecrets
    private let notifier: SessionNotifier
    private let capabilities: ClientCapabilities
    private let output: FeedViewModel.Output
    private let outputs = CompositeDisposable()
    private let binding = SerialDisposable()

    /// A session over the environment `makeEnvironment` builds around the session's token store.
    init(
        id: String, input: FeedInput, capabilities: ClientCapabilities, notifier: SessionNotifier,
        makeEnvironment: (TokenStore) -> FeedEnvironment
    ) {
        self.id = id
        self.capabilities = capabilities
        self.notifier = notifier
        let secrets = SessionSecrets(redactor: notifier.redactor)
        secrets.useInput(input.secrets)
        self.secrets = secrets
        let renewals = PublishSubject<String>()
        let environment = makeEnvironment(TokenStore(onRenew: { token in
            secrets.addToken(token)  // before the retried requests can log it
            renewals.onNext(token)
        }, onSecret: secrets.addToken))
        let scheduler = environment.scheduler
        self.scheduler = scheduler
        viewModel = FeedViewModel(input: input, environment: environment)
        // The service sends the commands itself (`updateInput` among them): the input has no switches.
        let output = viewModel.transform(input: FeedViewModel.Input())
        self.output = output
        let incremental = capabilities.incrementalSections
        let inline = capabilities.inlineImages
        scheduler.schedule { [outputs, notifier] in
            // The replayed revision 0 is the `transform` result itself, not a change.
            outputs.insert(output.sectionsUpdates.skip(1).subscribe(onNext: { notifier.sections($0, incremental: incremental) }))
            outputs.insert(output.hud.subscribe(onNext: { notifier.hud($0) }))
            outputs.insert(output.newItems.subscribe(onNext: { notifier.newItems($0) }))
            outputs.insert(output.imageDownloaded.subscribe(onNext: { notifier.imageDownloaded($0, inline: inline) }))
            // Renewals happen on a transport thread; the notification takes its place in order.
            outputs.insert(renewals.observe(on: scheduler).subscribe(onNext: { notifier.tokenRefreshed($0) }))
        }
    }

    /// Whether images are inlined unless a call says otherwise.
    var inlinesImages: Bool { capabilities.inlineImages }

    /// Binds the refresh controls (seed 003's `refreshStatusBind`), replacing the binding:
    /// succeeds with the latest status, then the bound controls' statuses flow as notifications.
    func bindRefreshStatus(header: Bool, footer: Bool) -> Single<RefreshUpdate> {
        Single.create { [self] observer in
            scheduler.schedule { [self, notifier] in
                // The binding replays the latest status first: that one is the answer.
                binding.disposable = output.bindRefreshUpdates(header: header, footer: footer).skip(1)
                    .subscribe(onNext: { notifier.refreshStatus($0) })
                // A bound session reloads itself in the background (`refreshIntervalMs`).
                viewModel.setAutoRefresh(header || footer)
                observer(.success(viewModel.currentRefreshUpdate))
            }
            return Disposables.create()
        }
    }

    /// Tears the view model down, then stops every notification of the session; `completion`
    /// runs on the scheduler once nothing more can be sent. The load in flight is cancelled
    /// while the session is still bound, so its `end…` status is sent before the answer.
    func dispose(completion: @escaping @Sendable () -> Void) {
        scheduler.schedule { [self] in
            viewModel.dispose()
            // The view model cancels its loads in a block of its own; stop and answer after those.
            scheduler.schedule { [outputs, binding, secrets] in
                outputs.dispose()
                binding.dispose()
                secrets.close()
                completion()
            }
        }
    }
}
