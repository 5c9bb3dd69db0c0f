"""Reading image headers and PNG pixels in tests, independently of the generators."""

import shutil
import struct
import subprocess
import zlib
from typing import List, Optional, Tuple


def dimensions(data: bytes) -> Tuple[str, int, int]:
    """(kind, width, height) from a PNG, GIF, JPEG or lossless WebP header."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        width, height = struct.unpack(">II", data[16:24])
        return "png", width, height
    if data[:6] in (b"GIF87a", b"GIF89a"):
        width, height = struct.unpack("<HH", data[6:10])
        return "gif", width, height
    if data.startswith(b"\xff\xd8"):
        position = 2
        while position < len(data):
            marker, length = data[position + 1], struct.unpack(">H", data[position + 2:position + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack(">HH", data[position + 5:position + 9])
                return "jpg", width, height
            position += 2 + length
    if data[:4] == b"RIFF" and data[8:16] == b"WEBPVP8L" and data[20] == 0x2F:
        bits = int.from_bytes(data[21:25], "little")
        return "webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    raise ValueError("not a PNG, GIF, JPEG or lossless WebP")


def png_pixels(data: bytes) -> List[List[Tuple[int, int, int]]]:
    """Decode an 8-bit RGB PNG (any filter) into rows of pixels."""
    width, height = struct.unpack(">II", data[16:24])
    assert data[24:26] == b"\x08\x02", "only 8-bit RGB is decoded here"
    position, idat = 8, b""
    while position < len(data):
        length = struct.unpack(">I", data[position:position + 4])[0]
        kind = data[position + 4:position + 8]
        chunk = data[position + 8:position + 8 + length]
        crc = struct.unpack(">I", data[position + 8 + length:position + 12 + length])[0]
        assert zlib.crc32(kind + chunk) == crc, f"bad CRC in {kind!r}"
        if kind == b"IDAT":
            idat += chunk
        position += 12 + length
    raw = zlib.decompress(idat)
    stride, rows, previous = width * 3, [], bytearray(width * 3)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - 3] if i >= 3 else 0
            up = previous[i]
            corner = previous[i - 3] if i >= 3 else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append([(line[i], line[i + 1], line[i + 2]) for i in range(0, stride, 3)])
        previous = line
    return rows


def identify(path: str) -> Optional[Tuple[str, int, int]]:
    """ImageMagick's full decode of ``path`` -> (format, width, height); None when absent."""
    tool = shutil.which("identify")
    if tool is None:
        return None
    out = subprocess.run([tool, "-regard-warnings", "-format", "%m %w %h", path + "[0]"],
                         check=True, capture_output=True, text=True).stdout.split()
    return out[0], int(out[1]), int(out[2])
