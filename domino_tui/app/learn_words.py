"""The guided first game's words in English and Russian, merged into
:data:`domino_tui.i18n.STRINGS` (keys start with ``learn.``) so that a later pass can move them
to catalogs with the rest.

Game terms stay Russian in the Russian UI (козёл, рыба, базар, стучит) and use RULES.md's
glosses in English; every step names the rule ids it teaches. Russian speaks to the player as
«вы» and tells the bots' moves in the present tense, so no verb has to agree with a name. The
tiles and sums named here are the lesson's own (:mod:`.lesson`); a test checks them against
the engine.
"""

from __future__ import annotations

from .. import i18n

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "learn.menu": "Learn to play",
        "learn.title": "Lesson · step {n} of {total}",
        "learn.bot_a": "Alex",
        "learn.bot_b": "Olya",
        "learn.bot_b_gen": "Olya",
        "learn.key_enter": "Play · go on",
        "learn.key_hint": "What now?",
        "learn.welcome": (
            "Welcome to Kozel, the Russian yard game of dominoes! You sit at the bottom; {a} "
            "and {b} play after you, in turn (K1.2). A real deal is 7 tiles each (K1.3); "
            "this lesson deals 3, one to the boneyard, and plays two short rounds."
        ),
        "learn.aim": (
            "The aim: get rid of your tiles. The pips of the tiles left in a hand are penalty "
            "points (K5.1); whoever reaches 101 points is the goat and loses the game (K9). "
            "←/→ move the cursor in your hand, Enter plays the tile under it."
        ),
        "learn.lead": (
            "The first round opens with 1-1: whoever holds it must lead it (K2.1). That is "
            "you, and the cursor is on it already: press Enter to lead 1-1."
        ),
        "learn.match": (
            "{a} lays 1-3 and {b} 1-4 against the 1s: a tile joins an open end that shows the "
            "same number (L2). The ends are 4 and 3 now, and your 3-4 fits both: press Enter, "
            "choose the right end with →, then press Enter again (L3)."
        ),
        "learn.draw": (
            "{a} plays 4-5; {b} lays the double 5-5 across the line (L4). The ends are 4 and "
            "5, and your 0-2 fits neither: draw from the boneyard, one tile at a time, until "
            "one fits (K3.2). Press D."
        ),
        "learn.drawn": (
            "You drew 2-5, and it fits the 5. Drawn tiles stay in your hand; as soon as one "
            "fits you play (K3.2): press Enter to lay 2-5."
        ),
        "learn.go_out": (
            "The boneyard is empty and nothing fits {a} or {b}: each knocks, and the turn "
            "passes on (K3.3). Your last tile, 0-2, fits the 2: press Enter to go out and end "
            "the round (K4.1)."
        ),
        "learn.counted": (
            "You went out: your hand counts 0, and going out wipes remembered points (K7.4). "
            "The others count the pips in their hands (K5.1); 12 or less is not written down "
            "but remembered as +N (K7.1)."
        ),
        "learn.table": (
            "The score table (K11) has a column per player: {a}'s +9 and {b}'s +12 are "
            "remembered points. A round of 13 or more opens the score: it is written down "
            "together with all remembered points (K7.2). Round 2 is dealt already."
        ),
        "learn.lead_any": (
            "Round 2. Whoever went out leads the next round, with any tile (K2.2): that is "
            "you. Any tile would do; for this lesson lead 3-6: move the cursor to it with → "
            "and press Enter."
        ),
        "learn.bot_draws": (
            "{a} lays 1-3 on the 3. {b} has no 1 and no 6: she draws the boneyard's last "
            "tile, it does not fit either, so she knocks (K3.2, K3.3). Now lay your 2-6 on "
            "the 6: press Enter."
        ),
        "learn.knock": (
            "The ends are 1 and 2: {a} and {b} cannot play and knock. Your 4-4 does not fit "
            "and the boneyard is empty: press K to knock. When every player knocks in turn, "
            "nobody can ever play again: the round ends in a fish (K4.3)."
        ),
        "learn.fish": (
            "A fish: nobody can play (K4.3). Under fish on one, the heaviest hand takes "
            "everybody's points (K8.2); the sum is below."
        ),
        "learn.fish_table": (
            "{a} has 48 written (no +): his score is open (K7.2), and every round adds to "
            "it now. {b}'s +12 was wiped (✗) by the fish (K8.2); 🐟 marks a round that ended "
            "in a fish (K11)."
        ),
        "learn.goat": (
            "The lesson plays to 40 instead of 101 (K9), so {a}'s 48 makes him the goat 🐐: "
            "he has lost the match. A real match goes on until someone reaches 101. R shows "
            "all the rules; Enter takes you back to the menu, to play a real game."
        ),
        "learn.empty": "The line is empty: you lead.",
        "learn.note": "Lesson",
        "learn.do_next": "Press Enter to go on.",
        "learn.do_play": "Move the cursor to {tile} with ←/→ and press Enter.",
        "learn.do_end": "Choose the {end} with {arrow}, then press Enter.",
        "learn.do_draw": "Press D to draw from the boneyard.",
        "learn.do_knock": "Press K to knock.",
        "learn.do_close": "Press Enter to close the round's count.",
        "learn.oops": "Not yet: {why}. {do}",
        "learn.why_read": "this step only explains",
        "learn.why_end": "either end is allowed (L3), but this lesson lays {tile} on the {end}",
        "learn.why_tile": "{tile} is allowed too, but this lesson goes on with {want}",
        "learn.why_move": "this lesson waits for another move",
        "learn.why_undo": "the lesson has no undo",
        "learn.why_key": "the {letter} key does nothing at this table",
    },
    "ru": {
        "learn.menu": "Учиться играть",
        "learn.title": "Урок · шаг {n} из {total}",
        "learn.bot_a": "Лёша",
        "learn.bot_b": "Оля",
        "learn.bot_b_gen": "Оли",
        "learn.key_enter": "Ход · дальше",
        "learn.key_hint": "Что делать?",
        "learn.welcome": (
            "Добро пожаловать в «козла» — дворовое домино! Вы сидите внизу; {a} и {b} ходят "
            "после вас, по очереди (K1.2). В настоящей игре сдают по 7 костей (K1.3); в этом "
            "уроке — по 3 и одну кость в базар, и всего два коротких кона."
        ),
        "learn.aim": (
            "Цель — избавиться от костей. Очки костей, оставшихся на руках, — штрафные "
            "(K5.1); кто наберёт 101 очко, тот козёл и проиграл (K9). ←/→ водят курсор по "
            "руке, Enter ходит костью под курсором."
        ),
        "learn.lead": (
            "Первый кон начинают с 1-1: у кого она, тот обязан с неё зайти (K2.1). Она у вас, "
            "и курсор уже на ней: нажмите Enter, чтобы зайти с 1-1."
        ),
        "learn.match": (
            "{a} ставит 1-3, {b} — 1-4 к единицам: кость кладут к открытому концу с тем же "
            "числом (L2). Теперь концы 4 и 3, и ваша 3-4 подходит к обоим: нажмите Enter, "
            "выберите правый конец стрелкой → и снова нажмите Enter (L3)."
        ),
        "learn.draw": (
            "{a} ставит 4-5, {b} кладёт дубль 5-5 поперёк (L4). Концы 4 и 5, ваша 0-2 не "
            "подходит ни к одному: берите из базара по одной кости, пока не придёт "
            "подходящая (K3.2). Нажмите D."
        ),
        "learn.drawn": (
            "Вы взяли 2-5 — она подходит к пятёрке. Взятые кости остаются в руке, а ходят, "
            "как только придёт подходящая (K3.2): нажмите Enter, чтобы положить 2-5."
        ),
        "learn.go_out": (
            "Базар пуст, {a} и {b} пойти не могут и стучат — ход переходит дальше (K3.3). "
            "Ваша последняя кость 0-2 подходит к двойке: нажмите Enter, чтобы выйти и "
            "закончить кон (K4.1)."
        ),
        "learn.counted": (
            "Вы вышли: ваша рука — 0, а выход сжигает запомненные очки (K7.4). Остальные "
            "считают очки костей в руке (K5.1); 12 и меньше не пишут, а запоминают как +N "
            "(K7.1)."
        ),
        "learn.table": (
            "В таблице счёта (K11) по столбцу на игрока: {a} +9, {b} +12 — это запомненные "
            "очки. Кон на 13 и больше открывает счёт: его пишут вместе со всеми "
            "запомненными (K7.2). Второй кон уже сдан."
        ),
        "learn.lead_any": (
            "Второй кон. Кто вышел, тот и заходит — с любой кости (K2.2): это вы. Подойдёт "
            "любая; в этом уроке зайдите с 3-6: подведите к ней курсор стрелкой → и нажмите "
            "Enter."
        ),
        "learn.bot_draws": (
            "{a} ставит 1-3 к тройке. У {b_gen} нет ни единиц, ни шестёрок: она берёт из "
            "базара последнюю кость, та тоже не подходит, и она стучит (K3.2, K3.3). Теперь "
            "положите 2-6 к шестёрке: нажмите Enter."
        ),
        "learn.knock": (
            "Концы 1 и 2: {a} и {b} пойти не могут и стучат. Ваша 4-4 тоже не подходит, "
            "базар пуст: нажмите K, чтобы постучать. Когда стучат все подряд, пойти больше "
            "не может никто — кон кончается рыбой (K4.3)."
        ),
        "learn.fish": (
            "Рыба: пойти не может никто (K4.3). При «рыбе на одного» самая тяжёлая рука "
            "забирает очки всех (K8.2); расчёт ниже."
        ),
        "learn.fish_table": (
            "{a}: 48 без «+» — счёт открыт (K7.2), теперь к нему прибавляется каждый кон. "
            "{b}: +12 сгорели (✗) из-за рыбы (K8.2); 🐟 отмечает кон, кончившийся рыбой "
            "(K11)."
        ),
        "learn.goat": (
            "Урок играют до 40, а не до 101 (K9), поэтому {a} с 48 очками — козёл 🐐: он "
            "проиграл партию. Настоящая партия идёт, пока кто-нибудь не наберёт 101. R — все "
            "правила; Enter — обратно в меню, к настоящей игре."
        ),
        "learn.empty": "Линия пуста: заходите вы.",
        "learn.note": "Урок",
        "learn.do_next": "Нажмите Enter, чтобы продолжить.",
        "learn.do_play": "Подведите курсор к {tile} стрелками ←/→ и нажмите Enter.",
        "learn.do_end": "Выберите {end} стрелкой {arrow}, затем нажмите Enter.",
        "learn.do_draw": "Нажмите D, чтобы взять из базара.",
        "learn.do_knock": "Нажмите K, чтобы постучать.",
        "learn.do_close": "Нажмите Enter, чтобы закрыть подсчёт кона.",
        "learn.oops": "Не сейчас: {why}. {do}",
        "learn.why_read": "этот шаг только объясняет",
        "learn.why_end": "можно к любому концу (L3), но в этом уроке {tile} кладём на {end}",
        "learn.why_tile": "{tile} тоже можно, но урок продолжается с {want}",
        "learn.why_move": "урок ждёт другого хода",
        "learn.why_undo": "в уроке нет отмены хода",
        "learn.why_key": "клавиша {letter} здесь ничего не делает",
    },
}
"""Every key in both languages; ``{a}``/``{b}`` are the bots' names (``{b_gen}``: the second
bot's name after «у», in the Russian genitive); ``{tile}``, ``{end}`` … are the table's words."""

i18n.add_strings(STRINGS)
