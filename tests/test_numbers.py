"""The one number reader, the strict JSON reader, and share codes that decode only when
they are exactly what ``list code`` writes."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable

import pytest

from tests.conftest import ROOT, run_cli
from tests.web_support import client
from wmdata.army.listfile import read_list
from wmdata.army.sharecode import ShareCodeError, canonical_json, decode, encode
from wmdata.model.lists import ArmyList
from wmdata.numbers import MAX_DIGITS, NumberError, is_whole, parse_whole
from wmdata.safejson import JsonError, loads

SAMPLE = ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml"


@pytest.mark.parametrize(("text", "value"), [("0", 0), (" 42 ", 42), ("+7", 7),
                                             ("9" * MAX_DIGITS, 10 ** MAX_DIGITS - 1)])
def test_whole_numbers_read(text: str, value: int) -> None:
    assert parse_whole(text, "n") == value and is_whole(text)


@pytest.mark.parametrize(("text", "message"), [
    ("\u00b9\u00b2", "is not a whole number"),  # superscripts: isdigit() says yes, int() says no
    ("\u0661\u0662", "is not a whole number"),  # Arabic-Indic digits: int() would read 12
    ("\uff11", "is not a whole number"),  # fullwidth 1
    ("1_000", "is not a whole number"),  # int() reads underscores
    ("", "is not a whole number"),
    ("9" * 5000, "has 5000 digits; at most 9 are read"),  # beyond Python's int-to-string limit
    ("-3", "is below 0"),
])
def test_other_texts_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(NumberError, match=message):
        parse_whole(text, "n")
    assert "\u00b9".isdigit() and not is_whole(text)


def test_bounds() -> None:
    with pytest.raises(NumberError, match="cost 1001 is above 1000"):
        parse_whole("1001", "cost", maximum=1000)


@pytest.mark.parametrize(("text", "message", "line", "col"), [
    ('{"a": 1,\n "a": 2}', "duplicate key 'a'", 2, 2),
    ("[1, " + "7" * 5000 + "]", "number has 5000 digits", 1, 5),
    ("[NaN]", "NaN is not a JSON number", 1, 2),
    ("[1e999]", "out of range", 1, 2),
    ("[" * 100 + "]" * 100, "nested more than 64 levels deep", 1, 65),
    ('{"a": 1} x', "extra data", 1, 10),
])
def test_strict_json_refuses_with_a_place(text: str, message: str, line: int, col: int) -> None:
    with pytest.raises(JsonError, match=message) as caught:
        loads(text)
    assert (caught.value.line, caught.value.col) == (line, col)


def test_strict_json_reads_plain_json_as_the_standard_does() -> None:
    text = '{"a": [1, -2, 3.5, "x", null, true], "b": {"c": "[{"}}'
    assert loads(text) == json.loads(text)


def _army() -> ArmyList:
    army = read_list(SAMPLE.read_bytes()).army
    assert army is not None
    return army


def _code_of(raw: bytes, tail: bytes = b"") -> str:
    packed = zlib.compress(raw, 9) + tail
    return "wm1-" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def test_a_code_made_by_hand_like_encode_decodes() -> None:
    army = _army()
    assert _code_of(canonical_json(army).encode()) == encode(army)
    assert decode(_code_of(canonical_json(army).encode())) == army


@pytest.mark.parametrize(("mangle", "message"), [
    (lambda text: text.replace('"edition"', '"edition":"mk4","edition"', 1), "duplicate key 'edition'"),
    (lambda text: text.replace('"points":50', '"points":' + "5" * 5000, 1), "number has 5000 digits"),
    (lambda text: text.replace('"points":50', '"points":[' * 80 + "50" + "]" * 80, 1), "nested more than 64"),
    (lambda text: text.replace(",", ", ", 1), "not in canonical form"),
    (lambda text: text.replace("{", '{"arena":null,', 1), "not in canonical form"),
])
def test_non_canonical_payloads_are_refused(mangle: Callable[[str], str], message: str) -> None:
    text = canonical_json(_army())
    assert '"points":50' in text
    with pytest.raises(ShareCodeError, match=message):
        decode(_code_of(mangle(text).encode()))


def test_trailing_data_after_the_stream_is_refused() -> None:
    with pytest.raises(ShareCodeError, match="data follows the end of the list"):
        decode(_code_of(canonical_json(_army()).encode(), b"garbage"))


def test_base64_with_stray_bits_is_refused() -> None:
    code = encode(_army())
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    if len(code[4:]) % 4 == 0:
        pytest.fail("the sample's code has no partial last group; choose another sample")
    last = alphabet.index(code[-1])
    twin = code[:-1] + alphabet[last ^ 1]  # flips a bit the decoder drops
    assert base64.urlsafe_b64decode(twin[4:] + "==="[: -len(twin[4:]) % 4]) == \
        base64.urlsafe_b64decode(code[4:] + "==="[: -len(code[4:]) % 4])
    with pytest.raises(ShareCodeError, match="damaged"):
        decode(twin)


@pytest.mark.parametrize(("code", "message"), [
    ("wm\u0661-abc", "must start with 'wm1-'"),
    ("wm" + "1" * 5000 + "-abc", "share code version has 5000 digits"),
])
def test_version_field(code: str, message: str) -> None:
    with pytest.raises(ShareCodeError, match=message):
        decode(code)


def test_version_with_a_leading_zero_is_refused() -> None:
    code = encode(_army())
    with pytest.raises(ShareCodeError, match="must start with 'wm1-'"):
        decode("wm01-" + code[4:])


def test_cli_reports_a_non_canonical_code_in_one_line() -> None:
    text = canonical_json(_army()).replace(",", ", ", 1)
    result = run_cli("list", "decode", _code_of(text.encode()))
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "wmdata: share code was not written by 'wmdata list code': its list data is not in canonical form "
        "(make a new code from the list file)"]


@pytest.mark.parametrize("marked", ["\u00b9", "\u0661", "9" * 5000])
def test_attack_marked_boxes_read_with_the_one_reader(marked: str) -> None:
    result = run_cli("attack", "--mat", "6", "--def", "12", "--pow", "12", "--arm", "15", "--boxes", "10",
                     "--marked", marked)
    assert result.exit_code == 1
    assert result.output.startswith("wmdata: --marked: expected a number of marked boxes")


@pytest.mark.parametrize(("body", "words"), [
    ('{"code": ' + "7" * 5000 + "}", "number has 5000 digits; at most 9 are read at line 1 column 10"),
    ('{"code": "a", "code": "b"}', "duplicate key 'code' at line 1 column 15"),
    ('{"code": ' + "[" * 100 + "]" * 100 + "}", "nested more than 64 levels deep at line 1 column 73"),
])
def test_web_request_bodies_read_with_the_strict_json_reader(body: str, words: str) -> None:
    response = client().post("/api/lists/decode", content=body.encode())
    assert response.status_code == 400 and words in response.json()["error"], response.text
