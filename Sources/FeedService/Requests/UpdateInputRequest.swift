import Feed
import JSON
import Reactive
import RPC

/// `updateInput {session, input}` (seed 001's category relay): the members given replace those
/// of the session's input (checked when merged: `baseURL` may come from the input); loads are
/// cancelled, the list cleared and paging reset.
struct UpdateInputRequest: SessionRequest {
    static let method = "updateInput"
    let session: String, input: JSONObject

    init(params: RPCParams) throws(RPCError) { (session, input) = (try params.string("session"), try params.members("input")) }

    /// `{"revision"}`: the list's revision after the switch.
    struct Response: WireWritable {
        let revision: Int
        var wireJSON: JSON { ["revision": .int(Int64(revision))] }

        func encode(into writer: inout WireWriter) {
            writer.beginObject()
            writer.member("revision", revision)
            writer.endObject()
        }
    }

    /// The new input's secrets are registered as it takes effect, before any request of it is sent.
    func serve(_ session: FeedSession) -> Single<Response> {
        session.viewModel.updateInput(merging: input).map { [secrets = session.secrets, viewModel = session.viewModel] input in
            secrets.useInput(input.secrets)
            return Response(revision: viewModel.currentSections.revision)
        }
    }
}
