// Placeholder entry point until the service issue lands: it says so and exits non-zero.
#if canImport(Glibc)
import Glibc
#endif
let notice = "feedvm: the JSON-RPC service is not built yet (see issue 8)\n"
_ = notice.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
exit(2)
