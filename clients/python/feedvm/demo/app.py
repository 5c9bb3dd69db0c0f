"""The demo window: a scrollable grid of cards, driven by feedvm.

Keys: Ctrl-R (or the button) reloads; scrolling near the end loads more through
``willDisplay``; the footer mirrors ``refreshStatus`` and its load states (a failed load
with a Retry button, a retried one's attempt, why the list ended); HUD messages show in the
status bar for a few seconds; the combobox switches category (``updateInput``). A feed that
feedvm's store saved shows at once, under "Offline — saved feed from 10:32" until a reload
confirms it (protocol 1.2).
"""

import copy
import functools
import math
import json
import sys
import time
import tkinter as tk
from tkinter import ttk
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from ..input_types import Input
from ..mirror import FeedMirror
from .bridge import ClientBridge, Event
from .cards import PICTURE_HEIGHT, PICTURE_WIDTH, CardGrid, cover
from .theme import BACKGROUND, CARD, HUD_COLOURS, TEXT, apply_theme

__all__ = ["FeedWindow", "BACKGROUND"]

#: Image types Tk 8.6 draws without extensions.
DRAWABLE = ("image/png", "image/gif")
#: The longest side of the pictures asked of feedvm: PNG (what Tk draws) resized to cover a
#: card's picture whatever the photo's shape from 3:4 to 16:9 (4/3 of the picture's longer side).
THUMBNAIL_PIXELS = math.ceil(max(PICTURE_WIDTH, PICTURE_HEIGHT) * 4 / 3)
FOOTER_TEXTS = {"more": "Scroll down to load more", "loading": "Loading more…", "end": "No more data"}
#: Why a list ended (the append load state's reason), in words; an unknown reason shows as it is.
END_REASONS = {
    "hasMoreFalse": "the API says there is no more", "totalReached": "all items of the total are listed",
    "emptyPage": "the last page was empty", "shortPage": "the last page was short",
    "noNextURL": "the page gave no next URL", "noNextCursor": "the page gave no cursor",
    "repeatedCursor": "the next page would repeat one already loaded", "pageLimit": "the page limit was reached",
}


def failure_text(load: Dict[str, Any]) -> str:
    """What an ``error`` load state says: its message, and whether retrying can help."""
    notes = (["not retryable"] if load.get("retryable") is False else []) + (
        [f"{load['attempts']} attempts"] if load.get("attempts", 1) > 1 else [])
    return str(load.get("message", "failed")) + (f" ({', '.join(notes)})" if notes else "")


class FeedWindow:
    """One session's feed in a Tk window."""

    def __init__(self, root: tk.Tk, bridge: ClientBridge, feed_input: Input,
                 categories: List[str], print_ready: bool = False, hud_seconds: float = 3.0) -> None:
        self.root, self.bridge, self.input = root, bridge, copy.copy(feed_input)
        self.print_ready, self.hud_seconds = print_ready, hud_seconds
        self.session: Optional[str] = None
        self.mirror = FeedMirror()
        self.photos: Dict[str, tk.PhotoImage] = {}   # item id -> picture, sized to its card
        self.originals: Set[str] = set()   # items whose original was asked for instead of a PNG
        self.displayed: Set[int] = set()              # rows reported by willDisplay since the last reload
        #: Notifications that came before ``transform``'s answer (a saved feed's reload starts at once).
        self.early: List[Tuple[str, Dict[str, Any]]] = []
        self.ready_reported = False
        self._hud_timer: Optional[str] = None
        self.fonts = apply_theme(root)
        root.title("FeedVM demo")
        root.geometry(f"{CardGrid.width() + 16}x720")
        self._build(categories)
        self.grid = CardGrid(self.canvas, self.fonts)
        root.bind("<Control-r>", lambda _: self.reload())
        root.after(20, self._pump)
        self.bridge.submit("transform", lambda: bridge.client.transform(self.input))

    # -- layout ------------------------------------------------------------------

    def _build(self, categories: List[str]) -> None:
        bar = ttk.Frame(self.root, style="Bar.TFrame", padding=(16, 10))
        bar.pack(side="top", fill="x")
        ttk.Label(bar, text="FeedVM", style="Heading.TLabel").pack(side="left", padx=(0, 16))
        self.category = tk.StringVar(value=self.input.get("category", categories[0]))
        chooser = ttk.Combobox(bar, textvariable=self.category, values=categories, state="readonly",
                               width=14, font=self.fonts.body)
        chooser.bind("<<ComboboxSelected>>", lambda _: self.switch_category())
        chooser.pack(side="left")
        ttk.Button(bar, text="Refresh", command=self.reload).pack(side="left", padx=8)
        self.header = ttk.Label(bar, text="", style="Muted.TLabel")
        self.header.pack(side="left", padx=8)
        self.spinner = ttk.Progressbar(bar, mode="indeterminate", length=90)
        self.banner = ttk.Label(self.root, text="", style="Muted.TLabel", padding=(16, 4), anchor="center")
        status_bar = ttk.Frame(self.root, style="Bar.TFrame", padding=(16, 6))
        status_bar.pack(side="bottom", fill="x")
        self.status = ttk.Label(status_bar, text="Starting feedvm…", style="Muted.TLabel")
        self.status.pack(side="left")
        footer = ttk.Frame(self.root, style="Page.TFrame")
        footer.pack(side="bottom", fill="x")
        self.footer = ttk.Label(footer, text="", style="Footer.TLabel", padding=(0, 8), anchor="center")
        self.footer.pack(side="left", fill="x", expand=True)
        #: Shown while the refresh or the append load state is ``error``: runs the failed load again.
        self.retry_button = ttk.Button(footer, text="Retry", command=self.retry)
        body = ttk.Frame(self.root, style="Page.TFrame")
        body.pack(side="top", fill="both", expand=True)
        self.canvas = tk.Canvas(body, background=BACKGROUND, highlightthickness=0, borderwidth=0)
        scrollbar = ttk.Scrollbar(body, orient="vertical", command=self._scroll)

        def scrolled(first: Union[str, float], last: Union[str, float]) -> None:  # Tk passes strings
            scrollbar.set(first, last)
            self._on_view_changed()

        self.canvas.configure(yscrollcommand=scrolled)
        scrollbar.pack(side="right", fill="y")
        self.canvas.pack(side="left", fill="both", expand=True)
        self.canvas.bind("<Configure>", lambda _: self._on_view_changed())
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
            self.bridge.submit("reload", lambda: self.bridge.client.request_command(session, reload=True))

    def retry(self) -> None:
        """Run the failed load again with the same page (``requestCommand {retry: true}``)."""
        session = self.session
        if session is not None:
            self.bridge.submit("retry", lambda: self.bridge.client.retry(session))

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
        if session is None:
            return
        for index in self.grid.visible():
            if index not in self.displayed:
                self.displayed.add(index)
                self.bridge.submit(f"display:{index}", functools.partial(
                    self.bridge.client.will_display, session, index, max_pixel_size=THUMBNAIL_PIXELS, format="png"))

    # -- events from feedvm --------------------------------------------------------------

    def _pump(self) -> None:
        for event in self.bridge.drain():
            self.handle(event)
        self.root.after(20, self._pump)

    def handle(self, event: Event) -> None:
        """Apply one event from the bridge (a notification, a call's result or its error)."""
        if event.kind == "error":
            self._hud("error", f"{event.tag}: {event.value}")
        elif event.kind == "result" and event.tag == "transform":
            self.session = session = event.value["session"]
            self.status.configure(text="")
            output = event.value.get("output", {})
            if output.get("sections"):
                self.mirror.apply_snapshot(0, output["sections"])  # a saved list shows at once
                self._render()
            self._show_staleness(output)
            early, self.early = self.early, []
            for method, params in early:
                self._notification(method, params)
            self.bridge.submit("bind", lambda: self.bridge.client.bind_refresh_status(session))
            self.reload()
        elif event.kind == "result" and event.tag == "reload":
            # As after UIKit's reloadData, every visible row is displayed anew, even one whose
            # item survived the reload: otherwise a list that fits the window never pages again.
            self.displayed.clear()
            self._on_view_changed()
        elif event.kind == "result" and event.tag.startswith("display:"):
            self._load_missing_image(int(event.tag.split(":")[1]), event.value)
        elif event.kind == "result" and event.tag == "image":
            self._show_image_at(event.value)
        elif event.kind == "notification":
            self._notification(event.tag, event.value.params)

    def _load_missing_image(self, index: int, displayed: Dict[str, Any]) -> None:
        items, session = self.mirror.items, self.session
        if (session is not None and not displayed.get("image") and index < len(items)
                and items[index].get("imageURL") and items[index]["id"] not in self.photos):
            self.bridge.submit("image", lambda: self.bridge.client.load_image(
                session, index, max_pixel_size=THUMBNAIL_PIXELS, format="png"))

    def _notification(self, method: str, params: Dict[str, Any]) -> None:
        if self.session is None:
            self.early.append((method, params))
            return
        if params.get("session") != self.session:
            return
        if method == "sections":
            self.mirror.apply(params)
            self._render()
            self._show_staleness(params)
        elif method == "refreshStatus":
            self._refresh_status(params)
        elif method == "imageDownloaded":
            index = params["index"]
            if params.get("image") and index < len(self.mirror.items):
                self._show_image(index, params["image"])
            elif params.get("error") and params.get("format") == "png" and index < len(self.mirror.items):
                self._load_original(index)
            elif params.get("error") and index < len(self.grid.ids):
                self.grid.note_on_picture(index, "image unavailable")
        elif method == "hud":
            self._hud(params.get("style", "info"), params.get("message", ""))

    def _load_original(self, index: int) -> None:
        """The PNG of item ``index`` could not be made (a GIF: no codec decodes one): load the
        original instead, once per item; Tk draws a GIF as it is."""
        item, session = self.mirror.items[index], self.session
        if session is None or item["id"] in self.photos or item["id"] in self.originals:
            return
        self.originals.add(item["id"])
        self.bridge.submit("image", lambda: self.bridge.client.load_image(session, index))

    def _refresh_status(self, status: Dict[str, Any]) -> None:
        name = status.get("status")
        if name == "beingHeaderRefresh":
            self.header.configure(text="Refreshing…")
            self.spinner.pack(side="left")
            self.spinner.start(12)
            self.footer.configure(text="")  # the old list's "no more data" no longer holds
        elif name == "endHeaderRefresh":
            self.header.configure(text="")
            self.spinner.stop()
            self.spinner.pack_forget()
        elif name == "beingFooterRefresh":
            self.footer.configure(text=FOOTER_TEXTS["loading"])
        elif name == "noMoreData" or (name == "footerStatus" and status.get("isNoMoreData")):
            self.footer.configure(text=f"{FOOTER_TEXTS['end']} · {len(self.mirror.items)} items")
        elif name == "footerStatus":
            self.footer.configure(text="" if status.get("isHidden") else FOOTER_TEXTS["more"])
        self._load_states(status.get("refresh"), status.get("append"), status.get("lastUpdated"))

    def _load_states(self, refresh: Optional[Dict[str, Any]], append: Optional[Dict[str, Any]],
                     last_updated: Optional[int]) -> None:
        """What the load states add to the footer and the header (protocol 1.2): a failure with
        the Retry button, a retried load's attempt, why the list ended, when it was updated."""
        refresh, append = refresh or {}, append or {}
        failed = append if append.get("state") == "error" else refresh if refresh.get("state") == "error" else None
        if append.get("state") == "error":
            self.footer.configure(text="Load failed: " + failure_text(append), foreground=HUD_COLOURS["error"])
        elif refresh.get("state") == "error":
            self.footer.configure(text="Reload failed: " + failure_text(refresh), foreground=HUD_COLOURS["error"])
        else:
            self.footer.configure(foreground="")
            if append.get("state") == "loading" and append.get("attempt", 1) > 1:
                self.footer.configure(text=f"{FOOTER_TEXTS['loading']} (attempt {append['attempt']})")
            elif append.get("state") == "endOfList" and append.get("reason"):
                reason = END_REASONS.get(append["reason"], append["reason"])
                self.footer.configure(text=f"{FOOTER_TEXTS['end']} · {len(self.mirror.items)} items · {reason}")
        if refresh.get("state") == "loading" and refresh.get("attempt", 1) > 1:
            self.header.configure(text=f"Refreshing… (attempt {refresh['attempt']})")
        elif refresh.get("state") == "idle" and last_updated and not self.spinner.winfo_manager():
            self.header.configure(text="Updated " + time.strftime("%H:%M:%S", time.localtime(last_updated / 1000)))
        if failed is not None and not self.retry_button.winfo_manager():
            self.retry_button.pack(side="right", padx=16)
        elif failed is None and self.retry_button.winfo_manager():
            self.retry_button.pack_forget()

    def _show_staleness(self, state: Dict[str, Any]) -> None:
        """The banner over a saved list no reload confirmed yet (``stale``, ``storedAt``)."""
        stored_at = state.get("storedAt")
        if state.get("stale") and isinstance(stored_at, int):
            saved = time.strftime("%H:%M", time.localtime(stored_at / 1000))
            self.banner.configure(text=f"Offline — saved feed from {saved}")
            self.banner.pack(side="top", fill="x", before=self.canvas.master)
        else:
            self.banner.configure(text="")
            self.banner.pack_forget()

    def _hud(self, style: str, message: str) -> None:
        """Show a HUD message in the status bar; it clears itself after ``hud_seconds``."""
        self.status.configure(text=message, foreground=HUD_COLOURS.get(style, TEXT))
        if self._hud_timer is not None:
            self.root.after_cancel(self._hud_timer)
        self._hud_timer = self.root.after(int(self.hud_seconds * 1000), self._clear_hud)

    def _clear_hud(self) -> None:
        self._hud_timer = None
        self.status.configure(text="")

    # -- drawing ---------------------------------------------------------------------------

    def _render(self) -> None:
        kept = self.grid.show(self.mirror.items, self.photos)
        self.displayed = {index for index in self.displayed if index < kept}
        self.root.update_idletasks()
        self._on_view_changed()

    def _show_image_at(self, image: Dict[str, Any]) -> None:
        for index, item in enumerate(self.mirror.items):
            if item.get("imageURL") == image.get("url"):
                self._show_image(index, image)

    def _show_image(self, index: int, image: Dict[str, Any]) -> None:
        item = self.mirror.items[index]
        if item["id"] in self.photos or index >= len(self.grid.ids):
            return
        if image.get("mimeType") not in DRAWABLE:
            kind = str(image.get("mimeType", "image")).split("/")[-1].upper()
            self.grid.note_on_picture(index, f"{kind} {image.get('width')}×{image.get('height')}\n(Tk draws PNG and GIF)")
            return
        try:
            photo = cover(tk.PhotoImage(master=self.root, file=image["path"]), PICTURE_WIDTH, PICTURE_HEIGHT)
        except (tk.TclError, KeyError) as error:
            self._hud("error", f"cannot draw image {index}: {error}")
            return
        self.photos[item["id"]] = photo
        self.grid.draw_picture(index, photo)
        self._maybe_report_ready()

    def release_images(self) -> None:
        """Drop every PhotoImage; call on the Tk thread after ``mainloop`` ends.

        A PhotoImage deletes its Tk image when collected; collected on another
        thread after the loop stopped, that call would wait for Tk forever.
        """
        self.photos.clear()

    def _maybe_report_ready(self) -> None:
        """Print one JSON line once the first visible pictures are all drawn (for tests)."""
        if self.ready_reported or not self.print_ready:
            return
        items = self.mirror.items
        visible = [i for i in sorted(self.displayed) if i < len(self.grid.ids) and items[i].get("imageURL")]
        drawn = [i for i in visible if items[i]["id"] in self.photos]
        if not visible or len(drawn) < len(visible):
            return
        self.ready_reported = True
        self.root.update_idletasks()  # draws, then XSync: the screen shows what this line reports
        text_cards = [i for i in sorted(self.displayed) if i < len(self.grid.ids) and not items[i].get("imageURL")]
        print(json.dumps({"ready": True, "thumbnails": len(drawn), "background": CARD,
                          "boxes": [self.grid.picture_box_on_screen(index) for index in drawn],
                          "textCards": [self.grid.picture_box_on_screen(index) for index in text_cards]}), flush=True)
        sys.stdout.flush()
