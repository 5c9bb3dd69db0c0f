#!/bin/sh
# Regenerates the committed image fixtures (run from anywhere; needs imagemagick and webp).
# The files are committed so the tests never depend on these tools.
set -eu
cd "$(dirname "$0")"
IM=/usr/bin/convert-im6.q16
strip="-strip"

# The upright picture every orientation fixture must decode to: 60x40, four coloured quadrants
# (red top left, green top right, blue bottom left, white bottom right).
$IM -size 60x40 xc:white \
    -fill '#ff0000' -draw 'rectangle 0,0 29,19' -fill '#00ff00' -draw 'rectangle 30,0 59,19' \
    -fill '#0000ff' -draw 'rectangle 0,20 29,39' $strip quadrants.png
$IM quadrants.png -quality 95 -sampling-factor 1x1 $strip quadrants.jpg

# Orientation N: the stored pixels are the upright picture with N's inverse applied, and the
# EXIF tag says N, so decoding with orientation applied gives the upright picture back.
# ImageMagick writes no EXIF to a stripped file, so the APP1 segment (a TIFF header and IFD0
# holding only tag 274) is put after the SOI marker here; even orientations use Motorola
# byte order, odd ones Intel.
tag() { # file, orientation
    python3 - "$1" "$2" <<'PYTHON'
import struct, sys
path, value = sys.argv[1], int(sys.argv[2])
order = ">" if value % 2 == 0 else "<"
tiff = (b"MM" if order == ">" else b"II") + struct.pack(order + "HI", 42, 8)
tiff += struct.pack(order + "H", 1) + struct.pack(order + "HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(order + "I", 0)
segment = b"Exif\0\0" + tiff
data = open(path, "rb").read()
open(path, "wb").write(data[:2] + b"\xff\xe1" + struct.pack(">H", len(segment) + 2) + segment + data[2:])
PYTHON
}
store() { # orientation, transformation
    $IM quadrants.png $2 -quality 95 -sampling-factor 1x1 $strip "orientation-$1.jpg"
    tag "orientation-$1.jpg" "$1"
}
store 1 ""
store 2 "-flop"
store 3 "-rotate 180"
store 4 "-flip"
store 5 "-transpose"
store 6 "-rotate -90"
store 7 "-transverse"
store 8 "-rotate 90"

# Aspect ratios and formats.
$IM -size 320x180 gradient:'#204080-#e0c040' -quality 90 $strip landscape.jpg
$IM -size 90x160 gradient:'#802040-#40e0c0' -quality 90 -interlace JPEG $strip portrait-progressive.jpg
$IM -size 320x180 gradient:'#204080-#e0c040' -depth 8 $strip landscape.png
$IM -size 320x180 gradient:'#204080-#e0c040' -quality 80 $strip landscape.webp
$IM -size 64x48 gradient:'#101010-#f0f0f0' -colorspace Gray -quality 90 $strip grey.jpg
$IM -size 64x48 xc:'#3366cc' -colorspace CMYK -quality 95 $strip cmyk.jpg
$IM -size 48x32 xc:'#ff000080' -define png:color-type=6 $strip alpha.png
$IM -size 48x32 xc:'#00ff0080' -define webp:lossless=true $strip alpha.webp
$IM -size 40x30 xc:'#cc3366' -colors 4 -type Palette $strip palette.png
$IM -size 40x30 gradient:'#000000-#ffffff' -depth 16 $strip sixteen-bit.png
$IM -size 1x1 xc:'#336699' $strip pixel.png
$IM -size 1x1 xc:'#336699' -quality 95 $strip pixel.jpg
$IM -size 1x1 xc:'#336699' -define webp:lossless=true $strip pixel.webp
$IM -size 8x8 xc:'#336699' $strip pixel.gif
$IM -size 8x8 xc:'#336699' $strip pixel.bmp

# A 4000x3000 photo-sized JPEG (a smooth gradient compresses to ~70 KB).
$IM -size 4000x3000 gradient:'#306090-#c0a040' -quality 40 -sampling-factor 2x2 \
    -define jpeg:optimize-coding=true $strip large-4000x3000.jpg

# An animated WebP (two frames).
$IM -size 16x16 xc:red frame-a.png
$IM -size 16x16 xc:blue frame-b.png
img2webp -loop 0 -lossless frame-a.png -d 100 frame-b.png -o animated.webp >/dev/null 2>&1
rm -f frame-a.png frame-b.png
