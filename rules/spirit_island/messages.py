"""Message catalogue for every key the engine emits (RuleError, Event, Decision.kind) and the
lobby's option labels, in English and Korean (terms from the seed's glossary, digest 12.2).

Params: {s} is a seat (the bot substitutes the player's name); {source} names the power or
rule asking; {land} is a land name (A5); {card} an invader card as {"en", "ko"}; lists come
joined. Korean: a player is "{s} 님"; a name is followed by a noun so no particle depends
on it.
"""

from __future__ import annotations

# The lobby's adversary ids and their names (digest 12.2).
ADVERSARY_NAMES: dict[str, tuple[str, str]] = {
    "brandenburg_prussia": ("Brandenburg-Prussia", "브란덴부르크-프로이센"),
    "england": ("Kingdom of England", "잉글랜드 왕국"),
    "sweden": ("Sweden", "스웨덴"),
    "france": ("France (Plantation Colony)", "프랑스 플랜테이션 식민지"),
    "habsburg": ("Habsburg Monarchy", "합스부르크 군주국"),
    "russia": ("Tsardom of Russia", "러시아 차르국"),
    "scotland": ("Kingdom of Scotland", "스코틀랜드 왕국"),
}
# How a game ended, for the game_over event's {outcome}.
OUTCOMES: dict[str, tuple[str, str]] = {
    "win": ("the spirits win", "정령들의 승리"),
    "sacrifice": ("the spirits win at a sacrifice", "희생을 치른 정령들의 승리"),
    "loss:blight": ("the island is overrun by blight", "섬이 오염으로 뒤덮여 패배"),
    "loss:time": ("the invader deck ran out", "침략자 덱이 떨어져 패배"),
    "loss:presence": ("a spirit was destroyed", "정령이 파괴되어 패배"),
}

_EN: dict[str, str] = {
    "spirit_island.name": "Spirit Island",
    # decisions
    "spirit_island.decision.choice": "{source}: choose ({what}).",
    "spirit_island.decision.choose": "{source}: choose an option.",
    "spirit_island.decision.target_land": "{source}: choose the target land.",
    "spirit_island.decision.target_spirit": "{source}: choose the target spirit.",
    "spirit_island.decision.choose_land": "{source}: choose a land.",
    "spirit_island.decision.damage": "{source}: deal 1 damage in {land} ({n} left).",
    "spirit_island.decision.destroy": "{source}: destroy a piece in {land}.",
    "spirit_island.decision.remove": "{source}: remove a piece from {land}.",
    "spirit_island.decision.cascade": "Blight cascades: choose the adjacent land it goes to.",
    "spirit_island.decision.strife": "{source}: choose the invader that takes strife in {land}.",
    "spirit_island.decision.push": "{source}: push a piece out of {land}.",
    "spirit_island.decision.gather": "{source}: gather a piece into {land}.",
    "spirit_island.decision.deck": "{source}: gain a Minor or a Major Power?",
    "spirit_island.decision.gain_card": "{source}: choose the Power card to gain.",
    "spirit_island.decision.forget": "{source}: forget a Power card.",
    "spirit_island.decision.reclaim": "{source}: reclaim a Power card.",
    "spirit_island.decision.presence_source": "{source}: take presence from which track?",
    "spirit_island.decision.add_presence": "{source}: add a presence to a land.",
    "spirit_island.decision.setup_presence": "Setup: place your starting presence.",
    "spirit_island.decision.may": "{source}: do it?",
    "spirit_island.decision.play": "Spirit Phase: play a Power card and pay its cost, or done.",
    "spirit_island.decision.element": "Choose an element for your presence track.",
    "spirit_island.decision.resolve": "Choose the power to use next.",
    "spirit_island.decision.skip": "Skip this Ravage in {land}?",
    "spirit_island.decision.counterattack": "Dahan counterattack in {land}: damage which "
                                            "invader?",
    # events
    "spirit_island.turn": "Turn {turn} begins: Spirit Phase.",
    "spirit_island.explore": "Explore ({card}): {lands}.",
    "spirit_island.build": "Build ({card}): {lands}.",
    "spirit_island.ravage": "Ravage in {land}: {damage} damage, blight in {blight}.",
    "spirit_island.power": "{s} uses {power}.",
    "spirit_island.game_over": "The game is over: {outcome}.",
    "spirit_island.revealed": "A card was drawn.",
    "spirit_island.left_out": "Left out of the power decks (not yet modelled): {cards}.",
    # refusals
    "spirit_island.err.illegal": "That move is not allowed now.",
    "spirit_island.err.not_your_turn": "You have nothing to decide now.",
    "spirit_island.err.game_over": "The game is over.",
    "spirit_island.err.unreadable": "Could not read the move \"{text}\".",
    "spirit_island.err.options": "These options are not valid: {fields}.",
    "spirit_island.err.seats": "Spirit Island is for 1 to 4 players (not {seats}).",
    "spirit_island.err.thematic": "Thematic boards are not available.",
    "spirit_island.err.spirits": "Name {seats} different spirits, one per player.",
    "spirit_island.err.boards": "Name {seats} different boards (A-F), one per player.",
    "spirit_island.err.adversary": "That adversary is not available yet.",
    # lobby options
    "spirit_island.option.spirits": "Spirits",
    "spirit_island.option.spirits.none": "River, Vital Strength, Lightning, Shadows",
    "spirit_island.option.boards": "Island boards",
    "spirit_island.option.boards.none": "A, B, C, D",
    "spirit_island.option.adversary": "Adversary",
    "spirit_island.option.adversary.none": "None",
    "spirit_island.option.level": "Adversary level",
    "spirit_island.option.events": "Events",
    "spirit_island.option.thematic": "Thematic boards",
}

_KO: dict[str, str] = {
    "spirit_island.name": "정령섬",
    "spirit_island.decision.choice": "{source}: 고르세요 ({what}).",
    "spirit_island.decision.choose": "{source}: 선택지를 고르세요.",
    "spirit_island.decision.target_land": "{source}: 대상 지역을 고르세요.",
    "spirit_island.decision.target_spirit": "{source}: 대상 정령을 고르세요.",
    "spirit_island.decision.choose_land": "{source}: 지역을 고르세요.",
    "spirit_island.decision.damage": "{source}: {land} 지역에 피해 1 (남은 피해 {n}).",
    "spirit_island.decision.destroy": "{source}: {land} 지역에서 파괴할 구성물을 고르세요.",
    "spirit_island.decision.remove": "{source}: {land} 지역에서 제거할 구성물을 고르세요.",
    "spirit_island.decision.cascade": "오염 확산: 오염이 퍼질 인접 지역을 고르세요.",
    "spirit_island.decision.strife": "{source}: {land} 지역에서 내분을 받을 침략자를 고르세요.",
    "spirit_island.decision.push": "{source}: {land} 지역에서 밀어낼 구성물과 지역을 고르세요.",
    "spirit_island.decision.gather": "{source}: {land} 지역으로 끌어올 구성물을 고르세요.",
    "spirit_island.decision.deck": "{source}: 보조 능력과 주요 능력 중 어느 덱에서 얻을까요?",
    "spirit_island.decision.gain_card": "{source}: 얻을 능력 카드를 고르세요.",
    "spirit_island.decision.forget": "{source}: 잊을 능력 카드를 고르세요.",
    "spirit_island.decision.reclaim": "{source}: 회수할 능력 카드를 고르세요.",
    "spirit_island.decision.presence_source": "{source}: 어느 현신 트랙에서 현신을 가져올까요?",
    "spirit_island.decision.add_presence": "{source}: 현신을 놓을 지역을 고르세요.",
    "spirit_island.decision.setup_presence": "게임 준비: 시작 현신을 놓으세요.",
    "spirit_island.decision.may": "{source}: 실행할까요?",
    "spirit_island.decision.play": "정령 단계: 능력 카드를 내려놓고 비용을 지불하거나, 완료하세요.",
    "spirit_island.decision.element": "현신 트랙에서 얻을 원소를 고르세요.",
    "spirit_island.decision.resolve": "다음에 사용할 능력을 고르세요.",
    "spirit_island.decision.skip": "{land} 지역의 이번 정복을 생략할까요?",
    "spirit_island.decision.counterattack": "{land} 지역 다한의 반격: 어느 침략자에게 피해를 "
                                            "줄까요?",
    "spirit_island.turn": "{turn}번째 차례 시작: 정령 단계.",
    "spirit_island.explore": "탐사 ({card}): {lands}.",
    "spirit_island.build": "건설 ({card}): {lands}.",
    "spirit_island.ravage": "{land} 지역 정복: 피해 {damage}, 오염 {blight}.",
    "spirit_island.power": "{s} 님이 능력 {power} 사용.",
    "spirit_island.game_over": "게임 종료: {outcome}.",
    "spirit_island.revealed": "카드를 뽑았습니다.",
    "spirit_island.left_out": "능력 덱에서 뺀 카드 (아직 구현되지 않음): {cards}.",
    "spirit_island.err.illegal": "지금은 할 수 없는 행동입니다.",
    "spirit_island.err.not_your_turn": "지금은 내가 고를 것이 없습니다.",
    "spirit_island.err.game_over": "게임이 끝났습니다.",
    "spirit_island.err.unreadable": "입력한 행동을 읽을 수 없습니다: \"{text}\"",
    "spirit_island.err.options": "올바르지 않은 옵션: {fields}.",
    "spirit_island.err.seats": "정령섬은 1-4명이 플레이합니다 ({seats}명은 불가).",
    "spirit_island.err.thematic": "테마 보드는 아직 사용할 수 없습니다.",
    "spirit_island.err.spirits": "플레이어마다 서로 다른 정령을 하나씩, 모두 {seats}개 고르세요.",
    "spirit_island.err.boards": "플레이어마다 서로 다른 섬 보드(A-F)를 하나씩, 모두 {seats}개 "
                                "고르세요.",
    "spirit_island.err.adversary": "그 적대국은 아직 사용할 수 없습니다.",
    "spirit_island.option.spirits": "정령",
    "spirit_island.option.spirits.none": "강, 대지, 번개, 그림자",
    "spirit_island.option.boards": "섬 보드",
    "spirit_island.option.boards.none": "A, B, C, D",
    "spirit_island.option.adversary": "적대국",
    "spirit_island.option.adversary.none": "없음",
    "spirit_island.option.level": "적대국 레벨",
    "spirit_island.option.events": "이벤트",
    "spirit_island.option.thematic": "테마 보드",
}

# --- corrections (corrections.py) ---
_EN.update({
    "spirit_island.fix": "{s} fixes the island: {what}. Reason: {reason}",
    "spirit_island.err.fix.unreadable": "Could not read the fix \"{text}\". Write it as: fix "
                                        "add|remove|move [count] <piece> [spirit] <land> "
                                        "[<to land>] : <reason>.",
    "spirit_island.err.fix.shape": "A fix needs an operation (add, remove or move), a piece, a "
                                   "land (and a land to move to, for a move only) and a reason; "
                                   "a spirit and track only for presence, an invader only for "
                                   "strife.",
    "spirit_island.err.fix.op": "Unknown fix \"{op}\": use add, remove or move.",
    "spirit_island.err.fix.piece": "Unknown piece \"{piece}\": explorer, town, city, dahan, "
                                   "blight, presence, beasts, disease, wilds, badlands or strife.",
    "spirit_island.err.fix.count": "The count must be a whole number from 1 to {most}.",
    "spirit_island.err.fix.reason": "Give a reason for the fix, so everyone sees why.",
    "spirit_island.err.fix.reason_long": "Keep the reason under {most} characters.",
    "spirit_island.err.fix.land": "There is no land \"{land}\" on this island.",
    "spirit_island.err.fix.same_land": "A move needs another land than {land} to go to.",
    "spirit_island.err.fix.ocean": "Only presence can be put in an Ocean ({land}).",
    "spirit_island.err.fix.spirit": "Name a spirit of this game for the presence "
                                    "(\"{spirit}\" is none).",
    "spirit_island.err.fix.track": "Presence comes from or goes to energy, plays or destroyed "
                                   "(not \"{track}\").",
    "spirit_island.err.fix.track_empty": "{spirit} has not that much presence left on "
                                         "{track}.",
    "spirit_island.err.fix.track_full": "{track} of {spirit} cannot take back that much "
                                        "presence: it gave less.",
    "spirit_island.err.fix.nothing": "{land} holds only {have} {piece}: nothing to take away.",
    "spirit_island.err.fix.strife_on": "Strife sits on an invader: name one that is in {land} "
                                       "(explorer, town or city).",
    "spirit_island.err.fix.strife_move": "Strife cannot move by itself: move its invader, or "
                                         "remove the strife and add it elsewhere.",
    "spirit_island.err.fix.blight_card": "The blight card holds {left} blight: a fix may not "
                                         "take the last one (that would turn the card over).",
    "spirit_island.err.fix.invariant": "That fix would break the game's rules: {problem}.",
    "spirit_island.err.fix.ends_game": "A fix cannot end the game (it would mean: {outcome}). "
                                       "Play it out, or vote to abandon.",
})
_KO.update({
    "spirit_island.fix": "{s} 님이 섬을 바로잡았습니다: {what}. 이유: {reason}",
    "spirit_island.err.fix.unreadable": "바로잡기를 읽을 수 없습니다: \"{text}\". 이렇게 쓰세요: "
                                        "바로잡기 추가|제거|이동 [개수] <구성물> [정령] <지역> "
                                        "[<옮길 지역>] : <이유>",
    "spirit_island.err.fix.shape": "바로잡기에는 작업(추가, 제거, 이동), 구성물, 지역(이동이면 옮길 "
                                   "지역도)과 이유가 필요합니다. 정령과 트랙은 현신에만, 침략자는 "
                                   "내분에만 씁니다.",
    "spirit_island.err.fix.op": "알 수 없는 작업 \"{op}\": 추가, 제거, 이동 중에서 고르세요.",
    "spirit_island.err.fix.piece": "알 수 없는 구성물 \"{piece}\": 탐험가, 마을, 도시, 다한, 오염, "
                                   "현신, 맹수, 역병, 험지, 불모지, 내분 중에서 고르세요.",
    "spirit_island.err.fix.count": "개수는 1에서 {most} 사이의 정수여야 합니다.",
    "spirit_island.err.fix.reason": "모두가 알 수 있도록 바로잡는 이유를 적어 주세요.",
    "spirit_island.err.fix.reason_long": "이유는 {most}자 이내로 적어 주세요.",
    "spirit_island.err.fix.land": "이 섬에는 \"{land}\" 지역이 없습니다.",
    "spirit_island.err.fix.same_land": "이동하려면 {land} 지역이 아닌 다른 지역을 고르세요.",
    "spirit_island.err.fix.ocean": "바다({land})에는 현신만 놓을 수 있습니다.",
    "spirit_island.err.fix.spirit": "현신의 주인은 이 게임의 정령이어야 합니다 "
                                    "(\"{spirit}\" 정령은 없음).",
    "spirit_island.err.fix.track": "현신의 출처나 보낼 곳은 에너지, 카드 사용 장수, 파괴된 현신 "
                                   "중 하나입니다 (\"{track}\" 아님).",
    "spirit_island.err.fix.track_empty": "{spirit} 정령의 {track}에는 그만큼 남은 현신이 "
                                         "없습니다.",
    "spirit_island.err.fix.track_full": "{spirit} 정령의 {track}에는 그만큼 현신을 되돌릴 "
                                        "수 없습니다: 그보다 적게 꺼냈습니다.",
    "spirit_island.err.fix.nothing": "{land} 지역의 {piece} 구성물은 {have}개뿐이라 뺄 수 "
                                     "없습니다.",
    "spirit_island.err.fix.strife_on": "내분은 침략자 위에 놓입니다: {land} 지역에 있는 "
                                       "침략자(탐험가, 마을, 도시)를 고르세요.",
    "spirit_island.err.fix.strife_move": "내분만 따로 옮길 수는 없습니다: 침략자를 옮기거나, "
                                         "내분을 제거하고 다른 곳에 추가하세요.",
    "spirit_island.err.fix.blight_card": "오염 카드에 오염이 {left}개 있습니다: 바로잡기로 "
                                         "마지막 오염을 가져올 수는 없습니다 (카드가 뒤집힘).",
    "spirit_island.err.fix.invariant": "그렇게 바로잡으면 게임 규칙이 깨집니다: {problem}.",
    "spirit_island.err.fix.ends_game": "바로잡기로 게임을 끝낼 수는 없습니다 (결과: {outcome}). "
                                       "계속 플레이하거나 포기 투표를 하세요.",
})

# The power cards' own questions (power_rules_a.py).
_EN["spirit_island.decision.ashore"] = ("{source}: a dahan pushed from {land} into your Ocean: "
                                        "move it to a coastal land, or let it drown.")
_KO["spirit_island.decision.ashore"] = ("{source}: {land} 지역에서 바다로 밀려난 다한을 해안 "
                                        "지역으로 옮기거나 익사시키세요.")

# Sky Stretches to Shore and Unlock the Gates of Deepest Power (power_rules_b.py).
_EN["spirit_island.power_as_slow"] = "{s} keeps {power} for the Slow phase."
_KO["spirit_island.power_as_slow"] = "{s} 님이 능력 {power} 카드를 느린 능력 단계에 사용합니다."
_EN["spirit_island.decision.unlock_play"] = ("{source}: play the Major you kept now, paying half "
                                             "its cost or forgetting it at the end of the turn?")
_KO["spirit_island.decision.unlock_play"] = ("{source}: 방금 얻은 주요 능력을 지금 내려놓을까요? "
                                             "비용의 절반을 지불하거나, 차례가 끝날 때 잊습니다.")

# Two adversaries combined (engine.Options.supporting).
_EN.update({
    "spirit_island.option.supporting": "Supporting adversary",
    "spirit_island.option.supporting.none": "None",
    "spirit_island.option.supporting_level": "Supporting adversary level",
    "spirit_island.err.supporting_alone": "A supporting adversary needs a leading adversary: "
    "choose the adversary first.",
    "spirit_island.err.supporting_same": "The two combined adversaries must be different.",
})
_KO.update({
    "spirit_island.option.supporting": "보조 적대국",
    "spirit_island.option.supporting.none": "없음",
    "spirit_island.option.supporting_level": "보조 적대국 레벨",
    "spirit_island.err.supporting_alone": "보조 적대국은 우세 적대국이 있어야 합니다. 적대국을 "
    "먼저 고르세요.",
    "spirit_island.err.supporting_same": "함께 쓰는 두 적대국은 서로 달라야 합니다.",
})

for _id, (_en, _ko) in ADVERSARY_NAMES.items():
    _EN[f"spirit_island.option.adversary.{_id}"] = _en
    _KO[f"spirit_island.option.adversary.{_id}"] = _ko
    _EN[f"spirit_island.option.supporting.{_id}"] = _en
    _KO[f"spirit_island.option.supporting.{_id}"] = _ko

MESSAGES: dict[str, dict[str, str]] = {"en": _EN, "ko": _KO}
