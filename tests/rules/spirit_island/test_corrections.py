"""Manual corrections ("fix"): any seat adds, removes or moves a piece with a public reason;
the game's invariants hold, the open decisions stay as they were, nonsense is refused in
both languages, the notation reads both ways, and the platform's undo takes a fix back."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.i18n import t
from bot.table import Refusal, TableService
from rules.core import Rng, RuleError, dump_state
from rules.spirit_island import pieces as pcs
from rules.spirit_island.checks import problems
from rules.spirit_island.engine import SpiritIsland
from rules.spirit_island.messages import MESSAGES
from storage import open_store

from .helpers import place, show_invaders

RIVER, SHADOWS = "River Surges in Sunlight", "Shadows Flicker Like Flame"
ENGINE = SpiritIsland()


def fresh(seed: int = 1) -> dict:
    state = ENGINE.setup({"spirits": [RIVER, SHADOWS], "boards": ["A", "B"]}, 2, seed)
    for land in state["lands"].values():  # a blank island, pieces placed by each test
        for kind in (*pcs.INVADERS, "dahan"):
            land[kind] = []
        land["strife"] = {k: [] for k in pcs.INVADERS}
        land["blight"] = 0
        for token in pcs.LAND_TOKENS:
            land[token] = 0
    place(state, "B1", "CTE")  # invaders left elsewhere: no fix here wins the game
    return state


def fix(op, piece, land, reason="the group agreed", **more) -> dict:
    return {"type": "fix", "op": op, "piece": piece, "land": land, "reason": reason, **more}


def refused(state, action, seat=0) -> RuleError:
    with pytest.raises(RuleError) as info:
        ENGINE.apply(state, seat, action)
    err = info.value
    for lang in ("en", "ko"):  # explained in both languages, every name filled
        text = t(err.key, lang, **err.params)
        assert "{" not in text and err.key not in text, (lang, text)
    return err


def decisions(state) -> list:
    return [d.model_dump() for d in ENGINE.decisions(state)]


def test_adding_a_missed_town_is_public_and_leaves_the_decisions_open():
    state = fresh()
    before = dump_state(state)
    new, events = ENGINE.apply(state, 1, fix("add", "town", "A5", "the build was missed"))
    assert dump_state(state) == before  # the input state is untouched
    assert show_invaders(new, "A5") == "T"
    assert new["lands"]["A5"]["town"] == [0]  # an undamaged town from the supply
    assert decisions(new) == decisions(state)
    assert new["step"] == state["step"]
    [event] = events
    assert event.key == "spirit_island.fix" and event.seat is None and not event.reveal
    assert event.params["s"] == 1 and event.params["reason"] == "the build was missed"
    for lang, words in (("en", ("town", "A5", "the build was missed")),
                        ("ko", ("마을", "A5", "the build was missed"))):
        text = t("spirit_island.fix", lang, **event.params)
        assert "{" not in text and all(w in text for w in words), text


def test_every_seat_may_fix_at_every_point_without_answering_anything():
    """Along a random game: a fix from each seat, whoever is deciding, changes only the land
    it names; the same decisions stay open (same keys, same choices)."""
    state = ENGINE.setup({}, 2, 5)
    rng = Rng(5)
    phases, idle = set(), 0
    for move in range(160):
        if ENGINE.result(state) is not None:
            break
        if move % 8 == 0:
            phases.add(state["phase"])
            idle += len({0, 1} - {d.seat for d in ENGINE.decisions(state)})
            for seat in (0, 1):
                new, _ = ENGINE.apply(state, seat, fix("add", "beasts", "A7"))
                assert new["lands"]["A7"]["beasts"] == state["lands"]["A7"]["beasts"] + 1
                assert decisions(new) == decisions(state)
                rest_new = {k: v for k, v in new.items() if k != "lands"}
                rest_old = {k: v for k, v in state.items() if k != "lands"}
                assert dump_state(rest_new) == dump_state(rest_old)
        decision = rng.choice(ENGINE.decisions(state))
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
    # the Spirit phase, an Invader step, and a seat with nothing to decide were all tried
    assert {"spirit", "invader"} <= phases and idle, (phases, idle)


def test_a_fix_cannot_answer_a_decision():
    state = fresh()
    open_before = decisions(state)
    assert open_before  # both spirits choose their growth
    # the fix shape with an answer in it is refused; a fix never counts as a choice
    err = refused(state, {**fix("add", "town", "A5"), "option": 0})
    assert err.key == "spirit_island.err.fix.shape"
    new, _ = ENGINE.apply(state, 0, fix("add", "town", "A5"))
    assert decisions(new) == open_before
    # the decision is still answered the ordinary way afterwards
    choice = ENGINE.decisions(new)[0].choices[0]
    after, _ = ENGINE.apply(new, 0, choice.action)
    assert decisions(after) != open_before


def test_moved_pieces_keep_their_damage_and_strife_and_the_plainest_go_first():
    state = fresh()
    land = state["lands"]["A5"]
    land["dahan"] = [1, 0, 0]  # one dahan hurt this turn
    land["town"] = [1]
    land["strife"]["town"] = [2]
    new, _ = ENGINE.apply(state, 0, fix("move", "dahan", "A5", to="A6", count=2))
    assert new["lands"]["A5"]["dahan"] == [1] and new["lands"]["A6"]["dahan"] == [0, 0]
    new, _ = ENGINE.apply(new, 0, fix("move", "town", "A5", to="A6"))
    assert new["lands"]["A6"]["town"] == [1] and new["lands"]["A6"]["strife"]["town"] == [2]
    assert new["lands"]["A5"]["town"] == []
    new, _ = ENGINE.apply(new, 1, fix("remove", "dahan", "A5"))
    assert new["lands"]["A5"]["dahan"] == []
    assert new.get("fear_earned", 0) == state.get("fear_earned", 0)  # removal: no fear
    assert new["fear"] == state["fear"]


def test_blight_comes_from_and_goes_back_to_the_blight_card():
    state = fresh()
    pool = state["blight_card"]["pool"]  # 2 per player + 1 on the healthy side
    assert pool == 5
    new, _ = ENGINE.apply(state, 0, fix("add", "blight", "A5", count=2))
    assert new["lands"]["A5"]["blight"] == 2 and new["blight_card"]["pool"] == 3
    new, _ = ENGINE.apply(new, 0, fix("move", "blight", "A5", to="A4"))
    assert new["blight_card"]["pool"] == 3  # moving blight takes none from the card
    assert (new["lands"]["A5"]["blight"], new["lands"]["A4"]["blight"]) == (1, 1)
    new, _ = ENGINE.apply(new, 0, fix("remove", "blight", "A4"))
    assert new["lands"]["A4"]["blight"] == 0 and new["blight_card"]["pool"] == 4
    assert problems(state, new) == []
    # taking the card's last blight would turn it over: refused
    err = refused(new, fix("add", "blight", "A5", count=4))
    assert err.key == "spirit_island.err.fix.blight_card"
    assert new["blight_card"]["side"] == "healthy"


def test_presence_comes_from_a_track_and_goes_to_destroyed_or_back():
    state = fresh()
    row = state["seats"][0]
    assert row["tracks"] == {"energy": 0, "card_plays": 0}
    new, events = ENGINE.apply(state, 1, fix("add", "presence", "A4", spirit=RIVER))
    assert new["lands"]["A4"]["presence"] == {RIVER: 1}
    assert new["seats"][0]["tracks"] == {"energy": 1, "card_plays": 0}  # the energy track
    assert "energy" in events[0].params["what"]["en"]
    new, _ = ENGINE.apply(new, 1, fix("add", "presence", "A4", spirit=RIVER,
                                      track="card_plays"))
    assert new["seats"][0]["tracks"] == {"energy": 1, "card_plays": 1}
    new, _ = ENGINE.apply(new, 0, fix("remove", "presence", "A4", spirit=RIVER))
    assert new["seats"][0].get("destroyed") == 1  # by default: destroyed presence
    new, _ = ENGINE.apply(new, 0, fix("remove", "presence", "A4", spirit=RIVER, track="energy"))
    assert new["seats"][0]["tracks"]["energy"] == 0 and "A4" not in {
        n for n, land in new["lands"].items() if land["presence"].get(RIVER)}
    # the energy track gave nothing now: it takes nothing back
    err = refused(new, fix("remove", "presence", next(
        n for n, land in new["lands"].items() if land["presence"].get(RIVER)),
        spirit=RIVER, track="energy"))
    assert err.key == "spirit_island.err.fix.track_full"
    new, _ = ENGINE.apply(new, 0, fix("add", "presence", "A7", spirit=RIVER, track="destroyed"))
    assert new["seats"][0]["destroyed"] == 0 and new["lands"]["A7"]["presence"] == {RIVER: 1}
    err = refused(new, fix("add", "presence", "A7", spirit=RIVER, track="destroyed"))
    assert err.key == "spirit_island.err.fix.track_empty"
    # a spirit not in this game
    err = refused(new, fix("add", "presence", "A7", spirit="Thunderspeaker"))
    assert err.key == "spirit_island.err.fix.spirit"


def test_presence_track_runs_out():
    state = fresh()
    spaces = len(__import__("rules.spirit_island.spirits", fromlist=["SPIRITS"]).SPIRITS[
        RIVER]["tracks"]["energy"])
    state["seats"][0]["tracks"]["energy"] = spaces - 1  # every energy presence taken
    new, _ = ENGINE.apply(state, 0, fix("add", "presence", "A4", spirit=RIVER))
    assert new["seats"][0]["tracks"] == {"energy": spaces - 1, "card_plays": 1}
    err = refused(state, fix("add", "presence", "A4", spirit=RIVER, track="energy"))
    assert err.key == "spirit_island.err.fix.track_empty"


def test_strife_sits_on_an_invader():
    state = fresh()
    place(state, "A5", "T")
    new, _ = ENGINE.apply(state, 0, fix("add", "strife", "A5"))  # the only invader there
    assert new["lands"]["A5"]["strife"]["town"] == [1]
    place(new, "A5", "E")
    assert refused(new, fix("add", "strife", "A5")).key == "spirit_island.err.fix.strife_on"
    new, _ = ENGINE.apply(new, 0, fix("add", "strife", "A5", on="explorer"))
    assert new["lands"]["A5"]["strife"]["explorer"] == [1]
    assert refused(new, fix("move", "strife", "A5", to="A6")).key == (
        "spirit_island.err.fix.strife_move")
    new, _ = ENGINE.apply(new, 0, fix("remove", "strife", "A5", on="town"))
    assert new["lands"]["A5"]["strife"] == {"explorer": [1], "town": [0], "city": []}
    err = refused(new, fix("add", "strife", "A4"))  # no invader there
    assert err.key == "spirit_island.err.fix.strife_on"


def test_tokens_are_counted():
    state = fresh()
    for token in pcs.LAND_TOKENS:
        new, _ = ENGINE.apply(state, 0, fix("add", token, "A2", count=3))
        new, _ = ENGINE.apply(new, 0, fix("move", token, "A2", to="A3", count=2))
        new, _ = ENGINE.apply(new, 0, fix("remove", token, "A2"))
        assert (new["lands"]["A2"][token], new["lands"]["A3"][token]) == (0, 2)


@pytest.mark.parametrize(("action", "key"), [
    (fix("add", "town", "Z9"), "land"),
    (fix("move", "town", "A5", to="Q1"), "land"),
    (fix("move", "town", "A5", to="A5"), "same_land"),
    (fix("remove", "city", "A5"), "nothing"),
    (fix("remove", "dahan", "A5", count=3), "nothing"),
    (fix("add", "town", "A5", reason="  "), "reason"),
    ({"type": "fix", "op": "add", "piece": "town", "land": "A5"}, "reason"),
    (fix("add", "town", "A5", reason="x" * 301), "reason_long"),
    (fix("add", "town", "A5", count=0), "count"),
    (fix("add", "town", "A5", count=21), "count"),
    (fix("add", "town", "A5", count="2"), "count"),
    (fix("paint", "town", "A5"), "op"),
    (fix("add", "dragon", "A5"), "piece"),
    (fix("add", "town", "A5", spirit=RIVER), "shape"),
    (fix("add", "town", "A5", to="A6"), "shape"),
    (fix("add", "presence", "A5", spirit=RIVER, track="moon"), "track"),
    ({"type": "fix", "op": "add"}, "shape"),
])
def test_nonsense_is_refused_with_an_explanation(action, key):
    state = fresh()
    place(state, "A5", "DD")
    assert refused(state, action).key == f"spirit_island.err.fix.{key}"


def test_a_fix_never_ends_the_game():
    state = fresh()
    # removing the spirit's only presence would lose the game; the last invaders, win it
    lands = [n for n, land in state["lands"].items() if land["presence"].get(SHADOWS)]
    for name in lands[:-1]:
        state["lands"][name]["presence"].pop(SHADOWS)
    last = state["lands"][lands[-1]]["presence"][SHADOWS]
    err = refused(state, fix("remove", "presence", lands[-1], spirit=SHADOWS, count=last))
    assert err.key == "spirit_island.err.fix.ends_game"
    state["lands"]["B1"]["town"] = state["lands"]["B1"]["explorer"] = []
    state["lands"]["B1"]["strife"] = {k: [] for k in pcs.INVADERS}
    err = refused(state, fix("remove", "city", "B1"))
    assert err.key == "spirit_island.err.fix.ends_game"
    assert "win" in t(err.key, "en", **err.params)


def test_only_presence_goes_in_an_ocean_in_play():
    state = fresh()
    state["lands"]["A0"] = pcs.empty_land()  # an Ocean in play (Ocean's Hungry Grasp)
    assert refused(state, fix("add", "town", "A0")).key == "spirit_island.err.fix.ocean"
    new, _ = ENGINE.apply(state, 0, fix("add", "presence", "A0", spirit=RIVER))
    assert new["lands"]["A0"]["presence"] == {RIVER: 1}


def test_the_game_over_refuses_fixes_too():
    state = fresh()
    state["phase"], state["outcome"] = "over", "loss:blight"
    assert refused(state, fix("add", "town", "A5")).key == "spirit_island.err.game_over"


@pytest.mark.parametrize(("text", "action"), [
    ("fix add town A5 : the build was missed", fix("add", "town", "A5", "the build was missed")),
    ("fix move 2 dahan A5 A6 : pushed the wrong way",
     fix("move", "dahan", "A5", "pushed the wrong way", to="A6", count=2)),
    ("바로잡기 이동 2 다한 A5 A6 : 잘못 밀어냄",
     fix("move", "dahan", "A5", "잘못 밀어냄", to="A6", count=2)),
    ("fix add strife town A5 : forgot", fix("add", "strife", "A5", "forgot", on="town")),
    ("fix remove presence River Surges in Sunlight A5 destroyed : blight",
     fix("remove", "presence", "A5", "blight", spirit=RIVER, track="destroyed")),
    ("바로잡기 추가 현신 햇살 아래 넘치는 강물 A5 카드 사용 장수 : 빠뜨림",
     fix("add", "presence", "A5", "빠뜨림", spirit=RIVER, track="card_plays")),
    ("fix add presence shadows flicker like flame a5 : x",
     fix("add", "presence", "A5", "x", spirit=SHADOWS)),
    ("FIX add blight A5 : a: b", fix("add", "blight", "A5", "a: b")),
])
def test_notation_reads_and_writes_fixes(text, action):
    state = fresh()
    assert ENGINE.parse(state, 1, text) == action
    for lang in ("en", "ko"):
        written = ENGINE.format(state, action, lang)
        assert ENGINE.parse(state, 0, written) == action, written
    assert ENGINE.format(state, action, "ko").startswith("바로잡기 ")


def test_unreadable_fix_text_is_explained():
    state = fresh()
    for text in ("fix paint town A5 : x", "fix add town : x", "fix add dragon A5 : x",
                 "fix add town A5 A6 : x", "fix"):
        with pytest.raises(RuleError) as info:
            ENGINE.parse(state, 0, text)
        assert info.value.key == "spirit_island.err.fix.unreadable"
    # a typed fix without a reason reads, and the move is refused for it
    assert refused(state, ENGINE.parse(state, 0, "fix add town A5")).key == (
        "spirit_island.err.fix.reason")


def test_every_fix_message_exists_in_both_languages():
    keys = {k for k in MESSAGES["en"] if ".fix" in k}
    assert keys == {k for k in MESSAGES["ko"] if ".fix" in k}
    assert len(keys) >= 15


# --- through the platform ------------------------------------------------------------------


@pytest.fixture
async def svc(tmp_path):
    service = TableService(await open_store(tmp_path / "fix.db"))
    yield service
    await service.store.close()


async def test_a_typed_fix_goes_through_the_table_and_undo_takes_it_back(svc, monkeypatch):
    monkeypatch.setattr("bot.table_lobby.secrets", SimpleNamespace(randbits=lambda bits: 3))
    users = [801, 802]
    game = await svc.new_game("spirit_island", guild_id=7, channel_id=70, host_id=users[0],
                              lang="en")
    await svc.join(game.id, users[1])
    out = await svc.start(game.id, users[0])
    before = out.game.snapshot
    towns = len(before["lands"]["A5"]["town"])
    out = await svc.act(game.id, users[1], "fix add town A5 : the build was missed")
    assert len(out.game.snapshot["lands"]["A5"]["town"]) == towns + 1
    assert [e.key for e in out.events] == ["spirit_island.fix"]
    with pytest.raises(Refusal) as info:  # an empty reason, refused in the player's words
        await svc.act(game.id, users[0], "fix add town A5 :")
    assert info.value.key == "spirit_island.err.fix.reason"
    out = await svc.undo(game.id, users[1])
    assert dump_state(out.game.snapshot) == dump_state(before)
