"""Part of a Terra Mystica game through the real bot and discord.py, against the Discord twin:
the lobby, each faction picked by its button, the initial dwellings placed next to each
other, a turn through the big menu (kind select, then the ephemeral choices) whose upgrade
offers power to the neighbour, and the neighbour accepting that offer with its button."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from bot.i18n import lookup, t
from rules.terra_mystica.board import LAND_ADJ, START_TERRAIN
from rules.terra_mystica.factions import FACTIONS
from tests.e2e.driver import _pattern
from tests.e2e.harness import Server, action_log, game_version, running_server, version_above
from tests.twin import TwinUser
from tests.twin.server import ACK_WINDOW
from tests.twin.state import Channel, Message

TM = "terra_mystica"
CHOICE = re.compile(r"^bg(s|k)?:")  # a choice button, a page select or the kind select
HEX = re.compile(r"\b([A-I]\d{1,2})\b")
HANGUL = re.compile(r"[가-힣]")


def open_choices(message: Message) -> list[dict]:
    return [c for c in message.iter_components() if CHOICE.match(c.get("custom_id", ""))]


def prompt_of(server: Server, thread: Channel, user: TwinUser) -> Message | None:
    """The newest thread message that names `user` and still carries choices."""
    found = [m for m in user.addressed_in(thread) if open_choices(m)]
    return found[-1] if found else None


def labels(message: Message) -> list[tuple[dict, dict | None, str]]:
    """(component, select option or None, label) of every enabled choice on a message."""
    out: list[tuple[dict, dict | None, str]] = []
    for comp in open_choices(message):
        if comp.get("disabled"):
            continue
        if comp["type"] == 3:
            out.extend((comp, o, o["label"]) for o in comp["options"])
        else:
            out.append((comp, None, comp.get("label", "")))
    return out


async def choose(user: TwinUser, message: Message, comp: dict, option: dict | None):
    if option is not None:
        reply = await user.select(message, [option["value"]], custom_id=comp["custom_id"])
    else:
        reply = await user.click(message, custom_id=comp["custom_id"])
    return await reply.wait_ack()


async def applied(server: Server, before: int) -> int:
    """Until the game's version moved past `before` (the click was applied)."""
    return await version_above(server, before)


async def wait_prompt(server: Server, thread: Channel, user: TwinUser) -> Message:
    return await server.twin.wait_for(
        lambda: prompt_of(server, thread, user), 30, f"a prompt for {user}"
    )


async def click_label(server: Server, thread: Channel, user: TwinUser, pick) -> tuple[Message, str]:
    """Answer the user's open thread prompt with the first choice whose label `pick` takes."""
    message = await wait_prompt(server, thread, user)
    choices = labels(message)
    hit = next(((c, o, label) for c, o, label in choices if pick(label)), None)
    assert hit is not None, [label for *_, label in choices]
    before = await game_version(server)
    await choose(user, message, hit[0], hit[1])
    await applied(server, before)
    await server.twin.wait_for(lambda: not open_choices(message), 30, "the answered prompt closed")
    return message, hit[2]


async def big_turn(
    server: Server, thread: Channel, user: TwinUser, kind: str, pick
) -> tuple[Message, str]:
    """A turn with more than 25 choices: the kind select in the thread, then that kind's
    choices in an ephemeral reply only the player sees, then a click there."""
    message = await wait_prompt(server, thread, user)
    (kinds,) = [c for c in open_choices(message) if c["custom_id"].startswith("bgk:")]
    option = next(o for o in kinds["options"] if o["value"] == kind)
    picked = await user.select(message, [option["value"]], custom_id=kinds["custom_id"])
    (menu,) = await picked.wait_messages(1)
    assert menu.visible_to == user.id and menu.ephemeral
    hit = next(((c, o, label) for c, o, label in labels(menu) if pick(label)), None)
    assert hit is not None, (menu.content, menu.components)
    before = await game_version(server)
    await choose(user, menu, hit[0], hit[1])
    await applied(server, before)
    await server.twin.wait_for(lambda: not open_choices(message), 30, "the turn's prompt closed")
    return menu, hit[2]


def seat_name(faction: str) -> str:
    return FACTIONS[faction].en


async def bowls(server: Server, faction: str) -> tuple[int, int, int]:
    """A faction's power bowls I, II, III in the public view."""
    assert server.bot is not None
    view = await server.bot.table.view(1, None)
    data = view["factions"][faction]
    return data["P1"], data["P2"], data["P3"]


def hex_of(label: str) -> str:
    match = HEX.search(label)
    assert match is not None, label
    return match.group(1)


async def start_tm(server: Server) -> tuple[Channel, dict[int, int], dict[int, str]]:
    """Alice opens the lobby, bob joins, alice starts; each picks the first faction button.
    Returns the thread, and each user's seat and faction."""
    twin = server.twin
    alice, bob = server.users
    opened = await alice.slash("game new", server.channel, game=TM)
    await opened.wait_messages(1)
    (thread,) = twin.threads(server.channel)
    lobby = twin.messages(thread)[0]
    title = t("discord.lobby.title", "en", game="Terra Mystica", id=1, host=alice.mention)
    assert lobby.content.splitlines()[0] == title
    for who, op in ((bob, "join"), (alice, "start")):
        (button,) = [c for c in lobby.iter_components() if c["custom_id"] == f"bgl:1:{op}"]
        await (await who.click(lobby, custom_id=button["custom_id"])).wait_ack(timeout=60)
        if op == "join":
            await twin.wait_for(lambda: bob.mention in lobby.content, 30, "bob in the lobby")

    # factions: one button per faction; the second chooser is offered fewer (not the
    # first one's terrain)
    seat_of: dict[int, int] = {}
    faction_of: dict[int, str] = {}
    for user, offered in ((alice, 14), (bob, 12)):
        message = await wait_prompt(server, thread, user)
        assert len(labels(message)) == offered, [label for *_, label in labels(message)]
        await click_label(server, thread, user, lambda label: True)
        last = (await action_log(server))[-1]
        assert last.action["type"] == "setup" and last.user_id == user.id
        seat_of[user.id], faction_of[user.id] = last.seat, last.action["faction"]
    return thread, seat_of, faction_of


async def play_move(server: Server, thread: Channel, user: TwinUser, move: str) -> None:
    """`/play move:<notation>` in the thread, as a player types it."""
    before = await game_version(server)
    reply = await user.slash("play", thread, move=move)
    await reply.wait_ack()
    await applied(server, before)


async def test_terra_mystica_lobby_factions_turns_and_a_leech_accepted(tmp_path: Path) -> None:
    players = [("alice", "en-US", True), ("bob", "ko", True)]
    async with running_server(tmp_path, players) as server:
        twin = server.twin
        await server.start_bot()
        alice, bob = server.users
        thread, seat_of, faction_of = await start_tm(server)
        home = {uid: FACTIONS[name].color for uid, name in faction_of.items()}

        # initial dwellings (alice, bob, bob, alice), bob's next to alice's: typed with /play
        # from its autocomplete, as a player who knows the map would
        placed: dict[int, list[str]] = {alice.id: [], bob.id: []}
        answered: set[int] = set()
        for user, other in ((alice, bob), (bob, alice), (bob, alice), (alice, bob)):
            mine, theirs = placed[user.id], placed[other.id]
            prompt = await twin.wait_for(
                lambda u=user: (p := prompt_of(server, thread, u)) and p.id not in answered and p,
                30,
                f"{user}'s next dwelling prompt",
            )
            answered.add(prompt.id)
            # its buttons name the hex (they once showed Citadels' 'Build {card_name}')
            shown = [text for *_, text in labels(prompt)]
            assert shown and all(HEX.search(text) and "{" not in text for text in shown), shown
            hits = await user.autocomplete("play", thread, focused="move", move="")
            spots = [hex_of(h["value"]) for h in hits]
            assert spots and all(START_TERRAIN[h] == home[user.id] for h in spots), spots
            assert sorted(spots) == sorted(hex_of(text) for text in shown), (spots, shown)
            if not mine and not theirs:  # first: a spot with the other's terrain beside it
                good = [
                    h for h in spots if any(START_TERRAIN[n] == home[other.id] for n in LAND_ADJ[h])
                ]
            elif not mine:
                good = [h for h in spots if any(n in LAND_ADJ[h] for n in theirs)]
            else:
                good = spots
            await play_move(server, thread, user, f"build {good[0]}")
            await twin.wait_for(lambda p=prompt: not open_choices(p), 30, "the prompt closed")
            mine.append(good[0])
        neighbours = [(a, b) for a in placed[alice.id] for b in placed[bob.id] if b in LAND_ADJ[a]]
        assert neighbours, placed

        # starting bonus tiles (last placer first), by button
        for user in (bob, alice):
            await click_label(server, thread, user, lambda label: True)

        # the first turn: the start player (alice) upgrades her dwelling next to bob's
        mover = await twin.wait_for(
            lambda: next((u for u in (alice, bob) if prompt_of(server, thread, u)), None),
            30,
            "the first turn's prompt",
        )
        assert mover is alice, "seat 0 starts round 1"
        other = bob
        spot = neighbours[0][0]
        menu, label = await big_turn(
            server, thread, mover, "upgrade", lambda text: text == f"{spot} → trading house"
        )
        menus = [(mover, menu)]

        # the neighbour is offered power in the thread, and accepts by button
        decline = t("terra_mystica.choice.decline", "en")
        accepts = [
            _pattern(lookup(k, "en") or "") for k in ("terra_mystica.choice.leech_free", "terra_mystica.choice.leech")
        ]

        def the_offer() -> Message | None:
            offers = [
                m for m in other.addressed_in(thread) if any(text == decline for *_, text in labels(m))
            ]
            return offers[-1] if offers else None

        offer = await twin.wait_for(the_offer, 30, "the power offer")
        assert other.mention in offer.content
        (accept,) = [(c, o) for c, o, text in labels(offer) if any(p.match(text) for p in accepts)]
        # the offer names the builder and the amount, in the thread's language
        assert seat_name(faction_of[alice.id]) in offer.content
        power_before = await bowls(server, faction_of[other.id])
        before = await game_version(server)
        await choose(other, offer, *accept)
        await applied(server, before)
        await twin.wait_for(lambda: not open_choices(offer), 30, "the offer closed")
        actions = await action_log(server)
        leech = next(a for a in reversed(actions) if a.version > before)
        assert leech.action["type"] == "leech" and leech.seat == seat_of[other.id]
        assert leech.user_id == other.id
        assert await bowls(server, faction_of[other.id]) != power_before
        assert sum(await bowls(server, faction_of[other.id])) == sum(power_before)

        # the table picture and the status on demand, acknowledged in time like every
        # interaction here; bob's status comes in Korean, to him only
        board = await alice.slash("game board", thread)
        (posted,) = await board.wait_messages(1, timeout=10)
        assert posted.attachments and posted.attachments[0].data[:8] == b"\x89PNG\r\n\x1a\n"
        status = await bob.slash("game status", thread)
        (mine, *_) = await status.wait_messages(1)
        assert mine.visible_to == bob.id and t("discord.status.running", "ko") in mine.content

        # more turns, each through the buttons a player would use, until both players
        # have used a turn's private menu (which turns offer one depends on the game's
        # random seed; the loop stops as soon as both have)
        for _ in range(40):
            if {user.id for user, _ in menus} == {alice.id, bob.id}:
                break
            asked = await twin.wait_for(
                lambda: next((u for u in (bob, alice) if prompt_of(server, thread, u)), None),
                30,
                "the next turn's prompt",
            )
            message = await wait_prompt(server, thread, asked)
            version = await game_version(server)
            if any(c["custom_id"].startswith("bgk:") for c in open_choices(message)):
                menu, _ = await big_turn(
                    server, thread, asked, _first_kind(message), lambda text: True
                )
                menus.append((asked, menu))
            else:
                await click_label(server, thread, asked, _goes_on(message))
            assert await game_version(server) > version

        # each player's private menu is in their own language (bob's Discord is Korean),
        # while the thread stays in the game's language
        assert {user.id for user, _ in menus} == {alice.id, bob.id}, menus
        for user, menu in menus:
            assert bool(HANGUL.search(menu.content)) == (user is bob), menu.content
        assert not any(HANGUL.search(m.content) for m in twin.messages(thread))

        assert twin.rejected == [], [(r.template, r.response) for r in twin.rejected[:3]]
        assert twin.unimplemented == []
        assert twin.unacknowledged() == []
        assert max(twin.ack_latencies()) < ACK_WINDOW


def _first_kind(message: Message) -> str:
    """The first action kind on offer, passing last: the test wants the game to go on."""
    (kinds,) = [c for c in open_choices(message) if c["custom_id"].startswith("bgk:")]
    values = [o["value"] for o in kinds["options"]]
    return next((v for v in values if v != "pass"), values[0])


def _goes_on(message: Message) -> Callable[[str], bool]:
    """A label predicate for the message's pass choice (or its first choice if it has none).
    A small prompt comes when a player is short of resources; passing ends the round, and
    the next round's income brings the big menu back (taking free conversions instead once
    traded coins and VP back and forth for 40 turns)."""
    shown = [label for *_, label in labels(message)]
    passing = ("pass", "패스")
    first = next((label for label in shown if label.lower().startswith(passing)), shown[0])
    return lambda text: text == first
