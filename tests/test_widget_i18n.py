"""The widget in English, German and French (issue 12, part 3): the ``strings`` trait that
carries every text of the front end, the language option, live language changes, and the
widget's own messages.

The catalogues themselves (every message translated, placeholders matching, ``.mo`` files
compiled) are checked for both domains by ``tests/test_i18n.py``; here: every key of the front
end's table is sent in every language with the English placeholders, ``js/src`` asks for
exactly the keys of the table and keeps no English text of its own.
"""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from nsb_widget import ArgumentError, Game
from nsb_widget.i18n import LANGUAGES
from nsb_widget.widget.board import board_strings_state
from nsb_widget.widget.room_strings import BOARD_PLURALS, BOARD_STRINGS
from nsb_widget.widget.strings import PLURALS, STRINGS, strings_state
from nsb_widget.widget.widget import SYNCED, BerlinWidget

ROOT = Path(__file__).resolve().parents[1]
JS_SRC = ROOT / "js" / "src"
KEYS = set(STRINGS) | set(PLURALS)
#: The teacher's board's own keys (js/src/board/), sent with the game widget's by the board.
BOARD_KEYS = set(BOARD_STRINGS) | set(BOARD_PLURALS)


class Harness:
    """A widget whose outgoing comm messages are recorded (as in test_widget_python)."""

    def __init__(self, game: Game, **kw):
        self.game = game
        self.w = BerlinWidget(game, **kw)
        self.sent: list[dict] = []
        self.w._send = lambda msg, buffers=None: self.sent.append(msg)

    def send(self, content):
        self.w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                            "buffers": []})

    def synced(self) -> dict:
        state: dict = {}
        for msg in self.sent:
            if msg.get("method") == "update":
                state.update(msg["state"])
        return state


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# ---------------------------------------------------------------------------- the trait
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_is_sent_in_every_language_with_the_english_placeholders(language):
    sent = strings_state(language)
    assert sent["language"] == language
    messages = sent["messages"]
    assert set(messages) == KEYS
    english = strings_state("en")["messages"]
    problems = []
    for key in sorted(KEYS):
        text, base = messages[key], english[key]
        forms = [text] if isinstance(text, str) else text
        bases = [base] if isinstance(base, str) else base
        if key in PLURALS and len(forms) != 2:
            problems.append(f"{key}: {len(forms)} forms")
        for form, wanted in zip(forms, bases, strict=True):
            if not form.strip():
                problems.append(f"{key}: empty")
            elif _fields(form) != _fields(wanted):
                problems.append(f"{key}: {sorted(_fields(form))} != {sorted(_fields(wanted))}")
        if language != "en" and text == base and not _same_in_every_language(base):
            problems.append(f"{key}: not translated ({base!r})")
    assert not problems, "\n".join(problems)
    assert len(json.dumps(sent)) < 30_000  # sent once a language, not with every move


def _same_in_every_language(text: str | list[str]) -> bool:
    """Texts that are the same in German or French: formats, names, "Joker"..."""
    texts = [text] if isinstance(text, str) else text
    return all(re.fullmatch(r"[{}\w ().,:→−=+/×-]*", t) and (
        not re.search(r"[a-z]{3,}", re.sub(r"\{\w+\}", "", t))
        or t in ("Joker", "Next Station: {map}", "{n} point", "{n} points", "{n} station",
                 "{n} stations", "Stations", "Points", "triangle", "Score", "export",
                 "{n} pt", "{n} pts", "{name} (bot)", "Seed {seed}", "Bots this turn"))
               for t in texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_sends_its_own_keys_translated_with_the_english_placeholders(language):
    messages = board_strings_state(language)["messages"]
    english = board_strings_state("en")["messages"]
    assert set(messages) == KEYS | BOARD_KEYS
    problems = []
    for key in sorted(BOARD_KEYS):
        forms = [messages[key]] if isinstance(messages[key], str) else messages[key]
        bases = [english[key]] if isinstance(english[key], str) else english[key]
        for form, wanted in zip(forms, bases, strict=True):
            if _fields(form) != _fields(wanted):
                problems.append(f"{key}: {form!r}")
        if language != "en" and messages[key] == english[key] and not _same_in_every_language(
                english[key]) and english[key] not in ("Total", "Place", "Name", "R{n}",
                                                       "Problem: {text}"):
            problems.append(f"{key}: not translated")
    assert not problems, "\n".join(problems)


def test_plural_forms_follow_the_language():
    assert strings_state("en")["messages"]["fmt.points"] == ["{n} point", "{n} points"]
    assert strings_state("de")["messages"]["fmt.points"] == ["{n} Punkt", "{n} Punkte"]
    assert strings_state("fr")["zero_is_singular"] is True  # "0 point"
    assert strings_state("en")["zero_is_singular"] is False  # "0 points"
    assert strings_state("de")["zero_is_singular"] is False


def test_the_seeds_words_are_used():
    de, fr = strings_state("de")["messages"], strings_state("fr")["messages"]
    # Keyboard letters stay, the labels still name them.
    assert de["help.reveal"].endswith("(R).") and fr["help.reveal"].endswith("(R).")
    assert "(P)" in de["help.nothing_to_draw"] and "(P)" in fr["help.nothing_to_draw"]
    # London's German help: Bezirk, Umsteigebahnhof, Abschnitt, Punktekarte, Sehenswürdigkeit.
    assert (de["score.districts"], de["score.interchanges"], de["score.title"]) == (
        "Bezirke", "Umsteigebahnhöfe", "Punktekarte")
    assert "Abschnitt" in de["help.nothing_to_draw"]
    assert de["map.tourist_site"] == "Sehenswürdigkeit"
    # Berlin's French help: manche, quartier, correspondance, section, extrémité, terminus.
    assert (fr["score.round"], fr["score.districts"], fr["score.interchanges"]) == (
        "Manche {n}", "Quartiers", "Correspondances")
    assert "extrémité" in fr["help.draw"] and "section" in fr["todo.line"]
    assert fr["panel.round_ends"] == ("La manche s'arrête dès que la {nth} carte {kinds} est "
                                      "révélée.")
    assert fr["fmt.ordinal"] == "{n}ᵉ" and de["fmt.ordinal"] == "{n}."
    # French typography: a no-break space before a colon.
    assert fr["hint.title"] == "Conseil\u00a0: {hint}"


def test_an_unknown_language_for_the_strings_is_refused():
    with pytest.raises(ArgumentError):
        strings_state("xx")


# ---------------------------------------------------------------------------- js/src
def _scan(code: str) -> tuple[list[str], list[str]]:
    """js code -> (its string literals, the text parts of its template literals), comments
    left out. A small tokenizer: quotes, templates with nested ``${...}``, comments, and
    regular-expression literals (a ``/`` where a value cannot end)."""
    strings: list[str] = []
    texts: list[str] = []
    i, n = 0, len(code)
    depth: list[int] = []  # for each open ${...}: the brace depth inside it
    last = ""  # the last significant character of code
    while i < n:
        c = code[i]
        if code.startswith("//", i):  # outside a string or a regex: always a comment
            i = code.find("\n", i)
            i = n if i < 0 else i
            continue
        if code.startswith("/*", i):
            i = code.find("*/", i + 2) + 2
            continue
        if c in "\"'":
            j = i + 1
            while code[j] != c:
                j += 2 if code[j] == "\\" else 1
            strings.append(code[i + 1:j])
            i, last = j + 1, c
            continue
        if c == "`" or (c == "}" and depth and depth[-1] == 0):
            if c == "}":
                depth.pop()
            j = i + 1
            while code[j] != "`" and not code.startswith("${", j):
                j += 2 if code[j] == "\\" else 1
            texts.append(code[i + 1:j])
            if code[j] == "`":
                i, last = j + 1, "`"
            else:
                depth.append(0)
                i, last = j + 2, "("
            continue
        if c == "/" and (not last or last in "(,=:[!&|?{};+-*%<>~^"
                         or code[max(0, i - 7):i].rstrip().endswith("return")):
            j = i + 1
            in_class = False
            while code[j] != "/" or in_class:
                if code[j] == "\\":
                    j += 1
                elif code[j] == "[":
                    in_class = True
                elif code[j] == "]":
                    in_class = False
                j += 1
            i, last = j + 1, "/"
            continue
        if depth:
            if c == "{":
                depth[-1] += 1
            elif c == "}":
                depth[-1] -= 1
        if not c.isspace():
            last = c
        i += 1
    return strings, texts


def _js_sources() -> dict[str, tuple[list[str], list[str]]]:
    return {str(path.relative_to(JS_SRC)): _scan(path.read_text())
            for path in sorted(JS_SRC.rglob("*.js"))}


_KEY = re.compile(r"[a-z]+\.[a-z0-9_]+")


def test_the_scanner_reads_js():
    strings, texts = _scan('a = "x"; // "no"\nb = `one ${t("k.a", { n: `two ${"in"}` })} three`;'
                           ' /* "no" */ c = /"re"/.test(d) / 2; e = \'y\';')
    assert strings == ["x", "k.a", "in", "y"]
    assert texts == ["one ", "two ", "", " three"]


def test_js_asks_for_exactly_the_keys_python_sends():
    used: set[str] = set()
    for strings, _texts in _js_sources().values():
        used |= {s for s in strings if _KEY.fullmatch(s)}
    unknown = used - KEYS - BOARD_KEYS
    assert not unknown, f"js/src asks for keys Python does not send: {sorted(unknown)}"
    unused = (KEYS | BOARD_KEYS) - used
    assert not unused, f"keys no code in js/src asks for: {sorted(unused)}"


#: js/src literals that hold words but no text for people: class lists, selectors, styles,
#: MIME types, module paths, a console message for developers.
_NOT_TEXT = re.compile(r"(nsb-[\w${}-]+ ?)+"  # class lists
                       r"|[.#]?[\w-]+(\[[^\]]*\])?([ ,>]+[.#]?[\w-]+(\[[^\]]*\])?)*"  # selectors
                       r"|[\w-]+:[^;]*;?|\.{1,2}/\w+\.js|image/svg\+xml|image/png|sans-serif"
                       r"|data:image/svg\+xml;charset=utf-8,|nsb_widget: could not draw |<[?\w].*")


def test_js_keeps_no_english_text():
    """Every text for people comes from the strings trait: no literal in js/src reads like
    words (two or more), apart from class lists, selectors, styles and MIME types."""
    capitalised = {text for text in STRINGS.values() if text[:1].isupper()}
    found = []
    for name, (strings, texts) in _js_sources().items():
        for lit in strings + texts:
            if (re.search(r"[A-Za-z]{2,}[ ,:;.!?]+[A-Za-z]{2,}", lit) and not _KEY.fullmatch(lit)
                    and not _NOT_TEXT.fullmatch(lit)):
                found.append(f"{name}: {lit!r}")
        # A single word too, when it is one of the table's texts ("Pass", "Score").
        found += [f"{name}: {lit!r}" for lit in strings + texts
                  if lit in capitalised and not re.search(r"\s", lit)]
    assert not found, ("English text in js/src (move it to nsb_widget/widget/strings.py):\n"
                       + "\n".join(found))


def test_the_front_end_fixture_of_the_strings_is_current():
    """js/tests/fixtures/strings.json is what Python sends (regenerate it with
    js/tests/fixtures/make_fixtures.py)."""
    path = ROOT / "js" / "tests" / "fixtures" / "strings.json"
    stored = json.loads(path.read_text())
    assert stored == {language: strings_state(language) for language in LANGUAGES}


# ---------------------------------------------------------------------------- the widget
def test_the_widget_sends_the_strings_of_the_games_language():
    assert "strings" in SYNCED
    game = Game.new(seed=3, language="fr")
    w = BerlinWidget(game)
    assert w.language == "fr" and w.strings == strings_state("fr")
    assert w.strings["messages"]["btn.reveal"] == "Révéler la carte suivante"


def test_the_language_option_sets_the_games_language():
    game = Game.new(seed=3, language="en")
    w = BerlinWidget(game, language="de")
    assert game.language == "de" and w.strings["language"] == "de"
    other = game.widget(language="fr")  # Game.widget passes it on
    assert game.language == "fr"
    assert w.strings["language"] == "fr" and other.strings["language"] == "fr"
    alone = BerlinWidget(language="de_AT")  # no game: a new one in that language
    assert alone.game.language == "de" and alone.strings["language"] == "de"


def test_an_unknown_language_is_refused_and_changes_nothing():
    game = Game.new(seed=3, language="fr")
    game.reveal()
    before, listeners = game.to_json(), len(game._listeners)
    for bad in ("klingon", "", 7):
        with pytest.raises(ArgumentError) as info:
            BerlinWidget(game, language=bad)
        assert "en, de, fr" in str(info.value) or "string" in str(info.value)
    w = BerlinWidget(game)
    with pytest.raises(ArgumentError):
        w.language = "xx"
    assert game.language == "fr" and w.strings["language"] == "fr"
    assert game.to_json() == before and len(game._listeners) == listeners + 1


def test_a_language_change_is_sent_again_to_every_view_live():
    game = Game.new(seed=3, language="en")
    a, b = Harness(game), Harness(game)
    a.send({"type": "reveal"})
    a.sent.clear()
    b.sent.clear()
    a.w.language = "de"  # the widget's setter: the game's language
    assert game.language == "de"
    for h in (a, b):
        synced = h.synced()
        assert synced["strings"]["language"] == "de"
        assert synced["strings"]["messages"]["btn.pass"] == "Passen"
    # A second change back: English again, the game untouched.
    moves = game.legal_moves()
    game.language = "en"
    assert a.w.strings["messages"]["btn.pass"] == "Pass" and game.legal_moves() == moves


def test_widget_messages_in_the_games_language():
    game = Game.new(seed=3, language="de")
    h = Harness(game)
    h.send({"type": "teleport"})
    assert h.w.notice["level"] == "error"
    assert h.w.notice["text"] == "unbekannter Nachrichtentyp 'teleport'"
    h.send({"type": "hint"})  # before the first card: what to do, in German
    assert h.w.notice["text"].startswith("Noch ist keine Karte aufgedeckt")
    game.language = "fr"  # the notice was about the old language: cleared
    assert h.w.notice["text"] == ""
    h.send({"type": "draw", "target": 10_000})
    assert "doit être compris entre 0 et" in h.w.notice["text"]


def test_an_illegal_click_says_why_in_the_games_language():
    game = Game.new(seed=3, language="de")
    h = Harness(game)
    h.send({"type": "reveal"})
    labels = game.map.labels
    station = next(i for i, label in enumerate(labels)
                   if game.why_unreachable(label) is not None
                   and i not in h.w.hints["origins"])
    h.send({"type": "draw", "target": station})
    why = game.why_unreachable(labels[station])
    assert h.w.notice == {"id": h.w.notice["id"], "level": "error", "text": why.message,
                          "reason": why.reason.value, "station": station}
    english = game.copy()
    english.language = "en"
    assert why.message != english.why_unreachable(labels[station]).message


def test_announcements_and_bots_follow_a_language_change():
    game = Game.new(players=2, seed=6, language="de")
    h = Harness(game, bots={1: "greedy"}, bot_seed=1)
    rng = random.Random(1)
    while game.round == 1:  # play round 1: it ends with an announcement
        if game.phase.value == "reveal":
            h.send({"type": "reveal"})
            continue
        moves = h.w.hints["moves"]
        if moves:
            _line, origin, target = rng.choice(moves)
            h.send({"type": "draw", "target": target, "origin": origin,
                    "line": game.ruleset.line_ids[_line]})
        else:
            h.send({"type": "pass"})
    assert h.w.turn["announcement"].startswith("Runde 1 gewertet: ")
    game.language = "fr"
    assert h.w.turn["announcement"].startswith("Manche 1 décomptée : ".replace(" :", "\u00a0:"))
    game.language = "de"
    h.send({"type": "reveal"})
    bot = h.w.turn["bot_turns"][0]["text"]
    assert bot.startswith(("zog ", "passte", "setzte")), bot
    game.language = "fr"  # what was said is said again in the new language
    assert h.w.turn["bot_turns"][0]["text"].startswith(("a tracé ", "a passé", "a utilisé"))
    assert h.w.turn["announcement"] is None or "Manche" in h.w.turn["announcement"]
    assert h.w.game_info["players"][1]["name"] == "Joueur 2"


def test_power_reasons_and_success_in_french():
    game = Game.new(map="london", players=2, seed=7, modules=["powers"], language="fr")
    h = Harness(game, bots={1: "random"}, bot_seed=1)
    h.send({"type": "select_player", "player": 1})
    assert h.w.hints["power"]["reason"] == "joué par un bot"
    for seed in range(20):  # a power that names no station, usable after the first card
        game = Game.new(map="london", seed=seed, modules=["powers"], language="fr")
        h = Harness(game)
        h.send({"type": "reveal"})
        power = h.w.hints["power"]
        if power and power["usable"] and not power["station"]:
            break
    else:
        pytest.fail("no seed with a usable power")
    h.send({"type": "power", "power": power["id"]})
    assert h.w.notice["level"] == "success"
    assert h.w.notice["text"] == f"Pouvoir «\u00a0{power['title']}\u00a0» utilisé."
    h.send({"type": "power", "power": power["id"]})  # once a round: the engine says why
    assert h.w.notice["level"] == "error" and "déjà utilisé" in h.w.notice["text"]


def test_the_maps_names_follow_the_language():
    """London's districts, the Thames and the pencils are words: map_data names them in the
    game's language, and is sent again when it changes (Berlin's districts are names)."""
    game = Game.new(map="london", seed=2, language="fr")
    h = Harness(game)
    data = h.w.map_data
    assert data["title"] == "Londres" and data["river"]["name"] == "Tamise"
    assert "Nord-Ouest" in [d["name"] for d in data["districts"]]
    assert [p["name"] for p in data["pencils"]][:2] == ["Vert", "Rose"]
    h.sent.clear()
    game.language = "en"
    synced = h.synced()
    assert synced["map_data"]["river"]["name"] == "Thames"
    assert synced["map_data"]["stations"] == data["stations"]  # only the names change
    berlin = BerlinWidget(Game.new(seed=2, language="de"))
    assert "Mitte" in [d["name"] for d in berlin.map_data["districts"]]
    assert [p["name"] for p in berlin.map_data["pencils"]] == ["Grün", "Rosa", "Blau", "Braun"]
