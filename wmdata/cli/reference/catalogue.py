"""Every diagnostic code wmdata can emit: what it means, how to fix it, and an example
that triggers it.  One place for all of them: ``docs/codes.md`` is generated from this
table, and ``tests/test_reference_pages.py`` fails when the code base emits a code that
has no entry here, when an entry names a code nothing emits, or when an example does
not produce its code (with its severity).

Adding a code: add a :class:`CodeEntry` below (in the group where users meet it), then
run ``wmdata docs generate`` from the repository root and commit ``docs/codes.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.cli.reference.examples import Example
from wmdata.diagnostics import Severity

E, W = Severity.ERROR, Severity.WARNING


@dataclass(frozen=True)
class CodeEntry:
    """``example`` runs a real command that reports the code (every code has one; where
    no shipped entry can trigger it, the example brings a small pack)."""

    code: str
    severity: Severity
    group: str
    meaning: str
    fix: str
    example: Example


GROUPS = (
    ("yaml", "Reading a file: YAML and bytes", "Any YAML file wmdata reads: content files and army lists."),
    ("schema", "Shape of a document", "Keys and value types, checked against the JSON Schemas "
     "([schema reference](schema.md))."),
    ("content", "Content: identity and references", "Checked across all the content files given together "
     "(and the built-in library when you name single files)."),
    ("lint", "Content: semantic checks", "Things the schema cannot say: rules of the edition, consistency "
     "between fields."),
    ("list", "Army lists", "`wmdata list validate` and every command that reads a list; the rules come from "
     "the edition's ruleset and the content."),
    ("pair", "Tournament pairs", "`wmdata list check-pair A B`, after each list has been checked on its own."),
    ("pack", "Content packs", "`wmdata validate PACK`, and every command given packs with `--content` or "
     "`WMDATA_CONTENT` ([content packs](packs.md))."),
    ("board", "Boards", "`wmdata board check` and every command that reads a board file "
     "([geometry](geometry.md))."),
)

RULES_HEAD = "edition: mk4\nkind: rules\nentries:\n"
MODELS_MK2 = "edition: mk2\nkind: models\nfaction: cygnar\nentries:\n"
MODELS_MK4 = "edition: mk4\nkind: models\nfaction: cygnar\nentries:\n"
SOLO_MK2 = ("  - id: gunner\n    name: Gunner\n    source: unconfirmed\n    type: solo\n    fa: 2\n    cost: 2\n"
            "    base: 30\n    stats: {SPD: 6, STR: 5, MAT: 6, RAT: 6, DEF: 14, ARM: 12, CMD: 8}\n")
MK4_HEADER = "edition: mk4\nfaction: cygnar\narmy: storm-legion\nlevel: skirmish\npoints: 50\n"
ATHENA = ("casters:\n  - model: Captain Athena di Baro\n    battlegroup:\n"
          "      - {model: Courser, hardpoints: {head: Shield Guard, right_arm: Heavy Stormthrower, "
          "left_arm: Electrified Shield}}\n")
CARDS = "command_cards: [Blessing of the Gods, Careful Reconnaisance, Hit & Run, Old Faithful, Power Swell]\n"
MK4_LEGAL_TAIL = ("units:\n  - model: Stormblade Legionnaires\n  - model: Tempest Thunderers\n"
                  "  - model: Arcane Mechaniks\n  - model: Stormblade Legionnaires\n  - model: Tempest Thunderers\n"
                  "solos:\n  - model: Legionnaire Officer\n")
MK2_DUEL = "edition: mk2\nfaction: cygnar\nlevel: duel\npoints: 15\n"
MK3_SKORNE = "edition: mk3\nfaction: skorne\n"
HEXERIS = ("casters:\n  - model: Lord Tyrant Hexeris\n    battlegroup: [{model: Titan Gladiator}, "
           "{model: Cyclops Raider}, {model: Cyclops Savage}]\n")
# A MkIII Partisan warcaster (adopting Cygnar) given a minion warbeast: the wrong kind of model
# for a warcaster, and not of the adopted faction.
BLAIZE_WITH_A_WARBEAST = ("edition: mk3\nfaction: cygnar\nlevel: skirmish\npoints: 10\ncasters:\n"
                          "  - model: Constance Blaize, Knight of the Prophet\n    battlegroup: [{model: Gun Boar}]\n")


def _list(text: str) -> Example:
    return Example("list validate army.yaml", {"army.yaml": text})


def _content(text: str, name: str = "content.yaml") -> Example:
    return Example(f"validate {name}", {name: text})


PACK_YAML = ("id: storm-variants\nname: Storm variants\nversion: '1.0'\neditions: [mk2]\nsource: own work\n"
             "licence: CC0\n")
PACK_SOLO = "pack/mk2/factions/cygnar/solos.yaml"
STORM_CHASER = SOLO_MK2.replace("gunner", "storm-chaser").replace("Gunner", "Storm Chaser")
PACK = {"pack/pack.yaml": PACK_YAML, PACK_SOLO: MODELS_MK2 + STORM_CHASER}
PACK_LIST = MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\nsolos:\n  - model: Storm Chaser\n"


# Codes no shipped entry can trigger (no colossal in the built-in MkIV content, every built-in
# command card open to every army...) are shown with a small pack of made-up entries, given to
# the command with --content, as a user's own pack would be.
def _pack_manifest(pack_id: str, name: str, edition: str, extra: str = "") -> str:
    return (f"id: {pack_id}\nname: {name}\nversion: '1.0'\neditions: [{edition}]\nsource: own work\nlicence: CC0\n"
            + extra)


def _recorded(pack_id: str) -> str:
    return f"packs: [{{id: {pack_id}, version: '1.0'}}]\n"


def _pack_list(manifest: str, files: dict[str, str], army: str) -> Example:
    return Example("list validate army.yaml --content pack", {"pack/pack.yaml": manifest, **files, "army.yaml": army})


def _colossus(edition: str, cost: int, armies: str = "") -> str:
    return (f"edition: {edition}\nkind: models\nfaction: cygnar\nentries:\n"
            f"  - id: storm-colossus\n    name: Storm Colossus\n    source: unconfirmed\n    type: warjack\n"
            f"    weight: colossal\n    fa: 1\n    cost: {cost}\n    base: 120\n{armies}"
            "    stats: {SPD: 4, MAT: 7, RAT: 5, DEF: 10, ARM: 20}\n"
            "    damage: {type: colossal, left: [LLMCCM], right: [RRMCCM]}\n")


def _mk4_solo(model_id: str, name: str, extra: str) -> str:
    return (MODELS_MK4 + f"  - id: {model_id}\n    name: {name}\n    source: unconfirmed\n    type: solo\n"
            f"    fa: 2\n    cost: 5\n    base: 30\n{extra}    stats: {{SPD: 6, MAT: 6, RAT: 6, DEF: 14, ARM: 13}}\n"
            "    damage: {type: boxes, boxes: 5}\n")


MK4_MODELS_FILE = "pack/mk4/factions/cygnar/models.yaml"
MK2_MARSHAL = ("edition: mk2\nfaction: cygnar\nlevel: grand-melee\npoints: 75\n{packs}casters:\n"
               "  - model: Commander Coleman Stryker\n    battlegroup: [{{model: Ironclad}}]\nunits:\n"
               "  - model: Stormblade Infantry\n    size: min\n    attachments: [Stormblade Infantry Officer "
               "& Standard Bearer]\n    jacks: [{{model: {jack}}}]\n")


def _pack(files: dict[str, str], command: str = "validate pack") -> Example:
    return Example(command, files)


def _board(text: str) -> Example:
    return Example("board check board.yaml", {"board.yaml": "edition: mk4\ntable: {width: 48, height: 48}\n" + text})


def _pair(first: str, second: str) -> Example:
    return Example("list check-pair first.yaml second.yaml", {"first.yaml": first, "second.yaml": second})


PAIR_BASE = MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\n    battlegroup: [{model: Defender}]\n"
PAIR_OTHER = MK2_DUEL + "casters:\n  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\n"

ENTRIES: tuple[CodeEntry, ...] = (
    # --- reading a file -------------------------------------------------------------------------------
    CodeEntry("yaml-syntax", E, "yaml", "The file is not valid YAML, or holds more than one YAML document.",
              "Fix the syntax at the reported position (an unclosed bracket or quote is the usual cause); "
              "keep one document per file (no `---` separator).",
              _content(RULES_HEAD + "  - {id: stealth, name: Stealth, source: test, category: advantage,\n"
                       "     text: hides\n")),
    CodeEntry("yaml-tab", E, "yaml", "A tab character where YAML expects indentation or a value.",
              "Indent with spaces; configure your editor to insert spaces in YAML files.",
              _content(RULES_HEAD + "\t- id: tough\n")),
    CodeEntry("duplicate-key", E, "yaml", "A mapping names the same key twice; YAML would silently keep one "
              "of them, so wmdata refuses the file.",
              "Delete one of the two keys (the hint gives the position of the first).",
              _content(RULES_HEAD + "  - id: tough\n    name: Tough\n    name: Tougher\n    source: test\n"
                       "    category: advantage\n    text: shrugs off a blow now and then\n")),
    CodeEntry("yaml-tag", E, "yaml", "A YAML tag (`!include`, `!!python/object`, ...). Content is plain "
              "data: tags could make a reader build objects or fetch files, so none is accepted.",
              "Remove the tag and write the value out.",
              _content(RULES_HEAD.replace("entries:\n", "entries: !include other.yaml\n"))),
    CodeEntry("yaml-merge", E, "yaml", "A merge key (`<<: *anchor`). Merges hide where a value comes from "
              "and are not part of YAML 1.2.", "Write the keys out in full in each entry.",
              _content("edition: mk4\nkind: rules\nbase: &base {source: test, category: advantage}\nentries:\n"
                       "  - <<: *base\n    id: tough\n    name: Tough\n    text: shrugs off a blow now and then\n")),
    CodeEntry("yaml-alias", E, "yaml", "An alias that refers to itself, or aliases that expand the document "
              "beyond a safe size (an alias bomb).", "Write the repeated data out, or reduce it; content files "
              "rarely need anchors at all.",
              _content("edition: mk4\nkind: rules\nentries: &loop [*loop]\n")),
    CodeEntry("yaml-depth", E, "yaml", "Nesting deeper than 40 levels: no wmdata file needs it, and deep "
              "nesting is a way to exhaust a reader.", "Flatten the document.",
              _content("edition: mk4\nkind: rules\nentries: " + "[" * 45 + "]" * 45 + "\n")),
    CodeEntry("yaml-key", E, "yaml", "A mapping key that is not text (a number, a list, `null`, ...).",
              "Quote the key, or rename it to one of the documented keys.",
              _content(RULES_HEAD + "  - id: tough\n    7: seven\n")),
    CodeEntry("yaml-version", E, "yaml", "A `%YAML 1.1` directive. YAML 1.1 reads some values differently "
              "(`yes` is true, `1:30` is the number 90); wmdata reads YAML 1.2 only, so it refuses the file rather "
              "than read it by other rules than its author meant.",
              "Remove the `%YAML 1.1` line (and the `---` after it, if nothing else needs it); quote values such "
              "as `yes` or `1:30` if they are meant as text.",
              _content("%YAML 1.1\n---\n" + RULES_HEAD + "  - id: tough\n")),
    CodeEntry("yaml-number", E, "yaml", "A number that is not finite (`.inf`, `.nan`), or an integer of more "
              "than 100 digits.",
              "Give a finite number of a sensible size.",
              _content("edition: mk4\nkind: spells\nentries:\n  - {id: zap, name: Zap, source: test, cost: 2, "
                       "rng: .inf, offensive: true, text: a bolt of light}\n")),
    CodeEntry("encoding", E, "yaml", "The file is not UTF-8: the byte shown cannot be decoded.",
              "Save the file as UTF-8 (most editors offer it under 'Save with encoding').",
              Example("validate latin1.yaml", raw={"latin1.yaml": b"edition: mk4\nkind: rules\n# caf\xe9\n"
                                                   b"entries: []\n"},
                      shown="`latin1.yaml`: the lines `edition: mk4`, `kind: rules`, a comment `# café` saved "
                            "in Latin-1 (byte `0xe9`), `entries: []`")),
    CodeEntry("empty-file", E, "yaml", "The file is empty, or holds only comments.",
              "Write the header (`edition`, `kind`, `entries`), or delete the file.",
              _content("# nothing here yet\n")),
    CodeEntry("file-too-large", E, "yaml", "The file is larger than 4 MiB; wmdata refuses it before reading "
              "so that a huge file cannot exhaust memory.",
              "Split the file: one file per faction and kind is the convention.",
              Example("validate huge.yaml", raw={"huge.yaml": b"#" * (4 * 1024 * 1024 + 1)},
                      shown="`huge.yaml`: a comment line of 4 MiB and one byte")),
    CodeEntry("io-error", E, "yaml", "The path exists but cannot be read as a file (no permission, a socket "
              "or device, a disk error).", "Check the path and its permissions.",
              Example("validate socket.yaml", sockets=("socket.yaml",),
                      shown="`socket.yaml`: a Unix socket, not a file")),
    # --- shape ----------------------------------------------------------------------------------------
    CodeEntry("schema", E, "schema", "A value has the wrong type or form, a required key is missing, or an "
              "entry breaks a rule of its model (a customizable warjack with a fixed cost, say).",
              "Follow the message: it names the expected type or values. The "
              "[schema reference](schema.md) lists every key.",
              _content("edition: mk5\nkind: rules\nentries: []\n")),
    CodeEntry("unknown-key", E, "schema", "A key the schema does not know, often a typo or a stat of another "
              "edition.", "Use the key the hint suggests, or remove it.",
              _content(MODELS_MK2 + SOLO_MK2.replace("    base: 30\n", "    base: 30\n    bse: 30\n"))),
    CodeEntry("edition-kind", E, "schema", "The file's `kind` does not exist in its edition (command cards and "
              "armies exist only in MkIV).", "Change `edition:` or `kind:`, or move the entries.",
              _content("edition: mk2\nkind: armies\nentries: []\n")),
    # --- identity and references ---------------------------------------------------------------------
    CodeEntry("duplicate-id", E, "content", "Two entries of one edition share an id. Ids are unique per "
              "edition, across all kinds, and never reused.", "Rename one of them (the hint says where the "
              "first one is).",
              Example("validate a.yaml b.yaml", {
                  "a.yaml": RULES_HEAD + "  - {id: tough, name: Tough, source: test, category: advantage, "
                            "text: shrugs off a blow, unmodelled: other}\n",
                  "b.yaml": RULES_HEAD + "  - {id: tough, name: Tougher, source: test, category: advantage, "
                            "text: shrugs off two blows, unmodelled: other}\n"})),
    CodeEntry("unknown-ref", E, "content", "An id that names nothing: a rule, weapon quality, spell, faction, "
              "attachment target, hardpoint weapon, ...", "Use the id the hint suggests, or add the missing "
              "entry.",
              _content(MODELS_MK2 + SOLO_MK2 + "    advantages: [stelth]\n")),
    CodeEntry("wrong-ref", E, "content", "An id that exists but names the wrong kind of thing (a spell where "
              "an advantage is expected).", "Refer to an entry of the expected kind.",
              _content(MODELS_MK2 + SOLO_MK2 + "    advantages: [arcane-shield]\n")),
    CodeEntry("duplicate-text", W, "content", "Two rules have the same text (ignoring case and spacing): "
              "usually a copy-paste error.", "Write each rule's own text.",
              _content(RULES_HEAD + "  - {id: tough, name: Tough, source: test, category: advantage, "
                       "text: Heals on a 5 or 6., unmodelled: other}\n"
                       "  - {id: sturdy, name: Sturdy, source: test, category: advantage, "
                       "text: heals on a 5  or 6., unmodelled: other}\n")),
    CodeEntry("not-executable", W, "content", "A rule, spell, animus, feat or command card has neither "
              "`effects:` (what it does, in the [effect language](effects.md)) nor `unmodelled:` (why it "
              "cannot execute yet), has both without `coverage: partial`, is marked partial without both, or "
              "gates an effect on its own special attack without a `special_attack:` or `chain_attack:` block.",
              "Add `effects:`, or `unmodelled:` with the reason; an entry whose effects do only part of its text "
              "says `coverage: partial` and names the rest in `unmodelled:`.",
              _content(RULES_HEAD + "  - {id: tough, name: Tough, source: test, category: advantage, "
                       "text: shrugs off a blow now and then}\n")),
    # --- semantic lint -------------------------------------------------------------------------------
    CodeEntry("edition-field", E, "lint", "A field that does not exist in the file's edition (P+S in MkIV, "
              "hardpoints before MkIV, warjack points on a MkIV warcaster, ...).", "Remove the field.",
              _content(MODELS_MK4 + "  - {id: old-man, name: Old Man, source: test, type: solo, fa: 1, cost: 2, "
                       "base: 30,\n     stats: {SPD: 6, MAT: 6, RAT: 6, DEF: 14, ARM: 12},\n"
                       "     weapons: [{name: Axe, type: melee, rng: 1, pow: 6, ps: 11}]}\n")),
    CodeEntry("unknown-stat", E, "lint", "An effect names a stat the edition does not have (FOC in MkIV).",
              "Use one of the stats the hint lists.",
              _content(RULES_HEAD + "  - {id: iron-will, name: Iron Will, source: test, category: ability, "
                       "text: tougher to kill,\n     effects: [{kind: modify_stat, stat: FOC, op: add, "
                       "value: 1}]}\n")),
    CodeEntry("missing-stat", E, "lint", "A model lacks a stat its type needs in its edition (a MkIV "
              "warcaster's ARC and CTRL).", "Add the stat.",
              _content(MODELS_MK4 + "  - {id: captain-test, name: Captain Test, source: test, type: warcaster, "
                       "fa: C, base: 30,\n     stats: {SPD: 6, AAT: 6, MAT: 6, RAT: 6, DEF: 14, ARM: 16, "
                       "CTRL: 14},\n     damage: {type: boxes, boxes: 17}}\n")),
    CodeEntry("bad-provenance", E, "lint", "A `provenance:` citation a reader cannot follow: a seed that does "
              "not exist, lines outside the seed, a reference data set wmdata does not know, or an unconfirmed "
              "field the entry does not have ([provenance](provenance.md)).",
              "Cite a seed by its number and lines inside it, a known data set by name, or mark the entry "
              "`unconfirmed: all`.",
              _content(RULES_HEAD + "  - {id: tough, name: Tough, source: seed 000, category: advantage, "
                       "text: shrugs off a blow now and then,\n     unmodelled: other, "
                       "provenance: {seed: '000', lines: ['5900-6100']}}\n")),
    CodeEntry("character-fa", E, "lint", "Characters (and every warcaster and warlock) have field allowance "
              "C.", "Set `fa: C` (or remove `character:` if the model is not a character).",
              _content(MODELS_MK2 + SOLO_MK2.replace("    fa: 2\n", "    character: Gunner\n    fa: 2\n"))),
    CodeEntry("unit-sizes", E, "lint", "A unit's sizes contradict each other: a label twice, a fixed size "
              "with others, a minimum above the maximum (a cost that does not grow is a warning).",
              "Correct the sizes.",
              _content(MODELS_MK2 + "  - id: long-gunners\n    name: Long Gunner Infantry\n    source: test\n"
                       "    type: unit\n    fa: 2\n    sizes:\n      - {label: min, models: 10, cost: 9}\n"
                       "      - {label: max, models: 6, cost: 6}\n    troopers:\n"
                       "      - {name: Sergeant, role: leader, count: 1, base: 30,\n"
                       "         stats: {SPD: 6, STR: 4, MAT: 5, RAT: 6, DEF: 13, ARM: 12, CMD: 8}}\n")),
    CodeEntry("unit-leader", W, "lint", "A unit has no leader or officer profile.",
              "Give one trooper profile `role: leader` (or `officer`).",
              _content(MODELS_MK2 + "  - id: long-gunners\n    name: Long Gunner Infantry\n    source: test\n"
                       "    type: unit\n    fa: 2\n    sizes: [{label: min, models: 6, cost: 6}]\n    troopers:\n"
                       "      - {name: Long Gunner, role: grunt, count: 6, base: 30,\n"
                       "         stats: {SPD: 6, STR: 4, MAT: 5, RAT: 6, DEF: 13, ARM: 12, CMD: 8}}\n")),
    CodeEntry("grid-system", E, "lint", "A damage grid uses a system letter the edition does not have, or has "
              "no boxes at all.", "Use the edition's system letters (the hint lists them).",
              _content(MODELS_MK2 + "  - {id: test-jack, name: Test Jack, source: test, type: warjack, weight: "
                       "light, base: 40, fa: U, cost: 5,\n     stats: {SPD: 6, STR: 9, MAT: 6, RAT: 4, DEF: 13, "
                       "ARM: 16},\n     damage: {type: grid, rows: ['-....-', '..SF..', 'LLMCRR']}}\n")),
    CodeEntry("damage-track", E, "lint", "The damage track does not fit the model: a warjack needs a grid, a "
              "colossal two (the latter is a warning).", "Give the model the damage track its card prints.",
              _content(MODELS_MK2 + "  - {id: test-jack, name: Test Jack, source: test, type: warjack, weight: "
                       "light, base: 40, fa: U, cost: 5,\n     stats: {SPD: 6, STR: 9, MAT: 6, RAT: 4, DEF: 13, "
                       "ARM: 16},\n     damage: {type: boxes, boxes: 20}}\n")),
    CodeEntry("ranged-no-rng", E, "lint", "A ranged weapon without RNG.", "Add `rng:`.",
              _content(MODELS_MK2 + SOLO_MK2 + "    weapons: [{name: Rifle, type: ranged, rof: 1, pow: 10}]\n")),
    CodeEntry("ranged-no-rof", W, "lint", "A ranged weapon without ROF.", "Add `rof:`.",
              _content(MODELS_MK2 + SOLO_MK2 + "    weapons: [{name: Rifle, type: ranged, rng: 10, pow: 10}]\n")),
    CodeEntry("blast-pow-without-aoe", E, "lint", "A POW of the form direct/blast (`14/7`) on a weapon without "
              "an AOE.", "Add `aoe:`, or give a single POW.",
              _content(MODELS_MK2 + SOLO_MK2 + "    weapons: [{name: Mortar, type: ranged, rng: 12, rof: 1, "
                       "pow: 14/7}]\n")),
    CodeEntry("melee-aoe", W, "lint", "A melee weapon with an AOE.", "Remove `aoe:`, or make the weapon "
              "ranged.",
              _content(MODELS_MK2 + SOLO_MK2 + "    weapons: [{name: Sword, type: melee, pow: 3, ps: 8, "
                       "aoe: 3}]\n")),
    CodeEntry("ps-mismatch", W, "lint", "A MkII/MkIII melee weapon's P+S is not its POW plus the model's STR.",
              "Check both numbers against the card; print errors exist, so say so in `note:` if the card "
              "itself is inconsistent.",
              _content(MODELS_MK2 + SOLO_MK2 + "    weapons: [{name: Sword, type: melee, pow: 3, ps: 9}]\n")),
    CodeEntry("duplicate-weapon", E, "lint", "Two weapons of a model have the same name.",
              "Use `count: 2` for identical weapons, or give each its `location` (L, R).",
              _content(MODELS_MK2 + SOLO_MK2 + "    weapons:\n      - {name: Sword, type: melee, pow: 3, ps: 8}\n"
                       "      - {name: sword, type: melee, pow: 3, ps: 8}\n")),
    CodeEntry("hardpoint-slot", E, "lint", "A MkIV hardpoint slot is listed twice on one model.",
              "Merge the two slots' options.",
              _content(MODELS_MK4 + "  - id: test-courser\n    name: Test Courser\n    source: test\n"
                       "    type: warjack\n    weight: light\n    base: 40\n    fa: U\n"
                       "    stats: {SPD: 6, MAT: 6, RAT: 5, DEF: 13, ARM: 17}\n"
                       "    damage: {type: grid, rows: ['-....-', 'LLMCRR']}\n    hardpoints:\n"
                       "      - {slot: right_arm, options: [{id: fist, name: Fist, cost: 1}]}\n"
                       "      - {slot: right_arm, options: [{id: claw, name: Claw, cost: 1}]}\n")),
    CodeEntry("hardpoint-option", E, "lint", "An option id is listed twice in one hardpoint.",
              "Give each option its own id.",
              _content(MODELS_MK4 + "  - id: test-courser\n    name: Test Courser\n    source: test\n"
                       "    type: warjack\n    weight: light\n    base: 40\n    fa: U\n"
                       "    stats: {SPD: 6, MAT: 6, RAT: 5, DEF: 13, ARM: 17}\n"
                       "    damage: {type: grid, rows: ['-....-', 'LLMCRR']}\n    hardpoints:\n"
                       "      - slot: right_arm\n        options:\n          - {id: fist, name: Fist, cost: 1}\n"
                       "          - {id: fist, name: Big Fist, cost: 2}\n")),
    CodeEntry("base-size", W, "lint", "A warjack's or warbeast's base does not match its weight class.",
              "Check the base size on the card.",
              _content(MODELS_MK2 + "  - {id: test-jack, name: Test Jack, source: test, type: warjack, weight: "
                       "light, base: 50, fa: U, cost: 5,\n     stats: {SPD: 6, STR: 9, MAT: 6, RAT: 4, DEF: 13, "
                       "ARM: 16},\n     damage: {type: grid, rows: ['-....-', 'LLMCRR']}}\n")),
    CodeEntry("caster-points", W, "lint", "A MkII/MkIII warcaster without `warjack_points:` (or a MkIII warlock "
              "without `warbeast_points:`).", "Add the '+N' printed on the card.",
              _content(MODELS_MK2 + "  - {id: captain-test, name: Captain Test, source: test, type: warcaster, "
                       "fa: C, base: 30,\n     stats: {SPD: 6, STR: 5, MAT: 6, RAT: 6, DEF: 15, ARM: 14, "
                       "CMD: 8, FOC: 6},\n     damage: {type: boxes, boxes: 17}}\n")),
    # --- army lists ---------------------------------------------------------------------------------
    CodeEntry("ambiguous-name", E, "list", "A model, command card, theme force, contract or army named by a "
              "part of a name that several entries share; every match is listed with its id.",
              "Write the id, or enough of the name to leave one match.",
              _list(MK2_DUEL + "casters:\n  - model: Haley\n")),
    CodeEntry("unknown-model", E, "list", "A list names a model that is not in the edition's content.",
              "Use the name or id the hint suggests (`wmdata show NAME` finds entries).",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\n    battlegroup: "
                    "[{model: Ironklad}]\n")),
    CodeEntry("misplaced-model", E, "list", "A model is in the wrong part of the list (a warjack under "
              "`units:`, a unit in a battlegroup).", "Move it to the part of the list its type belongs to.",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\nunits:\n  - {model: Defender}\n")),
    CodeEntry("unknown-level", E, "list", "The encounter level is not one of the edition's.",
              "Use one of the level ids the hint lists.",
              _list(MK2_DUEL.replace("duel", "dual") + "casters:\n  - model: Captain Victoria Haley\n"
                    "    battlegroup: [{model: Defender}]\n")),
    CodeEntry("level-points", E, "list", "The list's points are not an option of its encounter level.",
              "Set `points:` to one of the level's options, or change `level:`.",
              _list(MK2_DUEL.replace("15", "20") + "casters:\n  - model: Captain Victoria Haley\n"
                    "    battlegroup: [{model: Defender}]\n")),
    CodeEntry("no-caster", E, "list", "The list has no warcaster or warlock.", "Add one under `casters:`.",
              _list(MK2_DUEL + "units:\n  - {model: Long Gunner Infantry, size: min}\n")),
    CodeEntry("faction-without-casters", E, "list", "The content holds no warcaster or warlock who could lead "
              "the list's faction in its edition, so no list of it can be legal; it is the only problem reported "
              "then (MkIV Khador today).", "Add the faction's casters with a content pack (`--content`), or "
              "choose another faction.",
              _list("edition: mk4\nfaction: khador\nlevel: skirmish\npoints: 50\n"
                    "units:\n  - model: Winter Korps Infantry\n")),
    CodeEntry("too-many-casters", E, "list", "More casters than the level allows at these points.",
              "Remove a caster, or play a level that allows more.",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\n    battlegroup: [{model: Defender}]\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\n")),
    CodeEntry("points-over", E, "list", "The list spends more army points than the level allows (caster "
              "points pay only for their own battlegroup).", "Remove models worth the difference.",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\n    battlegroup: [{model: Defender}]\n"
                    "units:\n  - {model: Long Gunner Infantry, size: max}\n  - {model: Trencher Infantry, "
                    "size: max}\n")),
    CodeEntry("points-under", E, "list", "The list spends fewer points than the edition allows: MkIII "
              "lists may leave at most 5 unspent, MkIV lists spend exactly the level's points.",
              "Add models or command cards worth the difference.",
              _list(MK4_HEADER + ATHENA + "units:\n  - model: Stormblade Legionnaires\n" + CARDS)),
    CodeEntry("caster-points-lost", W, "list", "A caster's warjack or warbeast points are not all spent on "
              "its battlegroup; unspent points are lost (they cannot buy units).",
              "Add warjacks or warbeasts to the battlegroup (or accept the loss; `--strict` makes it an error).",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\nunits:\n"
                    "  - {model: Long Gunner Infantry, size: min}\n  - {model: Trencher Infantry, size: min}\n")),
    CodeEntry("fa-exceeded", E, "list", "A model is taken more often than its field allowance (per caster in "
              "MkII/MkIII, per army in MkIV).", "Remove the extra copies.",
              _list("edition: mk2\nfaction: cygnar\nlevel: grand-melee\npoints: 75\ncasters:\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\nunits:\n"
                    "  - {model: Stormblade Infantry, size: max}\n  - {model: Stormblade Infantry, size: max}\n"
                    "  - {model: Stormblade Infantry, size: max}\n")),
    CodeEntry("character-duplicate", E, "list", "A character (any version of it) is in the list twice.",
              "Keep one.",
              _list("edition: mk2\nfaction: cygnar\nlevel: battle-royale\npoints: 100\ncasters:\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\n"
                    "  - model: Captain Victoria Haley\n    battlegroup: [{model: Thorn}, {model: Thorn}]\n")),
    CodeEntry("battlegroup-type", E, "list", "A warcaster with a warbeast, or a warlock with a warjack.",
              "Move the model to a caster of the matching kind.", _list(BLAIZE_WITH_A_WARBEAST)),
    CodeEntry("battlegroup-minimum", E, "list", "A MkIV level needs a minimum number of warjacks or warbeasts "
              "in each commander's battlegroup.", "Add warjacks or warbeasts to the battlegroup.",
              _list(MK4_HEADER.replace("skirmish", "pitched-battle").replace("50", "75") + ATHENA + CARDS)),
    CodeEntry("partisan-battlegroup", E, "list", "A Partisan caster counts as its adopted faction and takes "
              "only that faction's warjacks or warbeasts.", "Take a warjack or warbeast of the adopted "
              "faction.", _list(BLAIZE_WITH_A_WARBEAST)),
    CodeEntry("not-a-marshal", E, "list", "A warjack is put under a model that is not a 'jack marshal.",
              "Put the warjack in a caster's battlegroup, or under a 'jack marshal.",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\n    battlegroup: [{model: Defender}]\n"
                    "units:\n  - model: Long Gunner Infantry\n    size: min\n    jacks: [{model: Charger}]\n")),
    CodeEntry("marshal-capacity", E, "list", "A 'jack marshal controls more warjacks than the edition allows.",
              "Move the extra warjacks to a caster's battlegroup.",
              _list("edition: mk2\nfaction: cygnar\nlevel: grand-melee\npoints: 75\ncasters:\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\nunits:\n"
                    "  - model: Stormblade Infantry\n    size: min\n    attachments: [Stormblade Infantry Officer "
                    "& Standard Bearer]\n    jacks: [{model: Lancer}, {model: Charger}, {model: Charger}]\n")),
    CodeEntry("marshal-colossal", E, "list", "A colossal is never controlled by a 'jack marshal.",
              "Put the colossal in a caster's battlegroup.",
              _pack_list(_pack_manifest("big-iron", "Big iron", "mk2"),
                         {"pack/mk2/factions/cygnar/models.yaml": _colossus("mk2", 20)},
                         MK2_MARSHAL.format(packs=_recorded("big-iron"), jack="Storm Colossus"))),
    CodeEntry("marshal-character-jack", E, "list", "In MkII a character warjack cannot start under a 'jack "
              "marshal.", "Put it in a caster's battlegroup.",
              _list("edition: mk2\nfaction: cygnar\nlevel: grand-melee\npoints: 75\ncasters:\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\nunits:\n"
                    "  - model: Stormblade Infantry\n    size: min\n    attachments: [Stormblade Infantry Officer "
                    "& Standard Bearer]\n    jacks: [{model: Thorn}]\n")),
    CodeEntry("attachment-invalid", E, "list", "An attachment joins a unit it is not made for.",
              "Attach it to one of the units its entry lists in `attaches_to:`.",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\n    battlegroup: [{model: Defender}]\n"
                    "units:\n  - model: Long Gunner Infantry\n    size: min\n"
                    "    attachments: [Stormblade Infantry Officer & Standard Bearer]\n")),
    CodeEntry("attachment-limit", E, "list", "A unit takes more attachments of one kind than the edition "
              "allows (one command attachment, weapon attachments per edition).", "Remove the extra "
              "attachment.",
              _list("edition: mk3\nfaction: skorne\nlevel: skirmish\npoints: 10\n" + HEXERIS.replace(
                  ", {model: Cyclops Savage}", "") + "units:\n  - model: Venator Reivers\n    size: min\n"
                  "    attachments: [Venator Reiver Officer & Standard, Venator Reiver Officer & Standard]\n")),
    CodeEntry("attachment-weapon-crew", E, "list", "Weapon crews take no attachments.",
              "Remove the attachment.",
              _list("edition: mk2\nfaction: cygnar\nlevel: skirmish\npoints: 35\ncasters:\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\nunits:\n"
                    "  - model: Trencher Chain Gun Crew\n    attachments: [Trencher Grenadier]\n")),
    CodeEntry("unknown-faction", E, "list", "The list's faction is not one of the edition's.",
              "Use a faction id of the edition (`wmdata content stats` lists them).",
              _list(MK2_DUEL.replace("cygnar", "cygnor") + "casters:\n  - model: Captain Victoria Haley\n"
                    "    battlegroup: [{model: Defender}]\n")),
    CodeEntry("faction-mismatch", E, "list", "A model of another faction (that is not a mercenary or minion "
              "working for this one).", "Remove it, or change the list's faction.",
              _list(MK3_SKORNE + "level: pitched-battle\npoints: 75\n" + HEXERIS
                    + "solos:\n  - model: Lord of the Feast\n")),
    CodeEntry("mercenary-not-available", E, "list", "A mercenary or minion that does not work for the list's "
              "faction.", "Remove it; its `works_for:` lists the factions it works for.",
              _list("edition: mk2\nfaction: cygnar\nlevel: skirmish\npoints: 35\ncasters:\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\nsolos:\n"
                    "  - model: Kell Bailoch\n")),
    CodeEntry("mercenary-controller", E, "list", "A mercenary/minion warjack or warbeast needs a "
              "mercenary/minion caster or 'jack marshal.", "Give it to a mercenary caster or 'jack marshal.",
              _list("edition: mk2\nfaction: cygnar\nlevel: skirmish\npoints: 35\ncasters:\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Vanguard}]\n")),
    CodeEntry("mercenary-caster", E, "list", "A mercenary/minion caster controls only mercenary/minion "
              "warjacks or warbeasts.", "Give the model to a faction caster, or take a mercenary one.",
              _list("edition: mk2\nfaction: cygnar\nlevel: battle-royale\npoints: 100\ncasters:\n"
                    "  - model: Commander Coleman Stryker\n    battlegroup: [{model: Ironclad}]\n"
                    "  - model: Captain Phinneus Shae\n    battlegroup: [{model: Lancer}, {model: Mariner}]\n")),
    CodeEntry("mercenary-marshal", E, "list", "A mercenary 'jack marshal controls only mercenary warjacks "
              "(one that is a Partisan of the army's faction counts as that faction).",
              "Give the warjack to a faction caster or 'jack marshal, or take a mercenary warjack.",
              _list("edition: mk2\nfaction: cygnar\nlevel: skirmish\npoints: 35\ncasters:\n"
                    "  - model: Major Victoria Haley\n    battlegroup: [{model: Grenadier}]\nunits:\n"
                    "  - model: Captain Sam MacHorne & the Devil Dogs\n    size: min\n"
                    "    jacks: [{model: Sentinel}]\n")),
    CodeEntry("requires-model", E, "list", "A model whose `requires:` (kind `with_model`) names models the "
              "army must also include ([model requirements](requirements.md)).",
              "Add one of the named models, or remove the model.",
              _list("edition: mk2\nfaction: mercenary\ncontract: talion-charter\nlevel: duel\npoints: 15\n"
                    "casters:\n  - model: Captain Bartolo Montador\n    battlegroup: [{model: Vanguard}]\nunits:\n"
                    "  - model: The Commodore Cannon & Crew\n")),
    CodeEntry("requires-controller", E, "list", "A warjack or warbeast whose `requires:` (kind `controller`) "
              "names the only casters or 'jack marshals that may control it ([model requirements]"
              "(requirements.md)).", "Move it to one of the named controllers.",
              _list("edition: mk2\nfaction: mercenary\ncontract: four-star-syndicate\nlevel: duel\npoints: 15\n"
                    "casters:\n  - model: Fiona the Black\n    battlegroup: [{model: Renegade}]\n")),
    CodeEntry("requires-controls", E, "list", "A caster or 'jack marshal whose `requires:` (kind `controls`) "
              "names the only warjacks or warbeasts it may control ([model requirements](requirements.md)).",
              "Give the model to another controller.",
              _list("edition: mk2\nfaction: mercenary\ncontract: four-star-syndicate\nlevel: skirmish\npoints: 35\n"
                    "casters:\n  - model: Gorten Grundback\n"
                    "    battlegroup: [{model: Grundback Gunner}, {model: Vanguard}]\n")),
    CodeEntry("requires-attachments", E, "list", "A unit whose `requires:` (kind `attachments`) allows fewer "
              "attachments than the edition does ([model requirements](requirements.md)).",
              "Remove the attachment.",
              _list("edition: mk2\nfaction: mercenary\ncontract: magnus-agenda\nlevel: duel\npoints: 15\n"
                    "casters:\n  - model: Magnus the Traitor\n    battlegroup: [{model: Renegade}]\nunits:\n"
                    "  - {model: Trencher Infantry, size: min, attachments: [Trencher Infantry Officer & Sniper]}\n")),
    CodeEntry("mercenary-army", E, "list", "An army whose casters are all mercenaries/minions may take only "
              "mercenaries/minions.", "Remove the faction model, or add a faction caster.",
              _list("edition: mk2\nfaction: mercenary\ncontract: magnus-agenda\nlevel: skirmish\npoints: 35\n"
                    "casters:\n  - model: Magnus the Traitor\n    battlegroup: [{model: Renegade}]\nsolos:\n"
                    "  - model: Stormsmith Stormcaller\n")),
    CodeEntry("contract-required", E, "list", "An all-mercenary MkII army must choose a contract.",
              "Add `contract:` with one of the mercenary contracts.",
              _list("edition: mk2\nfaction: mercenary\nlevel: skirmish\npoints: 35\ncasters:\n"
                    "  - model: Magnus the Traitor\n    battlegroup: [{model: Renegade}]\n")),
    CodeEntry("unknown-theme", E, "list", "The theme force, tier or contract is not one of the edition's.",
              "Use a theme id of the list's faction.",
              _list(MK3_SKORNE + "theme: nope\nlevel: skirmish\npoints: 10\n" + HEXERIS)),
    CodeEntry("theme-not-allowed", E, "list", "The level allows no theme forces (MkIII Duel).",
              "Remove the theme, or play another level.",
              _list(MK3_SKORNE + "theme: masters-of-war\nlevel: duel\npoints: 0\n" + HEXERIS)),
    CodeEntry("theme-model", E, "list", "A model the theme force does not include, or a caster that cannot "
              "lead it.", "Remove the model, or choose another theme.",
              _list(MK3_SKORNE + "theme: masters-of-war\nlevel: skirmish\npoints: 10\n" + HEXERIS
                    + "units:\n  - {model: Venator Reivers, size: min}\n")),
    CodeEntry("theme-incomplete", W, "list", "The theme force's entry says part of it is not in the content "
              "(`missing:`), so wmdata does not check that part; the warning names it.",
              "Check the list against the theme's source (or complete the theme's entry).",
              _list(MK3_SKORNE + "theme: masters-of-war\nlevel: skirmish\npoints: 10\n" + HEXERIS)),
    CodeEntry("theme-model-unchecked", W, "list", "A model or caster that is not on the theme's list, when the "
              "theme's entry says that list is incomplete (`missing: allowed:`): it may be legal.",
              "Check the theme's source; add the model to the theme's `models:` if it belongs.",
              _list(MK3_SKORNE + "theme: masters-of-war\nlevel: rapid-assault\npoints: 25\n" + HEXERIS
                    + "units:\n  - {model: Praetorian Ferox, size: min}\n")),
    CodeEntry("theme-limit", E, "list", "The theme force limits how many of some models the list may take.",
              "Remove the extra model.",
              _list("edition: mk2\nfaction: mercenary\ncontract: magnus-agenda\nlevel: skirmish\npoints: 35\n"
                    "casters:\n  - model: Magnus the Traitor\n    battlegroup: [{model: Renegade}]\nunits:\n"
                    "  - {model: Trencher Infantry, size: min}\n  - {model: Long Gunner Infantry, size: min}\n")),
    CodeEntry("theme-requirement", E, "list", "The theme force requires models the list does not have.",
              "Add the required models, or choose another theme.",
              _list("edition: mk2\nfaction: mercenary\ncontract: magnus-agenda\nlevel: skirmish\npoints: 35\n"
                    "casters:\n  - model: Captain Phinneus Shae\n    battlegroup: [{model: Mariner}]\n")),
    CodeEntry("free-models", E, "list", "A model marked `free: true` that nothing grants, or (MkIV Total War) "
              "a number of free colossals, gargantuans and battle engines outside the level's range.",
              "Remove `free: true`, or choose a theme that grants free models.",
              _list(MK3_SKORNE + "level: skirmish\npoints: 10\n" + HEXERIS
                    + "solos:\n  - {model: Void Spirit, free: true}\n")),
    CodeEntry("level-forbidden-model", E, "list", "The level allows no models of this kind (no colossals, "
              "gargantuans or battle engines in MkIV Skirmish).", "Remove it, or play a larger level.",
              _pack_list(_pack_manifest("big-iron", "Big iron", "mk4"),
                         {MK4_MODELS_FILE: _colossus("mk4", 50, "    armies: [storm-legion]\n")},
                         MK4_HEADER + _recorded("big-iron") + "casters:\n  - model: Captain Athena di Baro\n"
                         "    battlegroup: [{model: Storm Colossus}]\n" + CARDS)),
    CodeEntry("unit-size-missing", E, "list", "A unit that comes in several sizes without `size:`.",
              "Add `size: min` or `size: max`.",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\n    battlegroup: [{model: Defender}]\n"
                    "units:\n  - model: Long Gunner Infantry\n")),
    CodeEntry("unit-size-unknown", E, "list", "A `size:` the unit does not have.",
              "Use one of the sizes the hint lists.",
              _list(MK2_DUEL + "casters:\n  - model: Captain Victoria Haley\n    battlegroup: [{model: Defender}]\n"
                    "units:\n  - {model: Trencher Infantry, size: fixed}\n")),
    CodeEntry("hardpoint-missing", E, "list", "A MkIV customizable warjack or warbeast without a choice for "
              "one of its hardpoints.", "Add the slot under `hardpoints:` (its options are in `wmdata show "
              "MODEL`).",
              _list(MK4_HEADER + ATHENA.replace(", left_arm: Electrified Shield", "") + MK4_LEGAL_TAIL + CARDS)),
    CodeEntry("hardpoint-wrong-slot", E, "list", "A hardpoint option chosen for a slot it does not fit.",
              "Choose it for the slot the message names.",
              _list(MK4_HEADER + ATHENA.replace("right_arm: Heavy Stormthrower, left_arm: Electrified Shield",
                                                "right_arm: Electrified Shield, left_arm: Heavy Stormthrower")
                    + MK4_LEGAL_TAIL + CARDS)),
    CodeEntry("hardpoint-unknown-option", E, "list", "A hardpoint option the model does not have.",
              "Use one of the model's options for that slot.",
              _list(MK4_HEADER + ATHENA.replace("Shield Guard", "Hunter") + MK4_LEGAL_TAIL + CARDS)),
    CodeEntry("hardpoint-unknown-slot", E, "list", "A hardpoint slot the model does not have.",
              "Remove it; the message lists the model's slots.",
              _list(MK4_HEADER + ATHENA.replace("}}\n", ", tail: Spike}}\n") + MK4_LEGAL_TAIL + CARDS)),
    CodeEntry("unknown-card", E, "list", "A command card that is not in the edition's content.",
              "Use the name the hint suggests.",
              _list(MK4_HEADER + ATHENA + MK4_LEGAL_TAIL + CARDS.replace("Careful Reconnaisance", "Careful Recce"))),
    CodeEntry("command-card-count", E, "list", "MkIV armies take exactly five command cards; MkII and MkIII "
              "have none.", "Choose exactly five different cards (or remove `command_cards:` before MkIV).",
              _list(MK4_HEADER + ATHENA + MK4_LEGAL_TAIL + CARDS.replace(", Power Swell", ""))),
    CodeEntry("command-card-duplicate", E, "list", "A command card taken twice.", "Choose another card.",
              _list(MK4_HEADER + ATHENA + MK4_LEGAL_TAIL + CARDS.replace("Power Swell", "Old Faithful"))),
    CodeEntry("command-card-unavailable", E, "list", "A command card the list's faction or army cannot take.",
              "Choose a card available to the army.",
              _pack_list(_pack_manifest("winter-cards", "Winter cards", "mk4"),
                         {"pack/mk4/rules/command_cards.yaml": "edition: mk4\nkind: command_cards\nentries:\n"
                          "  - id: winter-march\n    name: Winter March\n    cost: 2\n    available_to: [khador]\n"
                          "    text: Play at the start of your turn; your models ignore snow this turn.\n"
                          "    source: unconfirmed\n"},
                         MK4_HEADER + _recorded("winter-cards") + ATHENA + MK4_LEGAL_TAIL
                         + CARDS.replace("Power Swell", "Winter March"))),
    CodeEntry("unknown-army", E, "list", "A MkIV army that is not in the content.",
              "Use the army id the hint suggests.",
              _list(MK4_HEADER.replace("storm-legion", "storm-legions") + ATHENA + MK4_LEGAL_TAIL + CARDS)),
    CodeEntry("army-unavailable", E, "list", "A model that is not available to the list's MkIV army.",
              "Remove it, or choose an army its `armies:` lists.",
              _pack_list(_pack_manifest("border-guard", "Border guard", "mk4"),
                         {"pack/mk4/factions/cygnar/armies.yaml": "edition: mk4\nkind: armies\nfaction: cygnar\n"
                          "entries:\n  - id: border-guard\n    name: Border Guard\n    faction: cygnar\n"
                          "    source: unconfirmed\n    text: Scouts and rangers of the northern border.\n",
                          MK4_MODELS_FILE: _mk4_solo("border-ranger", "Border Ranger", "    armies: [border-guard]\n")},
                         MK4_HEADER + _recorded("border-guard") + ATHENA
                         + MK4_LEGAL_TAIL.replace("Legionnaire Officer", "Border Ranger") + CARDS)),
    CodeEntry("arena-unavailable", E, "list", "A model that is not legal in the list's MkIV arena (Prime or "
              "Unlimited).", "Remove it, or play the arena it is legal in.",
              _pack_list(_pack_manifest("grand-arena", "Grand arena", "mk4"),
                         {MK4_MODELS_FILE: _mk4_solo("arena-champion", "Arena Champion",
                                                     "    armies: [storm-legion]\n    arenas: [unlimited]\n")},
                         MK4_HEADER + "arena: prime\n" + _recorded("grand-arena") + ATHENA
                         + MK4_LEGAL_TAIL.replace("Legionnaire Officer", "Arena Champion") + CARDS)),
    CodeEntry("no-ruleset", E, "list", "The edition has no army-construction ruleset in the content, so the "
              "list cannot be checked.", "Add the edition's ruleset (`content/<edition>/rulesets/`), or "
              "use a pack whose replacement ruleset has `construction:`.",
              _pack_list(_pack_manifest("open-play", "Open play", "mk4", "replaces: [mk4]\n"),
                         {"pack/mk4/rulesets/mk4.yaml": "edition: mk4\nkind: rulesets\nentries:\n"
                          "  - id: mk4\n    name: Open play (no army rules)\n    source: own work\n"
                          "    encounter_levels: [{id: skirmish, name: Skirmish, points: [50], max_casters: 1}]\n"},
                         MK4_HEADER + ATHENA + MK4_LEGAL_TAIL + CARDS)),
    # --- pairs --------------------------------------------------------------------------------------
    CodeEntry("pair-edition", E, "pair", "The two lists of a pair are of different editions.",
              "Bring two lists of the event's edition.",
              _pair(PAIR_BASE, MK3_SKORNE + "level: skirmish\npoints: 10\n" + HEXERIS)),
    CodeEntry("pair-faction", E, "pair", "The two lists of a pair are of different factions.",
              "Bring two lists of one faction.",
              _pair(PAIR_BASE, PAIR_BASE.replace("faction: cygnar", "faction: khador").replace(
                  "Captain Victoria Haley", "Kommander Sorscha").replace("Defender", "Juggernaut"))),
    CodeEntry("pair-level", E, "pair", "The two lists of a pair are of different encounter levels.",
              "Build both lists for the event's level.",
              _pair(PAIR_BASE, PAIR_OTHER.replace("level: duel\npoints: 15", "level: skirmish\npoints: 35"))),
    CodeEntry("pair-points", E, "pair", "The two lists of a pair are of different sizes.",
              "Build both lists to the event's points.",
              _pair(MK2_DUEL.replace("duel", "grand-melee").replace("15", "75") + PAIR_BASE.split("points: 15\n")[1],
                    MK2_DUEL.replace("duel", "grand-melee").replace("15", "50") + PAIR_OTHER.split("points: 15\n")[1])),
    CodeEntry("pair-character", E, "pair", "A character is in both lists of a pair.",
              "Keep the character in one list.", _pair(PAIR_BASE, PAIR_BASE)),
    CodeEntry("pair-theme", W, "pair", "Both lists of a pair use the same theme force; most events ask for "
              "two different ones.", "Choose another theme for one list.",
              _pair(MK3_SKORNE + "theme: masters-of-war\nlevel: skirmish\npoints: 10\n" + HEXERIS,
                    MK3_SKORNE + "theme: masters-of-war\nlevel: skirmish\npoints: 10\ncasters:\n"
                    "  - model: Tyrant Xerxis\n    battlegroup: [{model: Titan Sentry}]\n")),
    # --- content packs ------------------------------------------------------------------------------
    CodeEntry("not-a-pack", E, "pack", "A folder given as a pack has no `pack.yaml`.",
              "Add a `pack.yaml` ([content packs](packs.md)), or give the pack's own folder.",
              Example("show squire --content pack", {"pack/mk2/factions/cygnar/solos.yaml": MODELS_MK2 + SOLO_MK2})),
    CodeEntry("pack-layout", E, "pack", "A content file of a pack outside an edition folder, in an edition "
              "folder the pack does not declare, or with another edition in its header than its folder.",
              "Lay the pack out like `content/`: `mk2/...`, `mk3/...`, `mk4/...`, as listed under `editions`.",
              _pack({"pack/pack.yaml": PACK_YAML, "pack/solos.yaml": MODELS_MK2 + STORM_CHASER})),
    CodeEntry("unconfirmed-source", W, "pack", "A pack whose `pack.yaml` sets `require_sources: true` has an "
              "entry whose numbers no seed or reference data set confirms: no `provenance:`, `unconfirmed`, or a "
              "citation that leaves fields unconfirmed ([provenance](provenance.md)). `validate --strict` makes it "
              "an error.", "Cite the seed lines or the reference record in `provenance:`, or drop `require_sources`.",
              _pack({"pack/pack.yaml": PACK_YAML + "require_sources: true\n", PACK_SOLO: MODELS_MK2 + STORM_CHASER})),
    CodeEntry("pack-dependency", E, "pack", "A pack depends on a pack that is not given.",
              "Give the other pack too (`--content` or `WMDATA_CONTENT`), or remove it from `depends_on`.",
              _pack({"pack/pack.yaml": PACK_YAML + "depends_on: [base-rules]\n"})),
    CodeEntry("pack-cycle", E, "pack", "Packs that depend on each other, directly or through others.",
              "Merge them, or move what both need into a third pack.",
              _pack({"pack/pack.yaml": PACK_YAML + "depends_on: [base-rules]\n",
                     "base/pack.yaml": PACK_YAML.replace("storm-variants", "base-rules") +
                     "depends_on: [storm-variants]\n"}, "validate pack --content base")),
    CodeEntry("pack-duplicate", E, "pack", "Two folders hold packs with the same id.",
              "Give one of them (two versions of a pack cannot be used together).",
              _pack({"pack/pack.yaml": PACK_YAML, "copy/pack.yaml": PACK_YAML}, "validate pack copy")),
    CodeEntry("pack-clash", E, "pack", "A pack entry uses an id the built-in library or another pack already "
              "uses in that edition.",
              "Rename the entry, or list its id under `replaces` in `pack.yaml` when it is meant to replace "
              "the other (which must be built in or in a pack named in `depends_on`).",
              _pack({"pack/pack.yaml": PACK_YAML, PACK_SOLO: MODELS_MK2 + SOLO_MK2.replace("gunner", "squire")})),
    CodeEntry("pack-replaces-nothing", W, "pack", "An id under `replaces` that the pack does not define, or "
              "that neither the built-in library nor a pack it depends on has.",
              "Correct the id, or remove it from `replaces`.",
              _pack({**PACK, "pack/pack.yaml": PACK_YAML + "replaces: [squirre]\n"})),
    CodeEntry("pack-missing", E, "list", "The list records a content pack that is not loaded.",
              "Give the pack's folder with `--content` or `WMDATA_CONTENT`.",
              _list(PACK_LIST + "packs:\n  - {id: storm-variants, version: '1.0'}\n")),
    CodeEntry("pack-version", W, "list", "The list was built with another version of a content pack than the "
              "one loaded.", "Check the list against the loaded version, then record that version under `packs`.",
              Example("list validate army.yaml --content pack",
                      {**PACK, "army.yaml": PACK_LIST + "packs:\n  - {id: storm-variants, version: '0.9'}\n"})),
    CodeEntry("pack-unrecorded", E, "list", "The list takes an entry from a content pack it does not record "
              "under `packs`, so its share code and digest would not say what it needs.",
              "Add the pack under `packs` as the hint shows (`wmdata list add` does this itself).",
              Example("list validate army.yaml --content pack", {**PACK, "army.yaml": PACK_LIST})),
    # --- boards -------------------------------------------------------------------------------------
    CodeEntry("board-unknown-model", E, "board", "A board model's `content:` is not a model id of the board's "
              "edition.", "Use the id the hint suggests (`wmdata show NAME` finds entries), or give just `base:`.",
              _board("models:\n  - {id: a, content: corser, x: 10, y: 10}\n")),
    CodeEntry("board-duplicate-id", E, "board", "Two models or terrain features on one board share an id.",
              "Give each its own id; queries name models by it.",
              _board("models:\n  - {id: a, base: 30, x: 10, y: 10}\n  - {id: a, base: 30, x: 20, y: 10}\n")),
    CodeEntry("board-off-table", E, "board", "A base is not completely on the table, or a terrain feature "
              "lies entirely off it.", "Move it onto the table (positions are inches from the lower-left corner).",
              _board("models:\n  - {id: a, base: 50, x: 47.5, y: 10}\n")),
    CodeEntry("board-overlap", E, "board", "Two bases overlap (touching is fine).",
              "Move one of them; the message says by how much they overlap.",
              _board("models:\n  - {id: a, base: 40, x: 10, y: 10}\n  - {id: b, base: 30, x: 11, y: 10}\n")),
    CodeEntry("board-bad-shape", E, "board", "A terrain polygon crosses itself or has no area.",
              "List the corners in order around the outline.",
              _board("terrain:\n  - {id: t, kind: rubble, points: [[0, 0], [4, 4], [4, 0], [0, 4]]}\n")),
    CodeEntry("board-base-size", E, "board", "A base size the board's edition has no volume height for "
              "(MkII has no 80 or 120 mm bases).", "Use a base of the edition.",
              Example("board check board.yaml", {"board.yaml": "edition: mk2\ntable: {width: 48, height: 48}\n"
                                                               "models:\n  - {id: a, base: 120, x: 10, y: 10}\n"})),
    CodeEntry("board-terrain-kind", E, "board", "A terrain kind the board's edition gives no rules for.",
              "Use one of the kinds the hint lists.",
              Example("board check board.yaml", {"board.yaml": "edition: mk2\ntable: {width: 48, height: 48}\n"
                                                               "terrain:\n  - {id: t, kind: crater, circle: "
                                                               "{x: 9, y: 9, radius: 2}}\n"})),
    CodeEntry("board-ladder", E, "board", "A ladder, stairs or elevator (kind `ladder`, MkIV) that belongs to no "
              "obstruction: it touches none, touches several without `on:` saying which, or `on:` names a feature "
              "that is missing, of another kind or not touched; or `on:` on a feature that is not a ladder.",
              "Let the ladder touch its obstruction and, if it touches several, name it with `on:`.",
              _board("terrain:\n  - {id: l, kind: ladder, points: [[1, 1], [2, 1], [2, 2], [1, 2]]}\n")),
    CodeEntry("board-ruleset", E, "board", "The board's `ruleset:` is not a ruleset of its edition, or the "
              "ruleset has no geometry rules.", "Name a ruleset of the edition, or leave `ruleset:` out.",
              _board("ruleset: house-rules\n")),
)
