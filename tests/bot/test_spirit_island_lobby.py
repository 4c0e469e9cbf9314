"""`/si setup`: the rulebook's recommended setups and a random choice for every lobby option
(spirits per seat or a number of them, boards, adversary, level), drawn when asked and stored
through the lobby; spirits offered with their complexity. Recording fakes, real store."""

from __future__ import annotations

import random

import discord
import pytest

import rules
from bot.app import GameBot
from bot.cogs import info, lobby, play
from bot.cogs.publisher import Publisher
from bot.games.spirit_island import cog as si
from bot.games.spirit_island.lobby import PRESETS, SetupRequest, resolve
from bot.i18n import t
from bot.settings import Settings
from bot.table import TableService
from bot.table_types import Refusal
from rules.spirit_island.engine import ADVERSARIES
from rules.spirit_island.spirits import SPIRITS
from storage import open_store
from tests.bot.test_discord_fakes import FakeInteraction, World

PLAYERS = [821, 822, 823]
THREAD = 9201
LANGS = ("en", "ko")
RIVER, THUNDER = "River Surges in Sunlight", "Thunderspeaker"


@pytest.fixture
async def env(tmp_path):
    store = await open_store(tmp_path / "bot.db")
    gamebot = GameBot(Settings(default_lang="en"), store=store)
    gamebot.table = TableService(store)
    gamebot.publisher = Publisher(gamebot)
    gamebot.games = rules.available()
    for module in (lobby, play, info):
        await module.setup(gamebot)
    await gamebot.add_cog(si.SpiritIslandCommands(gamebot, rng=random.Random(5)))
    world = World()
    world.install(gamebot)
    world.thread(THREAD)
    yield gamebot, world
    await store.close()


async def si_lobby(gamebot: GameBot, players: int = 3) -> int:
    svc = gamebot.table
    game = await svc.new_game("spirit_island", guild_id=1, channel_id=10, host_id=PLAYERS[0],
                              lang="en")
    await svc.attach_thread(game.id, THREAD)
    for uid in PLAYERS[1:players]:
        await svc.join(game.id, uid)
    return game.id


def test_the_first_game_is_the_low_complexity_spirits_on_the_base_boards():
    low = {name for name, row in SPIRITS.items() if row["complexity"] == "low"}
    first = PRESETS["first_game"]
    assert set(first["spirits"]) == low and len(low) == 4
    assert first["boards"] == ["A", "B", "C", "D"]  # boards E and F are Jagged Earth's
    assert first["adversary"] is None and first["events"] is False  # the base game first
    got = resolve(SetupRequest(preset="first_game"), 2, {}, random.Random(1))
    assert got["spirits"] == first["spirits"][:2] and got["boards"] == ["A", "B"]
    # the rulebook's Calm Mountain spirits need no rules beyond the base game
    assert set(PRESETS["calm_mountain"]["spirits"]) == {
        "Fractured Days Split the Sky", "Shifting Memory of Ages", "Shroud of Silent Mist",
        "Starlight Seeks Its Form"}
    # every preset keeps boards the rulebook advises apart (E with B, F with D) apart
    for preset in PRESETS.values():
        boards = set(preset["boards"])
        assert not {"E", "B"} <= boards and not {"F", "D"} <= boards
        assert all(name in SPIRITS for name in preset["spirits"])


def test_random_spirits_per_seat_or_by_number_are_distinct_known_spirits():
    for seed in range(20):
        rng = random.Random(seed)
        got = resolve(SetupRequest(spirits=f"{RIVER}, random, 무작위"), 3, {}, rng)["spirits"]
        assert got[0] == RIVER and len(set(got)) == 3 and set(got) <= set(SPIRITS)
        every = resolve(SetupRequest(spirits="random"), 4, {}, rng)["spirits"]
        assert len(set(every)) == 4 and set(every) <= set(SPIRITS)
        # two random spirits: the last two seats; the first keeps what the lobby had
        kept = resolve(SetupRequest(random_spirits=2), 3,
                       {"spirits": [THUNDER, RIVER, "Ocean's Hungry Grasp"]}, rng)["spirits"]
        assert kept[0] == THUNDER and len(set(kept)) == 3 and set(kept) <= set(SPIRITS)
    # Korean names are read too
    assert resolve(SetupRequest(spirits="햇살 아래 넘치는 강물, thunderspeaker"), 2, {},
                   random.Random(0))["spirits"] == [RIVER, THUNDER]


def test_random_boards_keep_the_rulebooks_pairs_apart_at_four_seats_or_fewer():
    seen = set()
    for seed in range(60):
        got = resolve(SetupRequest(boards="B, D, random, random"), 4, {},
                      random.Random(seed))["boards"]
        assert got[:2] == ["B", "D"] and len(set(got)) == 4
        assert "E" not in got and "F" not in got  # E is not played with B, nor F with D
        seen.update(got)
    assert seen == {"A", "B", "C", "D"}
    alone = resolve(SetupRequest(boards="random"), 2, {}, random.Random(3))["boards"]
    assert len(set(alone)) == 2 and set(alone) <= set("ABCDEF")


def test_random_adversary_and_level():
    levels, adversaries = set(), set()
    for seed in range(40):
        got = resolve(SetupRequest(adversary="random", level="random"), 2, {},
                      random.Random(seed))
        adversaries.add(got["adversary"])
        levels.add(got["level"])
    assert adversaries <= set(ADVERSARIES) and len(adversaries) > 3
    assert levels <= set(range(7)) and len(levels) > 3
    assert resolve(SetupRequest(adversary="없음"), 2, {}, random.Random(0)) == {
        "adversary": None}
    assert resolve(SetupRequest(adversary="England", level="3"), 2, {},
                   random.Random(0)) == {"adversary": "england", "level": 3}


@pytest.mark.parametrize(("request_", "key"), [
    (SetupRequest(spirits="River, Nobody"), "spirit_island.setup.unknown_spirit"),
    (SetupRequest(boards="A, G"), "spirit_island.setup.unknown_board"),
    (SetupRequest(adversary="Atlantis"), "spirit_island.setup.unknown_adversary"),
    (SetupRequest(level="7"), "spirit_island.setup.unknown_level"),
])
def test_unknown_values_are_refused_in_both_languages(request_, key):
    with pytest.raises(Refusal) as info_:
        resolve(request_, 2, {}, random.Random(0))
    assert info_.value.key == key
    for lang in LANGS:
        text = t(key, lang, **info_.value.params)
        assert text != key and "{" not in text


async def test_the_host_sets_the_lobby_and_the_game_starts_with_it(env):
    gamebot, world = env
    gid = await si_lobby(gamebot)
    cog = gamebot.get_cog("SpiritIsland")
    guest = FakeInteraction(gamebot, PLAYERS[1], channel_id=THREAD)
    await cog.set_up(guest, SetupRequest(preset="first_game"))
    assert guest.texts() == [t("table.not_host", "en", host=f"<@{PLAYERS[0]}>")]
    host = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD,
                           locale=discord.Locale.korean)
    await cog.set_up(host, SetupRequest(preset="first_game", spirits="random, random, "
                                        "Thunderspeaker", boards="random", adversary="random"))
    record = await gamebot.store.get_game(gid)
    spirits = record.options["spirits"]
    assert spirits[2] == THUNDER and len(set(spirits)) == 3
    assert len(set(record.options["boards"])) == 3
    assert record.options["adversary"] in ADVERSARIES and record.options["events"] is False
    [answer] = host.texts()
    assert answer.startswith(t("spirit_island.setup.done", "ko"))
    assert SPIRITS[THUNDER]["ko"] in answer and "보통" in answer  # names with complexity
    out = await gamebot.table.start(gid, PLAYERS[0])
    assert [s["spirit"] for s in out.game.snapshot["seats"]] == spirits
    late = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD)
    await cog.set_up(late, SetupRequest(boards="random"))  # a running game has no lobby
    assert late.texts() == [t("table.not_in_lobby", "en", status="running")]


async def test_spirits_autocomplete_completes_the_last_name_with_complexity(env):
    gamebot, world = env
    await si_lobby(gamebot)
    cog = gamebot.get_cog("SpiritIsland")
    ko = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD, locale=discord.Locale.korean)
    first = await cog.spirits_autocomplete(ko, "")
    assert first[0].value == "random" and len(first) <= 25
    low = [c for c in first[1:5]]  # the least complex first
    assert all(SPIRITS[c.value]["complexity"] == "low" for c in low)
    assert all(c.name.endswith("(낮음)") for c in low)
    en = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD)
    more = await cog.spirits_autocomplete(en, f"{RIVER}, thunder")
    assert [c.value for c in more] == [f"{RIVER}, {THUNDER}"]
    assert more[0].name.endswith("Thunderspeaker (moderate)")
    adversaries = await cog.adversary_autocomplete(en, "")
    assert {c.value for c in adversaries} == {"random", "none", *ADVERSARIES}
