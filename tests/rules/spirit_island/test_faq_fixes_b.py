"""FAQ fixes and requests of issue 13, each on a hand-built position: Habsburg 4's destroy made
damage meets badlands; Bargains of Power and Protection takes the first energy gained each turn
from any source; Tell the Old Stories regains a forgotten Unique Power; Seek Safety keeps
isolate; a dahan leaving by remove or replace ends a health that depends on dahan; a fear card
earned with a divider left on top of the fear deck; Flowing and Silent Forms' presence let go
is destroyed presence; the greedy player skips a repeat that changes nothing."""

from __future__ import annotations

from types import SimpleNamespace

from rules.core import Rng
from rules.spirit_island import actions as act
from rules.spirit_island import effects as fx
from rules.spirit_island import events, fear, policy, tokens
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island.state import new_game
from tests.rules.spirit_island.helpers import answer_exactly, settle
from tests.rules.spirit_island.test_faq import _event_effect, against
from tests.rules.spirit_island.test_fear import blank, place, resolve, show
from tests.rules.spirit_island.test_spirits import LIGHTNING, game, presence
from tests.rules.spirit_island.test_spirits_late import SHROUD, _darting

# --- Habsburg 4: a destroy made into 2 damage is damage ------------------------------------------


def _destroy_town(state, n=1):
    fx.push(state, [{"do": "destroy", "n": n, "kinds": ["town"]}], {"seat": None, "land": "A5"})
    settle(state)


def test_durable_town_destroy_without_badlands_is_two_damage_only():
    """Durable towns have health 4: a destroy is 2 damage, so a town with 1 damage lives on
    with 3 (no badlands to add the third point that would finish it)."""
    state = against("Habsburg", 4)
    state["lands"]["A5"]["town"] = [1]
    _destroy_town(state)
    assert state["lands"]["A5"]["town"] == [3]


def test_durable_towns_badlands_add_once_per_action():
    """Two destroys in one Action: the badlands add 1 to the first damage only, so the first
    town (1 damage) takes 3 and dies, the second (undamaged) takes 2 and lives."""
    state = against("Habsburg", 4)
    land = state["lands"]["A5"]
    land.update(town=[1, 0], badlands=1)
    _destroy_town(state, n=2)
    assert land["town"] == [2]


# --- Bargains of Power and Protection ---------------------------------------------------------------


def _bargained(energy, per_turn):
    state = game(LIGHTNING, clear=True)
    row = state["seats"][0]
    row.update(energy=energy, energy_per_turn=per_turn)
    return state, row


def _gain(state, n):
    fx.push(state, [{"do": "energy", "n": n}], {"seat": 0, "source": "test"})
    answer_exactly(state, [])


def test_bargains_takes_energy_gained_never_energy_held():
    """2 presence bargained: the first 2 energy gained each turn are not gained; a cost paid
    is not a gain and the energy held is untouched."""
    state, row = _bargained(5, -2)
    _gain(state, 1)
    assert row["energy"] == 5
    _gain(state, -3)  # paying is not gaining: nothing taken from it
    assert row["energy"] == 2
    _gain(state, 3)  # 1 more taken, then 2 gained
    assert row["energy"] == 4
    _gain(state, 2)  # the turn's 2 are taken: gained in full
    assert row["energy"] == 6


def test_bargains_takes_its_energy_again_the_next_turn():
    state, row = _bargained(0, -1)
    _gain(state, 1)
    assert row["energy"] == 0
    act.time_passes(state)
    _gain(state, 2)
    assert row["energy"] == 1


# --- Tell the Old Stories -----------------------------------------------------------------------------


def _old_stories(state):
    fx.push(state, _event_effect("Tell the Old Stories"), {"seat": None, "source": "event"})


def _with_dahan(state, n=2):
    where = next(name for name, land in state["lands"].items() if land["presence"])
    state["lands"][where]["dahan"] = [0] * n


def test_a_card_forgotten_is_recorded_as_forgotten():
    state = game(LIGHTNING, clear=True)
    row = state["seats"][0]
    card = row["hand"][0]
    fx.push(state, [{"do": "forget"}], {"seat": 0, "source": "a Major gained"})
    answer_exactly(state, [card])
    assert card not in row["hand"] and row["forgotten"] == [card]


def test_tell_the_old_stories_may_reclaim_instead():
    """The other choice: reclaim a card from the discard (the forgotten one stays)."""
    state = game(LIGHTNING, clear=True)
    row = state["seats"][0]
    unique, other = row["hand"][:2]
    row["hand"].remove(unique)
    row["hand"].remove(other)
    row["forgotten"], row["discard"] = [unique], [other]
    _with_dahan(state)
    _old_stories(state)
    answer_exactly(state, [other])
    assert other in row["hand"] and row["forgotten"] == [unique] and row["discard"] == []


def test_tell_the_old_stories_offers_no_forgotten_minor_and_needs_two_dahan():
    """Only a Unique Power comes back; and a spirit with fewer than 2 dahan in its lands
    gets nothing."""
    state = game(LIGHTNING, clear=True)
    row = state["seats"][0]
    minor = next(n for n, c in pw.CARDS.items() if c.get("deck") == "minor")
    row["forgotten"] = [minor]
    _with_dahan(state)
    hand = list(row["hand"])
    _old_stories(state)
    answer_exactly(state, [])
    assert row["hand"] == hand and row["forgotten"] == [minor]
    unique = row["hand"].pop(0)
    row["forgotten"] = [unique]
    for land in state["lands"].values():
        land["dahan"] = [0] if land["presence"] else []
    _old_stories(state)
    answer_exactly(state, [])
    assert unique not in row["hand"]


# --- Seek Safety keeps isolate ------------------------------------------------------------------------


def test_seek_safety_pushes_only_where_isolate_allows():
    """Level 1: an explorer is pushed into an adjacent land with more towns/cities; A1 is
    isolated, so the explorer in A5 goes to A6, the other busier land."""
    state = blank()
    for name, pieces in {"A5": "E", "A1": "T", "A6": "T"}.items():
        place(state, name, pieces)
    tokens.isolate(state, "A1")
    resolve(state, "Seek Safety", 1)
    assert {n: show(state, n) for n in ("A1", "A5", "A6")} == {"A1": "T", "A5": "", "A6": "TE"}


def test_seek_safety_pushes_nothing_out_of_an_isolated_land():
    state = blank()
    for name, pieces in {"A5": "E", "A1": "T"}.items():
        place(state, name, pieces)
    tokens.isolate(state, "A5")
    resolve(state, "Seek Safety", 1)
    assert {n: show(state, n) for n in ("A1", "A5")} == {"A1": "T", "A5": "E"}


# --- a health that depends on dahan ends when they are removed or replaced ------------------------

REMNANTS = "Remnants of a Spirit's Heart"


def _town_kept_alive_by_a_dahan():
    """Remnants of a Spirit's Heart (invaders +1 health where there are dahan): a town with 2
    damage lives in A5 only while its dahan is there."""
    state = new_game(2, 4)
    state.update(queue=[], phase="slow", turn=2)
    for name in state["lands"]:
        state["lands"][name] = pcs.empty_land()
    land = state["lands"]["A5"]
    pcs.add(land, "town")
    pcs.add(land, "dahan")
    fx.push(state, events.EVENTS[REMNANTS]["options"][0]["effect"],
            {"seat": None, "source": REMNANTS})
    settle(state, exact=False)
    land["town"] = [2]
    return state, land


def test_a_dahan_removed_ends_the_towns_extra_health():
    state, land = _town_kept_alive_by_a_dahan()
    fx.push(state, [{"do": "remove", "n": 1, "kinds": ["dahan"]}], {"seat": 0, "land": "A5"})
    settle(state)
    assert land["dahan"] == [] and land["town"] == []


def test_a_dahan_replaced_ends_the_towns_extra_health():
    state, land = _town_kept_alive_by_a_dahan()
    act.replace(state, land, "dahan", "explorer")
    assert land["explorer"] == [0] and land["town"] == []


def test_a_dahan_replaced_by_nothing_ends_the_towns_extra_health():
    state, land = _town_kept_alive_by_a_dahan()
    fx.push(state, [{"do": "replace", "from": "dahan"}], {"seat": 0, "land": "A5"})
    settle(state)
    assert land["town"] == []


def test_a_dahan_removed_by_a_fear_card_ends_the_towns_extra_health():
    state, land = _town_kept_alive_by_a_dahan()
    fx.push(state, [{"do": "remove_health", "n": 2, "kinds": ["dahan"]}],
            {"seat": 0, "land": "A5"})
    settle(state)
    assert land["dahan"] == [] and land["town"] == []


# --- the fear deck: an entry left on top ------------------------------------------------------------


def _deck_with(state, second):
    cards = [c for c in state["secret"]["fear_deck"] if c in fear.CARDS]
    state["secret"]["fear_deck"] = [cards[0], second, *cards[1:4]]
    return cards


def _earn_a_card(state):
    return fear.earn(state, state["fear"]["pool"])


def test_fear_card_earned_below_a_divider_the_event_left_on_top():
    """Weave Lies in the Minds of their Observers returns the top fear card to the box: the
    Terror Level II divider under it is then on top, and the next card earned is the one
    below the divider, at Terror Level II."""
    state = blank()
    cards = _deck_with(state, "divider:2")
    fx.push(state, [{"do": "fear_deck", "op": "return_top"}], {"seat": None, "source": "event"})
    answer_exactly(state, [])
    assert _earn_a_card(state) == [cards[1]]
    assert fear.terror_level(state) == 2 and state["fear"]["earned_cards"] == [cards[1]]


def test_fear_card_earned_below_russias_invader_card_left_on_top():
    state = blank()
    state.setdefault("track", {}).setdefault("build", [])
    cards = _deck_with(state, "invader:2:wetland")
    fx.push(state, [{"do": "fear_deck", "op": "return_top"}], {"seat": None, "source": "event"})
    answer_exactly(state, [])
    assert _earn_a_card(state) == [cards[1]]
    assert "2:wetland" in state["track"]["build"]


# --- Flowing and Silent Forms Dart By: let go, the presence is destroyed presence -----------------


def test_presence_let_go_after_flowing_and_silent_forms_is_destroyed_presence():
    state = _darting("A5", stone=False)
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": None, "land": "A5", "source": "an event"})
    answer_exactly(state, [fx.DONE])  # Shroud lets it be destroyed
    assert presence(state) == {"A6": 1} and state["seats"][0]["destroyed"] == 1
    state["lands"]["A5"].update(presence={SHROUD: 1}, blight=0)  # no cascade this time
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": None, "land": "A5", "source": "an event"})
    answer_exactly(state, ["A7"])  # pushed: not destroyed
    assert presence(state) == {"A6": 1, "A7": 1} and state["seats"][0]["destroyed"] == 1


# --- the greedy player and a repeat that changes nothing -------------------------------------------


class _SelfRepeat:
    """A stand-in engine: seat 0 may repeat a power (paying 3 energy) or be done; the repeat
    then targets a spirit, which gains 3 energy and a new repeat. Targeting itself brings the
    seat back where it was (Powerstorm); targeting seat 1 gives seat 1 the energy."""

    def decisions(self, state):
        if state.get("target"):
            options = [{"type": "target_spirit", "option": s} for s in (0, 1)]
        else:
            options = [{"type": "resolve", "option": ["repeat", "Powerstorm"]},
                       {"type": "resolve", "option": "done"}]
        return [SimpleNamespace(seat=0, choices=[SimpleNamespace(action=a) for a in options])]

    def apply(self, state, seat, action):
        after = fx.clone(state)
        after["step"] = state.get("step", 0) + 1
        if action["option"] == "done":
            after["done"] = True
        elif action["type"] == "resolve":
            after["seats"][0]["energy"] -= 3
            after["target"] = True
        else:
            after["seats"][action["option"]]["energy"] += 3
            after.pop("target")
        return after, []


def _position(energy_0, energy_1):
    return {"seats": [{"energy": energy_0}, {"energy": energy_1}], "lands": {},
            "fear": {"terror_level": 1}}


def test_greedy_player_skips_a_repeat_that_changes_nothing():
    engine = _SelfRepeat()
    repeat = {"type": "resolve", "option": ["repeat", "Powerstorm"]}
    state = _position(3, 0)
    assert policy.idle_repeat(engine, state, 0, repeat)  # the player would target itself
    for seed in range(5):
        _, action = policy.choose(engine, state, engine.decisions(state), Rng(seed), "greedy")
        assert action["option"] == "done"


def test_a_repeat_that_changes_the_position_is_not_idle():
    class _Generous(_SelfRepeat):
        def decisions(self, state):
            if state.get("target"):  # only the other spirit may be targeted
                return [SimpleNamespace(seat=0, choices=[SimpleNamespace(
                    action={"type": "target_spirit", "option": 1})])]
            return super().decisions(state)

    repeat = {"type": "resolve", "option": ["repeat", "Powerstorm"]}
    assert not policy.idle_repeat(_Generous(), _position(3, 0), 0, repeat)
