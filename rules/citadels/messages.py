"""Message catalogue for every key the engine emits (RuleError, Event, Decision.kind), the
button labels of choices (`choice.<type>[_<variant>]`, chosen by bot/citadels_ui.choice_key;
their {target}, {character}, {card_name}... are filled with names there) and the lobby
option labels.

Params: {s}, {target}, {by}, {victims}, {winners} are seat indexes (the bot substitutes
player names); {character} is a character id or a list of ids (the bot substitutes the
localised names from the view). District ids travel with their names: {card_name},
{mine_name}, {card_names} and {kind_name} are {"en", "ko"} dicts (table.add_names), since a
destroyed card or another player's hand is in no view of the reader. Other params are
numbers.

Korean style: a player is "{s} 님" (the particle after 님 never changes), and a character
or district name is followed by a noun (캐릭터, 건물, 카드) so no particle depends on the
name's last syllable. Terms follow the rulebook glossary.
"""

from __future__ import annotations

from rules.citadels.option_texts import option_messages

_EN: dict[str, str] = {
    # decisions
    "decide.draft_take": "Round {round}: choose your character.",
    "decide.draft_discard": "Choose a character to discard face down.",
    "decide.theater": "Theater: swap one of your characters for a random one of another "
                      "player's, or pass.",
    "decide.advisor": "Emperor's advisor: give the crown to another player.",
    "decide.gather": "{character}: gather resources. Take {gold} gold, or draw {drawn} "
                     "cards and keep {kept}.",
    "decide.gather_no_deck": "{character}: gather resources. The district deck is empty, "
                             "so take gold.",
    "decide.keep": "Choose the card to keep.",
    "decide.bribe": "The {character} is threatened: pay a bribe of {amount} gold (half your "
                    "gold), or refuse.",
    "decide.threat_reveal": "The bribe was refused: reveal your threat on {character}?",
    "decide.confiscate": "{character} paid to build {card_name}: reveal your warrant?",
    "decide.bewitch": "Witch: name the character to bewitch.",
    "decide.turn": "{character}: use your ability, build, or end your turn.",
    "decide.menu": "{character}: {question} Or press Back to see your other options.",
    "decide.warrant": "Magistrate: choose the character for your next warrant.",
    "decide.sign": "Magistrate: which character gets the signed warrant?",
    "decide.threaten": "Blackmailer: choose the character for your second threat.",
    "decide.flower": "Blackmailer: which character gets the real threat (the flower)?",
    "decide.redraw": "Magician: discard cards one at a time, then press done to draw as "
                     "many.",
    "decide.grab": "Wizard: take one card from {target}'s hand.",
    "decide.wizard_use": "Wizard: build {card_name} now, or keep it in your hand.",
    "decide.seer_give": "Seer: choose a card to give back to {target}.",
    "decide.cardinal_give": "Cardinal: choose a card to give {target} for the gold you "
                            "took ({left} left).",
    "decide.den_pay": "Thieves' Den: choose a card to pay with ({left} left).",
    # button labels of choices without arguments (the others show their notation)
    "choice.pass": "Pass",
    "choice.pass_hide": "Do not reveal",
    "choice.gold": "Take 2 gold",
    "choice.gold_amount": "Take {amount} gold",
    "choice.cards": "Draw cards",
    "choice.cards_count": "Draw {drawn} cards, keep {kept}",
    "choice.bribe": "Pay the bribe",
    "choice.refuse": "Refuse",
    "choice.reveal": "Reveal",
    "choice.done": "Done",
    "choice.ability": "Use ability",
    "choice.smithy": "Smithy: 2 gold for 3 cards",
    "choice.end": "End turn",
    "choice.back": "Back",
    # button labels of choices with arguments ({target}: a player; names, never ids)
    "choice.take": "Take the {character}",
    "choice.discard": "Discard the {character} face down",
    "choice.discard_card": "Discard {card_name}",
    "choice.theater": "Swap your {character} with {target}",
    "choice.keep": "Keep {card_name}",
    "choice.income": "Collect income",
    "choice.income_gold": "Income: {gold} gold",
    "choice.income_cards": "Income: {count} cards",
    "choice.income_mix": "Income: {gold} gold + {count} cards",
    "choice.kill": "Assassinate the {character}",
    "choice.bewitch": "Bewitch the {character}",
    "choice.warrant": "Warrant on the {character}",
    "choice.sign": "Signed warrant on the {character}",
    "choice.rob": "Rob the {character}",
    "choice.threaten": "Threaten the {character}",
    "choice.flower": "Real threat (flower) on the {character}",
    "choice.spy": "Spy on {target}: {kind_name} districts",
    "choice.swap": "Swap hands with {target}",
    "choice.look": "Look at {target}'s hand",
    "choice.grab": "Take {card_name}",
    "choice.give": "Give {card_name}",
    "choice.crown": "Give the crown to {target}",
    "choice.crown_gold": "Crown {target}, take 1 gold",
    "choice.crown_card": "Crown {target}, take a card",
    "choice.crown_none": "Crown {target} (nothing to take)",
    "choice.tithe": "Tithe: 1 gold from {target}",
    "choice.navigate_gold": "Navigate: take 4 gold",
    "choice.navigate_cards": "Navigate: draw 4 cards",
    "choice.destroy": "Destroy {target}'s {card_name} — {price} gold",
    "choice.destroy_free": "Destroy {target}'s {card_name} — free",
    "choice.exchange": "Swap your {mine_name} for {target}'s {card_name} — {price} gold",
    "choice.exchange_free": "Swap your {mine_name} for {target}'s {card_name} — free",
    "choice.seize": "Seize {target}'s {card_name} — {price} gold",
    "choice.seize_free": "Seize {target}'s {card_name} — free",
    "choice.beautify": "Beautify {card_name}",
    "choice.lab": "Laboratory: discard {card_name} for 2 gold",
    "choice.museum": "Museum: place {card_name} under it",
    "choice.armory": "Armory: destroy {target}'s {card_name}",
    "choice.build": "Build {card_name}",
    "choice.build_via": "Build {card_name}, destroying {via_name}",
    "choice.build_cards": "Build {card_name}, {count} of the cost in cards",
    "choice.build_from": "Build {card_name} with gold from {target}",
    "choice.pay": "Pay with {card_name}",
    # menus of the turn ({menu}: a choice.menu.<verb> name)
    "choice.open": "{menu}…",
    "choice.open_seat": "{menu}: {target}…",
    "choice.open_card": "{menu}: {card_name}…",
    "choice.open_seat_card": "{menu}: {target}'s {card_name}…",
    # refusals
    "err.illegal": "That move is not allowed now.",
    "err.confiscate_same_name": "{card_name} cannot be confiscated: your city already has a "
                                "district of that name (the Quarry does not apply to a "
                                "confiscation). Revealing the signed warrant is the "
                                "confiscation itself, so it stays hidden: do not reveal.",
    "err.confiscate_monument": "{card_name} cannot be confiscated: your city already has 5 or "
                               "more districts. Revealing the signed warrant is the "
                               "confiscation itself, so it stays hidden: do not reveal.",
    "err.not_your_turn": "It is not your turn to decide.",
    "err.game_over": "The game is over.",
    "err.unreadable": "Could not read the move \"{text}\".",
    "err.options": "These options are not valid: {fields}.",
    "err.seats": "Citadels needs 2 to 8 players (not {seats}).",
    "err.crown_seat": "There is no seat {seat} to hold the crown.",
    "err.cast_invalid": "The characters must be 8 or 9 known characters.",
    "err.cast_ranks": "Choose exactly one character for each rank, in rank order.",
    "err.cast_rank9": "With {seats} players the rank-9 rule is not met.",
    "err.cast_queen": "The Queen cannot be used with fewer than 5 players.",
    "err.cast_emperor": "The Emperor cannot be used with 2 players.",
    "err.custom_missing": "A custom set needs its characters and 14 unique districts.",
    "err.districts_invalid": "Choose exactly 14 different unique districts.",
    # events: selection phase
    "ev.round_start": "Round {round} begins. {s} holds the crown and chooses first.",
    "ev.faceup": "Discarded face up: {character}.",
    "ev.picked": "{s} chose a character.",
    "ev.you_picked": "You chose the {character}.",
    "ev.draft_discarded": "{s} discarded a character face down.",
    "ev.you_discarded": "You discarded the {character} face down.",
    "ev.theater_swap": "{s} uses the Theater to swap characters with {target}.",
    "ev.theater_got": "Your character is now the {character}.",
    "ev.theater_pass": "{s} does not use the Theater.",
    # events: calls and turns
    "ev.called_absent": "The {character} is called: no one answers.",
    "ev.called_killed": "The {character} is called: no answer (assassinated).",
    "ev.reveal": "{s} reveals the {character}.",
    "ev.robbed": "The Thief ({s}) takes {amount} gold from {target}.",
    "ev.robbed_none": "The Thief ({s}) robs {target}, who has no gold.",
    "ev.crown_taken": "{s} takes the crown.",
    "ev.queen": "The Queen ({s}) gains {amount} gold.",
    "ev.gather_gold": "{s} takes {amount} gold.",
    "ev.gather_cards": "{s} draws {drawn} cards and keeps {kept}.",
    "ev.gather_one": "{s} draws the last card of the district deck and keeps it.",
    "ev.drew": "{s} draws {count} cards.",
    "ev.drew_one": "{s} draws a card.",
    "ev.drew_cards": "You drew: {card_names}.",
    "ev.kept": "You kept {card_name}.",
    "ev.bewitched_turn_ends": "The {character} is bewitched: {s} only gathers resources, "
                              "and the Witch takes over the turn.",
    "ev.witch_resumes": "The Witch ({s}) plays the rest of the {character}'s turn.",
    "ev.witch_ends": "The Witch ({s}) ends her turn.",
    "ev.income_gold": "{s} collects {gold} gold of income from their districts.",
    "ev.income_cards": "{s} collects income from their districts in cards.",
    "ev.income_mix": "{s} collects income from their districts: {gold} gold and {count} "
                     "cards.",
    "ev.turn_end": "{s} ends the {character}'s turn.",
    # events: character abilities
    "ev.kill": "{s} assassinates the {character}.",
    "ev.bewitch": "{s} bewitches the {character}.",
    "ev.warrant": "{s} places a warrant on the {character}.",
    "ev.signed": "Your signed warrant is on the {character}.",
    "ev.rob": "{s} will rob the {character}.",
    "ev.threaten": "{s} threatens the {character}.",
    "ev.flowered": "Your real threat (the flower) is on the {character}.",
    "ev.bribe": "{s} pays {target} a bribe of {amount} gold.",
    "ev.bribe_refused": "{s} refuses to pay the bribe.",
    "ev.threat_flower": "{s} reveals the threat on {target}: it is the real one (the "
                        "flower)! {s} takes all their gold ({amount}).",
    "ev.threat_flower_none": "{s} reveals the threat on {target}: it is the real one (the "
                             "flower), but {target} has no gold.",
    "ev.threat_blank": "{s} reveals the threat on {target}: no flower, nothing happens.",
    "ev.threat_kept": "{s} does not reveal the threat.",
    "ev.spy": "{s} names {kind_name} districts and looks at {target}'s hand: {hits} "
              "match, {gold} gold taken.",
    "ev.spy_sees": "{target}'s hand: {card_names}.",
    "ev.swap": "{s} swaps hands with {target}.",
    "ev.redraw": "{s} discards {count} cards to draw as many.",
    "ev.redraw_one": "{s} discards a card to draw a new one.",
    "ev.wizard_looks": "{s} looks at {target}'s hand.",
    "ev.wizard_sees": "{target}'s hand: {card_names}.",
    "ev.wizard_takes": "{s} takes a card from {target}'s hand.",
    "ev.card_taken": "{card_name} was taken from your hand.",
    "ev.card_got": "You received {card_name}.",
    "ev.seer": "The Seer ({s}) takes a random card from each of {victims}.",
    "ev.gave": "{s} gives a card to {target}.",
    "ev.scholar": "The Scholar ({s}) draws {drawn} cards to keep one.",
    "ev.tax_taken": "The Tax Collector ({s}) collects {amount} gold of taxes.",
    "ev.emperor_crowns": "{by} gives the crown to {s}.",
    "ev.emperor_gold": "{s} takes 1 gold from {target} for the crown.",
    "ev.emperor_card": "{s} takes a random card from {target} for the crown.",
    "ev.tithe": "The richest player, {target}, gives 1 gold to {s}.",
    "ev.navigate_gold": "The Navigator ({s}) takes 4 extra gold.",
    "ev.navigate_cards": "The Navigator ({s}) draws {count} extra cards.",
    "ev.destroyed": "{s} destroys {target}'s {card_name}, paying {gold} gold.",
    "ev.destroyed_free": "{s} destroys {target}'s {card_name} for free.",
    "ev.exchanged": "{s} exchanges their {mine_name} for {target}'s {card_name}, paying "
                    "{gold} gold.",
    "ev.exchanged_free": "{s} exchanges their {mine_name} for {target}'s {card_name}, "
                         "paying nothing.",
    "ev.seized": "{s} seizes {target}'s {card_name}, paying {gold} gold.",
    "ev.beautified": "{s} beautifies {card_name}.",
    "ev.cardinal_takes": "The Cardinal ({s}) takes {amount} gold from {target} and will "
                         "give as many cards.",
    "ev.tax": "{s} pays 1 gold of property tax ({pot} gold now on the Tax Collector).",
    "ev.alchemist": "The Alchemist ({s}) gets back the {amount} gold spent on building.",
    # events: districts
    "ev.built": "{s} builds {card_name}.",
    "ev.laboratory": "{s} discards a card at the Laboratory for 2 gold.",
    "ev.museum": "{s} places a card under the Museum.",
    "ev.smithy": "{s} pays 2 gold at the Smithy to draw {count} cards.",
    "ev.armory": "{s} destroys the Armory to destroy {target}'s {card_name}.",
    "ev.poor_house": "{s} gains 1 gold from the Poor House.",
    "ev.park": "{s} has no cards in hand: the Park gives them cards.",
    "ev.completed": "{s} completes their city!",
    # events: warrants
    "ev.warrant_kept": "The Magistrate ({s}) does not reveal the warrant.",
    "ev.warrant_blank": "The Magistrate ({s}) reveals the warrant on the {character}: not "
                        "signed, nothing happens.",
    "ev.confiscated": "The Magistrate ({s}) confiscates {target}'s {card_name}; {target} "
                      "gets {refund} gold back.",
    # events: end of round and game
    "ev.killed_revealed": "The assassinated {character} was {s}.",
    "ev.heir": "{s} takes the crown as {heir}.",
    "ev.advisor": "The Emperor's advisor ({by}) gives the crown to {s}.",
    "ev.round_end": "Round {round} ends.",
    "ev.game_over": "The game is over. Winner: {winners}.",
}

_KO: dict[str, str] = {
    "decide.draft_take": "{round}라운드: 캐릭터를 고르세요.",
    "decide.draft_discard": "뒷면으로 버릴 캐릭터를 고르세요.",
    "decide.theater": "극장: 내 캐릭터 1장을 다른 플레이어의 무작위 캐릭터 1장과 "
                      "교환하거나, 넘기세요.",
    "decide.advisor": "황제의 대리인: 왕관을 줄 플레이어를 고르세요.",
    "decide.gather": "{character} 차례: 자원을 얻으세요. 금화 {gold}닢을 받거나, 건물 카드 "
                     "{drawn}장을 뽑아 {kept}장을 가지세요.",
    "decide.gather_no_deck": "{character} 차례: 자원을 얻으세요. 건물 카드 더미가 비어 "
                             "있어 금화만 받을 수 있습니다.",
    "decide.keep": "가질 카드를 고르세요.",
    "decide.bribe": "{character} 캐릭터가 협박당했습니다: 뇌물로 금화 {amount}닢(가진 "
                    "금화의 절반)을 주거나 거절하세요.",
    "decide.threat_reveal": "뇌물을 거절당했습니다: {character} 캐릭터에 놓은 협박 토큰을 "
                            "공개할까요?",
    "decide.confiscate": "{character} 캐릭터가 금화를 내고 {card_name} 건물을 "
                         "건설했습니다: 영장을 공개할까요?",
    "decide.bewitch": "마녀: 마법을 걸 캐릭터를 선언하세요.",
    "decide.turn": "{character} 차례: 능력을 사용하거나, 건설하거나, 차례를 마치세요.",
    "decide.menu": "{character} 차례: {question} '뒤로'를 누르면 다른 행동을 볼 수 있습니다.",
    "decide.warrant": "치안판사: 다음 영장을 발부할 캐릭터를 고르세요.",
    "decide.sign": "치안판사: 인장이 찍힌 영장을 어느 캐릭터에 놓을까요?",
    "decide.threaten": "협박범: 두 번째 협박 토큰을 놓을 캐릭터를 고르세요.",
    "decide.flower": "협박범: 꽃 자수 토큰(실제 협박)을 어느 캐릭터에 놓을까요?",
    "decide.redraw": "마술사: 버릴 카드를 한 장씩 고른 뒤 '완료'를 누르면 버린 만큼 "
                     "뽑습니다.",
    "decide.grab": "마법사: {target} 님의 손에서 카드 1장을 가져오세요.",
    "decide.wizard_use": "마법사: {card_name} 카드를 지금 건설하거나 손에 보관하세요.",
    "decide.seer_give": "예언자: {target} 님에게 돌려줄 카드를 고르세요.",
    "decide.cardinal_give": "추기경: 받은 금화 대신 {target} 님에게 줄 카드를 고르세요 "
                            "(남은 {left}장).",
    "decide.den_pay": "도적 소굴: 건설 비용으로 낼 카드를 고르세요 (남은 {left}장).",
    "choice.pass": "넘기기",
    "choice.pass_hide": "공개하지 않기",
    "choice.gold": "금화 2닢 받기",
    "choice.gold_amount": "금화 {amount}닢 받기",
    "choice.cards": "카드 뽑기",
    "choice.cards_count": "카드 {drawn}장 뽑아 {kept}장 갖기",
    "choice.bribe": "뇌물 주기",
    "choice.refuse": "뇌물 거절",
    "choice.reveal": "공개",
    "choice.done": "완료",
    "choice.ability": "능력 사용",
    "choice.smithy": "대장간: 금화 2닢으로 카드 3장",
    "choice.end": "차례 종료",
    "choice.back": "뒤로",
    "choice.take": "{character} 캐릭터 선택",
    "choice.discard": "{character} 캐릭터를 뒷면으로 버리기",
    "choice.discard_card": "{card_name} 카드 버리기",
    "choice.theater": "내 {character} 캐릭터를 {target} 님과 교환",
    "choice.keep": "{card_name} 카드 갖기",
    "choice.income": "건물 수입 받기",
    "choice.income_gold": "건물 수입: 금화 {gold}닢",
    "choice.income_cards": "건물 수입: 카드 {count}장",
    "choice.income_mix": "건물 수입: 금화 {gold}닢 + 카드 {count}장",
    "choice.kill": "{character} 캐릭터 암살",
    "choice.bewitch": "{character} 캐릭터에게 마법 걸기",
    "choice.warrant": "{character} 캐릭터에게 영장 발부",
    "choice.sign": "{character} 캐릭터에 인장이 찍힌 영장 놓기",
    "choice.rob": "{character} 캐릭터의 금화 훔치기",
    "choice.threaten": "{character} 캐릭터 협박",
    "choice.flower": "{character} 캐릭터에 꽃 자수 토큰(실제 협박) 놓기",
    "choice.spy": "{target} 님의 손에 든 카드 보기: {kind_name} 건물 선언",
    "choice.swap": "{target} 님과 손에 든 카드 맞바꾸기",
    "choice.look": "{target} 님의 손에 든 카드 보기",
    "choice.grab": "{card_name} 카드 가져오기",
    "choice.give": "{card_name} 카드 주기",
    "choice.crown": "{target} 님에게 왕관 주기",
    "choice.crown_gold": "{target} 님에게 왕관 주고 금화 1닢 받기",
    "choice.crown_card": "{target} 님에게 왕관 주고 카드 1장 받기",
    "choice.crown_none": "{target} 님에게 왕관 주기 (받을 것 없음)",
    "choice.tithe": "가장 부유한 {target} 님에게서 금화 1닢 받기",
    "choice.navigate_gold": "항해: 금화 4닢 받기",
    "choice.navigate_cards": "항해: 카드 4장 뽑기",
    "choice.destroy": "{target} 님의 {card_name} 파괴 — 금화 {price}닢",
    "choice.destroy_free": "{target} 님의 {card_name} 파괴 — 무료",
    "choice.exchange": "내 {mine_name} 건물과 {target} 님의 {card_name} 건물 교환 — 금화 "
                       "{price}닢",
    "choice.exchange_free": "내 {mine_name} 건물과 {target} 님의 {card_name} 건물 교환 — "
                            "무료",
    "choice.seize": "{target} 님의 {card_name} 점령 — 금화 {price}닢",
    "choice.seize_free": "{target} 님의 {card_name} 점령 — 무료",
    "choice.beautify": "{card_name} 장식",
    "choice.lab": "실험실: {card_name} 카드를 버리고 금화 2닢",
    "choice.museum": "박물관 아래에 {card_name} 카드 놓기",
    "choice.armory": "병기고: {target} 님의 {card_name} 파괴",
    "choice.build": "{card_name} 건설",
    "choice.build_via": "{via_name} 건물을 파괴하고 {card_name} 건물 건설",
    "choice.build_cards": "{card_name} 건물 건설 (비용 중 카드 {count}장)",
    "choice.build_from": "{target} 님의 금화로 {card_name} 건물 건설",
    "choice.pay": "{card_name} 카드로 지불",
    "choice.open": "{menu}…",
    "choice.open_seat": "{menu}: {target} 님…",
    "choice.open_card": "{menu}: {card_name} 카드…",
    "choice.open_seat_card": "{menu}: {target} 님의 {card_name} 건물…",
    "err.illegal": "지금은 할 수 없는 행동입니다.",
    "err.confiscate_same_name": "{card_name} 건물은 몰수할 수 없습니다: 이름이 똑같은 건물이 "
                                "이미 당신의 도시에 있습니다(몰수에는 채석장이 적용되지 "
                                "않습니다). 인장 찍힌 영장을 공개하면 곧 몰수이므로 영장을 "
                                "공개할 수 없습니다.",
    "err.confiscate_monument": "{card_name} 건물은 몰수할 수 없습니다: 당신의 도시에 "
                               "이미 건물이 5채 이상 있습니다. 인장 찍힌 영장을 공개하면 곧 "
                               "몰수이므로 영장을 공개할 수 없습니다.",
    "err.not_your_turn": "지금은 당신이 결정할 차례가 아닙니다.",
    "err.game_over": "게임이 끝났습니다.",
    "err.unreadable": "입력한 행동을 읽을 수 없습니다: \"{text}\"",
    "err.options": "올바르지 않은 옵션: {fields}.",
    "err.seats": "시타델은 2-8명이 플레이합니다 ({seats}명은 불가).",
    "err.crown_seat": "왕관을 받을 {seat}번 자리가 없습니다.",
    "err.cast_invalid": "캐릭터는 알려진 캐릭터 8장 또는 9장이어야 합니다.",
    "err.cast_ranks": "순번마다 캐릭터를 정확히 1장씩, 순번 순서대로 고르세요.",
    "err.cast_rank9": "{seats}명 게임의 9번 캐릭터 규칙에 맞지 않습니다.",
    "err.cast_queen": "왕비는 5명 미만 게임에서 절대로 사용할 수 없습니다.",
    "err.cast_emperor": "황제는 2명 게임에서 절대로 사용할 수 없습니다.",
    "err.custom_missing": "직접 조합하려면 캐릭터와 특수 건물 14장이 필요합니다.",
    "err.districts_invalid": "서로 다른 특수 건물 14장을 고르세요.",
    "ev.round_start": "{round}라운드가 시작됩니다. 왕관을 가진 {s} 님부터 캐릭터를 "
                      "고릅니다.",
    "ev.faceup": "앞면으로 버린 캐릭터: {character}.",
    "ev.picked": "{s} 님이 캐릭터를 골랐습니다.",
    "ev.you_picked": "{character} 캐릭터를 골랐습니다.",
    "ev.draft_discarded": "{s} 님이 캐릭터 1장을 뒷면으로 버렸습니다.",
    "ev.you_discarded": "{character} 캐릭터를 뒷면으로 버렸습니다.",
    "ev.theater_swap": "{s} 님이 극장으로 {target} 님과 캐릭터를 교환합니다.",
    "ev.theater_got": "이제 당신의 캐릭터는 {character}입니다.",
    "ev.theater_pass": "{s} 님은 극장을 사용하지 않습니다.",
    "ev.called_absent": "{character} 호명: 아무도 없습니다.",
    "ev.called_killed": "{character} 호명: 대답이 없습니다 (암살당함).",
    "ev.reveal": "{s} 님이 {character} 캐릭터를 공개합니다.",
    "ev.robbed": "도둑({s} 님)이 {target} 님의 금화 {amount}닢을 훔칩니다.",
    "ev.robbed_none": "도둑({s} 님)이 {target} 님의 금화를 훔치려 했지만 금화가 없습니다.",
    "ev.crown_taken": "{s} 님이 왕관을 가져갑니다.",
    "ev.queen": "왕비({s} 님)가 금화 {amount}닢을 받습니다.",
    "ev.gather_gold": "{s} 님이 금화 {amount}닢을 받습니다.",
    "ev.gather_cards": "{s} 님이 카드 {drawn}장을 뽑아 {kept}장을 가집니다.",
    "ev.gather_one": "{s} 님이 건물 카드 더미의 마지막 카드 1장을 뽑아 가집니다.",
    "ev.drew": "{s} 님이 카드 {count}장을 뽑습니다.",
    "ev.drew_one": "{s} 님이 카드 1장을 뽑습니다.",
    "ev.drew_cards": "뽑은 카드: {card_names}.",
    "ev.kept": "{card_name} 카드를 가졌습니다.",
    "ev.bewitched_turn_ends": "{character} 캐릭터는 마법에 걸렸습니다: {s} 님은 자원만 "
                              "얻고, 남은 차례는 마녀가 진행합니다.",
    "ev.witch_resumes": "마녀({s} 님)가 {character} 캐릭터의 남은 차례를 진행합니다.",
    "ev.witch_ends": "마녀({s} 님)의 차례가 끝납니다.",
    "ev.income_gold": "{s} 님이 건물 수입으로 금화 {gold}닢을 받습니다.",
    "ev.income_cards": "{s} 님이 건물 수입을 카드로 받습니다.",
    "ev.income_mix": "{s} 님이 건물 수입으로 금화 {gold}닢과 카드 {count}장을 받습니다.",
    "ev.turn_end": "{s} 님이 {character} 차례를 마칩니다.",
    "ev.kill": "{s} 님이 {character} 캐릭터를 암살합니다.",
    "ev.bewitch": "{s} 님이 {character} 캐릭터에게 마법을 겁니다.",
    "ev.warrant": "{s} 님이 {character} 캐릭터에게 영장을 발부합니다.",
    "ev.signed": "인장이 찍힌 영장을 {character} 캐릭터에 놓았습니다.",
    "ev.rob": "{s} 님이 {character} 캐릭터의 금화를 훔치기로 합니다.",
    "ev.threaten": "{s} 님이 {character} 캐릭터를 협박합니다.",
    "ev.flowered": "꽃 자수 토큰(실제 협박)을 {character} 캐릭터에 놓았습니다.",
    "ev.bribe": "{s} 님이 {target} 님에게 뇌물로 금화 {amount}닢을 줍니다.",
    "ev.bribe_refused": "{s} 님이 뇌물을 거절합니다.",
    "ev.threat_flower": "{s} 님이 {target} 님에 대한 협박 토큰을 공개합니다: 꽃 자수 "
                        "토큰입니다! {target} 님의 금화 {amount}닢을 모두 가져갑니다.",
    "ev.threat_flower_none": "{s} 님이 {target} 님에 대한 협박 토큰을 공개합니다: 꽃 자수 "
                             "토큰이지만 {target} 님에게 금화가 없습니다.",
    "ev.threat_blank": "{s} 님이 {target} 님에 대한 협박 토큰을 공개합니다: 꽃 자수가 "
                       "없어 아무 일도 일어나지 않습니다.",
    "ev.threat_kept": "{s} 님은 협박 토큰을 공개하지 않습니다.",
    "ev.spy": "{s} 님이 {kind_name} 건물을 선언하고 {target} 님의 손에 든 카드를 봅니다: "
              "{hits}장 일치, 금화 {gold}닢을 가져갑니다.",
    "ev.spy_sees": "{target} 님의 손에 든 카드: {card_names}.",
    "ev.swap": "{s} 님이 {target} 님과 손에 든 카드를 모두 맞바꿉니다.",
    "ev.redraw": "{s} 님이 카드 {count}장을 버리고 새로 뽑습니다.",
    "ev.redraw_one": "{s} 님이 카드 1장을 버리고 새로 뽑습니다.",
    "ev.wizard_looks": "{s} 님이 {target} 님의 손에 든 카드를 봅니다.",
    "ev.wizard_sees": "{target} 님의 손에 든 카드: {card_names}.",
    "ev.wizard_takes": "{s} 님이 {target} 님의 손에서 카드 1장을 가져옵니다.",
    "ev.card_taken": "손에 든 {card_name} 카드를 빼앗겼습니다.",
    "ev.card_got": "{card_name} 카드를 받았습니다.",
    "ev.seer": "예언자({s} 님)가 다음 플레이어에게서 카드를 1장씩 무작위로 가져옵니다: {victims}.",
    "ev.gave": "{s} 님이 {target} 님에게 카드 1장을 줍니다.",
    "ev.scholar": "학자({s} 님)가 카드 {drawn}장을 뽑아 1장을 고릅니다.",
    "ev.tax_taken": "세리({s} 님)가 세금으로 금화 {amount}닢을 거둡니다.",
    "ev.emperor_crowns": "{by} 님이 {s} 님에게 왕관을 줍니다.",
    "ev.emperor_gold": "{s} 님이 왕관의 대가로 {target} 님에게서 금화 1닢을 받습니다.",
    "ev.emperor_card": "{s} 님이 왕관의 대가로 {target} 님에게서 카드 1장을 무작위로 "
                       "받습니다.",
    "ev.tithe": "가장 부유한 {target} 님이 {s} 님에게 금화 1닢을 줍니다.",
    "ev.navigate_gold": "항해사({s} 님)가 금화 4닢을 더 받습니다.",
    "ev.navigate_cards": "항해사({s} 님)가 카드 {count}장을 더 뽑습니다.",
    "ev.destroyed": "{s} 님이 금화 {gold}닢을 내고 {target} 님의 {card_name} 건물을 "
                    "파괴합니다.",
    "ev.destroyed_free": "{s} 님이 {target} 님의 {card_name} 건물을 무료로 파괴합니다.",
    "ev.exchanged": "{s} 님이 자신의 {mine_name} 건물과 {target} 님의 {card_name} 건물을 "
                    "교환합니다 (금화 {gold}닢 지불).",
    "ev.exchanged_free": "{s} 님이 자신의 {mine_name} 건물과 {target} 님의 {card_name} "
                         "건물을 교환합니다 (지불한 금화 없음).",
    "ev.seized": "{s} 님이 금화 {gold}닢을 내고 {target} 님의 {card_name} 건물을 "
                 "점령합니다.",
    "ev.beautified": "{s} 님이 {card_name} 건물을 장식합니다.",
    "ev.cardinal_takes": "추기경({s} 님)이 {target} 님에게서 금화 {amount}닢을 받고 그만큼 "
                         "카드를 줍니다.",
    "ev.tax": "{s} 님이 재산세로 금화 1닢을 냅니다 (세리 캐릭터 토큰 위 금화 {pot}닢).",
    "ev.alchemist": "연금술사({s} 님)가 건설에 쓴 금화 {amount}닢을 돌려받습니다.",
    "ev.built": "{s} 님이 {card_name} 건물을 건설합니다.",
    "ev.laboratory": "{s} 님이 실험실에서 카드 1장을 버리고 금화 2닢을 받습니다.",
    "ev.museum": "{s} 님이 박물관 아래에 카드 1장을 놓습니다.",
    "ev.smithy": "{s} 님이 대장간에 금화 2닢을 내고 카드 {count}장을 뽑습니다.",
    "ev.armory": "{s} 님이 병기고를 파괴하여 {target} 님의 {card_name} 건물을 파괴합니다.",
    "ev.poor_house": "{s} 님이 구빈원 효과로 금화 1닢을 받습니다.",
    "ev.park": "{s} 님의 손에 카드가 없어 공원 효과로 카드를 뽑습니다.",
    "ev.completed": "{s} 님의 도시가 완성되었습니다!",
    "ev.warrant_kept": "치안판사({s} 님)가 영장을 공개하지 않습니다.",
    "ev.warrant_blank": "치안판사({s} 님)가 {character} 캐릭터의 영장을 공개합니다: 인장이 "
                        "없어 아무 일도 일어나지 않습니다.",
    "ev.confiscated": "치안판사({s} 님)가 {target} 님의 {card_name} 건물을 몰수합니다 "
                      "({target} 님은 금화 {refund}닢을 돌려받습니다).",
    "ev.killed_revealed": "암살당한 {character} 캐릭터는 {s} 님이었습니다.",
    "ev.heir": "{s} 님이 {heir}로서 왕관을 받습니다.",
    "ev.advisor": "황제의 대리인({by} 님)이 {s} 님에게 왕관을 줍니다.",
    "ev.round_end": "{round}라운드가 끝났습니다.",
    "ev.game_over": "게임이 끝났습니다. 승자: {winners}.",
}

# The menu names of the turn's verbs, for "open <verb>" buttons: verb -> (English, Korean)
MENUS: dict[str, tuple[str, str]] = {
    "take": ("Choose a character", "캐릭터 선택하기"), "discard": ("Discard", "버리기"),
    "theater": ("Theater", "극장"), "keep": ("Keep a card", "카드 갖기"),
    "income": ("Collect income", "건물 수입 받기"), "kill": ("Assassinate", "암살하기"),
    "bewitch": ("Bewitch", "마법 걸기"), "warrant": ("Warrant", "영장 발부하기"),
    "sign": ("Sign a warrant", "영장에 인장 찍기"), "rob": ("Rob", "훔치기"),
    "threaten": ("Threaten", "협박하기"), "flower": ("Real threat", "실제 협박 대상 정하기"),
    "spy": ("Spy", "건물 종류 선언하기"), "swap": ("Swap hands", "카드 맞바꾸기"),
    "look": ("Look at a hand", "손에 든 카드 보기"), "grab": ("Take a card", "카드 가져오기"),
    "give": ("Give a card", "카드 주기"), "crown": ("Give the crown", "왕관 주기"),
    "tithe": ("Tithe", "부자에게서 금화 받기"), "navigate": ("Navigate", "항해하기"),
    "destroy": ("Destroy", "파괴하기"), "exchange": ("Exchange", "교환하기"),
    "seize": ("Seize", "점령하기"), "beautify": ("Beautify", "장식하기"),
    "lab": ("Laboratory", "실험실"), "museum": ("Museum", "박물관"),
    "smithy": ("Smithy", "대장간"), "armory": ("Armory", "병기고"),
    "build": ("Build", "건설하기"), "pay": ("Pay", "지불하기"), "ability": ("Ability", "능력 사용하기"),
}
# The question a menu of the turn asks ({question} of decide.menu), by its verb
MENU_QUESTIONS: dict[str, dict[str, str]] = {
    "build": {"en": "Build which district?", "ko": "어느 건물을 건설할까요?"},
    "lab": {"en": "Laboratory: discard which card for 2 gold?",
            "ko": "실험실: 어느 카드를 버리고 금화 2닢을 받을까요?"},
    "museum": {"en": "Museum: place which card under it?",
               "ko": "박물관: 어느 카드를 박물관 아래에 놓을까요?"},
    "discard": {"en": "Discard which card, to draw a new one?",
                "ko": "어느 카드를 버리고 새로 뽑을까요?"},
    "destroy": {"en": "Destroy which district?", "ko": "어느 건물을 파괴할까요?"},
    "exchange": {"en": "Exchange which districts?", "ko": "어느 건물끼리 교환할까요?"},
    "seize": {"en": "Seize which district?", "ko": "어느 건물을 점령할까요?"},
    "armory": {"en": "Armory: destroy which district?", "ko": "병기고: 어느 건물을 파괴할까요?"},
    "beautify": {"en": "Beautify which district?", "ko": "어느 건물을 장식할까요?"},
    "spy": {"en": "Spy on whom, naming which district type?",
            "ko": "누구를 골라 어느 종류의 건물을 선언할까요?"},
    "crown": {"en": "Give the crown to whom?", "ko": "누구에게 왕관을 줄까요?"},
    "swap": {"en": "Swap hands with whom?", "ko": "누구와 손에 든 카드를 맞바꿀까요?"},
    "look": {"en": "Look at whose hand?", "ko": "누구의 손에 든 카드를 볼까요?"},
    "tithe": {"en": "Tithe: from whom?", "ko": "가장 부유한 플레이어 중 누구에게서 금화를 받을까요?"},
    "income": {"en": "How much of your income in gold?",
               "ko": "건물 수입 중 금화로 받을 만큼을 고르세요."},
    "navigate": {"en": "Navigate: gold or cards?", "ko": "항해: 금화와 카드 중 무엇을 받을까요?"},
    "kill": {"en": "Assassinate which character?", "ko": "어느 캐릭터를 암살할까요?"},
    "bewitch": {"en": "Bewitch which character?", "ko": "어느 캐릭터에게 마법을 걸까요?"},
    "warrant": {"en": "Warrant on which character?", "ko": "어느 캐릭터에게 영장을 발부할까요?"},
    "rob": {"en": "Rob which character?", "ko": "어느 캐릭터의 금화를 훔칠까요?"},
    "threaten": {"en": "Threaten which character?", "ko": "어느 캐릭터를 협박할까요?"},
}
ANY_MENU = {"en": "Choose one below.", "ko": "아래에서 하나를 고르세요."}


def menu_question(verb: str) -> dict[str, str]:
    return MENU_QUESTIONS.get(verb, ANY_MENU)


_MENUS = {lang: {f"choice.menu.{verb}": names[i] for verb, names in MENUS.items()}
          for i, lang in enumerate(("en", "ko"))}
_OPTIONS = option_messages()

MESSAGES: dict[str, dict[str, str]] = {
    "en": {**_EN, **_MENUS["en"], **_OPTIONS["en"]},
    "ko": {**_KO, **_MENUS["ko"], **_OPTIONS["ko"]},
}
