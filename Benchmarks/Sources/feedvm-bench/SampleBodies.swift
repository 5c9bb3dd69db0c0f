/// Realistic inputs for the JSON benchmark, generated deterministically: the API pages the feed
/// sources parse and the request lines the RPC layer parses.
enum SampleBodies {
    /// A gank.io v1 page: `{"error": false, "results": [...]}` with `itemCount` items.
    static func gankPage(itemCount: Int) -> String {
        var items: [String] = []
        for index in 0..<itemCount {
            let day = 10 + index % 18
            let description = index % 3 == 0
                ? #"Android 仿微信图片选择器，支持多选、预览与裁剪 \"v\#(index)\""#
                : "A lightweight RxSwift MVVM sample with Moya networking, item \(index)"
            let type = ["Android", "iOS", "福利", "前端"][index % 4]
            items.append(#"""
                {"_id":"5c2dabdb9d21226e068de\#(String(index, radix: 16, uppercase: false).leftPadded(3))","createdAt":"2019-01-\#(day)T06:30:51.933Z","desc":"\#(description)","images":["https://ws1.sinaimg.cn/large/0065oQSqgy1fze94uew3jj30qo10cdka.jpg","https://ws1.sinaimg.cn/large/0065oQSqly1fswhaqvnobj30sg14hka0.jpg"],"publishedAt":"2019-01-\#(day)T00:00:00.0Z","source":"web","type":"\#(type)","url":"https://github.com/example/project-\#(index)","used":true,"who":"lijinshanmx"}
                """#)
        }
        return #"{"error":false,"results":["# + items.joined(separator: ",") + "]}"
    }

    /// An Unsplash `GET /photos` page: an array of `itemCount` photos with nested `user` and `urls`.
    static func unsplashPage(itemCount: Int) -> String {
        var items: [String] = []
        for index in 0..<itemCount {
            let id = "Dwu85P9SO\(String(index, radix: 36).leftPadded(2))"
            let description = index % 2 == 0 ? "null" : #""A man drinking a coffee.""#
            let base = "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?ixid=MnwxMjA3fDB8MXxhbGx8\(index)"
            items.append(#"""
                {"id":"\#(id)","created_at":"2016-05-03T11:00:28-04:00","updated_at":"2016-07-10T11:00:01-05:00","width":\#(2448 + index),"height":3264,"color":"#6E633A","blur_hash":"LFC$yHwc8^$yIAS$%M%00KxukYIp","likes":\#(12 * index + 7),"liked_by_user":false,"description":\#(description),"user":{"id":"QPxL2MGqfrw","username":"exampleuser","name":"Joe Example","portfolio_url":"https://example.com/","bio":"Just an everyday Joe","location":"Montreal","total_likes":5,"total_photos":10,"profile_image":{"small":"https://images.unsplash.com/face-springmorning.jpg?q=80&fm=jpg&crop=faces&fit=crop&h=32&w=32","medium":"https://images.unsplash.com/face-springmorning.jpg?q=80&fm=jpg&crop=faces&fit=crop&h=64&w=64","large":"https://images.unsplash.com/face-springmorning.jpg?q=80&fm=jpg&crop=faces&fit=crop&h=128&w=128"},"links":{"self":"https://api.unsplash.com/users/exampleuser","html":"https://unsplash.com/exampleuser","photos":"https://api.unsplash.com/users/exampleuser/photos","likes":"https://api.unsplash.com/users/exampleuser/likes"}},"urls":{"raw":"\#(base)","full":"\#(base)&q=85&fm=jpg","regular":"\#(base)&w=1080&fit=max","small":"\#(base)&w=400&fit=max","thumb":"\#(base)&w=200&fit=max"},"links":{"self":"https://api.unsplash.com/photos/\#(id)","html":"https://unsplash.com/photos/\#(id)","download":"https://unsplash.com/photos/\#(id)/download"}}
                """#)
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    /// A typical JSON-RPC request line of the feed protocol.
    static let rpcRequestLine = #"{"jsonrpc":"2.0","id":1042,"method":"requestCommand","params":{"session":"s-7f3a","reload":false}}"#

    /// The smallest request: what a pipelined ping load sends.
    static let rpcPingLine = #"{"jsonrpc":"2.0","id":7,"method":"ping"}"#
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
