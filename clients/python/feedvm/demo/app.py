"""The demo window: a scrollable grid of thumbnails with titles, driven by feedvm.

Keys: Ctrl-R (or the button) reloads; scrolling near the end loads more
through ``willDisplay``; the footer mirrors ``refreshStatus``; HUD messages
show in the status bar; the combobox switches category (``updateInput``).
"""

import json
import sys
import tkinter as tk
from tkinter import ttk
from typing import Any, Dict, List, Optional, Set

from ..mirror import FeedMirror
from .bridge import ClientBridge, Event

__all__ = ["FeedWindow", "BACKGROUND"]

BACKGROUND = "#1e1f24"
COLUMNS = 4
THUMB_WIDTH, THUMB_HEIGHT = 150, 110
CELL_WIDTH, CELL_HEIGHT = 170, 150
CARD_COLOUR, CARD_EDGE, CARD_ACCENT = "#2c3039", "#3b404b", "#6c8ebf"
HUD_COLOURS = {"success": "#7ccf7c", "error": "#ff7070", "info": "#9fc3ff"}


class FeedWindow:
    """One session's feed in a Tk window."""

    def __init__(self, root: tk.Tk, bridge: ClientBridge, feed_input: Dict[str, Any],
                 categories: List[str], print_ready: bool = False) -> None:
        self.root, self.bridge, self.input = root, bridge, dict(feed_input)
        self.print_ready = print_ready
        self.session: Optional[str] = None
        self.mirror = FeedMirror()
        self.photos: Dict[str, tk.PhotoImage] = {}   # item id -> scaled thumbnail
        self.displayed: Set[int] = set()
        self.cells: List[tk.Canvas] = []
        self.ready_reported = False
        root.title("FeedVM demo")
        root.configure(background=BACKGROUND)
        root.geometry(f"{COLUMNS * CELL_WIDTH + 40}x680")
        self._build(categories)
        root.bind("<Control-r>", lambda _: self.reload())
        root.after(20, self._pump)
        self.bridge.submit("transform", lambda: bridge.client.transform(self.input))

    # -- layout ------------------------------------------------------------------

    def _build(self, categories: List[str]) -> None:
        bar = tk.Frame(self.root, background=BACKGROUND)
        bar.pack(side="top", fill="x", padx=8, pady=6)
        self.category = tk.StringVar(value=self.input.get("category", categories[0]))
        chooser = ttk.Combobox(bar, textvariable=self.category, values=categories,
                               state="readonly", width=14)
        chooser.bind("<<ComboboxSelected>>", lambda _: self.switch_category())
        chooser.pack(side="left")
        tk.Button(bar, text="Refresh (Ctrl-R)", command=self.reload).pack(side="left", padx=8)
        self.header = tk.Label(bar, text="", foreground="#dddddd", background=BACKGROUND)
        self.header.pack(side="left")
        self.status = tk.Label(self.root, text="starting feedvm…", anchor="w",
                               foreground="#dddddd", background="#2b2d33")
        self.status.pack(side="bottom", fill="x")
        self.footer = tk.Label(self.root, text="", foreground="#bbbbbb", background=BACKGROUND)
        self.footer.pack(side="bottom", fill="x")
        body = tk.Frame(self.root, background=BACKGROUND)
        body.pack(side="top", fill="both", expand=True)
        self.canvas = tk.Canvas(body, background=BACKGROUND, highlightthickness=0)
        scrollbar = tk.Scrollbar(body, orient="vertical", command=self._scroll)

        def scrolled(first: float, last: float) -> None:
            scrollbar.set(first, last)
            self._on_view_changed()

        self.canvas.configure(yscrollcommand=scrolled)
        scrollbar.pack(side="right", fill="y")
        self.canvas.pack(side="left", fill="both", expand=True)
        self.grid = tk.Frame(self.canvas, background=BACKGROUND)
        self.canvas.create_window((0, 0), window=self.grid, anchor="nw")
        self.grid.bind("<Configure>", lambda _: self.canvas.configure(
            scrollregion=self.canvas.bbox("all")))
        self.root.bind("<Button-4>", lambda _: self._scroll("scroll", -3, "units"))
        self.root.bind("<Button-5>", lambda _: self._scroll("scroll", 3, "units"))
        self.root.bind("<MouseWheel>", lambda e: self._scroll("scroll", -e.delta // 40, "units"))

    def _scroll(self, *args: Any) -> None:
        self.canvas.yview(*args)
        self._on_view_changed()

    # -- commands ------------------------------------------------------------------

    def reload(self) -> None:
        """Pull-to-refresh."""
        session = self.session
        if session is not None:
            self.bridge.submit("reload", lambda: self.bridge.client.request_command(
                session, reload=True))

    def switch_category(self) -> None:
        """Send the new category, then reload."""
        if self.session is None:
            return
        session, category = self.session, self.category.get()

        def switch() -> Any:
            self.bridge.client.update_input(session, {"category": category})
            return self.bridge.client.request_command(session, reload=True)

        self.bridge.submit("reload", switch)

    def _on_view_changed(self) -> None:
        """Report newly visible rows (the seeds' willDisplayCell): paging and images."""
        session = self.session
        if session is None or not self.cells:
            return
        top = self.canvas.canvasy(0)
        bottom = top + self.canvas.winfo_height()
        first_row, last_row = int(top // CELL_HEIGHT), int(bottom // CELL_HEIGHT)
        for index in range(first_row * COLUMNS, min(len(self.cells), (last_row + 1) * COLUMNS)):
            if index not in self.displayed:
                self.displayed.add(index)
                self._submit_display(session, index)

    def _submit_display(self, session: str, index: int) -> None:
        self.bridge.submit(f"display:{index}",
                           lambda: self.bridge.client.will_display(session, index))

    # -- events from feedvm --------------------------------------------------------------

    def _pump(self) -> None:
        for event in self.bridge.drain():
            self._handle(event)
        self.root.after(20, self._pump)

    def _handle(self, event: Event) -> None:
        if event.kind == "error":
            self._hud("error", f"{event.tag}: {event.value}")
        elif event.kind == "result" and event.tag == "transform":
            self.session = event.value["session"]
            session = self.session
            self.bridge.submit("bind", lambda: self.bridge.client.bind_refresh_status(session))
            self.reload()
        elif event.kind == "result" and event.tag.startswith("display:"):
            index = int(event.tag.split(":")[1])
            items = self.mirror.items
            session = self.session
            if (session is not None and not event.value.get("image") and index < len(items)
                    and "imageURL" in items[index] and items[index]["id"] not in self.photos):
                self.bridge.submit("image", lambda: self.bridge.client.load_image(session, index))
        elif event.kind == "result" and event.tag == "image":
            self._show_image_at(event.value)
        elif event.kind == "notification":
            self._notification(event.tag, event.value.params)

    def _notification(self, method: str, params: Dict[str, Any]) -> None:
        if params.get("session") != self.session:
            return
        if method == "sections":
            self.mirror.apply(params)
            self._render()
        elif method == "refreshStatus":
            self._refresh_status(params)
        elif method == "imageDownloaded" and params.get("image"):
            index = params["index"]
            if index < len(self.mirror.items):
                self._show_image(index, params["image"])
        elif method == "hud":
            self._hud(params.get("style", "info"), params.get("message", ""))

    def _refresh_status(self, status: Dict[str, Any]) -> None:
        name = status.get("status")
        if name == "beingHeaderRefresh":
            self.header.configure(text="Refreshing…")
        elif name == "endHeaderRefresh":
            self.header.configure(text="")
        elif name == "beingFooterRefresh":
            self.footer.configure(text="Loading more…")
        elif name == "noMoreData" or (name == "footerStatus" and status.get("isNoMoreData")):
            self.footer.configure(text="No more data")
        elif name == "footerStatus":
            self.footer.configure(text="" if status.get("isHidden") else "Scroll down to load more")

    def _hud(self, style: str, message: str) -> None:
        self.status.configure(text=message, foreground=HUD_COLOURS.get(style, "#dddddd"))

    # -- drawing ---------------------------------------------------------------------------

    def _render(self) -> None:
        items = self.mirror.items
        keep = 0
        while keep < min(len(items), len(self.cells)) and self.cells[keep].item_id == items[keep]["id"]:  # type: ignore[attr-defined]
            keep += 1
        for cell in self.cells[keep:]:
            cell.destroy()
        del self.cells[keep:]
        self.displayed = {i for i in self.displayed if i < keep}
        for index in range(keep, len(items)):
            self.cells.append(self._make_cell(index, items[index]))
        self.root.update_idletasks()
        self.canvas.configure(scrollregion=self.canvas.bbox("all"))
        self._on_view_changed()

    def _make_cell(self, index: int, item: Dict[str, Any]) -> tk.Canvas:
        cell = tk.Canvas(self.grid, width=CELL_WIDTH - 10, height=CELL_HEIGHT - 10,
                         background=BACKGROUND, highlightthickness=0)
        cell.item_id = item["id"]  # type: ignore[attr-defined]
        cell.grid(row=index // COLUMNS, column=index % COLUMNS, padx=5, pady=5)
        if "imageURL" not in item:  # an article without a cover, a text post: a text-only card
            _draw_text_card(cell, item)
            return cell
        cell.create_text((CELL_WIDTH - 10) // 2, THUMB_HEIGHT + 14, text=item.get("title", "")[:24],
                         fill="#e8e8e8", font=("TkDefaultFont", 9))
        if item["id"] in self.photos:
            self._draw_photo(cell, self.photos[item["id"]])
        return cell

    def _show_image_at(self, image: Dict[str, Any]) -> None:
        for index, item in enumerate(self.mirror.items):
            if item.get("imageURL") == image.get("url"):
                self._show_image(index, image)

    def _show_image(self, index: int, image: Dict[str, Any]) -> None:
        item = self.mirror.items[index]
        if item["id"] in self.photos or index >= len(self.cells):
            return
        if image.get("mimeType") not in ("image/png", "image/gif"):
            self.cells[index].create_text(THUMB_WIDTH // 2, THUMB_HEIGHT // 2, fill="#888888",
                                          text=f"{image.get('mimeType')}\n{image.get('width')}x{image.get('height')}")
            return
        try:
            photo = tk.PhotoImage(file=image["path"])
        except (tk.TclError, KeyError) as error:
            self._hud("error", f"cannot draw image {index}: {error}")
            return
        photo = _fit(photo)
        self.photos[item["id"]] = photo
        self._draw_photo(self.cells[index], photo)
        self._maybe_report_ready()

    def _draw_photo(self, cell: tk.Canvas, photo: tk.PhotoImage) -> None:
        cell.create_image((CELL_WIDTH - 10) // 2, THUMB_HEIGHT // 2, image=photo)

    def release_images(self) -> None:
        """Drop every PhotoImage; call on the Tk thread after ``mainloop`` ends.

        A PhotoImage deletes its Tk image when collected; collected on another
        thread after the loop stopped, that call would wait for Tk forever.
        """
        self.photos.clear()
        self.cells.clear()

    def _maybe_report_ready(self) -> None:
        """Print one JSON line once the first visible thumbnails are all drawn (for tests)."""
        if self.ready_reported or not self.print_ready:
            return
        visible = [i for i in sorted(self.displayed) if i < len(self.cells)]
        items = self.mirror.items
        drawn = [i for i in visible if items[i]["id"] in self.photos]
        text_cards = [i for i in visible if "imageURL" not in items[i]]
        if not drawn or len(drawn) + len(text_cards) < len(visible):
            return
        self.ready_reported = True
        self.root.update_idletasks()
        boxes = []
        for index in drawn:
            cell, photo = self.cells[index], self.photos[self.mirror.items[index]["id"]]
            boxes.append([cell.winfo_rootx() + (CELL_WIDTH - 10) // 2 - photo.width() // 2,
                          cell.winfo_rooty() + THUMB_HEIGHT // 2 - photo.height() // 2,
                          photo.width(), photo.height()])
        cards = [[self.cells[i].winfo_rootx(), self.cells[i].winfo_rooty(), CELL_WIDTH - 10, CELL_HEIGHT - 10]
                 for i in text_cards]
        print(json.dumps({"ready": True, "thumbnails": len(drawn), "boxes": boxes, "textCards": cards,
                          "background": BACKGROUND}), flush=True)
        sys.stdout.flush()


def _draw_text_card(cell: tk.Canvas, item: Dict[str, Any]) -> None:
    """A card for an item without an image: its title large, then its author or source."""
    width, height = CELL_WIDTH - 10, CELL_HEIGHT - 10
    cell.create_rectangle(1, 1, width - 2, height - 2, fill=CARD_COLOUR, outline=CARD_EDGE)
    cell.create_rectangle(1, 1, 6, height - 2, fill=CARD_ACCENT, outline="")
    cell.create_text(16, 14, anchor="nw", width=width - 28, text=item.get("title", "")[:90],
                     fill="#f0f0f0", font=("TkDefaultFont", 11, "bold"))
    byline = item.get("author") or item.get("source") or item.get("publishedAt", "")[:10]
    if byline:
        cell.create_text(16, height - 14, anchor="sw", width=width - 28, text=byline[:40],
                         fill="#a8b0bd", font=("TkDefaultFont", 9))


def _fit(photo: tk.PhotoImage) -> tk.PhotoImage:
    """Scale by whole factors (all Tk offers) to fit the thumbnail box as well as possible."""
    width, height = photo.width(), photo.height()
    shrink = max(1, -(-width // THUMB_WIDTH), -(-height // THUMB_HEIGHT))
    if shrink > 1:
        return photo.subsample(shrink)
    grow = min(THUMB_WIDTH // max(1, width), THUMB_HEIGHT // max(1, height))
    return photo.zoom(grow) if grow > 1 else photo
