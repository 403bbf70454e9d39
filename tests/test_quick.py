"""The quick ``list validate`` path prints exactly what the full command prints.

The quick path (no click or pydantic; the one YAML reader; a compiled index of the content)
either produces the same bytes and exit code as the click command or declines.
"""

from __future__ import annotations

import ast
import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.conftest import EXAMPLES, ROOT, run_cli
from wmdata.army import index
from wmdata.cli.options import builtin_registry
from wmdata.cli.quick import quick_list_validate
from wmdata.content.registry import Registry
from wmdata.model.common import EDITIONS

LIST_FILES = sorted([*ROOT.glob("examples/lists/*.yaml"), *(EXAMPLES / "invalid" / "lists").rglob("*.yaml"),
                     *(ROOT / "tests" / "fixtures").glob("army*/**/*.yaml")])
OPTION_SETS = [[], ["--format", "json"], ["--strict"], ["--format=json", "--strict"]]


def _quick(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | None, str]:
    capsys.readouterr()
    code = quick_list_validate(args)
    return code, capsys.readouterr().out


def _full(args: list[str]) -> tuple[int, str]:
    result = run_cli("list", "validate", *args)
    return result.exit_code, result.output


def _warm() -> None:
    """A fresh compiled index of every edition in the cache: a full load writes it."""
    if any(index.read_index(edition) is None for edition in EDITIONS):
        builtin_registry()


def test_same_output_for_every_shipped_list(capsys: pytest.CaptureFixture[str]) -> None:
    _warm()
    for options in OPTION_SETS:
        taken = [str(path) for path in LIST_FILES if _quick([*options, str(path)], capsys)[0] is not None]
        # Every example list is taken; so are most invalid ones (YAML/schema errors decline).
        assert len(taken) >= 40, len(taken)
        # One full run over all of them (a full run per file takes a second of test time each).
        assert _quick([*options, *taken], capsys) == _full([*options, *taken]), options
    for example in ROOT.glob("examples/lists/*.yaml"):
        assert _quick([str(example)], capsys)[0] == 0


def test_same_output_for_several_lists_of_several_editions(capsys: pytest.CaptureFixture[str]) -> None:
    _warm()
    invalid = EXAMPLES / "invalid" / "lists" / "mk2" / "attachments.yaml"
    files = [str(p) for p in sorted(ROOT.glob("examples/lists/*.yaml"))] + [str(invalid)]
    for options in OPTION_SETS:
        code, out = _quick([*options, *files], capsys)
        assert code is not None
        assert (code, out) == _full([*options, *files])


def _random_list(rng: random.Random, registry: Registry) -> dict[str, object]:
    edition = rng.choice(["mk2", "mk3", "mk4"])
    items = [i for i in registry if i.edition == edition]
    casters = [i for i in items if i.category in ("model:warcaster", "model:warlock")]
    caster = rng.choice(casters)
    own = [i for i in items if i.faction == caster.faction] or items

    def names(*types: str) -> list[str]:
        return [i.name for i in own if i.category.split(":")[-1] in types] or ["Nobody At All"]

    data: dict[str, object] = {
        "edition": edition, "faction": rng.choice([caster.faction, caster.faction, "khador"]),
        "level": rng.choice(["skirmish", "battle", "pitched-battle", "total-war", "duel", "unknown-level"]),
        "points": rng.choice([25, 35, 50, 75, 100, 150]),
        "casters": [{"model": caster.name, "battlegroup": [{"model": rng.choice(names("warjack", "warbeast"))}
                                                           for _ in range(rng.randint(0, 4))]}],
        "units": [{"model": rng.choice(names("unit")), "size": rng.choice(["min", "max", "fixed"]),
                   "attachments": rng.sample(names("attachment"), k=rng.randint(0, 1))}
                  for _ in range(rng.randint(0, 4))],
        "solos": [{"model": rng.choice(names("solo")), "count": rng.randint(1, 3)} for _ in range(rng.randint(0, 3))],
    }
    if edition == "mk4":
        cards = [i.name for i in items if i.category == "command_card"]
        data["command_cards"] = rng.sample(cards, k=min(len(cards), rng.choice([4, 5, 6])))
        data["army"] = rng.choice(["storm-legion", "nonexistent-army"])
    return data


def test_same_output_for_random_lists(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    registry = builtin_registry()
    rng = random.Random(20261122)
    yaml = YAML(typ="safe", pure=True)
    batches: list[list[str]] = [[] for _ in OPTION_SETS]
    for number in range(200):
        stream = io.StringIO()
        yaml.dump(_random_list(rng, registry), stream)
        path = tmp_path / f"list{number}.yaml"
        path.write_text(stream.getvalue(), encoding="utf-8")
        assert _quick([str(path)], capsys)[0] is not None, stream.getvalue()
        batches[number % len(OPTION_SETS)].append(str(path))
    for options, paths in zip(OPTION_SETS, batches, strict=True):
        assert _quick([*options, *paths], capsys) == _full([*options, *paths]), options


@pytest.mark.parametrize("args", [
    ["--help"], ["--format", "yaml", "x.yaml"], ["--unknown", "x.yaml"], [], ["missing-file.yaml"], ["-"],
])
def test_declines_arguments_it_does_not_handle(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    _warm()
    example = str(next(ROOT.glob("examples/lists/*.yaml")))
    assert _quick([example, *args] if args and args[0] == "missing-file.yaml" else args, capsys)[0] is None


def test_declines_lists_the_full_reader_should_judge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _warm()
    example = (ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml").read_text(encoding="utf-8")
    cases = {
        "unknown-key": example + "colour: blue\n",
        "bad-type": example.replace("points: 50", "points: fifty"),
        "bool-points": example.replace("points: 50", "points: true"),
        "tab-indent": example.replace("\n  - model:", "\n\t- model:", 1),
        "control-character": example.replace("\n", "  # a\x01b\n", 1),
        "next-line": example.replace("\n", "  # a\x85b\n", 1),
        "empty": "",
        "bad-utf8": "edition: mk4\nname: caf\xe9\n",
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.yaml"
        path.write_bytes(text.encode("latin-1") if name == "bad-utf8" else text.encode("utf-8"))
        assert _quick([str(path)], capsys)[0] is None, name
        code, output = _full([str(path)])
        assert code == 1 and re.search(rf"{re.escape(str(path))}:\d+:\d+: \[error\]", output), (name, output)


def test_reads_yaml_as_the_full_command_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One YAML reader: what it accepts, both paths accept with the same result."""
    _warm()
    example = (ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml").read_text(encoding="utf-8")
    cases = {
        "block-scalar": example + "notes: |\n  two\n  lines\n",
        "tab-separator": example.replace("edition: mk4", "edition:\tmk4"),
        "anchor": example.replace("edition: mk4", "edition: &e mk4") + "notes: *e\n",
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        quick, full = _quick([str(path)], capsys), _full([str(path)])
        assert full[0] == 0, (name, full)
        # The list-shape check declines text with line breaks; what it takes, it reports identically.
        assert quick == full if name != "block-scalar" else quick[0] is None, name


@pytest.mark.usefixtures("isolated_cache")
def test_declines_without_a_fresh_index(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    example = str(ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml")
    assert _quick([example], capsys)[0] is None  # nothing built yet in this test's cache
    _warm()
    assert _quick([example], capsys)[0] == 0
    stored = index.index_path("mk4")
    stored.write_text("{broken", encoding="utf-8")
    assert _quick([example], capsys)[0] is None
    _warm()
    header, items = stored.read_text(encoding="utf-8").split("\n", 1)
    data = json.loads(header)
    data["signature"][-1][1] += 1  # as if a source file had changed size
    stored.write_text(json.dumps(data) + "\n" + items, encoding="utf-8")
    assert index.read_index("mk4") is None
    _warm()
    stored.write_text(stored.read_text(encoding="utf-8").split("\n", 1)[0] + "\n[1, 2", encoding="utf-8")
    assert index.read_index("mk4") is None  # items cut short: the file is removed...
    _warm()
    assert index.read_index("mk4") is not None  # ...and written anew by the next full run
    _warm()
    monkeypatch.setattr(index, "INDEX_FORMAT", index.INDEX_FORMAT + 1)
    assert index.read_index("mk4") is None


def test_the_signature_follows_content_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "content"
    (copy / "mk4").mkdir(parents=True)
    for source in (ROOT / "content" / "mk4").rglob("*.yaml"):
        target = copy / "mk4" / source.relative_to(ROOT / "content" / "mk4")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
    monkeypatch.setattr(index, "builtin_content_dir", lambda: copy)
    before = index.signature("mk4")
    edited = next((copy / "mk4").rglob("*.yaml"))
    edited.write_bytes(edited.read_bytes() + b"\n")
    assert index.signature("mk4") != before
    (copy / "mk4" / "extra.yaml").write_text("x: 1\n", encoding="utf-8")
    assert len(index.signature("mk4")) == len(before) + 1


def test_the_army_builder_reads_no_field_left_out_of_the_index() -> None:
    """Mirrors lack the index's UNREAD_FIELDS; no army module may ask for one of them."""
    for path in sorted((ROOT / "wmdata" / "army").glob("*.py")):
        if path.name == "index.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        strings = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                   and isinstance(node.value, str)}
        assert not (attributes | strings) & index.UNREAD_FIELDS, path


def test_the_console_entry_takes_the_quick_path_without_heavy_imports(tmp_path: Path) -> None:
    env = {**os.environ, "WMDATA_CACHE_DIR": str(tmp_path)}
    example = str(ROOT / "examples" / "lists" / "mk3-sample-hexeris.yaml")
    command = [sys.executable, "-m", "wmdata", "list", "validate", example]
    first = subprocess.run(command, capture_output=True, text=True, env=env, check=False)  # full path, builds index
    probe = "\n".join([
        "import sys, runpy",
        f"sys.argv = ['wmdata', 'list', 'validate', {example!r}]",
        "try:",
        "    runpy.run_module('wmdata', run_name='__main__')",
        "except SystemExit as stop:",
        "    heavy = sorted({m.split('.')[0] for m in sys.modules} & {'click', 'pydantic', 'ruamel', 'dataclasses',",
        "                                                            'inspect', 'difflib', 'typing'})",
        "    print('HEAVY', heavy, stop.code, file=sys.stderr)",
    ])
    second = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=False)
    assert first.returncode == 0 and first.stdout == second.stdout
    assert "HEAVY [] 0" in second.stderr, second.stderr
