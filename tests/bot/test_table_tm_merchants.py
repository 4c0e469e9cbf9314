"""Terra Mystica with Merchants of the Seas through the table service: the lobby's options
reach the engine, and a whole 4-player game on the Lakes map runs from lobby to final
scores with trades answered by their partners through `act`."""

from __future__ import annotations

import pytest

from bot.games.terra_mystica import ui
from bot.table import TableService
from rules.core import Rng
from rules.terra_mystica.merchants.setup import WAREHOUSE_FACTIONS
from storage import open_store

PLAYERS = [801, 802, 803, 804]
TM = "terra_mystica"
FACTIONS = "fakirs, witches, cultists, mermaids"


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    import bot.table_lobby

    monkeypatch.setattr(bot.table_lobby.secrets, "randbits", lambda bits: 5151)


async def new_game(svc: TableService, **options: str) -> int:
    game = await svc.new_game(TM, guild_id=1, channel_id=10, host_id=PLAYERS[0], lang="ko")
    for uid in PLAYERS[1:]:
        await svc.join(game.id, uid)
    for name, value in options.items():  # typed as text, as /game option sends them
        await svc.set_option(game.id, PLAYERS[0], name, value)
    await svc.start(game.id, PLAYERS[0])
    return game.id


# What the random players prefer, best first: a trade (a ship or merchant move into a
# building), placing a ship, an action that gives a ship or a move, a bonus tile with one.
EAGER = (
    "trade",
    "ship ",
    "merchant ",
    "ACTM2",
    "SYSHIP",
    "BONM1",
    "BONM3",
    "ACTM1",
    "to SY",
    "pass BONM",
)


def _is_trade(text: str) -> bool:
    return text.startswith("move") and not text.rsplit("-", 1)[-1].split("/")[0].startswith("r")


def _eager(choices, rng: Rng):
    """The first kind of EAGER the choices hold (else any busy choice, now and then any):
    the random game then gets ships and trades instead of passing them by."""
    for word in EAGER:
        found = [c for c in choices if (_is_trade(c.text) if word == "trade" else word in c.text)]
        if found and (word != "pass BONM" or all(c.text.startswith("pass") for c in choices)):
            return rng.choice(found)
    busy = [c for c in choices if not c.text.startswith(("pass", "-", "decline"))]
    return rng.choice(busy if busy and rng.below(100) < 80 else choices)


async def test_the_lobby_options_reach_the_engine(tmp_path) -> None:
    store = await open_store(tmp_path / "tm.db")
    try:
        svc = TableService(store)
        gid = await new_game(svc, merchants="켜기", map="fjords", factions=FACTIONS)
        state = (await svc.store.get_game(gid)).snapshot
        assert state["options"]["merchants"] is True and state["map"] == "fjords"
        view = svc.engine(TM).view(state, None)
        assert view["merchants"]["canals"]  # the Fjords' canal is in the picture's view
        (first,) = await svc.open_prompts(gid)
        assert first.decision.kind == "setup_build"
    finally:
        await store.close()


async def test_without_the_options_the_game_is_the_base_game(tmp_path) -> None:
    store = await open_store(tmp_path / "tm.db")
    try:
        svc = TableService(store)
        gid = await new_game(svc, factions=FACTIONS)
        state = (await svc.store.get_game(gid)).snapshot
        assert not state["options"].get("merchants") and "trades" not in state
    finally:
        await store.close()


async def test_four_player_merchants_game_from_lobby_to_final_scores(tmp_path) -> None:
    path = tmp_path / "tm.db"
    store = await open_store(path)
    try:
        svc = TableService(store)
        gid = await new_game(svc, merchants="true", map="lakes", factions=FACTIONS)
        rng = Rng(20261127)
        trades_answered = 0
        kinds: set[str] = set()
        for _ in range(4000):
            record = await svc.store.get_game(gid)
            if record.status != "running":
                break
            prompts = [p for p in await svc.open_prompts(gid) if p.decision.choices]
            assert prompts, "a running game must wait on someone"
            for p in prompts:
                assert p.user_id == record.seats[p.seat]
                kinds.add(p.decision.kind)
            prompt = rng.choice(prompts)
            decision = prompt.decision
            if "trade" in decision.params:  # the partner answers the trade's offer
                assert ui.prompt_frame(decision, []) == "terra_mystica.prompt.first_trade"
                assert decision.key.startswith("leech.")
                trades_answered += 1
                choice = rng.choice(decision.choices)
            else:
                choice = _eager(decision.choices, rng)
            await svc.act(gid, prompt.user_id, choice.action, decision_key=decision.key)
        record = await svc.store.get_game(gid)
        assert record.status == "finished"
        state = record.snapshot
        assert state["map"] == "lakes" and state["options"]["merchants"] is True
        assert {"setup_dock", "turn", "leech"} <= kinds
        assert trades_answered > 0 and state["trades"]
        for name, fs in state["factions"].items():
            assert len(fs.get("ships", [])) <= 3 and 0 <= fs["markers"] <= 15
            if name not in WAREHOUSE_FACTIONS:
                assert fs["dock"]
        result = svc.engine(TM).result(state)
        assert result is not None and sorted(s.seat for s in result.scores) == [0, 1, 2, 3]
        assert await svc.open_prompts(gid) == []
        assert len(await svc.log(gid)) == record.version  # every move replays from the log
    finally:
        await store.close()


def test_warehouse_and_market_buttons_name_the_merchant_factions_pieces() -> None:
    """The Dwarves' setup button places a warehouse, not a dock (seed L139, L393: 창고); a
    dock faction's says dock; the Dwarves' shipyard button is their market (시장)."""
    from rules.terra_mystica.engine import TerraMystica
    from rules.terra_mystica.moves import choice

    engine = TerraMystica()
    opts = {"factions": ["dwarves", "halflings"], "merchants": True}
    st = engine.setup(opts, 2, 1)
    for hex_id in ["A2", "E6", "A1", "E7"]:  # the Halflings' E6 is on a river
        seat = st["factions"][st["setup_queue"][0][1]]["seat"]
        st = engine.apply(st, seat, engine.parse(st, seat, f"build {hex_id}"))[0]
    (d,) = engine.decisions(st)
    assert d.kind == "setup_dock" and d.params["faction"] == "dwarves"
    labels = {lang: [ui.choice_label(c, d, lang) for c in d.choices] for lang in ("en", "ko")}
    assert labels["en"] == ["places the warehouse on A2", "places the warehouse on E7"]
    assert labels["ko"] == ["A2에 창고 마커 배치", "E7에 창고 마커 배치"]
    st = engine.apply(st, 0, engine.parse(st, 0, "dock A2"))[0]
    (d,) = engine.decisions(st)
    assert d.params["faction"] == "halflings"
    assert [ui.choice_label(c, d, "ko") for c in d.choices] == ["E6에 부두 마커 배치"]
    turn = type(d)(seat=0, kind="turn", key="t", choices=[choice("upgrade E7 to SY")],
                   params={"faction": "dwarves"})
    assert ui.choice_label(turn.choices[0], turn, "en") == "E7 → market"
    assert "시장" in ui.choice_label(turn.choices[0], turn, "ko")


def test_the_ship_prompt_says_only_the_favor_tiles_ship_may_be_given_up() -> None:
    from bot.i18n import t

    en = t("terra_mystica.decision.ship", "en", faction="Cultists")
    ko = t("terra_mystica.decision.ship", "ko", faction="광신도")
    assert "Only the favor tile's income ship may be given up" in en and "warehouse" in en
    assert "은총 타일의 수입 선박만 포기할 수 있습니다" in ko and "창고" in ko


def test_the_final_scoring_words_name_the_expansions_final_tiles() -> None:
    breakdown = {"play": 70, "network": 18, "fire": 8, "trades": 12, "large": 6, "resources": 3}
    en = ui.score_breakdown(breakdown, "en")
    ko = ui.score_breakdown(breakdown, "ko")
    assert "most trade markers 12" in en and "large buildings 6" in en
    assert "최다 무역 마커 12" in ko and "대형 건물 6" in ko
    assert "trade" not in ui.score_breakdown({"play": 70, "network": 18}, "en")
