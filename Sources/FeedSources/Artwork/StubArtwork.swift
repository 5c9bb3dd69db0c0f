import ImageCodecs

/// The stub catalog's pictures: for each image a generated scene, chosen and laid out by a seed
/// (derived from the item), so the same item always gets the same picture: a landscape, a
/// Bauhaus composition or soft colour blobs.
public enum StubArtwork {
    /// The PNG of the picture `seed` describes, `width` x `height` pixels.
    public static func png(seed: UInt32, width: Int, height: Int) -> [UInt8] {
        PNGEncoder.encode(canvas(seed: seed, width: width, height: height))
    }

    /// The picture `seed` describes, unencoded.
    public static func canvas(seed: UInt32, width: Int, height: Int) -> RGBCanvas {
        var random = SeededRandom(seed: seed)
        var canvas = RGBCanvas(width: width, height: height)
        switch random.below(6) {
        case 0, 1, 2: Landscape(random: &random).paint(&canvas)
        case 3, 4: SoftBlobs(random: &random).paint(&canvas)
        default: BauhausComposition(random: &random, width: width, height: height).paint(&canvas)
        }
        return canvas
    }
}
