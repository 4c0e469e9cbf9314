"""The expansion's listed choices are all legal, and cover its actions."""

from __future__ import annotations

import pytest

from rules.terra_mystica.moves import turn_choices
from rules.terra_mystica.state import copy_state
from tests.rules.terra_mystica.helpers import E, play
from tests.rules.terra_mystica.test_merchants_ships import game, with_


def listed(st: dict) -> list[str]:
    (d,) = [d for d in E.decisions(st) if d.kind == "turn"]
    return [c.text for c in d.choices]


def rich() -> dict:
    st = with_(game(), "cultists", ship=1, ships=["r15", "r14"], P=1, P1=0, P2=2, P3=6, W=9, C=20)
    st["buildings"]["B2"] = ["cultists", "TP"]
    st["buildings"]["F3"] = ["nomads", "TE"]
    st["factions"]["cultists"]["built"].update({"TP": 1})
    return st


def test_expansion_actions_are_listed() -> None:
    texts = listed(rich())
    for want in (
        "action ACTM1",
        "action ACTM2",
        "action ACTM3",
        "upgrade B2 to SY",
        "move r14-D3",
        "move r14-r21-F3/PW",
        "move r14-r21-F3/EARTH",
        "move r15-r9",
    ):
        assert want in texts, want
    assert "upgrade E6 to SY" not in texts  # a dwelling, not a trading house


@pytest.mark.parametrize("start", ["listed", "after_move"])
def test_every_listed_expansion_choice_applies(start: str) -> None:
    st = rich()
    if start == "after_move":
        st = E.apply(st, 0, E.parse(st, 0, "move r14-r8"))[0]
        st = with_(st, "nomads", ships=["r21"], ship=1, P3=5)
        name, seat = "nomads", 1
    else:
        name, seat = "cultists", 0
    texts = [
        t
        for t in listed(st)
        if t.startswith(("move", "action ACTM", "action SY", "upgrade B2 to SY"))
    ]
    assert texts
    for text in texts:
        after = E.apply_held(copy_state(st), seat, E.parse(st, seat, text))[0]
        need = after["turn"]["need"] if after["turn"] else {}
        for follow in (
            d
            for d in E.decisions(after)
            if d.seat == seat and any(need.get(k) for k in ("SHIP", "SHIP_SY", "MOVE", "FAVOR"))
        ):
            for c in follow.choices[:6]:
                E.apply_held(copy_state(after), seat, c.action)
        assert name in after["factions"]


def test_a_move_need_lists_moves() -> None:
    st = with_(rich(), "cultists", P3=4)
    st = E.apply_held(st, 0, E.parse(st, 0, "action ACTM1"))[0]
    texts = listed(st)
    assert texts[-1] == "-MOVE" and "move r15-r9" in texts


# -- the Nomads' sandstorm next to a ship (seed L615) -----------------------------------


def nomads_with_stronghold(**values) -> dict:
    st = game()
    st["buildings"]["F3"] = ["nomads", "SH"]
    st["factions"]["nomads"]["built"].update({"D": 2, "SH": 1})
    st = play(st, "cultists", "pass BON7")
    return with_(st, "nomads", **values)


def test_the_sandstorm_lists_the_spaces_next_to_a_ship_paid_by_it() -> None:
    st = nomads_with_stronghold(ships=["r8"])
    texts = [c.text for c in turn_choices(st, "nomads")]
    by_ship = [t for t in texts if t.startswith("action ACTN") and " by " in t]
    # r8's shore: B2 (plains), C1 (swamp), C2 (mountains); D3 is the Nomads' own dwelling
    assert by_ship == [
        "action ACTN. build B2 by r8",
        "action ACTN. build C1 by r8",
        "action ACTN. build C2 by r8",
    ]
    for text in by_ship:  # each one is legal: desert, a dwelling, the ship spent
        hex_id = text.split()[3]
        after = play(st, "nomads", text)
        assert after["buildings"][hex_id] == ["nomads", "D"]
        assert after["terrain"][hex_id] == "yellow" and after["factions"]["nomads"]["ships"] == []
    opened = E.apply_held(st, 1, E.parse(st, 1, "action ACTN"))[0]
    listed = [c.text for c in turn_choices(opened, "nomads")]
    assert "build B2 by r8" in listed and listed[-1] == "-FREE_TF"


def test_no_ship_or_no_dwelling_left_lists_no_sandstorm_by_ship() -> None:
    bare = [c.text for c in turn_choices(nomads_with_stronghold(ships=[]), "nomads")]
    assert not any(" by " in t for t in bare)
    st = nomads_with_stronghold(ships=["r8"])
    st["factions"]["nomads"]["built"]["D"] = 8
    assert not any(" by " in c.text for c in turn_choices(st, "nomads"))


def test_other_factions_get_no_sandstorm_by_ship() -> None:
    from rules.terra_mystica.merchants.choices import sandstorm_ship_texts

    st = nomads_with_stronghold(ships=["r8"])
    st["factions"]["cultists"]["ships"] = ["r8"]
    assert sandstorm_ship_texts(st, "cultists") == []
    assert len(sandstorm_ship_texts(st, "nomads")) == 3


# -- a dwelling paid with a ship or merchant (seed L317, L406-410) ------------------------


def test_a_dwelling_paid_with_a_ship_is_listed_and_each_such_choice_is_legal() -> None:
    st = with_(game(), "cultists", ship=0, ships=["r8", "r14"], W=9, C=20)
    texts = listed(st)
    paid = [t for t in texts if " by r" in t]
    # B2 (plains) lies on r8; C2 (mountains) on r8 and r14, one spade and two more via dig
    assert "build B2 by r8" in paid
    assert not any(t.startswith("build B2 by r14") for t in paid)  # r14 is not B2's river
    for text in paid:
        after = play(st, "cultists", text)
        hex_id = text.split("build ")[1].split()[0]
        river = text.rsplit(" ", 1)[1]
        assert after["buildings"][hex_id] == ["cultists", "D"]
        left = list(st["factions"]["cultists"]["ships"])
        left.remove(river)
        assert sorted(after["factions"]["cultists"]["ships"]) == sorted(left)


def test_no_ship_next_to_a_space_no_paid_choice() -> None:
    st = with_(game(), "cultists", ship=0, ships=[], W=9, C=20)
    assert not any(" by " in t for t in listed(st))


def test_a_merchant_pays_a_dwelling_on_its_own_space_as_a_choice() -> None:
    from tests.rules.terra_mystica.test_merchants_walkers import example

    st = example()
    name = st["active"]
    st = with_(st, name, ships=["A2", "G2"], W=9, C=20)  # a merchant on the empty G2
    merchants = st["factions"][name]["ships"]
    texts = [c.text for c in turn_choices(st, name)]
    paid = [t for t in texts if t.endswith("by merchant")]
    assert paid and all(" G2 " in f" {t} " for t in paid)
    for text in paid:
        hex_id = text.split("build ")[1].split()[0]
        assert hex_id in merchants
        after = play(st, name, text)
        assert after["buildings"][hex_id] == [name, "D"]
