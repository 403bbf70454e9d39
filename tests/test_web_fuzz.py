"""Hostile requests: random and malformed bodies, headers, query strings and paths sent
to every route of ``wmdata serve``.  Whatever comes in, the answer is never a server
error, and every API error is JSON that names the problem."""

from __future__ import annotations

import json
import string
from typing import Any
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web_support import SAMPLE, client

ROUTES = [("POST", "/api/lists/validate"), ("POST", "/api/lists/code"), ("POST", "/api/lists/decode"),
          ("POST", "/api/lists/edit"), ("POST", "/api/lists/import"), ("GET", "/api/catalogue"),
          ("GET", "/api/cards/mk4/courser"), ("GET", "/"), ("GET", "/new"), ("POST", "/open"), ("GET", "/build"),
          ("POST", "/build/edit"), ("POST", "/build/settings"), ("GET", "/build/print"), ("GET", "/build/download"),
          ("GET", "/static/x")]
KEYS = ["code", "edition", "faction", "level", "points", "name", "op", "model", "path", "value", "to", "holder",
        "size", "strict", "cards", "army", "error", "hp.head", "text"]
SAMPLE_TEXT = SAMPLE.read_text(encoding="utf-8")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from([*KEYS, "edit", "list"]), inner,
                                                                max_size=4),
    max_leaves=20)
hostile_text = st.sampled_from([
    "<script>alert(1)</script>", "{{ 7*7 }}", "../../etc/passwd", "wm1-", "wm1-AAAA", "\x00", "\ud7ff" * 3,
    "A" * 5000, "casters[99999].battlegroup[0]", "units[0].jacks[0].hardpoints.head", "' OR 1=1 --", "%00",
    "mk4", "cygnar", "courser", "add", "remove", "set", "move", "-1", "1e309",
]) | st.text(max_size=60)
bodies = st.one_of(
    st.binary(max_size=600),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.builds(lambda edit: json.dumps({"code": "wm1-x", "edit": edit}).encode(), json_values),
    st.sampled_from([b"&a: [*a, *a]\nb: *a\n", b"!!python/object:os.system 'ls'", b"[" * 5000, b"{" * 20000,
                     SAMPLE_TEXT.replace("points: 50", "points: -5").encode(),
                     SAMPLE_TEXT.replace("Courser", "Nobody").encode(), b"\xef\xbb\xbf" + SAMPLE_TEXT.encode()]),
    st.lists(st.text(string.printable, max_size=40), max_size=5).map(lambda lines: "\n".join(lines).encode()),
)
queries = st.dictionaries(st.sampled_from(KEYS), hostile_text, max_size=5)
headers = st.dictionaries(
    st.sampled_from(["content-type", "accept", "x-forwarded-for", "cookie", "range", "content-encoding"]),
    st.text(string.printable.strip(), max_size=40), max_size=3)


def check(response: Any, path: str) -> None:
    assert response.status_code < 500, (path, response.status_code, response.text[:300])
    if path.startswith("/api/") and response.status_code >= 400:
        body = response.json()
        assert isinstance(body["error"], str) and body["error"] and body["status"] == response.status_code


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(route=st.sampled_from(ROUTES), body=bodies, query=queries, extra=headers)
def test_no_request_gets_a_server_error(route: tuple[str, str], body: bytes, query: dict[str, str],
                                        extra: dict[str, str]) -> None:
    method, path = route
    response = client().request(method, path, params=query, content=body if method == "POST" else None,
                                headers=extra)
    check(response, path)


@settings(max_examples=60, deadline=None)
@given(edit=json_values, op=st.sampled_from(["add", "remove", "set", "move"]), path=hostile_text, value=json_values)
def test_random_edits_of_a_real_list_are_answered_or_refused(edit: Any, op: str, path: str, value: Any) -> None:
    code = client().post("/api/lists/code", content=SAMPLE.read_bytes()).json()["code"]
    for change in (edit, {"op": op, "path": path, "value": value, "model": path, "to": path},
                   {"op": op, "path": path}, {"op": "add", "model": "courser", "holder": path}):
        check(client().post("/api/lists/edit", json={"code": code, "edit": change}), "/api/lists/edit")


FORM_KEYS = ["add", "remove", "set", "move", "name", "level", "points", "holder.courser", "size.courser",
             "value.name", "value.casters[0].battlegroup[0].hardpoints.head", "to.casters[0].battlegroup[1]",
             "to.solos[0]"]


@settings(max_examples=60, deadline=None)
@given(fields=st.dictionaries(st.sampled_from(FORM_KEYS), hostile_text, max_size=4),
       route=st.sampled_from(["/build/edit", "/build/settings"]))
def test_random_builder_form_posts_are_answered_or_refused(fields: dict[str, str], route: str) -> None:
    """The builder's form with a real list and random buttons and fields: a redirect to the
    edited list, or back to the list with the problem named, or a 4xx page."""
    code = client().post("/api/lists/code", content=SAMPLE.read_bytes()).json()["code"]
    response = client().post(route, data={"code": code, **fields})
    check(response, route)
    assert response.status_code == 303 or 400 <= response.status_code < 500


@settings(max_examples=60, deadline=None)
@given(segments=st.lists(hostile_text.filter(lambda s: s and not {"/", "?", "#"} & set(s)), min_size=1, max_size=4))
def test_random_paths_are_404_not_errors(segments: list[str]) -> None:
    for prefix in ("/", "/api/", "/api/cards/", "/static/"):
        path = prefix + "/".join(quote(s, safe="") for s in segments)
        check(client().get(path), path)
