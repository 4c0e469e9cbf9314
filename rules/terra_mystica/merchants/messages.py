"""Refusal and event texts of Merchants of the Seas (en/ko, the Korean rulebook's terms)."""

from __future__ import annotations

EN: dict[str, str] = {
    "terra_mystica.mots_scoring": "With Merchants of the Seas only its scoring tiles are used "
    "(seed rule): {tile} is not one.",
    "terra_mystica.mots_bonus": "Bonus tile {tile} is not used with Merchants of the Seas.",
    "terra_mystica.mots_dock_here": "The dock must go on one of your riverside dwellings; {hex} "
    "is not one.",
    "terra_mystica.mots_dock_warehouse": "The warehouse must go on one of your dwellings; {hex} "
    "is not one.",
    "terra_mystica.mots_no_dock": "{faction} has no dock or shipyard, so cannot gain ships.",
    "terra_mystica.mots_ship_limit": "{faction} already has all 3 ships on the board.",
    "terra_mystica.mots_ship_here": "A new ship goes on a river next to your dock or shipyard; "
    "{hex} is not one.",
    "terra_mystica.mots_no_ship": "{faction} has no ship on {hex}.",
    "terra_mystica.mots_ship_path": "A ship cannot move from {a} to {b}.",
    "terra_mystica.mots_ship_far": "That ship move is {n} spaces; the most is {max}.",
    "terra_mystica.mots_ship_stop": "A ship stops in the first building it enters ({hex}).",
    "terra_mystica.mots_ship_traded": "{faction} already has a trade marker on {hex}.",
    "terra_mystica.mots_two_ships": "Only one of your ships may enter {hex}.",
    "terra_mystica.mots_ship_own": "A ship may enter only other factions' buildings, not {hex}.",
    "terra_mystica.mots_no_markers": "{faction} has used all 15 trade markers.",
    "terra_mystica.mots_walk_river": "A merchant never ends its move on a river ({hex}).",
    "terra_mystica.mots_no_ship_gained": "{faction} has no ship to place now.",
    "terra_mystica.mots_trade_choice": "A trade with a {building} needs one choice: {options}.",
    "terra_mystica.mots_traded": "{faction} trades with {partner} at {hex}.",
    "terra_mystica.mots_shipyard_river": "A shipyard needs a riverside trading house; {hex} "
    "is not on a river.",
    "terra_mystica.mots_ship_not_next": "The ship on {river} is not next to {hex}.",
    "terra_mystica.mots_favor_cult": "You already hold a +1 favor tile of that cult; "
    "{tile} is refused.",
    "terra_mystica.mots_giants_spade": "A spade from trading with the Giants' stronghold "
    "cannot be used on wasteland ({hex}).",
    "terra_mystica.mots_ship_compulsory": "{faction} must place this ship (the shipyard's and "
    "the bonus tile's income ship cannot be declined while it can be placed).",
}
KO: dict[str, str] = {
    "terra_mystica.mots_scoring": "<상인과 무역>에서는 새 점수 타일만 씁니다. 쓸 수 없는 "
    "타일: {tile}.",
    "terra_mystica.mots_bonus": "<상인과 무역>에서 쓰지 않는 보너스 타일입니다: {tile}.",
    "terra_mystica.mots_dock_here": "부두 마커는 자신의 강변 주택에 놓아야 합니다. 해당하지 "
    "않는 칸: {hex}.",
    "terra_mystica.mots_dock_warehouse": "창고 마커는 자신의 주택에 놓아야 합니다. 해당하지 "
    "않는 칸: {hex}.",
    "terra_mystica.mots_no_dock": "{faction}: 부두나 조선소가 없어서 선박을 획득할 수 없습니다.",
    "terra_mystica.mots_ship_limit": "{faction}: 선박 3개가 이미 모두 게임판에 있습니다.",
    "terra_mystica.mots_ship_here": "새 선박은 자신의 부두/조선소에 직접 인접한 강 칸에 "
    "놓습니다. 해당하지 않는 칸: {hex}.",
    "terra_mystica.mots_no_ship": "{faction}: {hex}에 자신의 선박이 없습니다.",
    "terra_mystica.mots_ship_path": "선박은 {a}에서 이 칸으로 이동할 수 없습니다: {b}.",
    "terra_mystica.mots_ship_far": "그 선박 이동은 {n}칸입니다. 최대 {max}칸입니다.",
    "terra_mystica.mots_ship_stop": "선박은 처음 들어간 건물({hex})에서 이동을 끝냅니다.",
    "terra_mystica.mots_ship_traded": "{faction}: {hex}에는 이미 자신의 무역 마커가 있습니다.",
    "terra_mystica.mots_two_ships": "{hex}에는 자기 선박을 1개만 들여보낼 수 있습니다.",
    "terra_mystica.mots_ship_own": "선박은 다른 세력의 건물에만 들어갈 수 있습니다: {hex}.",
    "terra_mystica.mots_no_markers": "{faction}: 무역 마커 15개를 모두 썼습니다.",
    "terra_mystica.mots_walk_river": "상인은 강 칸에서 이동을 끝낼 수 없습니다: {hex}.",
    "terra_mystica.mots_no_ship_gained": "{faction}: 지금 놓을 선박이 없습니다.",
    "terra_mystica.mots_trade_choice": "이 건물과의 무역은 하나를 골라야 합니다({building}): {options}.",
    "terra_mystica.mots_traded": "{faction}: {hex}에서 무역했습니다(상대: {partner}).",
    "terra_mystica.mots_shipyard_river": "조선소는 강변 교역소만 개량해서 지을 수 있습니다. "
    "강변이 아닌 칸: {hex}.",
    "terra_mystica.mots_ship_not_next": "{river}의 선박은 이 칸과 직접 인접하지 않습니다: {hex}.",
    "terra_mystica.mots_favor_cult": "같은 신앙의 영향력 1 은총 타일은 하나만 가질 수 있습니다. "
    "가져갈 수 없는 타일: {tile}.",
    "terra_mystica.mots_giants_spade": "'거인의 요새와 무역해서 받은 공짜 삽'은 황무지에 "
    "사용할 수 없습니다: {hex}.",
    "terra_mystica.mots_ship_compulsory": "{faction}: 이 선박은 반드시 게임판에 놓아야 "
    "합니다(조선소와 보너스 타일의 수입 선박은 놓을 수 있는 한 거부할 수 없습니다).",
}


def register(messages: dict[str, dict[str, str]]) -> None:
    messages["en"].update(EN)
    messages["ko"].update(KO)
