"""The JSON API and the pages of ``wmdata serve``, in-process: every endpoint, every
error path.  Answers are compared with what the command line prints for the same input,
and numbers with the seed's sample army (seed 000 L5006-5033)."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.conftest import EXAMPLES, ROOT, run_cli
from tests.packs_support import make_pack
from tests.web_support import SAMPLE, client
from wmdata.army.sharecode import decode, encode
from wmdata.model.lists import ArmyList
from wmdata.web.requests import MAX_BODY_BYTES

INVALID = EXAMPLES / "invalid" / "lists" / "mk4"
SAMPLE_COSTS = {"courser": 9, "stryker": 18, "stormblade-legionnaires": 6, "tempest-thunderers": 10,
                "arcane-mechaniks": 4, "legionnaire-officer": 3}


def sample_code() -> str:
    response = client().post("/api/lists/code", content=SAMPLE.read_bytes())
    assert response.status_code == 200
    return str(response.json()["code"])


def code_of(location: str) -> str:
    return parse_qs(urlsplit(location).query)["code"][0]


def assert_error(response: Any, status: int, words: str) -> None:
    assert response.status_code == status
    body = response.json()
    assert body["status"] == status and words in body["error"], body


# --- POST /api/lists/validate ------------------------------------------------------------------

@pytest.mark.parametrize("path", [SAMPLE, INVALID / "fa-and-free.yaml", INVALID / "hardpoints.yaml",
                                  INVALID / "faction-without-casters.yaml"])
def test_validate_answers_what_the_cli_prints(path: Path) -> None:
    cli = run_cli("list", "validate", "--format", "json", str(path))
    name = json.loads(cli.output)[0]["file"]
    response = client().post(f"/api/lists/validate?name={name}", content=path.read_bytes())
    assert response.status_code == 200
    assert response.json() == json.loads(cli.output)


def test_validate_strict_turns_warnings_into_errors_as_the_cli_does() -> None:
    path = INVALID / "battlegroup-minimum.yaml"
    cli = run_cli("list", "validate", "--format", "json", "--strict", str(path))
    name = json.loads(cli.output)[0]["file"]
    response = client().post(f"/api/lists/validate?name={name}&strict=1", content=path.read_bytes())
    assert response.json() == json.loads(cli.output)


def test_validate_reads_a_json_body_and_counts_the_seed_sample() -> None:
    import yaml  # noqa: PLC0415 - PyYAML is a test dependency of this file only

    data = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))
    response = client().post("/api/lists/validate", json=data)
    [report] = response.json()
    assert report["legal"] is True and report["diagnostics"] == []
    assert report["points"]["army_points"] == {"level": 50, "spent": 50}
    costs = {m["id"]: m["cost"] for m in report["points"]["battlegroups"][0]["models"]}
    costs |= {m["id"]: m["cost"] for m in report["points"]["units_and_solos"]}
    assert costs == SAMPLE_COSTS


@pytest.mark.parametrize(("body", "code"), [
    (b"", "empty-file"), (b"edition: mk4\nfaction: [\n", "yaml-syntax"), (b"\xff\xfe\x00garbage", "encoding"),
])
def test_validate_reports_unreadable_lists_as_diagnostics(body: bytes, code: str) -> None:
    response = client().post("/api/lists/validate", content=body)
    assert response.status_code == 200
    [report] = response.json()
    assert report["legal"] is False and report["diagnostics"][0]["code"].startswith(code.split("-", maxsplit=1)[0])


def test_bodies_over_the_limit_are_refused() -> None:
    response = client().post("/api/lists/validate", content=b"#" * (MAX_BODY_BYTES + 1))
    assert_error(response, 413, "larger than the limit")


def test_a_bad_strict_flag_is_named() -> None:
    assert_error(client().post("/api/lists/validate?strict=maybe", content=SAMPLE.read_bytes()), 400, "'strict'")


# --- share codes ------------------------------------------------------------------------------------

def test_code_is_the_clis_share_code() -> None:
    assert sample_code() == run_cli("list", "code", str(SAMPLE)).output.strip()


def test_code_of_an_unreadable_list_is_422_with_the_problem() -> None:
    response = client().post("/api/lists/code", content=b"edition: mk4\npoints: lots\n")
    assert response.status_code == 422
    body = response.json()
    assert "not a readable list" in body["error"] and body["details"]


@pytest.mark.parametrize("as_json", [False, True])
def test_decode_gives_the_list_file_the_cli_writes(as_json: bool) -> None:
    code = sample_code()
    response = (client().post("/api/lists/decode", json={"code": code}) if as_json
                else client().post("/api/lists/decode", content=code))
    assert response.status_code == 200
    assert response.json()["text"] == run_cli("list", "decode", code).output
    assert response.json()["list"]["casters"][0]["model"] == "Captain Athena di Baro"


@pytest.mark.parametrize(("body", "words"), [
    ("", "missing share code"), ("hello", "must start with 'wm1-'"), ("wm1-AAAA", "damaged"),
    ("wm9-abc", "version 9"), ('{"code": 5}', "missing share code"), ("{not json", "not JSON"),
    ("wm1-" + "A" * 30_000, "longer than"),
])
def test_decode_names_what_is_wrong(body: str, words: str) -> None:
    response = client().post("/api/lists/decode", content=body.encode())
    assert response.status_code in (400, 413)
    assert words in response.json()["error"]


# --- POST /api/lists/edit --------------------------------------------------------------------------

def edit(code: str, **change: object) -> dict[str, object]:
    response = client().post("/api/lists/edit", json={"code": code, "edit": change})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_edits_build_the_seed_sample_and_validate_it_like_the_cli() -> None:
    start = client().get("/new?edition=mk4&faction=cygnar&army=storm-legion&level=skirmish")
    code = code_of(start.headers["location"])
    state = edit(code, op="add", model="Captain Athena di Baro")
    for model, hardpoints in (("courser", {"head": "Shield Guard", "right_arm": "heavy-stormthrower",
                                           "left_arm": "electrified-shield"}),
                              ("stryker", {"head": "Advanced Optics", "right_arm": "electro-bombard",
                                           "left_arm": "heavy-mag-bolter"})):
        state = edit(str(state["code"]), op="add", model=model, hardpoints=hardpoints)
    for model in ("stormblade-legionnaires", "tempest-thunderers", "arcane-mechaniks", "legionnaire-officer",
                  "blessing-of-the-gods", "careful-reconnaisance", "hit-and-run", "old-faithful", "power-swell"):
        state = edit(str(state["code"]), op="add", model=model)
    report = state["report"]
    assert isinstance(report, dict)
    assert report["legal"] is True, report["diagnostics"]
    assert report["points"]["army_points"] == {"level": 50, "spent": 50}
    assert report["points"]["total"] == sum(SAMPLE_COSTS.values()) == 50


def test_remove_set_and_move_edit_by_path() -> None:
    code = sample_code()
    removed = edit(code, op="remove", path="solos[0]")
    assert removed["report"]["points"]["army_points"]["spent"] == 47  # type: ignore[index]
    renamed = edit(code, op="set", path="name", value="<b>mine</b>")
    assert decode(str(renamed["code"])).name == "<b>mine</b>"
    cleared = edit(code, op="set", path="casters[0].battlegroup[0].hardpoints.head", value="")
    codes = [d["code"] for d in cleared["report"]["diagnostics"]]  # type: ignore[index]
    assert codes == ["hardpoint-missing", "points-under"]  # the head's points are no longer spent
    again = edit(str(cleared["code"]), op="set", path="casters[0].battlegroup[0].hardpoints.head",
                 value="shield-guard-head")
    assert again["report"]["legal"] is True  # type: ignore[index]
    assert decode(str(edit(code, op="set", path="points", value=75)["code"])).points == 75


def test_moving_a_warjack_to_a_marshal_and_back() -> None:
    code = encode(decode(sample_code()).model_copy(update={"casters": []}))
    # without a caster, a warjack added to the list has nowhere to go
    response = client().post("/api/lists/edit", json={"code": code, "edit": {"op": "add", "model": "courser"}})
    assert_error(response, 400, "the list has no warcaster or warlock whose battlegroup Courser could join; add one "
                                "first, or put it under a 'jack marshal")
    state = edit(sample_code(), op="move", path="casters[0].battlegroup[1]", to="solos[0]")
    army = decode(str(state["code"]))
    assert [j.model for j in army.solos[0].jacks] == ["Stryker"] and len(army.casters[0].battlegroup) == 1
    assert "not-a-marshal" in [d["code"] for d in state["report"]["diagnostics"]]  # type: ignore[index]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"edit": {"op": "remove", "path": "units[0]"}}, 400, "either 'code' or 'list'"),
    ({"code": "x", "list": {}, "edit": {}}, 400, "either 'code' or 'list'"),
    ({"code": None, "edit": {"op": "remove", "path": "units[0]"}}, 400, "missing share code"),
    ({"list": {"edition": "mk9"}, "edit": {"op": "remove", "path": "units[0]"}}, 422, "not a list"),
    ({"code": "SAMPLE", "edit": {"op": "explode"}}, 400, "bad edit"),
    ({"code": "SAMPLE", "edit": {"op": "add", "model": "nobody-at-all"}}, 400, "unknown model or card"),
    ({"code": "SAMPLE", "edit": {"op": "remove", "path": "units[9]"}}, 400, "no entry at units[9]"),
    ({"code": "SAMPLE", "edit": {"op": "remove", "path": "../etc"}}, 400, "not a list path"),
    ({"code": "SAMPLE", "edit": {"op": "set", "path": "edition", "value": "mk2"}}, 400, "cannot be set"),
    ({"code": "SAMPLE", "edit": {"op": "set", "path": "points", "value": "many"}}, 400, "points"),
    ({"code": "SAMPLE", "edit": {"op": "move", "path": "units[0]", "to": "casters[0]"}}, 400, "only warjacks"),
    ({"code": "SAMPLE", "edit": {"op": "add", "model": "courser", "holder": "units[7]"}}, 400, "no entry"),
    ([1, 2], 400, "either 'code' or 'list'"),
])
def test_bad_edits_are_4xx_naming_the_problem(body: object, status: int, words: str) -> None:
    if isinstance(body, dict) and body.get("code") == "SAMPLE":
        body = body | {"code": sample_code()}
    assert_error(client().post("/api/lists/edit", json=body), status, words)


@pytest.mark.parametrize(("model", "message"), [
    ("Ironclad", "the list has 2 casters; say whose battlegroup Ironclad joins with 'holder', the path of that "
                 "caster (e.g. 'casters[1]')"),
    ("Stormblade Infantry Officer & Standard Bearer", "3 units in the list can take Stormblade Infantry Officer & "
     "Standard Bearer; say which one it joins with 'holder', the path of that unit (e.g. 'units[0]')"),
])
def test_an_add_that_needs_a_holder_asks_for_it_in_the_apis_words(model: str, message: str) -> None:
    """Not in the command line's: a browser or API user has no --caster or --unit."""
    code = client().post("/api/lists/code", content=(ROOT / "examples" / "lists" / "mk2-sample-battle-royale.yaml")
                         .read_bytes()).json()["code"]
    response = client().post("/api/lists/edit", json={"code": code, "edit": {"op": "add", "model": model}})
    assert response.status_code == 400 and response.json()["error"] == message


def test_edit_body_must_be_json() -> None:
    assert_error(client().post("/api/lists/edit", content=b"{'single': quotes}"), 400, "not JSON")
    assert_error(client().post("/api/lists/edit", content=b"\xff\xff"), 400, "not UTF-8")


# --- text import -------------------------------------------------------------------------------------

def test_import_turns_the_seed_sample_text_into_the_sample_list() -> None:
    text = (ROOT / "tests" / "fixtures" / "imports" / "mk4-sample.txt").read_bytes()
    response = client().post("/api/lists/import", content=text)
    assert response.status_code == 200
    body = response.json()
    assert body["report"]["points"]["army_points"] == {"level": 50, "spent": 50}
    assert body["report"]["legal"] is True
    assert [u["line"] for u in body["unmatched"]] == [18]  # "A line the importer cannot place 7"
    assert body["costs"] == []
    pasted = (ROOT / "tests" / "fixtures" / "imports" / "seed003-sample-as-printed.txt").read_bytes()
    costs = client().post("/api/lists/import", content=pasted).json()["costs"]
    assert [(c["line"], c["text"]) for c in costs] == [(20, "1 Paingiver Beast Handler unit with 4 troopers 5")]
    assert_error(client().post("/api/lists/import?edition=mk7", content=text), 400, "unknown edition")


# --- GET /api/catalogue ---------------------------------------------------------------------------------

def entries(query: str) -> dict[str, dict[str, object]]:
    response = client().get(f"/api/catalogue?{query}")
    assert response.status_code == 200, response.text
    return {e["id"]: e for e in response.json()["entries"]}


def test_catalogue_of_an_empty_list_needs_a_caster_first() -> None:
    found = entries("edition=mk4&faction=cygnar")
    assert found["captain-athena-di-baro"]["group"] == "Warcasters"
    assert found["courser"]["reasons"] == ["needs a warcaster or a 'jack marshal in the list first"]
    assert found["tempest-thunderers"]["cost"] == 10 and found["tempest-thunderers"]["fa"] == "2"


def test_catalogue_of_the_full_sample_says_why_nothing_more_fits() -> None:
    found = entries(f"code={sample_code()}")
    thunderers = found["tempest-thunderers"]
    assert (thunderers["fa_used"], thunderers["fa_allowed"]) == (1, 2)
    assert thunderers["reasons"] == ["the list spends 60 army points, 10 over the 50-point level (points-over)"]
    athena = found["captain-athena-di-baro"]
    assert any("character-duplicate" in r for r in athena["reasons"])  # type: ignore[attr-defined]
    assert found["power-swell"]["group"] == "Command cards"
    assert all(not e["addable"] for e in found.values())


def test_catalogue_reports_field_allowance_reached() -> None:
    state = edit(encode(decode(sample_code()).model_copy(update={"points": 75, "level": "skirmish"})),
                 op="add", model="tempest-thunderers")
    thunderers = entries(f"code={state['code']}")["tempest-thunderers"]
    assert (thunderers["fa_used"], thunderers["fa_allowed"]) == (2, 2)
    assert any("fa-exceeded" in r for r in thunderers["reasons"])  # type: ignore[attr-defined]


@pytest.mark.parametrize(("query", "words"), [
    ("", "edition must be one of"), ("edition=mk9&faction=cygnar", "edition must be one of"),
    ("edition=mk4&faction=cygnr", "did you mean 'cygnar'"), ("edition=mk4", "unknown faction"),
    ("code=nope", "must start with 'wm1-'"),
])
def test_catalogue_bad_queries(query: str, words: str) -> None:
    assert_error(client().get(f"/api/catalogue?{query}"), 400, words)


# --- GET /api/cards -----------------------------------------------------------------------------------------

def test_card_is_the_card_renderers_html() -> None:
    response = client().get("/api/cards/mk4/courser")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert re.search(r'data-card="mk4-courser(-[0-9]+)?" data-side="front"', response.text)  # in parts when it is long
    assert response.text == run_cli("card", "courser", "--edition", "mk4").output.replace(
        "<title>courser</title>", "<title>Courser</title>")


SAMPLE_LOADOUT = "hardpoint=head%3Dshield-guard-head&hardpoint=right_arm%3Dheavy-stormthrower" \
                 "&hardpoint=left_arm%3Delectrified-shield"


def test_a_warjack_card_shows_the_loadout_the_builder_links_to() -> None:
    # The builder's row for the sample's Courser links to its card with the list's loadout ...
    page = client().get(f"/build?code={sample_code()}").text
    links = re.findall(r'href="(/api/cards/mk4/courser[^"]*)"', page)
    # one for the list's Courser, with its loadout; one for the catalogue's, every option
    assert sorted(link.startswith("/api/cards/mk4/courser?hardpoint=") for link in links) == [False, True]
    response = client().get(next(link for link in links if "?" in link).replace("&amp;", "&"))
    assert response.status_code == 200
    # ... which is what 'wmdata card --hardpoint' prints for it (seed 000 L5015-5016: 9 points).
    assert response.text == run_cli(
        "card", "Courser", "--hardpoint", "head=Shield Guard", "--hardpoint", "right_arm=Heavy Stormthrower",
        "--hardpoint", "left_arm=Electrified Shield").output
    assert 'data-card="mk4-courser-shield-guard-head-heavy-stormthrower-electrified-shield' in response.text
    assert client().get(f"/api/cards/mk4/courser?{SAMPLE_LOADOUT}").text == response.text


@pytest.mark.parametrize(("query", "message"), [
    ("hardpoint=head%3Dvoltaic-spear", "'voltaic-spear' fits the 'right_arm' hardpoint, not 'head'"),
    ("hardpoint=head", "expected SLOT=OPTION"),
    ("hardpoint=head%3Da&hardpoint=head%3Db", "expected SLOT=OPTION once per slot"),
    ("hardpoint=arms%3Dx", "Courser has no 'arms' hardpoint"),
])
def test_a_bad_loadout_is_400(query: str, message: str) -> None:
    assert_error(client().get(f"/api/cards/mk4/courser?{query}"), 400, message)


def test_a_loadout_for_a_fixed_warjack_is_400() -> None:
    assert_error(client().get("/api/cards/mk2/ironclad?hardpoint=head%3Dx"), 400, "no hardpoints")


@pytest.mark.parametrize("path", ["/api/cards/mk4/nobody", "/api/cards/mk9/courser", "/api/cards/mk4/cygnar"])
def test_card_of_no_model_is_404(path: str) -> None:
    assert_error(client().get(path), 404, "no model")


def test_unknown_endpoints_and_methods_answer_json() -> None:
    assert_error(client().get("/api/lists/nothing"), 404, "no page or endpoint")
    assert_error(client().get("/api/lists/validate"), 405, "GET is not allowed")


# --- pages --------------------------------------------------------------------------------------------------

def test_start_page_offers_editions_then_the_factions_choices() -> None:
    first = client().get("/")
    assert first.status_code == 200 and 'value="mk4"' in first.text
    second = client().get("/?edition=mk4&faction=cygnar")
    assert 'name="army"' in second.text and "storm-legion" in second.text and "Skirmish" in second.text
    assert second.headers["content-security-policy"].startswith("default-src 'self'")


def test_new_list_redirects_to_its_code_in_the_url() -> None:
    response = client().get("/new?edition=mk4&faction=cygnar&army=storm-legion&level=skirmish&name=Mine")
    assert response.status_code == 303
    army = decode(code_of(response.headers["location"]))
    assert (army.edition, army.faction, army.army, army.level, army.points, army.name) == (
        "mk4", "cygnar", "storm-legion", "skirmish", 50, "Mine")
    assert client().get("/new?edition=mk4&faction=cygnar&points=fifty").status_code == 400


def test_builder_page_shows_points_status_and_diagnostics_beside_entries() -> None:
    code = sample_code()
    page = client().get(f"/build?code={code}")
    assert page.status_code == 200
    assert 'data-legal="yes"' in page.text
    assert '<span class="spent">50</span> of <span class="limit">50</span>' in page.text
    broken = edit(code, op="add", model="legionnaire-officer")
    broken = edit(str(broken["code"]), op="add", model="legionnaire-officer")
    page = client().get(f"/build?code={broken['code']}").text
    entry = page[page.index('data-path="solos[2]"'):]
    entry = entry[:entry.index("</li>\n")]
    assert "fa-exceeded" in entry and "Hint: remove 1 of them" in entry and "Error:" in entry


def build_form(code: str, **fields: str) -> Any:
    """Press one button of the builder page's form (``add=ID``, ``remove=PATH``...)."""
    return client().post("/build/edit", data={"code": code, **fields})


def test_builder_edit_redirects_and_reports_problems_in_the_page() -> None:
    code = sample_code()
    added = build_form(code, add="legionnaire-officer")
    assert added.status_code == 303 and len(decode(code_of(added.headers["location"])).solos) == 2
    # the form sends every entry's fields; only those named after the pressed button count
    head = "casters[0].battlegroup[0].hardpoints.head"
    changed = build_form(code, set=head, **{f"value.{head}": "arc-node-head",
                                            "value.casters[0].battlegroup[1].hardpoints.head": "",
                                            "to.casters[0].battlegroup[0]": "solos[0]", "size.courser": "max"})
    army = decode(code_of(changed.headers["location"]))
    assert army.casters[0].battlegroup[0].hardpoints["head"] == "arc-node-head"
    assert army.casters[0].battlegroup[1] == decode(code).casters[0].battlegroup[1]
    moved = build_form(code, move="casters[0].battlegroup[1]", **{"to.casters[0].battlegroup[1]": "solos[0]"})
    assert [j.model for j in decode(code_of(moved.headers["location"])).solos[0].jacks] == ["Stryker"]
    removed = build_form(code, remove="solos[0]")
    assert decode(code_of(removed.headers["location"])).solos == []
    settings = client().post("/build/settings", data={"code": code, "name": "Friday", "level": "skirmish",
                                                      "points": "75"})
    saved = decode(code_of(settings.headers["location"]))
    assert (saved.name, saved.points) == ("Friday", 75)
    bad = build_form(code, add="nobody")
    location = bad.headers["location"]
    assert code_of(location) == code and "unknown model or card" in parse_qs(urlsplit(location).query)["error"][0]
    page = client().get(location).text
    assert "Could not do that:" in page and "unknown model or card" in page
    for fields, words in (({}, "exactly one of the builder's buttons"),
                          ({"add": "courser", "remove": "solos[0]"}, "exactly one of the builder's buttons"),
                          ({"move": "casters[0].battlegroup[1]"}, "bad edit: move.to")):
        refused = build_form(code, **fields)
        assert code_of(refused.headers["location"]) == code, fields
        assert words in parse_qs(urlsplit(refused.headers["location"]).query)["error"][0], fields
    assert client().get(f"/build/edit?code={code}&add=courser").status_code == 405


def test_the_builder_page_holds_the_share_code_once_per_link_not_per_entry() -> None:
    """Every edit is a button of one form: the code is in that form, the settings form, the
    share box and the print and download links, however many entries the list and the
    catalogue have."""
    code = sample_code()
    page = client().get(f"/build?code={code}").text
    # remove buttons: the caster, 2 warjacks, 3 units, the officer and 5 command cards
    assert page.count('name="add"') >= 10 and page.count('name="remove"') == 12
    assert page.count(code) == 6
    assert page.count('<form method="post" action="/build/edit"') == 1


def test_answering_writes_nothing_to_disk(isolated_cache: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder keeps no state and writes no file (not even a cache entry): the list
    lives in the URL, and a download is the browser's to save."""
    monkeypatch.chdir(tmp_path)
    code = sample_code()
    sample = SAMPLE.read_bytes()
    for method, path, body in (
            ("POST", "/api/lists/validate", sample), ("POST", "/api/lists/code", sample),
            ("POST", "/api/lists/decode", code.encode()), ("POST", "/api/lists/import", b"Courser 9\n"),
            ("POST", "/api/lists/edit",
             json.dumps({"code": code, "edit": {"op": "remove", "path": "solos[0]"}}).encode()),
            ("GET", f"/api/catalogue?code={code}", None), ("GET", "/api/cards/mk4/courser", None), ("GET", "/", None),
            ("GET", f"/build?code={code}", None), ("GET", f"/build/print?code={code}&cards=1", None),
            ("GET", f"/build/download?code={code}", None)):
        assert client().request(method, path, content=body).status_code == 200, path
    assert build_form(code, add="legionnaire-officer").status_code == 303
    assert list(tmp_path.iterdir()) == [] and list(isolated_cache.rglob("*")) == []


def test_download_is_the_clis_list_file_and_round_trips() -> None:
    code = sample_code()
    response = client().get(f"/build/download?code={code}")
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    assert response.text == run_cli("list", "decode", code).output
    assert encode(decode(code)) == client().post("/api/lists/code", content=response.content).json()["code"]


def test_print_pages_are_the_list_printouts() -> None:
    code = sample_code()
    plain = client().get(f"/build/print?code={code}").text
    with_cards = client().get(f"/build/print?code={code}&cards=1").text
    assert 'class="printout" data-legal="yes"' in plain and 'data-card="mk4-courser' not in plain
    # The sample's Courser, with the loadout the list chose (seed 000 L5015-5016).
    assert 'data-card="mk4-courser-shield-guard-head-heavy-stormthrower-electrified-shield' in with_cards


@pytest.mark.parametrize(("text", "kind"), [("SAMPLE_CODE", "code"), ("SAMPLE_FILE", "file"), ("TEXT", "text")])
def test_open_reads_codes_files_and_text_lists(text: str, kind: str) -> None:
    body = {"SAMPLE_CODE": sample_code(), "SAMPLE_FILE": SAMPLE.read_text(encoding="utf-8"),
            "TEXT": (ROOT / "tests" / "fixtures" / "imports" / "mk4-sample.txt").read_text(encoding="utf-8")}[text]
    response = client().post("/open", data={"text": body})
    assert response.status_code == 303, (kind, response.text[:300])
    army = decode(code_of(response.headers["location"]))
    assert army.faction == "cygnar" and len(army.units) == 3


@pytest.mark.parametrize(("text", "words"), [
    ("", "paste a list file"), ("wm1-!!", "only letters"), ("just some words", "not a list file"),
])
def test_open_explains_what_it_could_not_read(text: str, words: str) -> None:
    response = client().post("/open", data={"text": text})
    assert response.status_code == 400 and words in response.text


def test_pages_escape_hostile_names() -> None:
    code = str(edit(sample_code(), op="set", path="name", value="<script>alert(1)</script>")["code"])
    page = client().get(f"/build?code={code}").text
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    problem = client().get(f"/build?code={code}&error=<img src=x onerror=alert(1)>").text
    assert "<img src=x" not in problem


def test_page_errors_are_html_4xx() -> None:
    response = client().get("/build")
    assert response.status_code == 400 and "missing share code" in response.text
    assert response.headers["content-type"].startswith("text/html")
    assert client().get("/nowhere").status_code == 404


def test_static_files_are_the_shipped_ones_only() -> None:
    css = client().get("/static/builder.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert client().get("/static/builder.js").headers["content-type"].startswith("text/javascript")
    assert client().get("/static/..%2F..%2Fpyproject.toml").status_code == 404
    assert client().get("/static/list.css").status_code == 404


# --- wmdata serve ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("host", "url", "warns"), [
    ("127.0.0.1", "http://127.0.0.1:8123/", False), ("0.0.0.0", "http://127.0.0.1:8123/", True),
])
def test_serve_prints_its_url_and_warns_when_public(monkeypatch: pytest.MonkeyPatch, host: str, url: str,
                                                   warns: bool) -> None:
    import uvicorn  # noqa: PLC0415

    seen: list[tuple[str, int]] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets: seen.append(sockets[0].getsockname()[:2]))
    port = free_port()
    result = run_cli("serve", "--host", host, "--port", str(port))
    assert result.exit_code == 0 and seen == [(host, port)], result.output
    url = url.replace("8123", str(port))
    assert f"wmdata builder at {url}" in result.output
    assert ("warning: listening on 0.0.0.0" in result.output) is warns


def test_serve_urls_bracket_ipv6_addresses() -> None:
    from wmdata.web.server import url_for  # noqa: PLC0415

    assert url_for("::1", 8000) == "http://[::1]:8000/" and url_for("localhost", 80) == "http://localhost:80/"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_rejects_a_bad_port_a_taken_port_and_a_bad_host() -> None:
    assert run_cli("serve", "--port", "70000").exit_code == 2
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port))
    assert result.exit_code == 1 and f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "choose another --port" in result.output
    result = run_cli("serve", "--host", "no-such-host.invalid", "--port", str(free_port()))
    assert result.exit_code == 1 and "cannot listen on no-such-host.invalid" in result.output


# --- sizes, attachments and --content ------------------------------------------------------------------------

MK2_SAMPLE = ROOT / "examples" / "lists" / "mk2-sample-battle-royale.yaml"


def test_unit_sizes_and_attachments_through_the_page() -> None:
    code = client().post("/api/lists/code", content=MK2_SAMPLE.read_bytes()).json()["code"]
    officer = entries(f"code={code}")["arcane-tempest-gun-mage-officer"]
    assert [h["path"] for h in officer["holders"]] == ["units[0]"]  # the sample's only Gun Mage unit
    added = build_form(code, add="arcane-tempest-gun-mage-officer",
                       **{"holder.arcane-tempest-gun-mage-officer": "units[0]"})
    army = decode(code_of(added.headers["location"]))
    assert army.units[0].attachments == ["Arcane Tempest Gun Mage Officer"]
    page = client().get(added.headers["location"]).text
    assert 'data-path="units[0].attachments[0]"' in page
    # Long Gunner Infantry: min 6 models for 6 points, max 10 for 10 (content/mk2/factions/cygnar/models.yaml)
    assert 'data-path="units[1].size"' in page and "max: 10 models, 10 points" in page
    sized = edit(code, op="set", path="units[1].size", value="max")
    gunners = [m for m in sized["report"]["points"]["units_and_solos"]  # type: ignore[index]
               if m["id"] == "long-gunner-infantry"]
    assert [(m["size"], m["cost"]) for m in gunners] == [({"label": "max", "models": 10}, 10)]


def test_content_given_to_serve_appears_in_the_catalogue(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from starlette.testclient import TestClient  # noqa: PLC0415

    import wmdata.web.server  # noqa: PLC0415
    from wmdata.web.app import create_app  # noqa: PLC0415

    served: list[Any] = []
    monkeypatch.setattr(wmdata.web.server, "serve", lambda registry, *rest: served.append(registry))
    # the fixture brings its own mk4 ruleset, replacing the built-in one on purpose
    pack = make_pack(tmp_path / "pack", [ROOT / "tests" / "fixtures" / "army-mk4"], "mk4", replaces=("mk4",))
    result = run_cli("serve", "--content", str(pack))
    assert result.exit_code == 0, result.output
    [registry] = served
    answer = TestClient(create_app(registry), base_url="http://localhost").get("/api/catalogue?edition=mk4&faction=testland").json()
    found = {e["id"]: e for e in answer["entries"]}
    assert {"general", "walker", "titan", "siege-tower"} <= set(found)
    assert found["walker"]["reasons"] == ["needs a warcaster or a 'jack marshal in the list first"]


@pytest.mark.parametrize("change", [
    {"faction": "nobody"}, {"level": "nowhere", "points": 0}, {"army": "no-army"},
    {"casters": [{"model": "Nobody", "battlegroup": [{"model": "Courser", "hardpoints": {"tail": "x"}}]}]},
    {"units": [{"model": "Courser", "size": "max", "attachments": ["Stryker"], "jacks": [{"model": "Nobody"}]}]},
    {"command_cards": ["No Such Card"], "solos": [{"model": "Stormblade Legionnaires", "count": 100}]},
])
def test_lists_that_do_not_resolve_still_get_every_page(change: dict[str, object]) -> None:
    """Broken lists (unknown names, misplaced models) are shown with their diagnostics,
    never a server error, on every page that takes a list."""
    army = ArmyList.model_validate(decode(sample_code()).model_dump(exclude_defaults=True) | change)
    code = encode(army)
    page = client().get(f"/build?code={code}")
    assert page.status_code == 200 and 'data-legal="no"' in page.text
    for path in (f"/build/print?code={code}&cards=1", f"/build/download?code={code}", f"/api/catalogue?code={code}"):
        assert client().get(path).status_code in (200, 400), path
    assert client().post("/api/lists/validate", content=client().get(f"/build/download?code={code}").content
                         ).json()[0]["legal"] is False
