"""One sanitiser for text wmdata prints that may carry content strings.

Content and list files are data from anyone: a name or rule text can hold terminal
control characters (an ``ESC [`` sequence that recolours, moves the cursor or retitles
the window, a carriage return that overwrites the line) or bidirectional overrides that
make a line read differently from what it holds.  Every report, card and printout that
echoes such strings passes them through :func:`terminal_safe`, which writes each such
character as a visible ``\\uXXXX`` escape instead.  Newline and tab are kept.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 controls but tab and newline, DEL, C1 controls (ESC is \x1b)
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"  # bidirectional marks, embeddings, overrides, isolates
)


def terminal_safe(text: str) -> str:
    """``text`` with every control and bidirectional formatting character shown as ``\\uXXXX``."""
    return _UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
