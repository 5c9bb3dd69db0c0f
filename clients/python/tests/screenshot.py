"""Xvfb and xwd helpers for the GUI test: start a display, grab it, read pixels."""

import os
import shutil
import struct
import subprocess
import zlib
from typing import Iterator, Optional, Tuple


class VirtualDisplay:
    """An Xvfb server on a free display number (``-displayfd``); a context manager."""

    def __init__(self, size: str = "1024x768x24") -> None:
        self.size = size
        self.process: Optional[subprocess.Popen] = None
        self.name = ""

    def __enter__(self) -> "VirtualDisplay":
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", self.size, "-nolisten", "tcp"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as reader:
            number = reader.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not report a display number")
        self.name = f":{number}"
        return self

    def __exit__(self, *exc_info) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)


class Screenshot:
    """A 24/32-bit TrueColor XWD image of the whole screen."""

    def __init__(self, data: bytes) -> None:
        header = struct.unpack(">25I", data[:100])
        (header_size, _, pixmap_format, depth, self.width, self.height, _, byte_order, _, _, _,
         bits_per_pixel, self.bytes_per_line, _, self.red_mask, self.green_mask, self.blue_mask,
         _, _, ncolors) = header[:20]
        if pixmap_format != 2 or bits_per_pixel != 32:
            raise ValueError(f"unsupported XWD: format {pixmap_format}, {bits_per_pixel} bpp, depth {depth}")
        self.little_endian = byte_order == 0
        self.pixels = data[header_size + ncolors * 12:]

    @classmethod
    def grab(cls, display: str) -> "Screenshot":
        """``xwd -root`` of ``display``."""
        tool = shutil.which("xwd")
        if tool is None:
            raise FileNotFoundError("xwd")
        return cls(subprocess.run([tool, "-root", "-silent", "-display", display],
                                  check=True, capture_output=True, timeout=30).stdout)

    def pixel(self, x: int, y: int) -> Tuple[int, int, int]:
        """(r, g, b) at ``x``, ``y``."""
        offset = y * self.bytes_per_line + x * 4
        value = int.from_bytes(self.pixels[offset:offset + 4], "little" if self.little_endian else "big")
        return tuple(((value & mask) >> (mask & -mask).bit_length() - 1) & 0xFF  # type: ignore[return-value]
                     for mask in (self.red_mask, self.green_mask, self.blue_mask))

    def save_png(self, path: "os.PathLike[str] | str") -> None:
        """Write the screen as an RGB PNG (standard library only: zlib and struct)."""
        rows = bytearray()
        for y in range(self.height):
            rows.append(0)  # filter: none
            for x in range(self.width):
                rows.extend(self.pixel(x, y))

        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        with open(path, "wb") as png:
            png.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                      + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))

    def region(self, x: int, y: int, width: int, height: int) -> Iterator[Tuple[int, int, int]]:
        """Every pixel of a rectangle, clipped to the screen."""
        for row in range(max(0, y), min(self.height, y + height)):
            for column in range(max(0, x), min(self.width, x + width)):
                yield self.pixel(column, row)
