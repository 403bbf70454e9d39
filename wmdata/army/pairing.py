"""Tournament pairs: two lists one player brings to an event.

Both lists must be of one edition, faction and encounter level, may not share a
character (any version of it), and in MkIII should use different theme forces.
"""

from __future__ import annotations

from wmdata.army.validate import ListReport
from wmdata.diagnostics import Diagnostic, Severity


def _characters(report: ListReport) -> dict[str, tuple[str, tuple[int, int], str]]:
    found: dict[str, tuple[str, tuple[int, int], str]] = {}
    resolved = report.resolved
    if resolved is None:
        return found
    for pick in resolved.picks:
        entry = pick.item.entry
        profile = getattr(entry, "character", None) or (pick.item.name if getattr(entry, "fa", None) == "C" else None)
        if profile:
            where = resolved.where(pick.path)
            found.setdefault(profile.lower(), (pick.item.name, where, ".".join(map(str, pick.path))))
    return found


def check_pair(first: ListReport, second: ListReport) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    a, b = first.resolved, second.resolved
    if a is None or b is None:
        return problems

    def add(code: str, message: str, hint: str, where: tuple[int, int] = (1, 1), path: str = "",
            severity: Severity = Severity.ERROR) -> None:
        problems.append(Diagnostic(second.file, where[0], where[1], path, code, severity, message, hint))

    for key, label in (("edition", "edition"), ("faction", "faction"), ("level", "encounter level"),
                       ("points", "points")):
        left, right = getattr(a.army, key), getattr(b.army, key)
        if left != right:
            add(f"pair-{key}", f"the lists differ in {label}: {left!r} and {right!r}",
                f"both lists of a pair use the same {label}", b.where((key,)), key)
    ours = _characters(first)
    for key, (name, where, path) in _characters(second).items():
        if key in ours:
            add("pair-character", f"{name} is in both lists (as {ours[key][0]} in {first.file})",
                "a character may appear in only one list of a pair", where, path)
    theme_a, theme_b = a.theme_item, b.theme_item
    if a.army.theme and b.army.theme and theme_a is not None and theme_b is not None and theme_a.id == theme_b.id:
        add("pair-theme", f"both lists use the theme force {theme_a.id!r}",
            "most events ask for two different themes", b.where(("theme",)), "theme", Severity.WARNING)
    return list(problems)
