// feedvm: wires the JSON-RPC server over stdio to the services and runs it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FeedService
import RPC
import Logging

func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
}

AllocatorPolicy.apply()

let options: FeedVMOptions
switch FeedVMOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .serve(let parsed):
    options = parsed
case .showHelp:
    print(usageText, terminator: "")
    exit(ExitStatus.success)
case .showVersion:
    print("feedvm \(feedVMVersion)")
    exit(ExitStatus.success)
case .listMethods:
    // The dispatch table, one name per line, for tools that check it against protocol/.
    let server = RPCServer(configuration: RPCServer.Configuration(), input: -1, output: -1)
    registerServices(on: server, options: FeedVMOptions())
    print(server.methods.joined(separator: "\n"))
    exit(ExitStatus.success)
case .reject(let message):
    writeToStandardError("feedvm: \(message)\nTry 'feedvm --help'.\n")
    exit(ExitStatus.usage)
}

StandardStreams.ignoreBrokenPipeSignal()
let protocolOutput = StandardStreams.protectStandardOutput()

var configuration = RPCServer.Configuration()
// One redactor for the whole process: sessions register their secrets with it, and every log
// line (the server's, the service's, the network's) passes through it.
let secrets = SecretRedactor()
configuration.logger = Logger(level: options.logLevel, label: "feedvm", redactor: secrets)
configuration.maxMessageBytes = options.maxMessageBytes
configuration.framing = options.framing
configuration.serverVersion = feedVMVersion
configuration.protocolVersion = ProtocolDocument.version
configuration.requiresNamedParams = true
configuration.capabilities = FeedService.capabilities
// A script piped in ends with EOF right after its last request: let running work finish
// briefly, then cancel the rest, still exiting within the 2 s the protocol promises.
configuration.endOfInputGracePeriod = 1.5
let server = RPCServer(configuration: configuration, input: 0, output: protocolOutput)
// Before the slower service set-up, so an early SIGTERM already ends the server cleanly. SIGHUP
// too: an editor closing its terminal sends it, and it must not kill the process mid-message.
server.stopOnSignals([SIGTERM, SIGINT, SIGHUP])
registerServices(on: server, options: options)
if let path = options.traceFile {
    do {
        server.trace = try MessageTrace(path: path, arguments: options.replayArguments,
                                        pathDirectories: [options.cacheDirectory ?? FeedService.defaultCacheDirectory],
                                        clockMembers: ["lastUpdated"])
    } catch {
        writeToStandardError("feedvm: cannot append to the trace file \(path): \(error)\n")
        exit(ExitStatus.usage)
    }
}

if isatty(0) != 0 {
    writeToStandardError("""
        feedvm \(feedVMVersion): speaking JSON-RPC 2.0 on stdin/stdout, one message per line
        (or Content-Length framed, as in LSP, when the first bytes are such a header).
        Try: {"jsonrpc":"2.0","id":1,"method":"ping"}   (Ctrl-D to quit, --help for more)

        """)
}
exit(server.run())
