"""What each character and unique district does, in a line or two that fits on a card.

Short reminders in our own words, English and Korean (rulebook terms); the engine is the
authority on details and edge cases.
"""

from __future__ import annotations

Text = dict[str, str]  # {"en": ..., "ko": ...}

# Longest text a hand card can show at a readable size (see render/citadels/cards.py).
MAX_LEN: dict[str, int] = {"en": 130, "ko": 75}


def _t(en: str, ko: str) -> Text:
    return {"en": en, "ko": ko}


CHARACTER_TEXT: dict[str, Text] = {
    "assassin": _t(
        "Name a character to kill: it skips its whole turn this round.",
        "캐릭터 하나를 암살합니다. 암살당한 캐릭터는 이번 라운드에 차례를 진행하지 못합니다.",
    ),
    "witch": _t(
        "After gathering, bewitch a character and pause. When it is called it only gathers; "
        "you use its ability and build instead.",
        "자원을 얻고 캐릭터 하나에 마법을 겁니다. 그 캐릭터는 자원만 얻고, 능력과 건설 "
        "행동은 마녀가 대신 합니다.",
    ),
    "magistrate": _t(
        "Put warrants on 3 characters, one signed. If its target pays gold to build, reveal "
        "it and take that district for free.",
        "캐릭터 3개에 영장을 발부합니다(인장 찍힌 영장 1개). 몰수 대상이 금화를 내고 "
        "건설하면 그 건물을 몰수합니다.",
    ),
    "thief": _t(
        "Name a character (not rank 1, killed or bewitched). When it is called, take all of "
        "its gold.",
        "캐릭터 하나를 선언합니다(1번, 암살당한, 마법에 걸린 캐릭터 제외). 그 캐릭터가 "
        "호명되면 금화를 모두 훔칩니다.",
    ),
    "spy": _t(
        "Name a player and a district type, then see their hand. Per match: take 1 of their "
        "gold and draw 1 card.",
        "플레이어 1명과 건물 종류를 고르고 손에 든 카드를 봅니다. 맞는 카드마다 금화 1닢을 "
        "빼앗고 카드 1장을 얻습니다.",
    ),
    "blackmailer": _t(
        "Threaten 2 characters, one for real (flower). Unless bribed with half its gold, a "
        "revealed flower takes all of it.",
        "캐릭터 2개를 협박합니다(꽃 자수가 실제 대상). 뇌물로 금화 절반을 안 주면, 공개한 "
        "꽃 자수로 금화를 모두 빼앗습니다.",
    ),
    "magician": _t(
        "Either swap your whole hand with another player's, or discard any cards and draw "
        "as many.",
        "다른 플레이어와 손에 든 카드를 모두 바꾸거나, 원하는 만큼 버리고 그만큼 뽑습니다.",
    ),
    "wizard": _t(
        "See a player's hand and take 1 card: keep it or build it now (extra build). You may "
        "build duplicates.",
        "다른 플레이어의 손에 든 카드 1장을 가져와 보관하거나 바로 짓습니다. 이름이 똑같은 "
        "건물도 지을 수 있습니다.",
    ),
    "seer": _t(
        "Take a random card from each other player, then give each of them 1 card back. "
        "Build up to 2 districts.",
        "다른 플레이어마다 카드 1장을 무작위로 가져온 뒤 1장씩 돌려줍니다. 건물을 2채까지 "
        "지을 수 있습니다.",
    ),
    "king": _t(
        "You must take the crown. Gain 1 gold per noble district in your city.",
        "왕관을 반드시 가져옵니다. 자기 귀족 건물 수만큼 금화를 얻습니다.",
    ),
    "emperor": _t(
        "Give the crown to another player (not its holder) and take 1 gold or a card from "
        "them. Gold per noble district.",
        "왕관을 다른 플레이어에게 반드시 넘기고 금화 1닢이나 카드 1장을 받습니다. 자기 귀족 "
        "건물 수만큼 금화를 얻습니다.",
    ),
    "patrician": _t(
        "You must take the crown. Gain 1 card per noble district in your city.",
        "왕관을 반드시 가져옵니다. 자기 귀족 건물 수만큼 카드를 얻습니다.",
    ),
    "bishop": _t(
        "Rank 8 can never use its ability on your districts this round. Gain 1 gold per "
        "religious district.",
        "이번 라운드에 8번 캐릭터는 내 건물에 절대로 능력을 쓸 수 없습니다. 자기 종교 건물 수만큼 "
        "금화를 얻습니다.",
    ),
    "abbot": _t(
        "Gain 1 gold or 1 card per religious district, in any mix. The richest player gives "
        "you 1 gold.",
        "자기 종교 건물 수만큼 금화나 카드를 섞어 얻습니다. 금화가 가장 많은 플레이어는 "
        "금화 1닢을 줍니다.",
    ),
    "cardinal": _t(
        "Short of gold to build? Take it from a player, giving 1 card per gold. Gain 1 card "
        "per religious district.",
        "건설 비용이 모자라면 다른 플레이어의 금화를 받고 그만큼 카드를 줍니다. 자기 종교 "
        "건물 수만큼 카드를 얻습니다.",
    ),
    "merchant": _t(
        "Gain 1 extra gold, plus 1 gold per trade district in your city.",
        "금화 1닢을 더 받고, 자기 상업 건물 수만큼 금화를 얻습니다.",
    ),
    "alchemist": _t(
        "At the end of your turn, get back all the gold you paid to build this turn.",
        "차례가 끝날 때 이번 차례에 건설 비용으로 낸 금화를 모두 돌려받습니다.",
    ),
    "trader": _t(
        "Trade districts don't count toward your building limit. Gain 1 gold per trade "
        "district.",
        "상업 건물은 건설 횟수에 포함되지 않습니다. 자기 상업 건물 수만큼 금화를 얻습니다.",
    ),
    "architect": _t(
        "Gain 2 extra cards. Build up to 3 districts this turn.",
        "카드 2장을 더 얻습니다. 건물을 3채까지 지을 수 있습니다.",
    ),
    "navigator": _t(
        "Gain 4 extra gold or 4 extra cards. You can never build this turn.",
        "금화 4닢이나 카드 4장을 더 얻습니다. 이번 차례에는 절대로 건설할 수 없습니다.",
    ),
    "scholar": _t(
        "Draw 7 cards, keep 1 and shuffle the rest into the deck. Build up to 2 districts.",
        "카드 7장을 뽑아 1장을 갖고 나머지는 건물 카드 더미에 섞습니다. 건물을 2채까지 "
        "지을 수 있습니다.",
    ),
    "warlord": _t(
        "Destroy a district for its cost minus 1 gold (not in a completed city). Gain 1 gold "
        "per military district.",
        "건설 비용보다 1닢 적게 내고 건물 하나를 파괴합니다(완성된 도시 제외). 자기 군사 "
        "건물 수만큼 금화를 얻습니다.",
    ),
    "diplomat": _t(
        "Exchange one of your districts for another player's, paying any cost difference. "
        "Gold per military district.",
        "내 건물 하나를 다른 도시의 건물과 교환합니다(차액은 지불). 자기 군사 건물 수만큼 "
        "금화를 얻습니다.",
    ),
    "marshal": _t(
        "Seize a district costing 3 or less from another city, paying its owner. Gold per "
        "military district.",
        "다른 도시의 건설 비용 3 이하 건물을 값을 치르고 점령합니다. 자기 군사 건물 수만큼 "
        "금화를 얻습니다.",
    ),
    "queen": _t(
        "Gain 3 gold if a player sitting next to you has the rank-4 character.",
        "옆자리 플레이어가 4번 캐릭터라면 금화 3닢을 얻습니다.",
    ),
    "artist": _t(
        "Beautify up to 2 of your districts with 1 gold each: each costs and scores 1 more.",
        "내 건물을 2채까지 금화 1닢씩 올려 장식합니다. 장식한 건물은 건설 비용이 1 오릅니다.",
    ),
    "tax_collector": _t(
        "Each player who builds puts 1 gold of property tax on your token. Take all the tax "
        "there.",
        "건설한 플레이어는 재산세로 금화 1닢을 세리 캐릭터 토큰 위에 놓습니다. 모인 세금을 "
        "모두 가져옵니다.",
    ),
}

DISTRICT_TEXT: dict[str, Text] = {
    "armory": _t(
        "On your turn, destroy the Armory to destroy any 1 district (not in a completed city).",
        "내 차례에 병기고를 파괴해서 건물 하나를 파괴합니다(완성된 도시 제외).",
    ),
    "basilica": _t(
        "End of game: +1 point per district in your city with an odd cost.",
        "게임 종료 시 건설 비용이 홀수인 내 건물마다 1점을 더 얻습니다.",
    ),
    "capitol": _t(
        "End of game: +3 points if you have at least 3 districts of the same type.",
        "게임 종료 시 같은 종류의 건물이 3채 이상이면 3점을 더 얻습니다.",
    ),
    "dragon_gate": _t(
        "End of game: +2 points.",
        "게임 종료 시 2점을 더 얻습니다.",
    ),
    "factory": _t(
        "Other unique districts cost you 1 gold less to build.",
        "다른 특수 건물의 건설 비용이 금화 1닢 줄어듭니다.",
    ),
    "framework": _t(
        "Build a district by destroying the Framework instead of paying its cost.",
        "건설 비용을 내는 대신 골조를 파괴하고 건물을 지을 수 있습니다.",
    ),
    "gold_mine": _t(
        "When you take gold to gather resources, gain 1 more gold.",
        "자원 얻기 행동으로 금화를 받으면 1닢을 더 받습니다.",
    ),
    "great_wall": _t(
        "Rank 8 must pay 1 more gold to use its ability on your other districts.",
        "8번 캐릭터가 내 다른 건물에 능력을 쓰려면 금화 1닢을 반드시 더 내야 합니다.",
    ),
    "haunted_quarter": _t(
        "At the end of the game, counts as the district type of your choice.",
        "게임 종료 시 원하는 건물 종류 하나로 칩니다.",
    ),
    "imperial_treasury": _t(
        "End of game: +1 point per gold in your stash.",
        "게임 종료 시 개인 금고의 금화 1닢마다 1점을 더 얻습니다.",
    ),
    "ivory_tower": _t(
        "End of game: +5 points if it is the only unique district in your city.",
        "게임 종료 시 상아탑이 내 도시의 유일한 특수 건물이면 5점을 더 얻습니다.",
    ),
    "keep": _t(
        "Rank 8 can never use its ability on the Keep.",
        "8번 캐릭터는 외성에 절대로 능력을 쓸 수 없습니다.",
    ),
    "laboratory": _t(
        "Once per turn: discard 1 card from your hand to gain 2 gold.",
        "차례마다 한 번: 손에 든 카드 1장을 버리고 금화 2닢을 얻습니다.",
    ),
    "library": _t(
        "When you draw cards to gather resources, keep all of them.",
        "자원 얻기 행동으로 카드를 뽑으면 뽑은 카드를 모두 가집니다.",
    ),
    "map_room": _t(
        "End of game: +1 point per card in your hand.",
        "게임 종료 시 손에 든 카드 1장마다 1점을 더 얻습니다.",
    ),
    "monument": _t(
        "Cannot be built if your city has 5 or more districts. Counts as 2 districts toward "
        "completing it.",
        "도시에 건물이 5채 이상이면 지을 수 없습니다. 도시 완성에는 2채로 칩니다.",
    ),
    "museum": _t(
        "Once per turn: put a card from your hand face down under it. End of game: +1 point "
        "per card there.",
        "차례마다 한 번: 손에 든 카드 1장을 박물관 아래에 둡니다. 게임 종료 시 그 카드마다 "
        "1점을 더 얻습니다.",
    ),
    "necropolis": _t(
        "Build it by destroying one of your districts instead of paying its cost.",
        "건설 비용을 내는 대신 내 건물 하나를 파괴하고 지을 수 있습니다.",
    ),
    "observatory": _t(
        "When you draw cards to gather resources, draw 3 instead of 2.",
        "자원 얻기 행동으로 카드를 뽑을 때 2장 대신 3장을 뽑습니다.",
    ),
    "park": _t(
        "If you have no cards in hand at the end of your turn, gain 2 cards.",
        "차례가 끝날 때 손에 든 카드가 없으면 카드 2장을 얻습니다.",
    ),
    "poor_house": _t(
        "If you have no gold in your stash at the end of your turn, gain 1 gold.",
        "차례가 끝날 때 개인 금고에 금화가 없으면 금화 1닢을 얻습니다.",
    ),
    "quarry": _t(
        "You may build districts with the same name as ones already in your city.",
        "내 도시에 있는 건물과 이름이 똑같은 건물도 지을 수 있습니다.",
    ),
    "school_of_magic": _t(
        "For abilities that gain resources per district type, counts as the type you choose.",
        "건물 종류에 따라 자원을 얻는 능력에는 원하는 종류로 칩니다.",
    ),
    "secret_vault": _t(
        "Can never be built. End of game: reveal it from your hand for +3 points.",
        "절대로 건설할 수 없습니다. 게임 종료 시 손에 든 카드 중 이 카드를 공개하면 3점을 더 얻습니다.",
    ),
    "smithy": _t(
        "Once per turn: pay 2 gold to gain 3 cards.",
        "차례마다 한 번: 금화 2닢을 내고 카드 3장을 얻습니다.",
    ),
    "stables": _t(
        "Building the Stables does not count toward your building limit.",
        "마구간 건설은 건설 횟수에 포함되지 않습니다.",
    ),
    "statue": _t(
        "End of game: +5 points if you have the crown.",
        "게임 종료 시 왕관을 가지고 있으면 5점을 더 얻습니다.",
    ),
    "theater": _t(
        "End of each selection phase: you may swap your character with an opponent's, unseen.",
        "선택 단계가 끝날 때마다 내 캐릭터를 다른 플레이어의 캐릭터와 보지 않고 교환할 수 "
        "있습니다.",
    ),
    "thieves_den": _t(
        "Pay some or all of its cost with cards from your hand, 1 card for 1 gold.",
        "건설 비용의 일부나 전부를 손에 든 카드로 낼 수 있습니다(카드 1장 = 금화 1닢).",
    ),
    "wishing_well": _t(
        "End of game: +1 point per unique district in your city, this one included.",
        "게임 종료 시 내 도시의 특수 건물마다 1점을 더 얻습니다(소원의 우물 포함).",
    ),
}


def texts_for(card_id: str) -> Text | None:
    """A character's or unique district's effect text, or None (basic districts have none)."""
    return CHARACTER_TEXT.get(card_id) or DISTRICT_TEXT.get(card_id)
