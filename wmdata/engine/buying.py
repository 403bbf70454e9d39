"""Whether focus or fury may buy additional attacks of the attack's type.

MkII lets a warjack or warcaster spend focus on additional melee or ranged attacks
(seed 001 L1173, L1741-1743); MkIII and MkIV let focus, fury or forcing buy additional
melee attacks only, ranged ones needing a special rule that says so (seed 003 L2524,
L3501; seed 000 L3481-3486, L4050-4055).  The ruleset says which types any model may
buy (``bought_attacks``) and a rule of the attacker with an ``additional_attacks``
effect adds its types, so the permission is data on both sides.
"""

from __future__ import annotations

from wmdata.engine.attack import AttackExplanation
from wmdata.engine.ruleset import ResolvedRules

BUYABLE = ("melee", "ranged")
"""Attack types additional attacks are bought for (a spell is cast alone, a power attack never follows)."""


def bought_attacks_refused(rules: ResolvedRules, explanation: AttackExplanation) -> str | None:
    """Why the resource buys no additional attacks of this attack's type (None: it may)."""
    kind = explanation.attack_type
    allowed = rules.bought_attacks
    if kind not in BUYABLE or kind in allowed.types or kind in explanation.work.buys_attacks:
        return None
    return (f"in {rules.ruleset} focus or fury buys additional {' or '.join(allowed.types)} attacks only; "
            f"{explanation.attacker} has no rule that lets it buy {kind} ones ({allowed.source})")


def bought_attacks_by(explanation: AttackExplanation) -> str | None:
    """The attacker's rule that lets it buy additional attacks of this attack's type, if any."""
    return explanation.work.buys_attacks.get(explanation.attack_type)
