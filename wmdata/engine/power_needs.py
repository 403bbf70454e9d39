"""Whether the attacker can make the power attack asked for, with its crippled systems.

Each ruleset says, per power attack, which weapons it needs (``needs_weapons``: an Open
Fist for a throw or a lock, two for a double-hand throw, a left or right weapon for a
sweep) and which attacker states forbid it (``attacker_not_states``: MkIII and MkIV slams
and tramples need a working Movement system, a MkIII warbeast with a crippled Mind makes
no power attack).  A weapon in a crippled location cannot make a power attack (seed 001
L1480, seed 003 L3585, seed 000 L3097-3100), so it does not count.  The attacker takes no
damage during its own sequence, so what is crippled at the start holds for every attack.
"""

from __future__ import annotations

from wmdata.engine.attack_source import CRIPPLED_STATES
from wmdata.engine.damage_track import Track
from wmdata.model.organisation import AttackKindDefinition
from wmdata.model.weapons import Weapon
from wmdata.wording import counted

STATE_WORDS = {"crippled_movement": "crippled Movement system", "crippled_mind": "crippled Mind aspect",
               "crippled_body": "crippled Body aspect"}
"""How the output names an attacker state that forbids a power attack."""


def power_attack_refused(definition: AttackKindDefinition, weapons: list[Weapon], track: Track,
                         crippled: frozenset[str]) -> str | None:
    """Why an attacker with ``weapons`` and ``crippled`` systems (letters of its ``track``)
    cannot make this power attack, or None when it can."""
    states = {CRIPPLED_STATES[(track.kind, s)] for s in crippled if (track.kind, s) in CRIPPLED_STATES}
    bar = definition.attacker_not_states
    barred = sorted(set(bar.states) & states) if bar is not None else []
    if bar is not None and barred:
        words = STATE_WORDS.get(barred[0], barred[0].replace("_", " "))
        return f"a model with a {words} makes no {definition.name} ({bar.source})"
    need = definition.needs_weapons
    if need is None:
        return None
    located = track.kind in ("grid", "colossal")
    fitting = [w for w in weapons if w.type == "melee" and (need.quality is None or need.quality in w.qualities)
               and (need.locations is None or w.location in need.locations)]
    usable = sum(w.count for w in fitting if not (located and w.location in crippled))
    if usable >= need.count:
        return None
    wanted = (counted(need.count, "melee weapon")
              + (f" with {need.quality}" if need.quality else "")
              + (f" in {' or '.join(need.locations)}" if need.locations else ""))
    lost = [f"{w.name} ({w.location})" for w in fitting if located and w.location in crippled]
    why = f"; crippled: {', '.join(lost)}" if lost else ""
    return f"a {definition.name} needs {wanted} outside crippled locations ({need.source}){why}"
