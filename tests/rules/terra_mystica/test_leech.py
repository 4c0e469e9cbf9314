"""Power offers: amounts, caps, order, several at once, auto-decline, strict order."""

from __future__ import annotations

from tests.rules.terra_mystica.helpers import E, fails, fs, new_game, play, put, tweak


def three() -> dict:
    """Witches F4/E9, Halflings E6/F7, Nomads F3/G4/A5; Witches act first."""
    return new_game(["witches", "halflings", "nomads"],
                    ["F4", "E6", "F3", "G4", "F7", "E9", "A5"])


def test_offer_goes_to_every_neighbour_at_once_in_seating_order() -> None:
    st = three()
    st = play(st, "witches", "upgrade F4 to TP")
    offers = [(o["to"], o["amount"]) for o in st["offers"]]
    assert offers == [("halflings", 1), ("nomads", 1)]
    kinds = [(d.kind, d.seat) for d in E.decisions(st)]
    assert ("leech", 1) in kinds and ("leech", 2) in kinds and ("turn", 1) in kinds


def test_amount_sums_the_receivers_adjacent_buildings() -> None:
    st = put(three(), "nomads", "F3", "TE")
    st = tweak(put(st, "nomads", "G2"), "witches", C=20)
    st = play(st, "witches", "upgrade F4 to TP")
    nomads = [o for o in st["offers"] if o["to"] == "nomads"][0]
    assert nomads["amount"] == 3
    view = E.view(st, None)["pending"]
    assert {"faction": "nomads", "kind": "leech", "from": "witches", "amount": 3,
            "actual": 3, "vp_cost": 2} in view


def test_capacity_caps_the_gain_and_its_vp_cost() -> None:
    st = tweak(put(three(), "halflings", "E6", "TE"), "halflings", P1=0, P2=1, P3=11)
    st = play(st, "witches", "upgrade F4 to TP")
    vp = fs(st, "halflings")["VP"]
    st = play(st, "halflings", "leech 2 from witches")
    assert fs(st, "halflings")["P3"] == 12 and fs(st, "halflings")["VP"] == vp


def test_vp_can_never_go_below_zero() -> None:
    st = tweak(put(three(), "halflings", "E6", "SH"), "halflings", VP=1, P1=5, P2=7, P3=0)
    st = play(st, "witches", "upgrade F4 to TP")
    st = play(st, "halflings", "leech 3 from witches")
    assert fs(st, "halflings")["VP"] == 0 and fs(st, "halflings")["P2"] == 7 + 2


def test_acting_declines_open_offers() -> None:
    st = play(three(), "witches", "upgrade F4 to TP")
    st = play(st, "halflings", "pass BON9")
    assert all(o["to"] != "halflings" for o in st["offers"])
    assert fails(st, "halflings", "leech 1 from witches") == "terra_mystica.invalid_leech"


def test_strict_leech_answers_older_offers_first() -> None:
    st = play(three(), "witches", "upgrade F4 to TP")
    st = play(st, "halflings", "decline 1 from witches")
    st = play(st, "halflings", "upgrade E6 to TP")
    assert [o["from"] for o in st["offers"] if o["to"] == "nomads"] == ["witches", "halflings"]
    st = play(st, "nomads", "leech 1 from halflings")
    assert fails(st, "nomads", "leech 1 from witches") == "terra_mystica.leech_order"
    st2 = play(st, "nomads", "decline 1 from witches")
    assert not [o for o in st2["offers"] if o["to"] == "nomads"]


def test_loose_leech_takes_any_order() -> None:
    st = new_game(["witches", "halflings", "nomads"],
                  ["F4", "E6", "F3", "G4", "F7", "E9", "A5"], strict_leech=False)
    st = play(st, "witches", "upgrade F4 to TP")
    st = play(st, "halflings", "decline 1 from witches")
    st = play(st, "halflings", "upgrade E6 to TP")
    st = play(st, "nomads", "leech 1 from halflings")
    st = play(st, "nomads", "leech 1 from witches")
    assert not [o for o in st["offers"] if o["to"] == "nomads"]


def test_round_waits_for_open_offers() -> None:
    st = new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"])
    st = play(st, "witches", "pass BON9")
    st = play(st, "halflings", "upgrade E6 to TP")
    st = play(st, "halflings", "pass BON8")
    assert st["round"] == 1 and st["active"] is None
    st = play(st, "witches", "leech 1 from halflings")
    assert st["round"] == 2


def test_no_offers_during_initial_placement() -> None:
    st = new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"])
    assert st["offers"] == []


def test_turn_decision_key_survives_other_seats_replies() -> None:
    st = play(three(), "witches", "upgrade F4 to TP")
    key = [d.key for d in E.decisions(st) if d.kind == "turn"][0]
    st = play(st, "nomads", "leech 1 from witches")
    assert [d.key for d in E.decisions(st) if d.kind == "turn"] == [key]
    st = play(st, "halflings", "pass BON9")
    assert [d.key for d in E.decisions(st) if d.kind == "turn"] != [key]


def _pass_out_of_seat_order(**options) -> dict:
    st = new_game(["witches", "halflings", "nomads"],
                  ["F4", "E6", "F3", "G4", "F7", "E9", "A5"], **options)
    st = play(st, "witches", "pass BON9")
    st = play(st, "halflings", "dig 1. build E5")
    for offer in list(st["offers"]):
        st = play(st, offer["to"], f"decline {offer['amount']} from halflings")
    st = play(st, "nomads", "pass BON1")
    return play(st, "halflings", "pass BON2")


def test_next_round_starts_with_the_first_to_pass_then_clockwise() -> None:
    st = _pass_out_of_seat_order()
    assert st["round"] == 2 and st["turn_order"] == ["witches", "halflings", "nomads"]


def test_variable_turn_order_follows_the_pass_order() -> None:
    st = _pass_out_of_seat_order(variable_turn_order=True)
    assert st["round"] == 2 and st["turn_order"] == ["witches", "nomads", "halflings"]


def test_an_offer_worth_nothing_is_listed_as_decline_only() -> None:
    """Notation spec 5.4: a log prints `decline N from X` for an offer of actual value 0."""
    st = tweak(put(three(), "halflings", "E6", "TE"), "halflings", P1=0, P2=0, P3=12)
    st = play(st, "witches", "upgrade F4 to TP")
    d = next(d for d in E.decisions(st) if d.kind == "leech")
    assert [c.text for c in d.choices] == ["decline 2 from witches"]
    assert d.params["actual"] == 0
    st = play(st, "halflings", "decline 2 from witches")
    assert all(o["to"] != "halflings" for o in st["offers"])
