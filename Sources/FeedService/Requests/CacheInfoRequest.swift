import Dispatch
import Images
import JSON
import Reactive
import RPC

/// `cacheInfo`: what the process's image caches hold and may hold.
struct CacheInfoRequest: FeedRequest {
    static let method = "cacheInfo"

    init(params: RPCParams) throws(RPCError) {}

    func serve(_ service: FeedService, server: RPCServer) throws(RPCError) -> Single<ImageCacheInfo> {
        .just(service.imageLoader.cacheInfo)
    }
}

/// `clearCache {memory?, disk?}`: empties the memory and/or disk image cache (both by default),
/// then answers what they hold, as `cacheInfo`. The directory is emptied off the reader thread.
struct ClearCacheRequest: FeedRequest {
    static let method = "clearCache"
    let memory: Bool, disk: Bool

    init(params: RPCParams) throws(RPCError) {
        (memory, disk) = (try params.optionalBool("memory") ?? true, try params.optionalBool("disk") ?? true)
    }

    func serve(_ service: FeedService, server: RPCServer) throws(RPCError) -> Single<ImageCacheInfo> {
        let loader = service.imageLoader
        let (memory, disk) = (self.memory, self.disk)
        return Single.create { observer in
            DispatchQueue.global(qos: .userInitiated).async {
                loader.clearCache(memory: memory, disk: disk)
                observer(.success(loader.cacheInfo))
            }
            return Disposables.create()
        }
    }
}

extension ImageCacheInfo: WireEncodable {
    /// `{"memory": {"entries", "bytes", "limit"}, "disk": {"entries", "bytes", "limit",
    /// "directory", "indexed"}, "maxAge"}` (protocol/README.md, `cacheInfo`).
    var wireJSON: JSON {
        var memory = JSONObject()
        memory["entries"] = .int(Int64(memoryEntries))
        memory["bytes"] = .int(Int64(memoryBytes))
        memory["limit"] = .int(Int64(memoryLimit))
        var object = JSONObject()
        object["memory"] = .object(memory)
        if let disk, let directory {
            var files = JSONObject()
            files["entries"] = .int(Int64(disk.entries))
            files["bytes"] = .int(Int64(disk.bytes))
            files["limit"] = .int(Int64(disk.byteLimit))
            files["directory"] = .string(directory)
            files["indexed"] = .bool(disk.isIndexed)
            object["disk"] = .object(files)
        }
        object["maxAge"] = .int(Int64(maxAge))
        return .object(object)
    }
}
