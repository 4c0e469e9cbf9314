"""What a Korean player reads from the engine: templates that hang no particle on a filled
value, the faction named when chosen, FAV12's scale, tiles in number order, and where each
transform leads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rules.terra_mystica
from rules.core import RuleError
from rules.terra_mystica import moves
from rules.terra_mystica.messages import MESSAGES, fill
from rules.terra_mystica.tile_texts import ALL_TILES, PARTS
from tests.rules.terra_mystica.helpers import E, new_game, play, tweak

# "{faction}이(가)", "{tile}은(는)", "{dst}(으)로", "{a}와(과)", "'{text}'을(를)": a particle
# written both ways right after a filled value (a quote or backtick may sit between).
HUNG = re.compile(r"\}['\"`]?[가-힣]?\([가-힣]{1,2}\)")
WITCHES_NOMADS = ["F4", "F3", "G4", "E9", "A5"]


def korean_templates() -> dict[str, str]:
    return {**{f"messages.{k}": v for k, v in MESSAGES["ko"].items()},
            **{f"tile_texts.{k}": v["ko"] for k, v in PARTS.items()}}


def test_the_pattern_catches_the_old_wording() -> None:
    for old in ("{faction}이(가) 패스했습니다.", "권능 {power}을(를) 얻습니다",
                "{prefix}(으)로 둘 수 없습니다.", "명령 '{text}'을(를) 읽을 수 없습니다.",
                "{a}와(과) {b}"):
        assert HUNG.search(old), old
    assert not HUNG.search("{faction}: 패스했습니다.")
    assert not HUNG.search("패스할 때 보너스 타일을 골라야 합니다(6라운드 제외).")


def test_no_korean_template_hangs_a_particle_on_a_filled_value() -> None:
    hung = {k: v for k, v in korean_templates().items() if HUNG.search(v)}
    assert hung == {}
    assert len(korean_templates()) > 70  # every message and every tile part was looked at


def test_no_engine_source_writes_such_a_template() -> None:
    # f-strings and templates outside the catalogues (notation, tile texts) as well
    package = Path(rules.terra_mystica.__file__).parent
    hung = [f"{p.name}:{n}" for p in sorted(package.glob("*.py"))
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if HUNG.search(line)]
    assert hung == []


def test_events_read_without_particles_once_filled() -> None:
    ko = MESSAGES["ko"]
    name = "유목민 (Alice)"
    assert ko["terra_mystica.passed"].format(faction=name) == "유목민 (Alice): 패스했습니다."
    assert ko["terra_mystica.leech"].format(faction=name, power=3, **{"from": "마녀 (Bo)"}) == (
        "유목민 (Alice): 마녀 (Bo)에게서 권능 3개를 받았습니다.")
    assert ko["terra_mystica.town"].format(faction=name) == "유목민 (Alice): 마을을 세웠습니다."


def test_the_faction_choice_names_the_faction_chosen() -> None:
    st = E.setup({}, 2, 1)
    d = E.decisions(st)[0]
    pick = next(c for c in d.choices if c.action["faction"] == "nomads")
    _, events = E.apply(st, d.seat, pick.action)
    assert events[0].key == "terra_mystica.played"
    assert events[0].params["faction"] == "nomads"
    assert events[0].params["text"] == {"en": "setup nomads", "ko": "선택 유목민"}


def test_fav12_names_its_scale_in_both_languages() -> None:
    # digest §11.1 (base seed L1211-1241): 1/2/3/4 trading houses → 2/3/3/4 VP
    assert ALL_TILES["FAV12"]["en"].endswith("pass: 1/2/3/4 trading houses → 2/3/3/4 VP")
    assert ALL_TILES["FAV12"]["ko"].endswith("패스 시 교역소 1/2/3/4채 → 승점 2/3/3/4")


def test_favor_and_town_choices_come_in_number_order() -> None:
    st = new_game(["witches", "nomads"], WITCHES_NOMADS, ["BON1", "BON2"])
    st = json.loads(json.dumps(st, sort_keys=True))  # a stored game: FAV1, FAV10, FAV11, ...
    assert list(st["favor_pool"])[:2] == ["FAV1", "FAV10"]
    st["turn"]["need"]["FAVOR"] = 1
    favors = [c.text for c in moves.turn_choices(st, "witches")]
    assert favors == [f"+FAV{i}" for i in range(1, 13)]
    st["turn"]["need"] = {"TOWN": 1}
    st["town_pool"] = dict(reversed(list(st["town_pool"].items())))
    assert [c.text for c in moves.turn_choices(st, "witches")] == [
        f"+TW{i}" for i in range(1, 6)]
    view = E.view(st, 0)
    assert list(view["favor_tiles"]) == [f"FAV{i}" for i in range(1, 13)]
    assert list(view["town_tiles"]) == [f"TW{i}" for i in range(1, 6)]
    favs = [t for t in view["tiles"] if t.startswith("FAV")]
    assert favs == [f"FAV{i}" for i in range(1, 13)]
    st["factions"]["witches"].update(favors=["FAV12", "FAV2"], towns=["TW5", "TW1", "TW5"])
    held = E.view(st, 0)["factions"]["witches"]
    assert (held["favors"], held["towns"]) == (["FAV2", "FAV12"], ["TW1", "TW5", "TW5"])


def test_setup_bonus_choices_come_in_number_order() -> None:
    st = E.setup({"factions": ["witches", "nomads"], "bonus": [f"BON{i}" for i in range(1, 10)]},
                 2, 1)
    for hex_id in WITCHES_NOMADS:
        st = play(st, st["setup_queue"][0][1], f"build {hex_id}")
    st["bonus_pool"] = dict(reversed(list(st["bonus_pool"].items())))  # as passes reorder it
    d = E.decisions(st)[0]
    assert d.kind == "setup_bonus"
    assert [c.text for c in d.choices] == [f"pass BON{i}" for i in range(1, 10)]
    assert list(d.params["tiles"]) == [f"BON{i}" for i in range(1, 10)]


def test_spade_choices_name_the_terrain_each_transform_reaches() -> None:
    st = tweak(new_game(["witches", "nomads"], WITCHES_NOMADS, ["BON1", "BON2"]), "witches",
               P3=6)
    st = play(st, "witches", "action ACT6")  # 2 spades (witches: forest, green)
    d = next(d for d in E.decisions(st) if d.kind == "spades")
    to, names = d.params["transform_to"], d.params["terrains"]
    plain = [c.action["hex"] for c in d.choices
             if c.action.get("type") == "transform" and not c.action.get("color")]
    assert plain and set(plain) == set(to)
    assert "green" in to.values() and len(set(to.values())) > 1  # home, and a step short
    assert names["green"] == {"en": "forest", "ko": "숲"}
    for hex_id in plain:  # what the params say is what the transform does
        after = play(st, "witches", f"transform {hex_id}")
        assert after["terrain"][hex_id] == to[hex_id], hex_id
        assert names[to[hex_id]]["ko"]
    for c in d.choices:  # a chosen colour is named too
        if c.action.get("color"):
            assert c.action["color"] in names


def test_turn_menus_and_income_spades_carry_the_targets() -> None:
    st = new_game(["witches", "nomads"], WITCHES_NOMADS, ["BON1", "BON2"])
    st = tweak(st, "witches", C=0, W=9)  # no coins for a dwelling: digs only transform
    d = next(d for d in E.decisions(st) if d.kind == "turn")
    dig = [c.action["cmds"][-1]["hex"] for c in d.choices if c.text.startswith("dig ")
           and c.action["cmds"][-1]["type"] == "transform" and " to " not in c.text]
    assert dig  # a colourless transform in a turn digs what it lacks: home terrain
    assert {d.params["transform_to"][h] for h in dig} == {"green"}
    after = play(st, "witches", next(c.text for c in d.choices if c.text.startswith("dig ")
                                     and " to " not in c.text))
    assert after["terrain"][dig[0]] == "green"
    # income spades (cult bonus): one spade on brown E6 reaches black, not forest
    st = {**st, "phase": "spades", "pending": {"witches": {"SPADE": 1}}}
    d = next(d for d in E.decisions(st) if d.kind == "spades")
    assert d.params["spades"] == 1 and d.params["transform_to"]["E6"] == "black"
    assert play(st, "witches", "transform E6")["terrain"]["E6"] == "black"


def test_refusals_name_resources_and_factions_in_words() -> None:
    st = tweak(new_game(["witches", "nomads"], WITCHES_NOMADS, ["BON1", "BON2"]), "witches",
               P=0)
    with pytest.raises(RuleError) as info:
        E.apply(st, 0, E.parse(st, 0, "send p to FIRE"))
    assert info.value.key == "terra_mystica.not_enough"
    assert info.value.params["resource"] == {"en": "priests", "ko": "성직자"}
    assert fill("terra_mystica.not_enough", "ko", info.value.params) == "마녀: 자원이 모자랍니다 (성직자)."
    assert fill("terra_mystica.not_enough", "en", info.value.params) == (
        "Witches does not have enough priests.")
    with pytest.raises(RuleError) as info:
        E.apply(st, 0, E.parse(st, 0, "upgrade F4 to TE"))
    assert fill(info.value.key, "ko", info.value.params) == "F4 칸: 주택 → 사원 개량은 할 수 없습니다."
    with pytest.raises(RuleError) as info:
        E.apply(st, 0, E.parse(st, 0, "-GAIN_FAVOR"))
    assert fill(info.value.key, "ko", info.value.params) == "남아 있는 결정이 없습니다: 은총 타일."
