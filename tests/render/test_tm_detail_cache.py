"""The Terra Mystica detail picture (`board_png`) reuses unchanged bands already compressed:
the bytes must not depend on what was drawn before, and every change must show."""

from __future__ import annotations

import copy
import io
import os
import struct
import zlib

import pytest
from PIL import Image

from render.terra_mystica import bands
from render.terra_mystica.bands import BAND_CACHE
from render.terra_mystica.detail import draw_table, render_map
from render.terra_mystica.encode import _adler_combine, fixed_palette
from rules import get_engine
from rules.core import Rng

ENGINE = get_engine("terra_mystica")


@pytest.fixture(scope="module")
def states() -> list[dict]:
    """Eighteen successive views of a 4-player game from round 2 on, by random legal moves."""
    state = ENGINE.setup({"random_factions": True}, 4, 5)
    rng = Rng(5)
    views = []
    while len(views) < 18 and state["phase"] != "over":
        decision = rng.choice([d for d in ENGINE.decisions(state) if d.choices])
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
        if state["round"] >= 2:
            views.append(ENGINE.view(state, None))
    assert len(views) == 18
    return views


def cold(view: dict, lang: str = "ko", names: dict | None = None) -> bytes:
    BAND_CACHE.clear()
    return render_map(view, lang, names)


def pixels(png: bytes) -> bytes:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB").tobytes()


def idat(png: bytes) -> bytes:
    at, out = 8, b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        assert (
            zlib.crc32(kind + body)
            == struct.unpack(">I", png[at + 8 + length : at + 12 + length])[0]
        )
        out += body if kind == b"IDAT" else b""
        at += 12 + length
    return out


def test_the_png_is_the_drawn_table_in_the_fixed_palette(states) -> None:
    view = states[0]
    png = cold(view, "en", {0: "Ann"})
    image = draw_table(view, "en", {0: "Ann"})
    # zlib checks the stream's Adler-32 (made from the bands' own) and its end
    raw = zlib.decompress(idat(png))
    assert len(raw) == image.height * (image.width + 1)
    expected = image.quantize(palette=fixed_palette(), dither=Image.Dither.NONE).convert("RGB")
    assert pixels(png) == expected.tobytes()


def test_warm_and_cold_give_the_same_bytes_along_a_game(states) -> None:
    """Each view drawn after its predecessors (most bands reused) equals it drawn alone."""
    BAND_CACHE.clear()
    warm = [render_map(view, "ko") for view in states]
    assert len(set(warm)) > len(warm) // 2  # the game moved on: the pictures differ
    for view, png in zip(states, warm, strict=True):
        assert png == cold(view, "ko")
    # and a second pass, all from the cache, again the same
    assert [render_map(view, "ko") for view in states] == warm


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v["factions"][next(iter(v["factions"]))]["cults"].update(AIR=9),
        lambda v: v["factions"][next(iter(v["factions"]))].update(C=77),
        lambda v: v.update(active=next(f for f in v["factions"] if f != v.get("active"))),
        lambda v: v["bonus_tiles"][0].update(coins=5),
        lambda v: v["factions"][next(iter(v["factions"]))].update(passed=True, VP=99),
        lambda v: v.update(viewer=0),
        lambda v: v.update(round=5),
        lambda v: v["map"]["hexes"].update(A1={"terrain": "red", "building": "D"}),
    ],
    ids=["cult", "coins", "turn", "bonus coins", "passed", "viewer", "round", "map"],
)
def test_a_change_shows_after_the_same_view_was_cached(states, change) -> None:
    view = copy.deepcopy(states[3])
    before = cold(view)
    assert render_map(view) == before  # warm
    changed = copy.deepcopy(view)
    change(changed)
    after = render_map(changed)
    assert after != before
    assert after == cold(changed)


def test_names_and_language_are_part_of_the_bands(states) -> None:
    view = states[2]
    plain = cold(view, "ko")
    assert render_map(view, "ko", {0: "Alice"}) != plain
    assert render_map(view, "en") != plain
    assert render_map(view, "ko") == plain


def test_the_cache_stays_bounded(states) -> None:
    BAND_CACHE.clear()
    for view in states:
        for lang in ("ko", "en"):
            render_map(view, lang)
    assert 0 < len(BAND_CACHE) <= bands.BAND_CACHE_SIZE


def test_adler_combine_matches_zlib() -> None:
    parts = [os.urandom(n) for n in (0, 1, 5, 65521, 70000, 123)]
    adler, joined = 1, b""
    for part in parts:
        adler = _adler_combine(adler, zlib.adler32(part), len(part))
        joined += part
        assert adler == zlib.adler32(joined)


def test_every_large_fill_keeps_its_colour(states) -> None:
    """The palette is fixed, not fitted to the picture: every colour filling a large area
    (cells, tiles, chips, terrains) must be in it exactly, not approximated."""
    listed = fixed_palette().getpalette() or []
    palette = {tuple(listed[i : i + 3]) for i in range(0, len(listed), 3)}
    for view, lang in ((states[-1], "ko"), (states[0], "en")):
        colours = draw_table(view, lang).getcolors(1 << 20) or []
        large = {c for n, c in colours if n >= 4000}
        assert len(large) > 20
        assert large <= palette, large - palette


def test_the_map_strips_cover_the_map_and_a_building_changes_only_its_own(states) -> None:
    from render.terra_mystica.board import map_size, map_strips
    from render.terra_mystica.detail import HEX_RADIUS

    view = copy.deepcopy(states[0])
    strips = map_strips(view, HEX_RADIUS)
    assert strips[0][0] == 0 and strips[-1][1] == map_size(view, HEX_RADIUS)[1]
    assert all(a[1] == b[0] for a, b in zip(strips, strips[1:], strict=False))
    hexes = view["map"]["hexes"]
    free = next(
        h for h in ("I1", "I2", "I3", "I4", "I5") if not (hexes.get(h) or {}).get("building")
    )
    hexes[free] = {"terrain": "red", "building": "TE", "faction": next(iter(view["factions"]))}
    after = map_strips(view, HEX_RADIUS)
    changed = [i for i, (a, b) in enumerate(zip(strips, after, strict=True)) if a != b]
    assert changed == [len(strips) - 1]  # the bottom row's strip only
