"""The builder answers only requests for its own address (defence against DNS rebinding):
a page on another site that points its own name at 127.0.0.1 gets a 400, never the list."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.web_support import registry
from wmdata.web.app import create_app
from wmdata.web.hosts import host_allowed, host_name


def _client(bound: str) -> TestClient:
    return TestClient(create_app(registry(), bound), base_url="http://127.0.0.1:8000", follow_redirects=False)


@pytest.mark.parametrize("header", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST", "[::1]:8000", "localhost.",
                                    "127.0.0.1"])
def test_loopback_names_are_answered(header: str) -> None:
    answer = _client("127.0.0.1").get("/api/catalogue?edition=mk4&faction=cygnar", headers={"host": header})
    assert answer.status_code == 200 and answer.json()["faction"] == "cygnar"


@pytest.mark.parametrize("header", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example",
                                    "localhost.evil.example:8000", "192.168.1.20:8000", "[::2]:8000",
                                    "127.0.0.1:80:80", "127.0.0.1:port", "[::1", "", " "])
def test_other_hosts_get_a_json_400_under_the_api(header: str) -> None:
    answer = _client("127.0.0.1").post("/api/lists/validate", content=b"edition: mk4\n", headers={"host": header})
    assert answer.status_code == 400
    body = answer.json()
    assert body["status"] == 400
    assert "this builder answers only requests for its own address" in body["error"]
    assert "open http://127.0.0.1:8000/" in body["error"]


def test_pages_for_another_host_are_an_html_400_that_escapes_the_name() -> None:
    answer = _client("127.0.0.1").get("/", headers={"host": "<b>evil</b>.example"})
    assert answer.status_code == 400 and answer.headers["content-type"].startswith("text/html")
    assert "&lt;b&gt;evil&lt;/b&gt;.example" in answer.text and "<b>evil</b>" not in answer.text


def test_the_address_given_with_host_is_answered() -> None:
    client = _client("192.168.1.20")
    assert client.get("/", headers={"host": "192.168.1.20:8000"}).status_code == 200
    assert client.get("/", headers={"host": "192.168.1.21:8000"}).status_code == 400
    named = _client("club-laptop.lan")
    assert named.get("/", headers={"host": "club-laptop.lan:8000"}).status_code == 200
    assert named.get("/", headers={"host": "evil.example:8000"}).status_code == 400


@pytest.mark.parametrize("bound", ["0.0.0.0", "::"])
def test_listening_everywhere_answers_any_address_but_no_other_name(bound: str) -> None:
    """At a club night players type the machine's LAN address, which the server cannot
    list; a rebinding attack always comes with a name, so addresses are safe to accept."""
    client = _client(bound)
    for header in ("192.168.1.20:8000", "10.0.0.7", "[fe80::1]:8000", "localhost:8000"):
        assert client.get("/", headers={"host": header}).status_code == 200, header
    for header in ("evil.example:8000", "192.168.1.20.nip.io:8000"):
        assert client.get("/", headers={"host": header}).status_code == 400, header


def test_a_request_without_a_host_header_is_refused() -> None:
    allowed = host_allowed("127.0.0.1")
    assert allowed(None) is False and allowed("127.0.0.1:8000") is True


@pytest.mark.parametrize(("header", "name"), [
    ("LocalHost:80", "localhost"), ("[::1]:8000", "::1"), ("[::1]", "::1"), ("example.org.", "example.org"),
    ("a:b", None), ("[::1]x", None), (":8000", None), ("127.0.0.1:123456", None),
])
def test_host_names_are_read_from_the_header(header: str, name: str | None) -> None:
    assert host_name(header) == name
