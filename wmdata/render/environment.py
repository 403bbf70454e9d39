"""The jinja2 environments every rendering uses.

HTML and SVG templates are autoescaped (content text is data and may hold markup); the
plain-text and Markdown templates are not (escaping would put ``&lt;`` in a terminal),
and Markdown escapes its own metacharacters and HTML with the ``md`` filter.  An
undefined variable is an error in both, so a template typo fails loudly in the golden
tests instead of printing an empty cell on someone's card.
"""

from __future__ import annotations

import re
from functools import cache

import jinja2
from markupsafe import Markup

from wmdata.content.places import templates_dir
from wmdata.render.glyphs import shape_for
from wmdata.render.textfit import wrap_text
from wmdata.textsafe import terminal_safe

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|<>~])")


def markdown_escape(value: object) -> str:
    """Text safe inside Markdown: metacharacters backslash-escaped, ``&`` and angle
    brackets as entities so no renderer treats them as HTML."""
    text = str(value).replace("&", "&amp;")
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return text.replace("\\<", "&lt;").replace("\\>", "&gt;").replace("\n", " ")


def _printable(value: object) -> object:
    """What ``{{ value }}`` prints: strings (escaped markup too) without terminal controls."""
    if isinstance(value, Markup):
        return Markup(terminal_safe(str(value)))
    if isinstance(value, str):
        return terminal_safe(value)
    return value


def _environment(autoescape: bool) -> jinja2.Environment:
    env = jinja2.Environment(
        finalize=_printable,
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["wrap"] = wrap_text
    env.filters["md"] = markdown_escape
    env.globals["shape_for"] = shape_for
    return env


@cache
def markup_environment() -> jinja2.Environment:
    return _environment(autoescape=True)


@cache
def text_environment() -> jinja2.Environment:
    return _environment(autoescape=False)


def render(template: str, **context: object) -> str:
    """Render ``template`` (a path under ``templates/``); ``.txt``/``.md`` templates are
    plain text, everything else is escaped markup."""
    plain = template.endswith((".txt.j2", ".md.j2"))
    env = text_environment() if plain else markup_environment()
    return env.get_template(template).render(**context)
