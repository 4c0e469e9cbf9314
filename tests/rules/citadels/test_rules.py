"""Cross-cutting rules: illegal moves, view secrecy and shape, decisions, messages,
notation examples, the rulebook's worked examples, tie-breaks and end-of-round effects."""

from __future__ import annotations

import json

import pytest

from rules.citadels.options import Options
from rules.citadels.scoring import score_game
from rules.core import RuleError, dump_state, random_playout

from .helpers import ENGINE, act, check_views, force_turn, give_char, keys, set_seat, situation
from .test_characters import _all_main, cast_with, prompt, turn_of


def test_illegal_actions_raise_and_leave_state_unchanged() -> None:
    st = situation(4)
    before = dump_state(st)
    (d,) = ENGINE.decisions(st)
    bad = [(d.seat, {"type": "take", "character": "nobody"}),
           ((d.seat + 1) % 4, d.choices[0].action),
           (d.seat, {"type": "end"}), (d.seat, {"nope": 1}), (d.seat, "take")]
    for seat, action in bad:
        with pytest.raises(RuleError):
            ENGINE.apply(st, seat, action)  # type: ignore[arg-type]
    assert dump_state(st) == before
    st = turn_of("king", gold=1, hand=["palace"])
    before = dump_state(st)
    with pytest.raises(RuleError) as e:
        ENGINE.apply(st, 0, {"type": "build", "card": "palace"})
    assert e.value.key == "citadels.err.illegal" and dump_state(st) == before
    with pytest.raises(RuleError) as e:
        ENGINE.apply(st, 1, {"type": "end"})
    assert e.value.key == "citadels.err.not_your_turn"


def test_apply_does_not_mutate_input_over_a_game() -> None:
    st = situation(5, cast="B")
    for _ in range(120):
        if ENGINE.result(st):
            break
        (d,) = ENGINE.decisions(st)
        before = dump_state(st)
        new, _ = ENGINE.apply(st, d.seat, d.choices[-1].action)
        assert dump_state(st) == before
        st = new


def test_view_shape_and_secrecy() -> None:
    st = situation(5)
    (d,) = ENGINE.decisions(st)
    v = ENGINE.view(st, d.seat)
    for key in ("game", "viewer", "round", "phase", "crown", "current", "deck_count",
                "characters", "seats", "me", "log_tail", "result"):
        assert key in v
    assert v["me"]["draft"]["offered"]
    other = ENGINE.view(st, (d.seat + 1) % 5)
    assert other["me"]["draft"] is None
    spectator = ENGINE.view(st, None)
    assert spectator["me"] is None
    text = json.dumps(spectator)
    for s in st["seats"]:
        for card in s["secret"]["hand"]:
            # hands are hidden: a spectator sees only counts (no city has cards yet)
            assert f'"id": "{card}"' not in text
    seat = v["seats"][0]
    for key in ("seat", "gold", "hand_count", "crown", "city", "completed",
                "first_completed", "revealed_characters", "score_public"):
        assert key in seat
    ch = v["characters"][0]
    assert set(ch) >= {"id", "rank", "name", "status", "seat", "markers"}
    check_views(st)


def test_secret_markers_only_in_own_view() -> None:
    st = turn_of("magistrate")
    for c in ("thief", "bishop", "merchant"):
        st, _ = act(st, 0, f"warrant {c}")
    st, _ = act(st, 0, "sign bishop")
    assert ENGINE.view(st, 0)["me"]["secret_markers"] == {"signed": "bishop"}
    assert ENGINE.view(st, 1)["me"]["secret_markers"] == {}
    assert "bishop" not in json.dumps(ENGINE.view(st, None)["log_tail"][-1])


def test_killed_holder_hidden_until_round_end() -> None:
    st = turn_of("assassin")
    give_char(st, 2, "king")
    give_char(st, 1, "warlord")
    st, _ = act(st, 0, "kill king")
    st, _ = act(st, 0, "end")
    v = ENGINE.view(st, None)
    king = next(c for c in v["characters"] if c["id"] == "king")
    assert king["seat"] is None and "killed" in king["markers"]


def test_decision_keys_unique_and_kinds_in_catalogue() -> None:
    seen = set()
    kinds = set()

    def on_step(st, decision, choice, events):  # noqa: ANN001
        for d in ENGINE.decisions(st):
            assert d.key not in seen
            seen.add(d.key)
            kinds.add(d.kind)
            assert d.timeout is not None and d.choices
            assert d.timeout.action in [c.action for c in d.choices]
        for e in events:
            for lang in ("en", "ko"):
                ENGINE.messages[lang][e.key].format(**e.params)  # every placeholder filled
        for d in ENGINE.decisions(st):
            for lang in ("en", "ko"):
                ENGINE.messages[lang][d.kind].format(**d.params)

    for seats in (2, 5, 8):
        seen.clear()
        random_playout(ENGINE, {"cast": "random"}, seats, seats, on_step=on_step)
    assert all(k in ENGINE.messages["en"] and k in ENGINE.messages["ko"] for k in kinds)


def test_catalogue_templates_render() -> None:
    import string

    for lang in ("en", "ko"):
        for key, text in ENGINE.messages[lang].items():
            fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            text.format(**{f: 1 for f in fields})
            assert fields == {f for _, f, _, _ in string.Formatter().parse(
                ENGINE.messages["en"][key]) if f}, key


@pytest.mark.parametrize(("text", "action"), [
    ("take assassin", {"type": "take", "character": "assassin"}),
    ("암살자 선택", {"type": "take", "character": "assassin"}),
    ("선택 암살자", {"type": "take", "character": "assassin"}),
    ("TAKE Assa", {"type": "take", "character": "assassin"}),
    ("gold", {"type": "gold"}), ("금화", {"type": "gold"}),
    ("draw", {"type": "cards"}), ("카드", {"type": "cards"}),
    ("build temple", {"type": "build", "card": "temple"}),
    ("건설 신전", {"type": "build", "card": "temple"}),
    ("사원 건설", {"type": "build", "card": "temple"}),
    ("build Thieves' Den cards 2", {"type": "build", "card": "thieves_den", "cards": 2}),
    ("kill thief", {"type": "kill", "character": "thief"}),
    ("도둑 암살", {"type": "kill", "character": "thief"}),
    ("end", {"type": "end"}), ("차례 종료", {"type": "end"}), ("종료", {"type": "end"}),
    ("성 갖기", {"type": "keep", "card": "castle"}), ("성 보관", {"type": "keep", "card": "castle"}),
    ("건축가 훔치기", {"type": "rob", "character": "architect"}),
    ("건축가 강탈", {"type": "rob", "character": "architect"}),
    ("p2 맞바꾸기", {"type": "swap", "seat": 1}), ("p2 맞교환", {"type": "swap", "seat": 1}),
    ("destroy p2 town hall", {"type": "destroy", "seat": 1, "card": "town_hall"}),
    ("2번 시청 파괴", {"type": "destroy", "seat": 1, "card": "town_hall"}),
    ("spy p3 noble", {"type": "spy", "seat": 2, "kind": "noble"}),
    ("crown p1 none", {"type": "crown", "seat": 0, "take": None}),
    ("crown p1", {"type": "crown", "seat": 0}),
    ("keep 수도원", {"type": "keep", "card": "monastery"}),
    ("수도원 선택", {"type": "keep", "card": "monastery"}),
    ("income 2", {"type": "income", "gold": 2}),
])
def test_notation_examples(text: str, action: dict) -> None:
    st = situation(4)
    assert ENGINE.parse(st, 0, text) == action


def test_notation_unreadable() -> None:
    with pytest.raises(RuleError) as e:
        ENGINE.parse(situation(4), 0, "fly to the moon")
    assert e.value.key == "citadels.err.unreadable"


def test_rulebook_warlord_costs() -> None:
    # cost 1 free, cost 2 for 1, cost 3 for 2 (digest 6, Warlord)
    for card, price in (("temple", 0), ("church", 1), ("monastery", 2)):
        st = turn_of("warlord", gold=2)
        set_seat(st, 1, city=[card])
        st, ev = act(st, 0, f"destroy p2 {card}")
        assert st["seats"][0]["gold"] == 2 - price


def test_rulebook_bribe_with_one_gold_is_zero() -> None:
    st = turn_of("blackmailer", gold=0)
    give_char(st, 1, "merchant")
    set_seat(st, 1, gold=0)
    st, _ = act(st, 0, "threaten king")
    st, _ = act(st, 0, "threaten merchant")
    st, _ = act(st, 0, "flower king")
    st, _ = act(st, 0, "end")
    st, _ = act(st, 1, "draw")
    st, _ = act(st, 1, {"type": "keep", "card": st["seats"][1]["secret"]["drawn"][0]})
    set_seat(st, 1, gold=1)
    st, ev = act(st, 1, "bribe")
    assert next(e for e in ev if e.key == "citadels.ev.bribe").params["amount"] == 0


def test_rulebook_abbot_mixes() -> None:
    st = turn_of("abbot", city=["temple", "church", "monastery"])
    incomes = [a for a in _all_main(st) if a["type"] == "income"]
    assert incomes == [{"type": "income", "gold": g, "cards": 3 - g} for g in range(4)]


def test_rulebook_bishop_income_after_building() -> None:
    st = turn_of("bishop", gold=2, hand=["church"], city=["temple"])
    st, _ = act(st, 0, "build church")
    st, _ = act(st, 0, "income")
    assert st["seats"][0]["gold"] == 2


def test_rulebook_two_player_characters_own_turn_only() -> None:
    # the Architect's limit does not carry to the same player's Warlord turn
    st = situation(2)
    st = force_turn(st, 0, "architect", gold=20, hand=["temple", "tavern", "manor", "castle"])
    give_char(st, 0, "warlord")
    st, _ = act(st, 0, "build temple")
    st, _ = act(st, 0, "end")
    st, _ = act(st, 0, "gold")
    st, _ = act(st, 0, "build tavern")
    assert not [a for a in _all_main(st) if a["type"] == "build"]


def test_emperor_killed_advisor_gives_crown() -> None:
    st = situation(4)
    st = force_turn(st, 0, "assassin", cast=cast_with("emperor"))
    give_char(st, 2, "emperor")
    st["crown"] = 1
    st, _ = act(st, 0, "kill emperor")
    st, ev = act(st, 0, "end")
    d = prompt(st)
    assert d.kind == "citadels.decide.advisor" and d.seat == 2
    assert {c.action["seat"] for c in d.choices} == {0, 3}
    st, ev = act(st, 2, "crown p4")
    assert st["crown"] == 3 and "citadels.ev.advisor" in keys(ev) and st["round"] == 2


def test_tiebreak_highest_rank_last_round() -> None:
    st = situation(4)
    for i in range(4):
        set_seat(st, i, city=["temple"])
    st["seats"][0]["last_rank"] = 3
    st["seats"][1]["last_rank"] = 8
    st["seats"][2]["last_rank"] = 5
    st["seats"][3]["last_rank"] = 5
    rows = score_game(st)
    assert [(r["seat"], r["rank"]) for r in rows] == [(1, 1), (2, 2), (3, 2), (0, 4)]


def test_options_documented_and_defaults() -> None:
    for name, field in Options.model_fields.items():
        assert field.description, name
    assert Options().three_player_discard == "choose"
    assert not Options().great_wall_taxes_itself and not Options().warlord_own_completed
    with pytest.raises(ValueError):
        Options(bogus=1)  # type: ignore[call-arg]
    with pytest.raises(RuleError) as e:
        ENGINE.setup({"cast": "Z", "bogus": 1}, 4, 1)
    assert e.value.key == "citadels.err.options" and e.value.params["fields"] == "bogus, cast"


def test_magistrate_confiscation_pays_tax_and_counts_as_build() -> None:
    st = situation(5)
    st = force_turn(st, 1, "king", cast=cast_with("magistrate", "tax_collector"), gold=6,
                    hand=["castle"])
    st["rs"]["warrants"] = ["king", "bishop", "merchant"]
    st["rs"]["magistrate_seat"] = 0
    st["seats"][0]["secret"]["markers"]["signed"] = "king"
    set_seat(st, 0, gold=3)
    st, _ = act(st, 1, "build castle")
    st, ev = act(st, 0, "reveal")
    assert st["seats"][1]["gold"] == 6 and st["seats"][0]["gold"] == 2 and st["tax"] == 1
    assert not [a for a in _all_main(st) if a["type"] == "build"]


def test_big_turns_list_every_move_in_groups() -> None:
    # once folded into menus of 25; now one decision with every move, grouped for the bot
    st = situation(8)
    st = force_turn(st, 0, "warlord", gold=30, hand=["temple"])
    cities = [["manor", "castle", "palace", "church", "prison"],
              ["monastery", "cathedral", "barracks", "fortress", "market"]]
    for s in range(1, 8):
        set_seat(st, s, city=cities[s % 2])
    d = prompt(st)
    destroys = [c for c in d.choices if c.action["type"] == "destroy"]
    assert len(d.choices) > 25 and len(destroys) > 25
    assert {c.group for c in destroys} == {"ability"}
    assert any(c.action["seat"] == 3 and c.action["card"] == "monastery" for c in destroys)
    assert [c.action for c in d.choices if c.group == "build"] == [
        {"type": "build", "card": "temple"}]
    assert {g.key: g.private for g in d.groups}["build"] is True
    assert d.kind == "citadels.decide.turn" and not d.private
    st, _ = act(st, 0, "destroy p4 monastery")
    assert prompt(st).kind == "citadels.decide.turn"
    assert not [c for c in prompt(st).choices if c.action["type"] == "destroy"]
    st, _ = act(st, 0, "build temple")
    assert "temple" in [x["id"] for x in st["seats"][0]["city"]]


