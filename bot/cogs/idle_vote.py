"""The buttons of the table's vote on an idle seat. Kept out of the cog's module: an
extension is loaded as a fresh module, and the bot registers this class once, by identity.
A custom_id carries the game, the seat and the option, so a click works after a restart."""

from __future__ import annotations

import re

import discord

from bot.components import BUTTON_LABEL_MAX, Rebuilt, clip, number_of, open_game, stale
from bot.i18n import t
from bot.table_idle import KEEP, OPTIONS, IdleVote

IDLE_COG = "Idle"
SEAT_MAX = 64  # no game seats more
VOTE_TEMPLATE = rf"bgi:(?P<game>\d+):(?P<seat>\d+):(?P<option>{'|'.join(OPTIONS)})"
STYLES = {KEEP: discord.ButtonStyle.secondary}


class IdleVoteButton(Rebuilt, discord.ui.DynamicItem[discord.ui.Button], template=VOTE_TEMPLATE):
    def __init__(self, game_id: int, seat: int, option: str, label: str) -> None:
        super().__init__(discord.ui.Button(
            label=clip(label, BUTTON_LABEL_MAX),
            style=STYLES.get(option, discord.ButtonStyle.primary),
            custom_id=f"bgi:{game_id}:{seat}:{option}",
        ))

    async def callback(self, interaction: discord.Interaction) -> None:
        match = re.fullmatch(VOTE_TEMPLATE, self.item.custom_id or "")
        seat = number_of(match["seat"], SEAT_MAX) if match else None
        if match is None or seat is None:
            await stale(interaction)
        elif (game_id := await open_game(interaction, match["game"])) is not None:
            cog = interaction.client.get_cog(IDLE_COG)  # type: ignore[attr-defined]
            await cog.on_vote(interaction, game_id, seat, match["option"])


def vote_view(vote: IdleVote, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for option in vote.options:
        view.add_item(IdleVoteButton(vote.game.id, vote.seat, option,
                                     t(f"idle.option.{option}", lang)))
    return view
