"""An attack between two models on a board: the geometric modifiers (range, cover,
concealment, elevation, screening, target in melee, back strike, Stealth distance, the
board's knocked-down and stationary marks) in the form the interpreter takes: interpreter
state names and a distance, each with the reason the board gives; whether the target is a
friend or an enemy (the models' sides); the target's field of fire the attacker stands in,
which picks a colossal's damage grid; and, for a blast, whether a trench or crater spares the
target its blast damage (``sheltered_from_blast``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackError
from wmdata.engine.board import BoardSetup
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.slam_run import SlamRun, SlamRunError, board_run
from wmdata.engine.sources import profile_of, stat_numbers
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.fields import Field, field_of_fire
from wmdata.geometry.modifiers import Modifier, attack_geometry
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.shelter import Origin, down_in_shelter, sheltered
from wmdata.model.profiles import Caster

BOARD_STATES = ("knocked_down", "stationary")


@dataclass(slots=True)
class BoardAttack:
    """What the board decides for one attack; ``states`` and ``distance`` go into an AttackRequest."""

    attacker: str
    target: str
    attack_type: str
    distance: float
    line_of_sight: bool
    states: list[str]
    modifiers: list[Modifier] = field(default_factory=list)
    field_of_fire: Field | None = None
    """Where the attacker stands against the target's fields of fire (None: no facing)."""
    pieces: tuple[str, str] = ("", "")
    """The attacker's and the target's ids on the board."""
    board: Board | None = None
    rules: GeometryRules | None = None
    """The board and its table rules (where a slam or throw takes the target)."""
    target_side: str = "enemy"
    """The target seen from the attacker: ``friendly`` on the same side of the board, else ``enemy``."""
    slam: SlamRun | None = None
    """A slam power attack: the slam move made first (``board`` then has the slammer where it ended)."""
    models: dict[str, str] = field(default_factory=dict)
    """Content id of each board model that has a card (by board id)."""

    def as_json(self) -> dict[str, object]:
        return {"attacker": self.attacker, "target": self.target, "attack_type": self.attack_type,
                "distance": self.distance, "los": self.line_of_sight, "states": self.states,
                "modifiers": [m.as_json() for m in self.modifiers]}

    def lines(self) -> list[str]:
        head = f"board: {self.distance:.3f}\" edge to edge; " + (
            "line of sight" if self.line_of_sight else "NO line of sight")
        run = [f"  {self.slam.told}"] if self.slam is not None else []
        return [head, *run, *(f"  {m.kind}: {m.reason}" for m in self.modifiers if m.kind != "range")]


@dataclass(frozen=True, slots=True)
class BlastOrigin:
    """Where the blast damage an attack's target suffers comes from: the model the AOE hit
    (``model``: its centre is the point of impact, or in MkIV the model itself) or a point of
    impact where a deviating AOE landed (``point``); neither: not given."""

    model: str | None = None
    point: tuple[float, float] | None = None


def _blast_origin(setup: BoardSetup, target: Piece, given: BlastOrigin) -> Origin | None:
    """The origin of ``target``'s blast damage, refusing one the edition or the board cannot have."""
    board, rules = setup.board, setup.rules
    assert board is not None and rules is not None
    if given.point is not None:
        if rules.aoe.blast_origin == "target":
            raise AttackError("--point-of-impact: this edition's AOE has no point of impact; its blast damage comes "
                              "from the model hit: give --blast-from MODEL")
        x, y = given.point
        if not (0 <= x <= board.width and 0 <= y <= board.height):
            raise AttackError(f"--point-of-impact ({x:g}, {y:g}) is off the {board.width:g} x {board.height:g} inch "
                              f"table of {setup.name}")
        return given.point
    if given.model is None:
        return None
    if not board.has(given.model):
        raise AttackError(f"--blast-from: no model {given.model!r} on {setup.name}; its models are: "
                          f"{', '.join(p.id for p in board.pieces)}")
    hit = board.piece(given.model)
    if rules.aoe.blast_origin == "target":
        return hit
    if hit.id == target.id:
        raise AttackError(f"--blast-from {hit.id}: the model an AOE template is centred on suffers a direct hit, "
                          "not blast damage; name the model directly hit, or give --point-of-impact")
    return hit.centre


def blast_shelter(setup: BoardSetup, target: Piece, given: BlastOrigin) -> Modifier | None:
    """``sheltered_from_blast`` when a trench or crater spares the target the blast (None: it
    suffers it).  A target down in one needs the origin of the damage, which decides it."""
    assert setup.board is not None and setup.rules is not None
    origin = _blast_origin(setup, target, given)
    if origin is None:
        down = down_in_shelter(setup.board, setup.rules, target)
        if down:
            raise AttackError(f"{target.id} is completely within {', '.join(down)}, which spares it blast damage "
                              "from an origin outside: give --blast-from MODEL (the model the AOE hit) or "
                              "--point-of-impact X Y")
        return None
    found = sheltered(setup.board, setup.rules, target, origin)
    return None if found is None else Modifier("sheltered_from_blast", None, f"{found.reason} ({found.source})")


def weapon_attack_type(registry: Registry, edition: str, content_id: str, weapon: str) -> str:
    """melee, ranged or magic: how the named weapon (or spell) of the model attacks."""
    item = registry.get(edition, content_id)
    profile = profile_of(item.entry, weapon) if item is not None else None
    for candidate in getattr(profile, "weapons", []):
        if candidate.name.lower() == weapon.strip().lower():
            return "melee" if candidate.type == "melee" else "ranged"
    if item is not None and isinstance(item.entry, Caster):
        return "magic"
    raise AttackError(f"{content_id} has no weapon or spell {weapon!r}")


def board_attack(registry: Registry, setup: BoardSetup, attacker_id: str, target_id: str,
                 weapon: str, blast: BlastOrigin | None = None, power_attack: str | None = None) -> BoardAttack:
    """The geometric side of ``attacker_id`` attacking ``target_id`` (ids on the board) with ``weapon``
    (or ``power_attack``: a slam first makes its slam move, and the attack is measured from where
    it ends); ``blast``: the target suffers the blast of an AOE from that origin."""
    board, rules, file = setup.board, setup.rules, setup.file
    if board is None or rules is None or file is None:
        raise AttackError(f"{setup.name} has problems; run 'wmdata board check' on it")
    if attacker_id == target_id:
        raise AttackError(f"{attacker_id!r} cannot attack itself: give the target's own id on {setup.name}")
    for role, name in (("attacker", attacker_id), ("target", target_id)):
        if not board.has(name):
            raise AttackError(f"no {role} {name!r} on {setup.name}; its models are: "
                              f"{', '.join(p.id for p in board.pieces)}")
        if name not in setup.models:
            raise AttackError(f"{role} {name!r} on {setup.name} is a bare base; give it a content id")
    attacker, target = setup.models[attacker_id], setup.models[target_id]
    # a power attack (no weapon named) is a melee attack
    attack_type = weapon_attack_type(registry, file.edition, attacker.id, weapon) if weapon.strip() else "melee"
    run = None
    if power_attack == "slam":
        speed = stat_numbers(getattr(profile_of(attacker.entry), "stats", None)).get("SPD", 0)
        try:
            run = board_run(board, rules, board.piece(attacker_id), board.piece(target_id), float(speed))
        except SlamRunError as exc:
            slam = resolve_ruleset(registry, file.edition, file.ruleset).attack_kinds.get("slam")
            raise AttackError(f"{exc} ({slam.source if slam else 'the slam rules'})") from None
        board = run.board or board
    found = attack_geometry(board, rules, board.piece(attacker_id), board.piece(target_id), attack_type)
    known = resolve_ruleset(registry, file.edition, file.ruleset).states
    modifiers = list(found.modifiers)
    marked = {m.id: m.states for m in file.models}
    for name in BOARD_STATES:
        if name in marked[target_id]:
            modifiers.append(Modifier(name, None, f"the board marks {target_id} {name.replace('_', ' ')}"))
    spared = blast_shelter(setup, board.piece(target_id), blast) if blast is not None else None
    modifiers += [spared] if spared is not None else []
    states = [m.kind for m in modifiers if m.kind in known] + (run.state() if run is not None else [])
    fire = field_of_fire(board.piece(target_id), board.piece(attacker_id), rules.front_arc_degrees)
    side = "friendly" if board.piece(attacker_id).side == board.piece(target_id).side else "enemy"
    return BoardAttack(attacker.id, target.id, attack_type, found.distance, found.sight.los,
                       list(dict.fromkeys(states)), modifiers, fire, (attacker_id, target_id), board, rules,
                       side, run, {name: item.id for name, item in setup.models.items()})
