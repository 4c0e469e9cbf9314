"""Citadels texts of the Discord side: the game's name, status lines, option labels."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "discord.game.citadels": "Citadels",
        "discord.citadels.phase.draft": "character selection",
        "discord.citadels.phase.turns": "turns",
        "discord.citadels.phase.over": "game over",
        "discord.citadels.round": "Round {round} — {phase}. Crown: {crown}. District deck: {deck} cards.",
        "discord.citadels.current": "Now called: {character} ({player}).",
        "discord.citadels.current.draft": "{player} is choosing a character.",
        "discord.citadels.current.theater": "{player} may use the Theater to swap characters.",
        "discord.citadels.current.advisor": "{player}, the Emperor's advisor, gives the crown to another player.",
        "discord.citadels.seat": "{player}: {gold} gold, {hand} cards in hand, {built} districts, {score} points{flags}",
        "discord.citadels.completed": " — city completed",
        "game.citadels": "Citadels",
    },
    "ko": {
        "discord.game.citadels": "시타델",
        "discord.citadels.phase.draft": "선택 단계",
        "discord.citadels.phase.turns": "행동 단계",
        "discord.citadels.phase.over": "게임 종료",
        "discord.citadels.round": "{round}라운드 — {phase}. 왕관: {crown}. 건물 카드 더미: {deck}장.",
        "discord.citadels.current": "지금 호명된 캐릭터: {character} ({player}).",
        "discord.citadels.current.draft": "{player} 님이 캐릭터를 고르는 중.",
        "discord.citadels.current.theater": "{player} 님이 극장으로 캐릭터를 교환할지 정하는 중.",
        "discord.citadels.current.advisor": "황제의 대리인 {player} 님이 왕관을 줄 플레이어를 고르는 중.",
        "discord.citadels.seat": "{player}: 금화 {gold}닢, 손에 든 카드 {hand}장, 건물 {built}개, {score}점{flags}",
        "discord.citadels.completed": " — 도시 완성",
        "game.citadels": "시타델",
    },
}
