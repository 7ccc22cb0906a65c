"""The engine's words in English, German and French (issue 12, part 3).

Two kinds of test:

- the catalogues, for both domains (``nsb_widget``, the engine; ``widget``, the widget): every
  message the code marks is in each language's ``.po`` with a translation, the ``{named}``
  placeholders match, the committed ``.mo`` files are what the ``.po`` files compile to, and
  no message is passed to a translator in a way the extractor cannot see;
- behaviour: a game's language changes its words and nothing else.
"""

from __future__ import annotations

import ast
import random
import re
import string
from io import BytesIO
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nsb_widget import ArgumentError, Game, IllegalMoveError, PhaseError, Reason
from nsb_widget.i18n import LANGUAGES, LOCALE_DIR, default_language, resolve_language, translator

babel = pytest.importorskip("babel")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nsb_widget"
#: The same keywords as scripts/i18n.
KEYWORDS = {"t": None, "_": None, "N_": None, "ngettext": (1, 2)}
DOMAINS = ("nsb_widget", "widget", "workshop")
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


# ---------------------------------------------------------------------------- catalogues
def _extracted(domain: str) -> dict[str | tuple[str, ...], None]:
    """The message ids the code marks, extracted as scripts/i18n does (Babel's Python API)."""
    if domain in ("widget", "workshop"):
        where, method_map = PACKAGE / domain, [("**.py", "python")]
    else:  # every module but nsb_widget/widget and nsb_widget/workshop
        where, method_map = PACKAGE, [("widget/**", "ignore"), ("workshop/**", "ignore"),
                                      ("**.py", "python")]
    found: dict[str | tuple[str, ...], None] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(where), method_map, keywords=KEYWORDS, comment_tags=()):
        found[message if isinstance(message, str) else tuple(message)] = None
    return found


def _catalogue(domain: str, lang: str):
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    assert path.exists(), f"missing catalogue {path.relative_to(ROOT)}: run ./scripts/i18n"
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def _fields(text: str) -> set[str]:
    """The ``{named}`` placeholders of a message (a message with none: an empty set)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_code_marks_messages_for_each_domain(domain):
    extracted = _extracted(domain)
    assert len(extracted) >= (150 if domain == "nsb_widget" else 1)
    if domain == "nsb_widget":  # the engine's messages come from the engine, not the widget
        assert "{station} is not on {line}" in extracted
        assert "Start stations connected" in extracted


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_has_a_translation_with_the_same_placeholders(domain, lang):
    extracted = _extracted(domain)
    catalogue = _catalogue(domain, lang)
    entries = {(m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalogue if m.id}
    missing = [k for k in extracted if k not in entries]
    assert not missing, f"{domain}/{lang}: not in the .po (run ./scripts/i18n): {missing[:10]}"
    stale = [k for k in entries if k not in extracted]
    assert not stale, f"{domain}/{lang}: in the .po, no longer in the code: {stale[:10]}"
    problems = []
    for key, message in entries.items():
        if message.fuzzy:
            problems.append(f"fuzzy: {key!r}")
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        if isinstance(key, str):
            wanted = [_fields(key)] * len(forms)
        else:  # plural: the first form may say "one" instead of {count}
            wanted = [_fields(key[1])] * len(forms)
        if len(forms) != (1 if isinstance(key, str) else catalogue.num_plurals):
            problems.append(f"plural forms: {key!r}")
        for form, fields in zip(forms, wanted, strict=False):
            if not form:
                problems.append(f"untranslated: {key!r}")
            elif _fields(form) != fields and not (isinstance(key, tuple)
                                                  and _fields(form) == _fields(key[0])):
                problems.append(f"placeholders {sorted(_fields(form))} != {sorted(fields)}: "
                                f"{key!r}")
    assert not problems, f"{domain}/{lang}:\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("domain", DOMAINS)
def test_french_puts_a_no_break_space_before_colons_and_question_marks(domain):
    """French typography, in every message: a no-break space before ``: ; ! ?`` (a plain
    space there would let a line break put the sign alone at the start of a line)."""
    plain = []
    for message in _catalogue(domain, "fr"):
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        plain += [form for form in forms if form and re.search(r" [:;!?](\s|$)", form)]
    assert not plain, plain[:10]


@pytest.mark.parametrize("domain", DOMAINS)
def test_french_uses_one_no_break_space(domain):
    """One kind of space before ``: ; ! ?``, the one docs/languages.md names (U+00A0): one
    message had a narrow one (U+202F) among hundreds of U+00A0, found in the French workshop
    run."""
    narrow = []
    for message in _catalogue(domain, "fr"):
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        narrow += [form for form in forms if form and "\u202f" in form]
    assert not narrow, narrow[:10]


#: French words that elide before a vowel ("de Élodie" must be "d'Élodie").
_ELIDING = r"\b(?:de|du|que|le|la|jusque|lorsque|puisque)"


@pytest.mark.parametrize("domain", DOMAINS)
def test_french_puts_no_eliding_word_before_a_persons_name(domain):
    """A template cannot know whether a participant's name starts with a vowel, so French
    never writes ``de {name}``: the board's buttons read "Montrer la feuille de Élodie
    Martin" (found in the French workshop run in Notebook 7)."""
    eliding = []
    for message in _catalogue(domain, "fr"):
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        eliding += [form for form in forms
                    if form and re.search(_ELIDING + r"\s+\{name\}", form, re.IGNORECASE)]
    assert not eliding, eliding[:10]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_the_committed_mo_files_are_the_compiled_po_files(domain, lang):
    catalogue = _catalogue(domain, lang)
    compiled = BytesIO()
    write_mo(compiled, catalogue)
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    assert mo.exists() and mo.read_bytes() == compiled.getvalue(), \
        f"{mo.relative_to(ROOT)} is stale: run ./scripts/i18n compile"


#: Names under which a call would translate a message without the extractor seeing it.
_HIDDEN_TRANSLATORS = {"_t", "gettext", "translate"}


def test_no_message_is_translated_where_the_extractor_cannot_see_it():
    """``self._t("...")`` or ``game.translator.gettext("...")`` translate a literal that
    ``pybabel extract`` (keywords ``t``, ``_``, ``N_``, ``ngettext``) never sees: call the
    translator ``t`` (``t = self._t``) or mark the literal with ``N_``."""
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
            if literal and name in _HIDDEN_TRANSLATORS:
                problems.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}({first.value!r})")
    assert not problems, "\n".join(problems)


def test_the_wheel_ships_the_compiled_catalogues():
    """Hatch packages every file of nsb_widget/ that git does not ignore: the .mo files must
    not be ignored (pip needs no Babel)."""
    import subprocess

    for lang in TRANSLATED:
        for domain in DOMAINS:
            mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
            ignored = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", str(mo)],
                                     capture_output=True)
            assert ignored.returncode == 1, f"{mo} is git-ignored: the wheel would lack it"


# ---------------------------------------------------------------------------- choosing
@pytest.fixture
def no_locale(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_environment_locale_is_the_default(no_locale):
    no_locale.setenv("LANG", "de_DE.UTF-8")
    assert default_language() == "de" and Game.new(seed=1).language == "de"
    no_locale.setenv("LANG", "C")
    assert Game.new(seed=1).language == "en"
    no_locale.setenv("LANG", "pt_BR.UTF-8")  # no catalogue: English
    assert Game.new(seed=1).language == "en"
    no_locale.setenv("LANGUAGE", "pt:fr_CA")  # a list, best first: the first we have
    assert Game.new(seed=1).language == "fr"
    no_locale.setenv("LANG", "de_DE.UTF-8")
    assert Game.new(seed=1, language="en").language == "en"  # the argument wins


def test_a_region_or_encoding_is_ignored_and_an_unknown_language_refused():
    assert resolve_language("de_AT") == "de" and resolve_language("fr-CA") == "fr"
    assert Game.new(seed=1, language="DE").language == "de"
    for bad in ("xx", "", "english", 3, "d" * 10_000):
        with pytest.raises(ArgumentError) as info:
            Game.new(seed=1, language=bad)
        assert len(str(info.value)) < 200


def test_setting_an_unknown_language_changes_nothing_and_tells_no_one():
    game = Game.new(seed=4, language="fr")
    game.reveal()
    events = []
    game.subscribe(events.append)
    before = game.to_json()
    with pytest.raises(ArgumentError):
        game.language = "klingon"
    assert game.language == "fr" and game.to_json() == before and events == []


def test_setting_the_language_emits_an_event_and_changes_no_rule_or_score():
    game = Game.new(seed=11, modules=["effects", "objectives"], language="en")
    _play_randomly(game, random.Random(2), stop_after=25)
    events = []
    game.subscribe(events.append)
    before = (game.to_json(), game.score(), game.legal_moves(), game.score_sheet().total)
    game.language = "de"
    assert [e.kind for e in events] == ["language"] and events[0].last
    assert (game.to_json(), game.score(), game.legal_moves(),
            game.score_sheet().total) == before
    assert game.language == "de" and game.translator("Total") == "Gesamt"


def test_the_language_survives_copy_restart_undo_and_is_chosen_again_on_load(tmp_path):
    game = Game.new(seed=5, language="fr")
    game.reveal()
    moves = game.legal_moves()
    game.play(moves[0])
    assert game.copy().language == "fr"
    game.undo()
    assert game.language == "fr"
    path = tmp_path / "game.json"
    game.save(path)
    assert "language" not in path.read_text()  # a file holds the game, not its reader's words
    assert Game.load(path, language="de").language == "de"
    assert Game.from_json(game.to_json(), language="fr").language == "fr"
    game.restart(seed=9)
    assert game.language == "fr" and game.setup.seed == 9


def test_a_translator_is_copied_and_pickled_as_its_language():
    import copy
    import pickle

    t = translator("fr")
    assert pickle.loads(pickle.dumps(t)) is t and copy.deepcopy(t) is t
    game = Game.new(seed=2, language="de")
    assert game.copy().translator is game.translator


def test_simulation_tables_are_the_same_in_any_locale(no_locale):
    pytest.importorskip("pandas")
    from nsb_widget import simulate

    tables = []
    for lang in ("de_DE.UTF-8", "C"):
        no_locale.setenv("LANG", lang)
        tables.append(simulate(games=3, bots="greedy", seed=4, workers=1, progress=False,
                               modules=["objectives"]))
    assert tables[0].equals(tables[1])


def test_a_save_files_problems_stay_english_whatever_the_language():
    from nsb_widget import SaveFileError

    game = Game.new(seed=5)
    doc = game.to_json()
    doc["actions"] = [{"type": "pass", "player": 0}]
    with pytest.raises(SaveFileError) as info:
        Game.from_json(doc, language="de")
    assert "no card is revealed yet" in str(info.value)


# ---------------------------------------------------------------------------- what changes
def _scenario(language: str) -> Game:
    game = Game.new(scenario=True, pencils=["green", "pink", "blue", "brown"], language=language)
    game.reveal("bear square")
    return game


def test_an_illegal_move_in_german_keeps_its_reason_and_says_why_in_german():
    english, german = _scenario("en"), _scenario("de")
    for move in ("bear E1-F1", "crown E1-F1", "bear E1-E1"):
        en, de = english.why_illegal(move), german.why_illegal(move)
        assert en is not None and de is not None
        assert en.reason is de.reason and en.message != de.message
    why = german.why_illegal("bear E1-F1")
    assert why.reason is Reason.WRONG_SYMBOL
    assert why.message == "die Karte zeigt ein Quadrat; F1 ist ein Kreis"
    with pytest.raises(IllegalMoveError) as info:
        german.play("bear E1-F1")
    assert info.value.reason is Reason.WRONG_SYMBOL
    assert str(info.value) == ("Spieler 1: bear E1-F1 ist nicht erlaubt: die Karte zeigt ein "
                               "Quadrat; F1 ist ein Kreis")
    # English, byte for byte as before
    assert english.why_illegal("bear E1-F1").message == "the card shows a square; F1 is a circle"


def test_phase_errors_a_player_can_meet_are_translated():
    game = Game.new(seed=3, language="fr")
    with pytest.raises(PhaseError, match="aucune carte n'est encore révélée"):
        game.pass_turn()
    with pytest.raises(PhaseError, match="rien à annuler"):
        game.undo()
    game.reveal()
    with pytest.raises(PhaseError, match="pas encore tracé ni passé\xa0: Joueur 1"):
        game.reveal()


def test_the_score_sheet_and_solo_assessment_in_french():
    for map_name, modules in (("berlin", ["objectives"]), ("london", ["objectives"])):
        game = Game.new(seed=21, map=map_name, modules=modules, language="fr")
        english = Game.new(seed=21, map=map_name, modules=modules, language="en")
        for g in (game, english):
            _play_randomly(g, random.Random(7))
        fr, en = game.score_sheet(), english.score_sheet()
        assert fr.total == en.total and fr.assessment.band == en.assessment.band
        assert fr.assessment.text != en.assessment.text
        assert fr.assessment.text == translator("fr")(en.assessment.text)
        assert [o.text for o in fr.objectives] != [o.text for o in en.objectives]
        assert fr.name == "Joueur 1"
        labels = {b.label for r in fr.rounds for line in r.lines for b in line.bonuses}
        labels |= {t.label for t in fr.tracks}
        assert labels & {"Stations de départ reliées", "Traversées de la Tamise",
                         "Sites touristiques"}
        assert not labels & {"Start stations connected", "Thames crossings", "Tourist sites"}
        # the game stores English ids; the language only changes the copy shown
        assert game.sheets[0].round_scores == english.sheets[0].round_scores


def test_explain_in_german():
    game = _scenario("de")
    explanation = game.explain("bear E1-G3")
    assert explanation.reason.startswith("+2: erreicht ")
    labels = [t.label for t in explanation.terms]
    assert labels[0] == "Punkte der Runde 1" and labels[-1] == "Gesamt"
    assert "Stationen im besten Bezirk" in labels and "Startstationen verbunden" in labels
    english = _scenario("en").explain("bear E1-G3")
    assert [t.id for t in explanation.terms] == [t.id for t in english.terms]
    assert [t.change for t in explanation.terms] == [t.change for t in english.terms]


def test_a_hint_speaks_the_games_language():
    from nsb_widget.bots import make_bot
    from nsb_widget.bots.hint import suggest

    game = Game.new(seed=8, language="de")
    game.reveal()
    while not game.legal_moves():
        game.pass_turn()
        game.reveal()
    hint = suggest(game, bot=make_bot("greedy"), rng=random.Random(1))
    data = hint.to_dict()
    assert hint.move is not None and data["reason"] == hint.reason
    assert "erreicht" in hint.reason
    assert data["terms"][-1]["label"] == "Gesamt"
    assert translator("de").decimal(2.45, sign=True) == "+2,5"
    assert translator("en").decimal(-0.25) == "-0.2"


def test_london_powers_and_names_in_french():
    from nsb_widget.bots.hint import power_title

    game = Game.new(map="london", seed=2, modules=["powers"], language="fr")
    game.reveal()
    held = game.power()
    assert power_title(game, str(held)) in {"Section double", "Joker", "Aiguillage",
                                            "Station entourée"}
    other = next(p for p in ("double", "joker", "switch", "circle") if p != str(held))
    why = game.why_power_illegal(other)
    assert why.reason is Reason.NO_POWER and "a le pouvoir" in why.message
    svg = game.svg()
    assert "Tamise" in svg and "Thames" not in svg and "Nord-Ouest" in svg


def test_what_the_front_end_is_told_about_the_rules_is_translated():
    for map_name, modules in (("berlin", ["effects", "objectives"]),
                              ("london", ["objectives", "powers"])):
        fr = Game.new(seed=3, map=map_name, modules=modules, language="fr")
        en = Game.new(seed=3, map=map_name, modules=modules, language="en")
        described, english = fr.ruleset.describe(fr), en.ruleset.describe(en)
        assert described.keys() == english.keys()
        assert described["assessment_title"] != english["assessment_title"]
        assert described["switch_name"] in {"Double-aiguillage", "Aiguillage"}
        for key in ("objectives", "effects", "powers"):
            for a, b in zip(described.get(key, []), english.get(key, []), strict=True):
                assert a["id"] == b["id"] and a.get("text") != b.get("text")


def test_german_messages_differ_from_english_wherever_a_player_can_click():
    """Every reason a click can give (every station, at many moments of random games in both
    cities) is translated: no English sentence is left in a German game."""
    rng = random.Random(5)
    for map_name, modules in (("berlin", ["effects"]), ("london", ["powers"])):
        for seed in range(3):
            de = Game.new(seed=seed, map=map_name, modules=modules, language="de")
            en = Game.new(seed=seed, map=map_name, modules=modules, language="en")
            seen = 0
            while not de.is_over:
                if de.has_finished_turn():
                    de.reveal()
                    en.reveal()
                for label in de.map.labels:
                    a, b = de.why_unreachable(label), en.why_unreachable(label)
                    assert (a is None) == (b is None)
                    if a is not None:
                        assert a.reason is b.reason and a.message != b.message, b.message
                        seen += 1
                for power in ("double", "joker", "switch", "circle"):
                    a, b = de.why_power_illegal(power), en.why_power_illegal(power)
                    if a is not None and a.reason is not Reason.NOTATION:
                        assert a.message != b.message, b.message
                moves = de.legal_moves()
                if moves:
                    move = rng.choice(moves)
                    de.play(move)
                    en.play(move)
                else:
                    de.pass_turn()
                    en.pass_turn()
            assert seen > 100


def test_nothing_is_translated_while_moves_are_generated_and_played(monkeypatch):
    """Translation happens only where text is made for people: a whole game through the
    public API (reveal, legal moves, play, pass, score) never calls a translator."""
    from nsb_widget.i18n import Translator

    def refuse(*args, **kwargs):
        raise AssertionError("translated in the hot path")

    games = [Game.new(seed=s, map=m, modules=mods, language="fr")
             for s, m, mods in ((1, "berlin", ["effects", "objectives"]),
                                (2, "london", ["objectives"]))]
    for name in ("__call__", "gettext", "ngettext"):
        monkeypatch.setattr(Translator, name, refuse)
    for game in games:
        _play_randomly(game, random.Random(3))
        assert game.is_over and game.score() > 0
        game.plans()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), map_name=st.sampled_from(["berlin", "london"]),
       choice=st.integers(0, 2**16))
def test_the_same_seed_gives_the_same_game_in_french_and_english(seed, map_name, choice):
    modules = ["effects", "objectives"] if map_name == "berlin" else ["objectives", "powers"]
    games = [Game.new(seed=seed, map=map_name, modules=modules, language=lang)
             for lang in ("fr", "en")]
    histories = []
    for game in games:
        _play_randomly(game, random.Random(choice))
        histories.append(game.history)
    assert histories[0] == histories[1]
    fr, en = (g.score_sheet() for g in games)
    assert (fr.total, fr.tiebreak, fr.lines_total, fr.interchanges, fr.objectives_total) == \
        (en.total, en.tiebreak, en.lines_total, en.interchanges, en.objectives_total)
    assert [r.score for r in fr.rounds] == [r.score for r in en.rounds]


def _play_randomly(game: Game, rng: random.Random, stop_after: int | None = None) -> None:
    """Reveal, then draw a random legal section or pass, until the game ends."""
    steps = 0
    while not game.is_over and (stop_after is None or steps < stop_after):
        steps += 1
        if game.has_finished_turn():
            game.reveal()
        moves = game.legal_moves()
        if moves:
            game.play(rng.choice(moves))
        else:
            game.pass_turn()
