"""Citadels texts of the Discord side: the game's name, status lines, the groups of a
turn's choices."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "citadels.name": "Citadels",
        "citadels.status.phase.draft": "character selection",
        "citadels.status.phase.turns": "turns",
        "citadels.status.phase.over": "game over",
        "citadels.status.round": "Round {round} — {phase}. Crown: {crown}. District deck: {deck} cards.",
        "citadels.status.current": "Now called: {character} ({player}).",
        "citadels.status.current.draft": "{player} is choosing a character.",
        "citadels.status.current.theater": "{player} may use the Theater to swap characters.",
        "citadels.status.current.advisor": "{player}, the Emperor's advisor, gives the crown to another player.",
        "citadels.status.seat": "{player}: {gold} gold, {hand} cards in hand, {built} districts, {score} points{flags}",
        "citadels.status.completed": " — city completed",
        # the groups of a turn's choices (rules/citadels/stages.py GROUPS): a button or a
        # select entry each; ".empty" when a private group has no choice now
        "citadels.kind.income": "Collect income",
        "citadels.kind.ability": "Use ability",
        "citadels.kind.discard": "Discard and draw",
        "citadels.kind.build": "Build",
        "citadels.kind.lab": "Laboratory",
        "citadels.kind.museum": "Museum",
        "citadels.kind.district": "District abilities",
        "citadels.kind.end": "End turn",
        "citadels.kind.build.empty": "Nothing you can build now",
        "citadels.kind.discard.empty": "No card to discard",
        "citadels.kind.lab.empty": "No card to discard",
        "citadels.kind.museum.empty": "No card to place",
    },
    "ko": {
        "citadels.name": "시타델",
        "citadels.status.phase.draft": "선택 단계",
        "citadels.status.phase.turns": "행동 단계",
        "citadels.status.phase.over": "게임 종료",
        "citadels.status.round": "{round}라운드 — {phase}. 왕관: {crown}. 건물 카드 더미: {deck}장.",
        "citadels.status.current": "지금 호명된 캐릭터: {character} ({player}).",
        "citadels.status.current.draft": "{player} 님이 캐릭터를 고르는 중.",
        "citadels.status.current.theater": "{player} 님이 극장으로 캐릭터를 교환할지 정하는 중.",
        "citadels.status.current.advisor": "황제의 대리인 {player} 님이 왕관을 줄 플레이어를 고르는 중.",
        "citadels.status.seat": "{player}: 금화 {gold}닢, 손에 든 카드 {hand}장, 건물 {built}채, {score}점{flags}",
        "citadels.status.completed": " — 도시 완성",
        "citadels.kind.income": "건물 수입 받기",
        "citadels.kind.ability": "능력 사용",
        "citadels.kind.discard": "카드 버리고 새로 뽑기",
        "citadels.kind.build": "건설하기",
        "citadels.kind.lab": "실험실",
        "citadels.kind.museum": "박물관",
        "citadels.kind.district": "건물 능력",
        "citadels.kind.end": "차례 종료",
        "citadels.kind.build.empty": "지금 건설할 수 있는 건물이 없습니다",
        "citadels.kind.discard.empty": "버릴 카드가 없습니다",
        "citadels.kind.lab.empty": "버릴 카드가 없습니다",
        "citadels.kind.museum.empty": "박물관 아래에 놓을 카드가 없습니다",
    },
}
