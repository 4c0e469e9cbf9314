"""Citadels pictures: size, layout, colours where they belong, Hangul, all phases."""

from __future__ import annotations

import copy
import io
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pydantic import ValidationError

import render
from render.citadels import (
    HAND_PX,
    MARKERS,
    SCALE,
    TABLE_PX,
    TYPE_COLOURS,
    WIDTH,
    Card,
    CitadelsView,
    hand_image,
    hand_png,
    score_words,
    seat_name,
    secret_words,
    shown_markers,
    table_image,
    table_png,
)
from render.common import ACCENT, GOLD, PANEL, PANEL_DIM, Box, mix

# Layout is checked in design units (scale 1); the published pictures are scaled.
hand_image = partial(hand_image, scale=1)
table_image = partial(table_image, scale=1)

FIXTURES = Path(__file__).parent / "fixtures"
MAX_BYTES = 1_000_000


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"citadels_{name}.json").read_text(encoding="utf-8"))


def crop(image: Image.Image, box: Box) -> bytes:
    return image.crop(box.xy()).tobytes()


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _, c in image.getcolors(maxcolors=1 << 20)}


def tile_pixel(image: Image.Image, tile: Box) -> tuple[int, int, int]:
    """A point on a district tile clear of its coin, star and name."""
    return image.getpixel((tile.x0 + 5, tile.y1 - 12))


@pytest.fixture(scope="module")
def four() -> tuple[Image.Image, dict[str, Box]]:
    return table_image(load("4p"), "ko", {0: "민수", 1: "Jiyoung", 2: "🎲 하나", 3: "태양"})


@pytest.fixture(scope="module")
def eight() -> tuple[Image.Image, dict[str, Box]]:
    return table_image(load("8p"), "en")


@pytest.mark.parametrize("name", ["4p", "8p", "over"])
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_table_png_is_phone_sized_and_small(name: str, lang: str) -> None:
    data = table_png(load(name), lang)
    assert data.startswith(b"\x89PNG") and len(data) < MAX_BYTES
    image = Image.open(io.BytesIO(data))
    assert image.width == TABLE_PX and 700 <= TABLE_PX <= 900  # twice a phone's width
    assert image.height > 600


def test_height_grows_with_seats_and_districts(four, eight) -> None:
    two = load("4p")
    two["seats"] = two["seats"][:2]
    short, _ = table_image(two)
    assert short.height < four[0].height < eight[0].height
    crowded = load("4p")
    crowded["seats"][0]["city"] = crowded["seats"][0]["city"] * 3  # 12 districts: two rows
    tall, regions = table_image(crowded)
    assert tall.height > four[0].height
    tiles = [regions[f"seat0.district{i}"] for i in range(12)]
    assert len({t.y0 for t in tiles}) == 2  # 7 in the first row, 5 in the second
    assert sum(t.y0 == tiles[0].y0 for t in tiles) in (7, 5)


def test_every_district_tile_has_its_type_colour(eight) -> None:
    image, regions = eight
    view = load("8p")
    checked = 0
    for seat in view["seats"]:
        for i, card in enumerate(seat["city"]):
            tile = regions[f"seat{seat['seat']}.district{i}"]
            assert tile_pixel(image, tile) == TYPE_COLOURS[card["type"]], card["id"]
            checked += 1
    assert checked == sum(len(s["city"]) for s in view["seats"])


def test_tiles_are_grouped_by_type_noble_first(four) -> None:
    _, regions = four
    # Seat 3 built palace, manor, cathedral, barracks, trading post, dragon gate (in that order).
    xs = {i: regions[f"seat3.district{i}"].x0 for i in range(6)}
    noble, religious, trade, military, unique = xs[0], xs[2], xs[4], xs[3], xs[5]
    assert xs[0] < xs[1] < religious < trade < military < unique
    assert noble == min(xs.values())


def test_noble_tile_in_the_png_itself() -> None:
    view = load("4p")
    _, regions = table_image(view, "en", scale=SCALE)  # regions in the picture's pixels
    decoded = Image.open(io.BytesIO(table_png(view, "en"))).convert("RGB")
    assert tile_pixel(decoded, regions["seat3.district0"]) == TYPE_COLOURS["noble"]


def test_crown_current_seat_and_completion(four, eight) -> None:
    image, regions = four
    assert "seat3.crown" in regions and "seat0.crown" not in regions
    crown = regions["seat3.crown"]
    assert GOLD in colours(image.crop(crown.xy()))
    # Seat 1 (the Merchant) is playing: its panel has the accent outline, others do not.
    for seat in range(4):
        box = regions[f"seat{seat}"]
        edge = image.getpixel((box.center[0], box.y0 + 1))
        assert (edge == ACCENT) == (seat == 1)
    _, regions8 = eight
    assert {k for k in regions8 if k.endswith(".completed")} == {
        "seat0.completed",
        "seat1.completed",
        "seat4.completed",
        "seat6.completed",
    }


def test_character_tokens_show_status_and_markers(four, eight) -> None:
    image, regions = four
    tokens = [regions[f"char.{c['id']}"] for c in load("4p")["characters"]]
    assert all(a.x1 < b.x0 for a, b in zip(tokens, tokens[1:], strict=False))  # rank order
    warlord = regions["char.warlord"]  # discarded face up: dimmed
    assert image.getpixel((warlord.center[0], warlord.y1 - 8)) == PANEL_DIM
    robbed = regions["char.merchant.robbed"]
    assert image.getpixel((robbed.x0 + 3, robbed.center[1])) == MARKERS["robbed"].colour
    killed = regions["char.bishop.killed"]
    assert image.getpixel((killed.x0 + 3, killed.center[1])) == MARKERS["killed"].colour
    merchant = regions["char.merchant"]  # the character whose turn it is
    assert image.getpixel((merchant.center[0], merchant.y0 + 1)) == ACCENT
    image8, regions8 = eight
    warrants = sorted(k for k in regions8 if k.endswith(".warrant"))
    assert warrants == ["char.marshal.warrant", "char.trader.warrant", "char.wizard.warrant"]
    assert len(regions8) > 0 and image8.width == WIDTH


def test_korean_text_is_drawn_not_boxes() -> None:
    # Tofu would draw every unknown syllable as the same box, so these crops would match.
    view = load("4p")
    for lang in ("ko", "en"):
        a, regions = table_image(view, lang, {0: "가나다"})
        b, _ = table_image(view, lang, {0: "라마바"})
        assert crop(a, regions["seat0.name"]) != crop(b, regions["seat0.name"])
    other = copy.deepcopy(view)
    other["characters"][0]["name"]["ko"] = "암살단"
    a, regions = table_image(view, "ko")
    b, _ = table_image(other, "ko")
    assert crop(a, regions["char.assassin"]) != crop(b, regions["char.assassin"])


def test_language_changes_the_words() -> None:
    view = load("4p")
    ko, regions = table_image(view, "ko")
    en, _ = table_image(view, "en")
    assert crop(ko, regions["banner"]) != crop(en, regions["banner"])


def test_seat_names_fall_back_and_lose_emoji() -> None:
    assert seat_name(0, "ko", None) == "1번 자리"
    assert seat_name(2, "en", {0: "x"}) == "Seat 3"
    assert seat_name(1, "en", {1: "🎲 Hana"}) == "Hana"
    assert seat_name(1, "en", {"1": "Hana"}) == "Hana"  # names that went through JSON
    view = load("4p")
    named, regions = table_image(view, "en", {0: "A much longer display name than fits " * 3})
    plain, _ = table_image(view, "en")
    assert regions["seat0.name"].x1 < regions["seat0.gold"].x0  # cut to fit its row
    assert crop(named, regions["seat0.name"]) != crop(plain, regions["seat0.name"])


def test_empty_cities_render_without_tiles() -> None:
    view = load("4p")
    for seat in view["seats"]:
        seat["city"] = []
        seat["score_public"] = 0
    image, regions = table_image(view, "en")
    assert not any(".district" in k for k in regions)
    assert not colours(image) & set(TYPE_COLOURS.values())


def test_eight_full_cities_still_fit() -> None:
    view = load("8p")
    full = view["seats"][6]["city"][:8]
    for seat in view["seats"]:
        seat["city"] = copy.deepcopy(full)
    for lang in ("ko", "en"):
        data = table_png(view, lang)
        image = Image.open(io.BytesIO(data))
        assert len(data) < MAX_BYTES and image.width == TABLE_PX
        _, regions = table_image(view, lang)
        assert regions["seat7.district7"].x1 <= WIDTH - 24


def test_over_shows_final_scores_with_the_winner_first() -> None:
    view = load("over")
    image, regions = table_image(view, "ko")
    assert "scores" in regions
    rows = [regions[f"score{s['seat']}"] for s in view["result"]["scores"]]
    assert [r.y0 for r in rows] == sorted(r.y0 for r in rows)
    winner = rows[0]
    assert image.getpixel((winner.x0 + 3, winner.center[1])) == mix(PANEL, GOLD, 0.25)
    assert image.getpixel((rows[1].x0 + 3, rows[1].center[1])) == PANEL
    assert regions["scores"].y1 < regions["char.witch"].y0
    running = load("4p")
    assert "scores" not in table_image(running)[1]


def test_view_shape_is_checked() -> None:
    view = load("4p")
    del view["seats"][0]["gold"]
    with pytest.raises(ValidationError):
        table_png(view)
    bad = load("4p")
    bad["seats"][0]["city"][0]["type"] = "noble-ish"
    with pytest.raises(ValidationError):
        table_png(bad)


def test_unknown_marker_and_extra_keys_still_render() -> None:
    view = load("4p")
    view["characters"][6]["markers"] = ["crowned_heir"]
    view["extra_key"] = {"anything": 1}
    _, regions = table_image(view, "en")
    assert "char.architect.crowned_heir" in regions


# -- the private picture ------------------------------------------------------


def test_hand_png_shows_cards_characters_and_offer() -> None:
    view = load("hand")
    for lang in ("ko", "en"):
        data = hand_png(view, lang)
        assert len(data) < MAX_BYTES
        assert Image.open(io.BytesIO(data)).width == HAND_PX
    image, regions = hand_image(view, "ko")
    hand = view["me"]["hand"]
    for i, card in enumerate(hand):
        box = regions[f"hand{i}"]
        assert image.getpixel((box.x0 + 6, box.y1 - 20)) == TYPE_COLOURS[card["type"]]
    assert {k for k in regions if k.startswith("offer.")} == {
        f"offer.{c}" for c in view["me"]["draft"]["offered"]
    }
    assert "held.king" in regions
    assert regions["offer.assassin"].y1 < regions["held.king"].y0 < regions["hand0"].y0
    assert min(b.width for k, b in regions.items() if k.startswith("hand")) >= 300


def test_hand_shows_drawn_cards_and_secrets_when_present() -> None:
    view = load("hand")
    view["me"]["draft"] = None
    view["me"]["drawn"] = view["me"]["hand"][:2]
    view["me"]["secret_markers"] = {"signed": "architect"}
    image, regions = hand_image(view, "en")
    assert "drawn0" in regions and "drawn1" in regions and "drawn2" not in regions
    assert regions["drawn1"].y1 < regions["hand0"].y0
    assert "secret" in regions and not any(k.startswith("offer.") for k in regions)
    plain, _ = hand_image(load("hand"), "en")
    assert image.height != plain.height


def test_secret_markers_read_as_words() -> None:
    view = CitadelsView.model_validate(load("hand"))
    markers = {"signed": "architect", "flower": "king", "odd_thing": 2, "unused": None}
    assert secret_words(markers, view, "ko") == [
        "인장이 찍힌 영장: 건축가",
        "꽃 자수 협박: 왕",
        "odd thing: 2",
    ]
    assert secret_words({"flower": ["king", "nobody"]}, view, "en") == [
        "Flowered threat: King, nobody"
    ]


def test_empty_hand_and_spectator() -> None:
    view = load("hand")
    view["me"].update(hand=[], characters=[], draft=None)
    image, regions = hand_image(view, "ko")
    assert not any(k.startswith("hand") for k in regions)
    assert image.height < hand_image(load("hand"), "ko")[0].height
    spectator = load("4p")
    with pytest.raises(ValueError):
        hand_png(spectator)


# -- dispatch -------------------------------------------------------------------


def test_dispatchers_route_by_game_name() -> None:
    view = load("4p")
    names = {1: "Jiyoung"}
    assert render.render_table("citadels", view, "en", names) == table_png(view, "en", names)
    assert render.render_table("citadels", view, "en") != render.render_table(
        "citadels", view, "en", names
    )
    hand = load("hand")
    assert render.render_private("citadels", hand, "ko") == hand_png(hand, "ko")
    assert render.has_private("citadels")
    with pytest.raises(KeyError):
        render.render_table("chess", view, "en")
    with pytest.raises(KeyError):
        render.render_private("no_such_game", hand, "en")


def test_beautified_districts_carry_a_star_and_their_gold(eight) -> None:
    image, regions = eight
    star = regions["seat1.district0.beautified"]  # the beautified Palace
    inside = colours(image.crop(star.xy()))
    assert TYPE_COLOURS["noble"] in inside and len(inside) > 3  # drawn ink on the tile
    palace = regions["seat1.district0"]
    gold_spot = image.crop((palace.x1 - 30, palace.y0 + 8, palace.x1 - 8, palace.y0 + 32))
    assert GOLD in colours(gold_spot)
    assert "seat1.district2.beautified" not in regions
    town_hall = regions["seat1.district2"]
    plain_corner = image.crop(
        (town_hall.x1 - 30, town_hall.y0 + 8, town_hall.x1 - 8, town_hall.y0 + 32)
    )
    assert colours(plain_corner) == {TYPE_COLOURS["trade"]}


def test_a_seats_own_table_view_marks_the_viewer() -> None:
    view = load("hand")
    _, regions = table_image(view, "ko")
    assert "seat1.you" in regions and "seat0.you" not in regions
    assert not any(k.endswith(".you") for k in table_image(load("4p"))[1])


def test_each_type_has_its_own_shape(eight) -> None:
    # Colour-blind players tell types apart by the icon's shape, not only its colour.
    image, regions = eight
    view = load("8p")
    shapes: dict[str, bytes] = {}
    for seat in view["seats"]:
        for i, card in enumerate(seat["city"]):
            box = regions[f"seat{seat['seat']}.district{i}.icon"]
            tile_colour = TYPE_COLOURS[card["type"]]
            raw = image.crop(box.xy()).tobytes()
            shape = bytes(tuple(raw[j : j + 3]) != tile_colour for j in range(0, len(raw), 3))
            assert any(shape), card["id"]
            assert shapes.setdefault(card["type"], shape) == shape
    assert len(set(shapes.values())) == 5


def test_later_markers_replace_earlier_ones() -> None:
    assert shown_markers(["warrant"]) == ["warrant"]
    assert shown_markers(["warrant", "warrant_revealed"]) == ["warrant_revealed"]
    assert shown_markers(["warrant", "warrant_revealed", "signed"]) == ["signed"]
    assert shown_markers(["threat", "threat_revealed", "killed"]) == ["threat_revealed", "killed"]
    view = load("4p")
    view["characters"][6]["markers"] = ["warrant", "warrant_revealed", "signed"]
    image, regions = table_image(view, "ko")
    assert "char.architect.signed" in regions and "char.architect.warrant" not in regions
    assert image.height == table_image(load("4p"), "ko")[0].height  # one chip, one line


def test_long_marker_words_wrap_inside_a_taller_token() -> None:
    view = load("8p")  # nine narrow tokens
    view["characters"][5]["markers"] = ["warrant", "warrant_revealed", "signed", "killed"]
    image, regions = table_image(view, "en")
    chip, token = regions["char.trader.signed"], regions["char.trader"]
    assert chip.height > 40  # "Signed warrant" on two lines rather than in tiny type
    assert (
        regions["char.trader.killed"].y0 > chip.y1 and regions["char.trader.killed"].y1 < token.y1
    )
    assert image.height > table_image(load("8p"), "en")[0].height


def test_score_words_name_every_item() -> None:
    view = load("over")
    city = [Card.model_validate(c) for c in view["seats"][3]["city"]]
    breakdown = {"districts": 6, "five_types": 0, "statue": 5, "haunted_quarter_noble": 0}
    assert score_words(breakdown, city, "ko") == ["건설 비용 6", "statue +5", "유령 지구 = 귀족"]
    assert score_words({"secret_vault": 3, "complete": 2}, [], "en") == [
        "complete city +2",  # the scoring's own items first, a card in hand last
        "Secret Vault +3",
    ]
    statue = [Card.model_validate(c) for c in view["seats"][0]["city"]]
    assert score_words({"statue": 5}, statue, "ko") == ["동상 +5"]


# -- agreement with the real engine -----------------------------------------------

VIEW_KEYS = {"game", "viewer", "round", "phase", "crown", "current", "deck_count"}
VIEW_KEYS |= {"characters", "seats", "me", "log_tail", "result"}
CHARACTER_KEYS = {"id", "rank", "name", "status", "seat", "markers"}
SEAT_KEYS = {"seat", "gold", "hand_count", "crown", "city", "completed", "first_completed"}
SEAT_KEYS |= {"revealed_characters", "score_public"}
CARD_KEYS = {"id", "name", "type", "cost", "beautified", "gold_on"}
ME_KEYS = {"seat", "hand", "characters", "draft", "drawn", "secret_markers"}


def citadels_engine() -> Any:
    """The engine, or a skip while its package (or its view) is not written yet."""
    try:
        from rules import get_engine

        engine = get_engine("citadels")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("rules.citadels"):
            pytest.skip(f"Citadels engine not there yet: {exc}")
        raise
    return engine


def missing_keys(view: dict[str, Any]) -> list[str]:
    """Where a view lacks a key of the agreed shape, as readable paths."""
    out = [k for k in VIEW_KEYS - view.keys()]
    for c in view.get("characters", []):
        out += [f"characters[{c.get('id')}].{k}" for k in CHARACTER_KEYS - c.keys()]
    cards = []
    for s in view.get("seats", []):
        out += [f"seats[{s.get('seat')}].{k}" for k in SEAT_KEYS - s.keys()]
        cards += s.get("city", [])
    me = view.get("me")
    if me:
        out += [f"me.{k}" for k in ME_KEYS - me.keys()]
        cards += me.get("hand", []) + (me.get("drawn") or [])
    for card in cards:
        out += [f"card[{card.get('id')}].{k}" for k in CARD_KEYS - card.keys()]
    return sorted(set(out))


class _Enough(Exception):
    pass


@pytest.mark.parametrize("seats", [4, 8])
def test_real_engine_views_render(seats: int) -> None:
    engine = citadels_engine()
    from rules.core import random_playout

    picked: dict[str, dict[str, Any]] = {}

    def on_step(state: dict[str, Any], *_: Any) -> None:
        phase = state["phase"]
        built = sum(len(s["city"]) for s in state["seats"])
        if phase == "draft" and "draft" not in picked:
            picked["draft"] = state
        if phase == "turns" and built >= 2 * seats and "turns" not in picked:
            picked["turns"] = state
        if "turns" in picked and "draft" in picked:
            raise _Enough

    try:
        random_playout(engine, {}, seats, seed=11 + seats, on_step=on_step)
    except _Enough:
        pass
    assert set(picked) == {"draft", "turns"}
    for state in picked.values():
        public = engine.view(state, None)
        assert missing_keys(public) == [] and public["me"] is None
        assert len(table_png(public, "ko")) < MAX_BYTES
        for seat in range(seats):
            own = engine.view(state, seat)
            assert missing_keys(own) == [], seat
            assert own["me"]["seat"] == seat
            _, regions = table_image(own, "en")
            assert f"seat{seat}.you" in regions
        hand_png(engine.view(state, seats - 1), "ko")


def test_real_engine_final_table_renders() -> None:
    engine = citadels_engine()
    from rules.core import random_playout

    state, _ = random_playout(engine, {}, 5, seed=3)
    view = engine.view(state, None)
    assert missing_keys(view) == [] and view["phase"] == "over"
    image, regions = table_image(view, "ko")
    assert "scores" in regions
    assert {f"score{s}" for s in range(5)} <= regions.keys()


def test_tax_pot_and_museum_count_show_where_they_lie() -> None:
    view = load("8p")
    view["characters"][8] = {
        "id": "tax_collector",
        "rank": 9,
        "name": {"en": "Tax Collector", "ko": "세리"},
        "status": "unknown",
        "seat": None,
        "markers": [],
    }
    view["tax_pot"] = 3
    museum = {"id": "museum", "name": {"en": "Museum", "ko": "박물관"}, "type": "unique"}
    view["seats"][2]["city"].append({**museum, "cost": 4, "museum_cards": 2})
    image, regions = table_image(view, "ko")
    pot = regions["char.tax_collector.pot"]
    assert GOLD in colours(image.crop(pot.xy()))
    assert "seat2.district2.museum" in regions
    view["tax_pot"] = 0
    view["seats"][2]["city"][-1]["museum_cards"] = 0
    _, quiet = table_image(view, "ko")
    assert "char.tax_collector.pot" not in quiet and "seat2.district2.museum" not in quiet


def test_hand_shows_set_aside_and_museum_cards() -> None:
    view = load("hand")
    view["me"]["pending"] = view["me"]["hand"][:1]
    view["me"]["museum"] = view["me"]["hand"][1:3]
    _, regions = hand_image(view, "en")
    assert regions["pending0"].y1 < regions["hand0"].y0 < regions["museum0"].y0
    assert "museum1" in regions and "museum2" not in regions


def test_offered_characters_are_laid_out_by_rank() -> None:
    view = load("hand")
    view["me"]["draft"]["offered"] = ["warlord", "assassin", "architect", "magician"]
    _, regions = hand_image(view, "en")
    # Reading order: along a row, then down (cards with texts wrap after three).
    spots = [
        (regions[f"offer.{c}"].y0, regions[f"offer.{c}"].x0)
        for c in ("assassin", "magician", "architect", "warlord")
    ]
    assert spots == sorted(spots) and len(set(spots)) == 4
