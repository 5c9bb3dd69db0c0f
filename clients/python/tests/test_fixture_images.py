"""The fixture backend's images are real, decodable and of the advertised size."""

from pathlib import Path
from typing import Tuple

import pytest

from feedvm.fixtures.images import encode
from imagecheck import dimensions, identify, png_pixels


@pytest.mark.parametrize("kind", ["png", "gif", "jpg"])
@pytest.mark.parametrize("size", [(1, 1), (7, 9), (160, 120), (203, 157)])
def test_headers_carry_the_requested_dimensions(kind: str, size: Tuple[int, int]) -> None:
    assert dimensions(encode(kind, size[0], size[1], 42)) == (kind, *size)


def test_png_decodes_to_a_picture_that_is_not_one_flat_colour() -> None:
    rows = png_pixels(encode("png", 64, 48, 7))
    assert len(rows) == 48 and len(rows[0]) == 64
    assert len({pixel for row in rows for pixel in row}) > 4


@pytest.mark.parametrize("kind,fmt", [("png", "PNG"), ("gif", "GIF"), ("jpg", "JPEG")])
def test_imagemagick_decodes_every_format_without_warnings(tmp_path: Path, kind: str, fmt: str) -> None:
    path = tmp_path / f"image.{kind}"
    path.write_bytes(encode(kind, 203, 157, 3))
    decoded = identify(str(path))
    if decoded is None:
        pytest.skip("ImageMagick `identify` not installed (scripts/install-test-deps.sh)")
    assert decoded == (fmt, 203, 157)
