"""Turn a board file into geometry: bases from the models' cards, volume heights and
terrain rules from the ruleset, melee ranges from the weapons; then the geometric
checks (bases off the table or overlapping, bad polygons, ladders that belong to nothing), all
located in the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry import Point, Polygon

from wmdata.content.boardfile import LoadedBoard, read_board
from wmdata.content.registry import Registry, RegistryItem
from wmdata.diagnostics import Diagnostic, sort_diagnostics
from wmdata.engine.ruleset import RulesetError
from wmdata.engine.sources import profile_of, rule_ids, stat_numbers
from wmdata.engine.table_rules import geometry_data, geometry_rules
from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.checks import board_problems
from wmdata.geometry.ladders import resolve_ladders
from wmdata.geometry.modifiers import settle
from wmdata.geometry.rules import GeometryRules
from wmdata.model.board import BoardFile, BoardModel, TerrainFeature
from wmdata.model.profiles import Caster
from wmdata.model.table_rules import GeometryData
from wmdata.model.weapons import Weapon

CIRCLE_QUADS = 64


@dataclass(slots=True)
class BoardSetup:
    """A board ready for queries, or the diagnostics that stop it."""

    name: str
    file: BoardFile | None = None
    board: Board | None = None
    rules: GeometryRules | None = None
    models: dict[str, RegistryItem] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)


def weapon_reach(rules: GeometryRules, weapon: Weapon) -> float | None:
    """How far a weapon reaches: a printed range (MkIV melee ranges, any ranged weapon's RNG),
    else for a melee weapon the edition's Reach or default melee range (None: not known)."""
    if isinstance(weapon.rng, int | float) and not isinstance(weapon.rng, bool):
        return float(weapon.rng)
    if weapon.type != "melee":
        return None
    if "reach" in (*weapon.qualities, *weapon.abilities) and rules.reach_melee_range is not None:
        return rules.reach_melee_range
    return rules.default_melee_range


def melee_range(rules: GeometryRules, item: RegistryItem | None) -> float | None:
    """The longest melee range among the model's melee weapons (printed, or Reach / the default)."""
    profile = profile_of(item.entry) if item is not None else None
    if profile is None:
        return rules.default_melee_range
    ranges = [found for weapon in profile.weapons if weapon.type == "melee"
              and (found := weapon_reach(rules, weapon)) is not None]
    return max(ranges) if ranges else None


def ranges(data: GeometryData, item: RegistryItem | None) -> tuple[float | None, float | None]:
    """Control range (casters: a stat times the edition's factor) and command range, in inches."""
    profile = profile_of(item.entry) if item is not None else None
    stats = stat_numbers(profile.stats) if profile is not None else {}
    control = None
    if item is not None and isinstance(item.entry, Caster):
        found = [stats[name] for name in data.control_range_stats if name in stats]
        control = float(found[0] * data.control_range_factor) if found else None
    command = data.command_range_stat
    return control, float(stats[command]) if command is not None and command in stats else None


def _piece(loaded: LoadedBoard, rules: GeometryRules, data: GeometryData, index: int, model: BoardModel,
           item: RegistryItem | None) -> Piece | None:
    profile = profile_of(item.entry) if item is not None else None
    # The reader accepted only ids of models, and every model has a stat profile with a base.
    assert model.base is not None or profile is not None
    base = model.base if model.base is not None else profile.base  # type: ignore[union-attr]
    if base not in rules.volume_heights:
        field_name = "base" if model.base is not None else "content"
        loaded.error(("models", index, field_name), "board-base-size",
                     f"{base} mm bases have no volume height in this edition's rules",
                     f"bases of this edition: {', '.join(str(b) for b in sorted(rules.volume_heights))} mm")
        return None
    rules_of_model = set(rule_ids(item.entry, profile)) if item is not None else set()
    control, command = ranges(data, item)
    return Piece(
        id=model.id, x=model.x, y=model.y, base_mm=base, height=rules.volume_heights[base], facing=model.facing,
        elevation=model.elevation, side=model.side, unit=model.unit,
        melee_range=model.melee_range if model.melee_range is not None else melee_range(rules, item),
        control_range=control, command_range=command,
        knocked_down="knocked_down" in model.states,
        stealth="stealth" in model.states or "stealth" in rules_of_model,
        incorporeal="incorporeal" in model.states or "incorporeal" in rules_of_model,
        flight="flight" in model.states or "flight" in rules_of_model)


def _feature(loaded: LoadedBoard, rules: GeometryRules, index: int, terrain: TerrainFeature) -> Feature | None:
    if terrain.kind not in rules.terrain:
        loaded.error(("terrain", index, "kind"), "board-terrain-kind",
                     f"terrain kind {terrain.kind!r} has no rules in this edition",
                     f"kinds of this edition: {', '.join(sorted(rules.terrain))}")
        return None
    if terrain.circle is not None:
        x, y, radius = terrain.circle.x, terrain.circle.y, terrain.circle.radius
        shape = Point(x, y).buffer(radius, quad_segs=CIRCLE_QUADS)
        return Feature(terrain.id, terrain.kind, shape, terrain.height, (x, y, radius), terrain.on)
    return Feature(terrain.id, terrain.kind, Polygon([(x, y) for x, y in terrain.points or []]), terrain.height,
                   on=terrain.on)


def load_board(raw: bytes, name: str, registry: Registry) -> BoardSetup:
    """Read, check and build one board file; ``problems`` is empty exactly when ``board`` is set."""
    loaded = read_board(raw, registry)
    setup = BoardSetup(name, loaded.board, models=loaded.models)
    if loaded.board is not None:
        file = loaded.board
        try:
            rules = geometry_rules(registry, file.edition, file.ruleset)
            data = geometry_data(registry, file.edition, file.ruleset)
        except RulesetError as exc:
            loaded.error(("ruleset",) if file.ruleset else ("edition",), "board-ruleset", str(exc))
        else:
            pieces = [_piece(loaded, rules, data, i, m, loaded.models.get(m.id)) for i, m in enumerate(file.models)]
            features = [_feature(loaded, rules, i, t) for i, t in enumerate(file.terrain)]
            if not loaded.problems:
                board = Board(file.table.width, file.table.height, tuple(p for p in pieces if p is not None),
                              tuple(f for f in features if f is not None))
                board, ladder_problems = resolve_ladders(board, rules)
                for problem in [*board_problems(board), *ladder_problems]:
                    loaded.error(problem.path, problem.code, problem.message, problem.hint)
                if not loaded.problems:
                    setup.board, setup.rules = settle(board, rules), rules
    setup.problems = sort_diagnostics(p.replace(file=name) for p in loaded.problems)
    return setup
