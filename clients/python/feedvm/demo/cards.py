"""The card grid: one canvas, one card per item (image, title, author and date), and its geometry.

Every card is a group of canvas items tagged ``card:<index>``; an image is cropped to fill its
card's picture box ("cover", as feed apps do), scaled by the rational factor Tk's
``zoom``/``subsample`` can make. Items without an image get a text card.
"""

import math
import tkinter as tk
import zlib
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .theme import CARD, CARD_BORDER, MUTED, PLACEHOLDER, TEXT, TEXT_CARD_TINTS, Fonts

__all__ = ["CardGrid", "cover", "COLUMNS", "CARD_WIDTH", "CARD_HEIGHT", "GAP"]

COLUMNS = 4
CARD_WIDTH, CARD_HEIGHT = 200, 206
GAP = 16
INSET = 8
PICTURE_WIDTH, PICTURE_HEIGHT = CARD_WIDTH - 2 * INSET, 124
Item = Dict[str, Any]


def _scale_at_least(scale: float, max_denominator: int = 6) -> Tuple[int, int]:
    """The smallest ``zoom/subsample`` fraction not below ``scale`` (so the crop is filled)."""
    fractions = [(max(1, math.ceil(scale * denominator)), denominator)
                 for denominator in range(1, max_denominator + 1)]
    return min(fractions, key=lambda fraction: fraction[0] / fraction[1])


def cover(photo: tk.PhotoImage, width: int, height: int) -> tk.PhotoImage:
    """``photo`` scaled to cover ``width`` x ``height`` and cropped to it, centred."""
    zoom, shrink = _scale_at_least(max(width / photo.width(), height / photo.height()))
    scaled = photo.zoom(zoom) if zoom > 1 else photo
    scaled = scaled.subsample(shrink) if shrink > 1 else scaled
    left, top = (scaled.width() - width) // 2, (scaled.height() - height) // 2
    cropped = tk.PhotoImage(master=photo.tk, width=width, height=height)
    cropped.tk.call(cropped, "copy", scaled, "-from", left, top, left + width, top + height, "-to", 0, 0)
    return cropped


def _rounded_rectangle(canvas: tk.Canvas, box: Sequence[int], radius: int, **options: Any) -> int:
    x1, y1, x2, y2 = box
    points = [x1 + radius, y1, x2 - radius, y1, x2, y1, x2, y1 + radius, x2, y2 - radius, x2, y2,
              x2 - radius, y2, x1 + radius, y2, x1, y2, x1, y2 - radius, x1, y1 + radius, x1, y1]
    return canvas.create_polygon(points, smooth=True, splinesteps=12, **options)


class CardGrid:
    """Draws items as cards on ``canvas`` and says which are visible."""

    def __init__(self, canvas: tk.Canvas, fonts: Fonts) -> None:
        self.canvas, self.fonts = canvas, fonts
        self.ids: List[str] = []          # item id of each drawn card, by index
        self.pictures: Dict[int, int] = {}  # index -> canvas id of its drawn picture

    # -- geometry -----------------------------------------------------------------

    @staticmethod
    def origin(index: int) -> Tuple[int, int]:
        """Top-left corner of card ``index`` on the canvas."""
        row, column = divmod(index, COLUMNS)
        return GAP + column * (CARD_WIDTH + GAP), GAP + row * (CARD_HEIGHT + GAP)

    @staticmethod
    def width() -> int:
        """The canvas width the grid needs."""
        return COLUMNS * (CARD_WIDTH + GAP) + GAP

    def visible(self) -> range:
        """Indices of the cards at least partly inside the canvas's viewport."""
        top = self.canvas.canvasy(0)
        bottom = top + self.canvas.winfo_height()
        first_row = max(0, int((top - GAP) // (CARD_HEIGHT + GAP)))
        last_row = int((bottom - GAP) // (CARD_HEIGHT + GAP))
        return range(first_row * COLUMNS, min(len(self.ids), (last_row + 1) * COLUMNS))

    def picture_box_on_screen(self, index: int) -> List[int]:
        """[x, y, width, height] of card ``index``'s picture in screen pixels."""
        x, y = self.origin(index)
        return [self.canvas.winfo_rootx() + x + INSET - int(self.canvas.canvasx(0)),
                self.canvas.winfo_rooty() + y + INSET - int(self.canvas.canvasy(0)), PICTURE_WIDTH, PICTURE_HEIGHT]

    # -- drawing ------------------------------------------------------------------

    def show(self, items: Sequence[Item], photos: Dict[str, tk.PhotoImage]) -> int:
        """Draw ``items``, keeping the cards whose index and id are unchanged; returns how many were kept."""
        kept = 0
        while kept < min(len(items), len(self.ids)) and self.ids[kept] == items[kept]["id"]:
            kept += 1
        for index in range(kept, len(self.ids)):
            self.canvas.delete(f"card:{index}")
            self.pictures.pop(index, None)
        del self.ids[kept:]
        for index in range(kept, len(items)):
            self._draw_card(index, items[index], photos.get(items[index]["id"]))
        rows = -(-len(items) // COLUMNS)
        self.canvas.configure(scrollregion=(0, 0, self.width(), GAP + rows * (CARD_HEIGHT + GAP)))
        return kept

    def draw_picture(self, index: int, photo: tk.PhotoImage) -> None:
        """Put ``photo`` (already sized to the picture box) into card ``index``."""
        x, y = self.origin(index)
        self.canvas.delete(f"picture:{index}")
        self.pictures[index] = self.canvas.create_image(
            x + INSET, y + INSET, image=photo, anchor="nw", tags=(f"card:{index}", f"picture:{index}"))

    def note_on_picture(self, index: int, text: str) -> None:
        """Write ``text`` in card ``index``'s picture box (an image Tk cannot draw, a failed load)."""
        x, y = self.origin(index)
        self.canvas.delete(f"picture:{index}")
        self.canvas.create_text(x + CARD_WIDTH // 2, y + INSET + PICTURE_HEIGHT // 2, text=text, fill=MUTED,
                                font=self.fonts.meta, justify="center", tags=(f"card:{index}", f"picture:{index}"))

    def _draw_card(self, index: int, item: Item, photo: Optional[tk.PhotoImage]) -> None:
        x, y = self.origin(index)
        tags = (f"card:{index}",)
        _rounded_rectangle(self.canvas, (x, y, x + CARD_WIDTH, y + CARD_HEIGHT), 12, fill=CARD,
                           outline=CARD_BORDER, tags=tags)
        picture = (x + INSET, y + INSET, x + INSET + PICTURE_WIDTH, y + INSET + PICTURE_HEIGHT)
        if item.get("imageURL"):
            _rounded_rectangle(self.canvas, picture, 8, fill=PLACEHOLDER, outline="", tags=tags)
        else:  # a text card: the title, large, on a tint of its own
            tint = TEXT_CARD_TINTS[zlib.crc32(item["id"].encode()) % len(TEXT_CARD_TINTS)]
            _rounded_rectangle(self.canvas, picture, 8, fill=tint, outline="", tags=tags)
            self.canvas.create_text(picture[0] + 12, picture[1] + 12, anchor="nw", width=PICTURE_WIDTH - 24,
                                    text=self._clip(item.get("title", ""), self.fonts.text_card, 3 * (PICTURE_WIDTH - 24)),
                                    fill=TEXT, font=self.fonts.text_card, tags=tags)
        text_left, text_top = x + 12, picture[3] + 12
        self.canvas.create_text(text_left, text_top, anchor="nw", text=self._clip(
            item.get("title", ""), self.fonts.title, CARD_WIDTH - 24), fill=TEXT, font=self.fonts.title, tags=tags)
        self.canvas.create_text(text_left, text_top + 22, anchor="nw", text=self._clip(
            _byline(item), self.fonts.meta, CARD_WIDTH - 24), fill=MUTED, font=self.fonts.meta, tags=tags)
        self.ids.append(item["id"])
        if photo is not None:
            self.draw_picture(index, photo)

    @staticmethod
    def _clip(text: str, font: Any, width: int) -> str:
        """``text``, cut with an ellipsis to fit ``width`` pixels."""
        if font.measure(text) <= width:
            return text
        while text and font.measure(text + "…") > width:
            text = text[:-1]
        return text.rstrip() + "…"


def _byline(item: Item) -> str:
    """"author · 2017-01-01" from what the item has."""
    parts = [str(item[key]) for key in ("author", "source") if item.get(key)][:1]
    if item.get("publishedAt"):
        parts.append(str(item["publishedAt"])[:10])
    return " · ".join(parts)
