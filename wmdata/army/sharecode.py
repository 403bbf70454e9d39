"""Share codes: a list as compact, URL-safe, versioned text, and back.

Format ``wm1-<payload>``: the list's data as canonical JSON (keys that hold their
default are left out), deflate-compressed, then base64url without padding.  The
compressed stream carries its own checksum, so a truncated or mistyped code is
reported as damaged instead of decoding to a different list.

A code decodes only when it is what :func:`encode` writes for the list it holds: the
base64 text re-encodes to itself, nothing follows the compressed stream, and the JSON
inside is the list's canonical JSON (so duplicate keys, extra spaces, default values
written out, numbers in other scripts or of thousands of digits are all refused).  The
compressed bytes themselves are not compared: another zlib build may pack the same
JSON differently, and both read back the same.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from typing import Any

from pydantic import ValidationError

from wmdata.model.lists import ArmyList
from wmdata.numbers import NumberError, parse_whole
from wmdata.safejson import JsonError, loads

PREFIX = "wm"
VERSION = 1
MAX_CODE_LENGTH = 20_000
MAX_JSON_BYTES = 1_000_000
_CODE = re.compile(r"wm([0-9]+)-([A-Za-z0-9_-]+)", re.ASCII)


class ShareCodeError(ValueError):
    """The text is not a share code this version of wmdata can read."""


def canonical_json(army: ArmyList) -> str:
    """The list's data as compact JSON with sorted keys, defaults left out."""
    data = army.model_dump(mode="json", exclude_defaults=True)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def encode(army: ArmyList) -> str:
    text = canonical_json(army)
    packed = zlib.compress(text.encode("utf-8"), level=9)
    return f"{PREFIX}{VERSION}-" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(code: str) -> ArmyList:
    text = code.strip()
    if len(text) > MAX_CODE_LENGTH:
        raise ShareCodeError(f"share code is {len(text)} characters long; the limit is {MAX_CODE_LENGTH}")
    match = _CODE.fullmatch(text)
    if match is None:
        if not re.match(r"wm[0-9]+-", text, re.ASCII):
            raise ShareCodeError("not a wmdata share code: it must start with 'wm1-'")
        raise ShareCodeError("not a wmdata share code: only letters, digits, '-' and '_' may follow 'wm1-'")
    try:
        version = parse_whole(match.group(1), "share code version")
    except NumberError as exc:
        raise ShareCodeError(str(exc)) from None
    if version != VERSION:
        raise ShareCodeError(f"share code version {version} is not supported; this wmdata reads version {VERSION}")
    if match.group(1) != str(VERSION):
        raise ShareCodeError(f"not a wmdata share code: it must start with 'wm{VERSION}-'")
    raw = _unpack(match.group(2))
    try:
        data: Any = loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ShareCodeError("share code is damaged: it does not decode (was it cut off or mistyped?)") from None
    except JsonError as exc:
        raise ShareCodeError(f"share code holds no list wmdata writes: {exc.message}") from None
    try:
        army = ArmyList.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(step) for step in first["loc"])
        raise ShareCodeError(f"share code holds an invalid list: {where}: {first['msg'].lower()}") from None
    if canonical_json(army).encode("utf-8") != raw:
        raise ShareCodeError("share code was not written by 'wmdata list code': its list data is not in canonical "
                             "form (make a new code from the list file)")
    return army


def _unpack(payload: str) -> bytes:
    """The JSON bytes inside the base64 ``payload``; :class:`ShareCodeError` unless the
    text is exactly the base64 of one complete compressed stream."""
    damaged = ShareCodeError("share code is damaged: it does not decode (was it cut off or mistyped?)")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        decompressor = zlib.decompressobj()
        raw = decompressor.decompress(packed, MAX_JSON_BYTES)
    except (binascii.Error, zlib.error):
        raise damaged from None
    if base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=") != payload:
        raise damaged
    if decompressor.unconsumed_tail:
        raise ShareCodeError("share code expands to more than 1 MB; refused")
    if not decompressor.eof:
        raise ShareCodeError("share code is truncated: part of it is missing")
    if decompressor.unused_data:
        raise ShareCodeError("share code is damaged: data follows the end of the list (was something appended?)")
    return raw


def list_digest(army: ArmyList) -> str:
    """A fingerprint of what the list contains (not of its comments or layout): the
    canonical data the share code carries, hashed.  Printed on list printouts so an
    organiser can recompute it from the submitted file and see it was not edited."""
    value = hashlib.sha256(canonical_json(army).encode("utf-8")).hexdigest()[:16].upper()
    return "-".join(value[i:i + 4] for i in range(0, 16, 4))
