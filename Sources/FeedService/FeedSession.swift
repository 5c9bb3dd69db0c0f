import Feed
import JSON
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

    /// The `input` members the session was made or last updated with; `updateInput` merges into it.
    let inputMembers: Locked<JSONObject>
    /// The secrets of the session's input and renewed tokens, registered for redaction.
    let secrets: SessionSecrets
    private let notifier: SessionNotifier
    private let capabilities: ClientCapabilities
    private let outputs = CompositeDisposable()
    private let binding = SerialDisposable()

    /// A session over the environment `makeEnvironment` builds around the session's token store.
    init(
        id: String, input: FeedInput, inputMembers: JSONObject, capabilities: ClientCapabilities, notifier: SessionNotifier,
        makeEnvironment: (TokenStore) -> FeedEnvironment
    ) {
        self.id = id
        self.inputMembers = Locked(inputMembers)
        self.capabilities = capabilities
        self.notifier = notifier
        let secrets = SessionSecrets(redactor: notifier.redactor)
        secrets.useInput(input.secrets)
        self.secrets = secrets
        let renewals = PublishSubject<String>()
        let environment = makeEnvironment(TokenStore { token in
            secrets.addToken(token)  // before the retried requests can log it
            renewals.onNext(token)
        })
        let scheduler = environment.scheduler
        self.scheduler = scheduler
        viewModel = FeedViewModel(input: input, environment: environment)
        let output = viewModel.transform(input: FeedViewModel.Input(settings: input))
        let incremental = capabilities.incrementalSections
        let inline = capabilities.inlineImages
        scheduler.schedule { [outputs, notifier] in
            // The replayed revision 0 is the `transform` result itself, not a change.
            outputs.insert(output.sectionsUpdates.skip(1).subscribe(onNext: { notifier.sections($0, incremental: incremental) }))
            outputs.insert(output.hud.subscribe(onNext: { notifier.hud($0) }))
            outputs.insert(output.imageDownloaded.subscribe(onNext: { notifier.imageDownloaded($0, inline: inline) }))
            // Renewals happen on a transport thread; the notification takes its place in order.
            outputs.insert(renewals.observe(on: scheduler).subscribe(onNext: { notifier.tokenRefreshed($0) }))
        }
    }

    /// The `transform` result: `{"session", "output": {"sections", "refreshStatus"}}`.
    var transformResult: JSON {
        [
            "session": .string(id),
            "output": [
                "sections": viewModel.currentSections.sections.json,
                "refreshStatus": viewModel.currentRefreshStatus.json,
            ],
        ]
    }

    /// Whether images are inlined unless a call says otherwise.
    var inlinesImages: Bool { capabilities.inlineImages }

    /// Binds the refresh controls (seed 003's `refreshStatusBind`): `answer` gets the latest
    /// status on the scheduler, then later statuses of bound controls flow as notifications.
    func bindRefreshStatus(header: Bool, footer: Bool, answer: @escaping @Sendable (RefreshStatus) -> Void) {
        scheduler.schedule { [self] in
            binding.disposable = nil
            answer(viewModel.currentRefreshStatus)
            guard header || footer else { return }
            let notifier = self.notifier
            // Skip the replayed status (it is the answer), then keep the bound controls' ones.
            binding.disposable = viewModel.output.refreshStatus.skip(1)
                .filter { ($0.concernsHeader && header) || ($0.concernsFooter && footer) }
                .subscribe(onNext: { notifier.refreshStatus($0) })
        }
    }

    /// Stops every notification of the session and tears the view model down; `completion`
    /// runs on the scheduler once nothing more can be sent.
    func dispose(completion: @escaping @Sendable () -> Void) {
        scheduler.schedule { [self] in
            outputs.dispose()
            binding.dispose()
            secrets.close()
            viewModel.dispose()
            // The view model cancels its loads in a block of its own; answer after those.
            scheduler.schedule(completion)
        }
    }
}
