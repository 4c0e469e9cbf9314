"""Pieces: health and damage (errata B3), destroy vs remove (B6), dahan, presence, and the
blight card (B1, B2)."""

import pytest

from rules.spirit_island import fear
from rules.spirit_island import pieces as p
from rules.spirit_island.state import new_state


def land_with(**kinds):
    land = p.empty_land()
    for kind, n in kinds.items():
        p.add(land, kind, n)
    return land


@pytest.mark.parametrize(
    ("kind", "health"), [("explorer", 1), ("town", 2), ("city", 3), ("dahan", 2)]
)
def test_a_piece_dies_when_its_damage_reaches_its_health(kind, health):
    state = {}
    land = land_with(**{kind: 1})
    for _ in range(health - 1):
        p.damage(state, land, kind, 1)
    assert p.count(land, kind) == 1 and land[kind] == [health - 1]
    p.damage(state, land, kind, 1)
    assert p.count(land, kind) == 0


def test_damage_beyond_health_is_not_used_up():
    land = land_with(town=2)
    assert p.damage({}, land, "town", 5) == 2
    assert land["town"] == [0]


def test_damage_heals_at_time_passes():
    land = land_with(city=1, dahan=1)
    p.damage({}, land, "city", 2)
    p.damage({}, land, "dahan", 1)
    p.heal(land)
    assert land["city"] == [0] and land["dahan"] == [0]
    p.damage({}, land, "city", 2)
    assert p.count(land, "city") == 1  # healed: 2 more damage no longer kills it


def test_destroying_gives_fear_removing_does_not():
    state = {"fear_earned": 0}
    land = land_with(town=2, city=1, explorer=1)
    p.destroy(state, land, "town")
    p.destroy(state, land, "city")
    p.destroy(state, land, "explorer")
    assert state["fear_earned"] == 3
    p.remove(land, "town")
    assert state["fear_earned"] == 3 and p.invader_count(land) == 0


@pytest.mark.parametrize(("amount", "left"), [(1, [1, 0]), (2, [0]), (3, [1]), (4, [])])
def test_invader_damage_destroys_as_many_dahan_as_possible(amount, left):
    land = land_with(dahan=2)
    p.damage_dahan({}, land, amount)
    assert sorted(land["dahan"], reverse=True) == left


def test_damage_to_dahan_finishes_a_hurt_one_first():
    land = land_with(dahan=2)
    land["dahan"] = [0, 1]
    p.damage_dahan({}, land, 1)
    assert land["dahan"] == [0]


def test_presence_and_sacred_sites():
    land = p.empty_land()
    p.add_presence(land, "river")
    assert not p.is_sacred_site(land, "river")
    p.add_presence(land, "river")
    assert p.is_sacred_site(land, "river")
    p.destroy_presence(land, "river")
    p.destroy_presence(land, "river")
    assert land["presence"] == {}


def card_state(players, deck, side="healthy", pool=None):
    card = p.new_blight_card(players, deck)
    card["side"] = side
    if pool is not None:
        card["pool"] = pool
    return {"boards": list("ABCD"[:players]), "blight_card": card}


def test_healthy_card_holds_two_per_player_plus_one():
    assert p.new_blight_card(3, ["Tipping Point"])["pool"] == 7


def test_sixteen_blight_cards_two_of_them_still_healthy():
    backs = [back for back, _ in p.BLIGHT_CARDS.values()]
    assert len(backs) == 16 and backs.count(p.STILL_HEALTHY) == 2


def test_taking_the_last_healthy_blight_flips_at_once_and_is_no_loss():
    state = card_state(2, ["Memory Fades to Dust", "Tipping Point"])
    for _ in range(4):
        p.take_blight(state)
    assert state["blight_card"]["pool"] == 1 and state["blight_card"]["side"] == "healthy"
    p.take_blight(state)
    assert state["blight_card"] == {
        "name": "Memory Fades to Dust",
        "side": "blighted",
        "pool": 8,  # 4 per player
        "deck": ["Tipping Point"],
    }
    assert "lost" not in state


def test_the_loss_comes_when_the_blighted_card_holds_no_blight():
    state = card_state(1, ["Tipping Point"], side="blighted", pool=2)
    p.take_blight(state)
    assert "lost" not in state  # one left on the card: play on (errata B1)
    p.take_blight(state)
    assert state["lost"] == "blight"


def test_a_still_healthy_card_running_out_draws_the_next_cards_back():
    deck = ["Strong Earth Shatters Slowly", "Erosion of Will"]
    state = card_state(2, deck, side=p.STILL_HEALTHY, pool=1)
    p.take_blight(state)
    assert "lost" not in state
    card = state["blight_card"]
    assert (card["name"], card["side"], card["pool"]) == ("Erosion of Will", "blighted", 6)


def test_still_healthy_then_still_healthy_again():
    deck = ["Tipping Point", "Invaders Find the Land to Their Liking", "Tipping Point"]
    state = card_state(1, deck, side=p.STILL_HEALTHY, pool=1)
    p.take_blight(state)
    assert state["blight_card"]["side"] == p.STILL_HEALTHY and state["blight_card"]["pool"] == 2


def test_removed_blight_returns_to_the_card_which_never_flips_back():
    state = card_state(1, ["Tipping Point"], side="blighted", pool=3)
    land = p.empty_land()
    land["blight"] = 2
    p.return_blight(state, land, 5)  # only what is there
    assert land["blight"] == 0
    assert state["blight_card"]["side"] == "blighted" and state["blight_card"]["pool"] == 5


# --- tokens as counts, strife per piece ------------------------------------------------------


def test_land_tokens_are_counts_added_and_removed_without_fear():
    state = {"fear_earned": 0}
    land = land_with(beasts=2, disease=1, wilds=1, badlands=3)
    assert [p.count(land, k) for k in p.LAND_TOKENS] == [2, 1, 1, 3]
    p.remove(land, "beasts")
    assert p.count(land, "beasts") == 1 and state["fear_earned"] == 0
    p.remove(land, "wilds")
    with pytest.raises(ValueError):
        p.remove(land, "wilds")


def test_take_and_put_carry_damage_and_strife():
    land = land_with(town=2)
    land["town"][1] = 1
    land["strife"]["town"][1] = 2
    assert p.take(land, "town") == (1, 2)
    assert land["town"] == [0] and land["strife"]["town"] == [0]
    p.put(land, "city", 1, 1)
    assert land["city"] == [1] and land["strife"]["city"] == [1]
    assert p.take(land_with(dahan=1), "dahan") == (0, 0)


def test_sorting_keeps_each_piece_with_its_strife():
    land = land_with(town=3)
    land["town"][:] = [0, 1, 1]
    land["strife"]["town"][:] = [3, 1, 0]
    p.sort_pieces(land, "town")
    assert land["town"] == [1, 1, 0] and land["strife"]["town"] == [0, 1, 3]


def test_a_saved_dahan_loses_its_damage_and_takes_no_more_from_the_action():
    land = land_with(dahan=2)
    assert p.damage_dahan({}, land, 4, save=1) == 1
    assert land["dahan"] == [0]  # the other took the rest and died


def test_destroying_feeds_the_fear_pool_once_there_is_one():
    state = new_state(["A"], seed=3)
    fear.new_fear(state, 1)
    land = land_with(city=1, town=1)
    p.destroy(state, land, "city")
    p.destroy(state, land, "town")
    assert state["fear"]["pool"] == 1 and state["fear"]["earned"] == 3
    assert state["fear_earned"] == 3  # the running tally
