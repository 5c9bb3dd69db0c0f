extension PixelImage {
    /// The image turned and mirrored as `orientation` says, so that it displays upright.
    public func oriented(_ orientation: ExifOrientation) -> PixelImage {
        if orientation == .up { return self }
        let output = orientation.displaySize(of: size)
        let channels = layout.channels
        // Where output pixel (0, 0) comes from, and how far (in source pixels) one step right
        // and one step down in the output move in the source.
        let (w, h) = (width, height)
        let (origin, stepX, stepY): (Int, Int, Int) = switch orientation {
        case .up: (0, 1, w)
        case .upMirrored: (w - 1, -1, w)
        case .down: (w * h - 1, -1, -w)
        case .downMirrored: ((h - 1) * w, 1, -w)
        case .leftMirrored: (0, w, 1)
        case .right: ((h - 1) * w, -w, 1)
        case .rightMirrored: (w * h - 1, -w, -1)
        case .left: (w - 1, w, -1)
        }
        return pixels.withUnsafeBufferPointer { source in
            PixelImage(width: output.width, height: output.height, layout: layout) { target in
                let from = source.baseAddress!, to = target.baseAddress!
                var written = 0
                for y in 0..<output.height {
                    var index = origin + y * stepY
                    for _ in 0..<output.width {
                        let pixel = from + index * channels
                        for channel in 0..<channels { to[written + channel] = pixel[channel] }
                        written += channels
                        index += stepX
                    }
                }
            }
        }
    }
}
