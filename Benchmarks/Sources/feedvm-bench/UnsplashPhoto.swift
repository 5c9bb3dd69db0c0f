/// The slice of an Unsplash photo the feed maps (seed 002's `PhotoListModel`, grown a little),
/// decoded by both decoders in the JSON benchmark.
struct UnsplashPhoto: Decodable {
    struct URLs: Decodable {
        let raw: String
        let full: String
        let regular: String
        let small: String
        let thumb: String
    }

    struct User: Decodable {
        let id: String
        let username: String
        let name: String
        let totalLikes: Int
    }

    let id: String
    let createdAt: String
    let width: Int
    let height: Int
    let color: String
    let likes: Int
    let likedByUser: Bool
    let description: String?
    let user: User
    let urls: URLs
}
