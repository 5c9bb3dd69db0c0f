"""The demo's look: a dark page of cards, ttk widgets styled to match, one type family."""

import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk

__all__ = ["Fonts", "apply_theme", "BACKGROUND", "CARD", "CARD_BORDER", "PLACEHOLDER", "TEXT", "MUTED",
           "HUD_COLOURS", "TEXT_CARD_TINTS"]

BACKGROUND = "#14161b"    # the page behind the cards
BAR = "#1b1e24"           # tool bar and status bar
CONTROL = "#2a2e37"       # buttons, combobox, scrollbar
CONTROL_ACTIVE = "#353a45"
CARD = "#1f2229"
CARD_BORDER = "#2c3039"
PLACEHOLDER = "#2a2e37"   # an image's place until it is drawn
TEXT = "#e8eaed"
MUTED = "#9aa0aa"
ACCENT = "#8ab4f8"
HUD_COLOURS = {"success": "#81c995", "error": "#f28b82", "info": ACCENT}
#: Backgrounds of the cards of items without an image, picked by the item's id.
TEXT_CARD_TINTS = ("#34405a", "#453a5c", "#2f4f47", "#5a4632", "#5a3340")


class Fonts:
    """The few sizes the window uses, all in the platform's default family."""

    def __init__(self, root: tk.Misc) -> None:
        family = tkfont.nametofont("TkDefaultFont", root=root).actual("family")
        self.heading = tkfont.Font(root, family=family, size=15, weight="bold")
        self.body = tkfont.Font(root, family=family, size=10)
        self.title = tkfont.Font(root, family=family, size=10, weight="bold")
        self.meta = tkfont.Font(root, family=family, size=9)
        self.text_card = tkfont.Font(root, family=family, size=13, weight="bold")


def apply_theme(root: tk.Tk) -> Fonts:
    """Style the ttk widgets (on the ``clam`` theme, which takes colours) and return the fonts."""
    fonts = Fonts(root)
    root.configure(background=BACKGROUND)
    style = ttk.Style(root)
    style.theme_use("clam")
    style.configure(".", background=BAR, foreground=TEXT, font=fonts.body, bordercolor=BAR,
                    lightcolor=BAR, darkcolor=BAR, focuscolor=ACCENT)
    style.configure("Bar.TFrame", background=BAR)
    style.configure("Page.TFrame", background=BACKGROUND)
    style.configure("Heading.TLabel", background=BAR, font=fonts.heading)
    style.configure("Muted.TLabel", background=BAR, foreground=MUTED)
    style.configure("Footer.TLabel", background=BACKGROUND, foreground=MUTED, anchor="center")
    style.configure("TButton", background=CONTROL, foreground=TEXT, padding=(14, 5), borderwidth=0,
                    focusthickness=0)
    style.map("TButton", background=[("pressed", CONTROL_ACTIVE), ("active", CONTROL_ACTIVE)])
    style.configure("TCombobox", fieldbackground=CONTROL, background=CONTROL, foreground=TEXT,
                    arrowcolor=TEXT, bordercolor=CONTROL, padding=(8, 4))
    style.map("TCombobox", fieldbackground=[("readonly", CONTROL)], foreground=[("readonly", TEXT)],
              selectbackground=[("readonly", CONTROL)], selectforeground=[("readonly", TEXT)],
              background=[("active", CONTROL_ACTIVE)])
    root.option_add("*TCombobox*Listbox.background", CONTROL)
    root.option_add("*TCombobox*Listbox.foreground", TEXT)
    root.option_add("*TCombobox*Listbox.selectBackground", CONTROL_ACTIVE)
    root.option_add("*TCombobox*Listbox.font", fonts.body)
    style.configure("Vertical.TScrollbar", background=CONTROL, troughcolor=BACKGROUND, bordercolor=BACKGROUND,
                    arrowcolor=MUTED, gripcount=0, lightcolor=CONTROL, darkcolor=CONTROL)
    style.map("Vertical.TScrollbar", background=[("active", CONTROL_ACTIVE)])
    style.configure("Horizontal.TProgressbar", background=ACCENT, troughcolor=CONTROL, bordercolor=BAR,
                    lightcolor=ACCENT, darkcolor=ACCENT, thickness=4)
    return fonts
