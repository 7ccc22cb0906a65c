"""The workshop kit (issue 17): three notebooks and two handouts per language, generated from one
template (``nsb_widget/workshop/cells.py``) and the ``workshop`` catalogue. The committed copies
under ``examples/workshop/<lang>/`` are what the generator makes, the three languages have the
same cells, and no cell of a participant's notebook holds an answer."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from nsb_widget import cli
from nsb_widget.i18n import LANGUAGES
from nsb_widget.workshop import EXERCISES, KIT_FILES, exercise, kit, write_kit
from nsb_widget.workshop.cells import PLAN, ROOM_NAMES
from nsb_widget.workshop.words import words

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "examples" / "workshop"
NOTEBOOKS = ("workshop.ipynb", "teacher.ipynb", "answers.ipynb")


@pytest.fixture(scope="module")
def kits() -> dict[str, dict[str, str]]:
    return {language: kit(language) for language in LANGUAGES}


def _cells(text: str) -> list[dict]:
    return json.loads(text)["cells"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_kit_is_what_the_generator_makes(kits, language):
    folder = KIT / language
    assert sorted(p.name for p in folder.iterdir()) == sorted(KIT_FILES)
    for name, text in kits[language].items():
        assert (folder / name).read_text(encoding="utf-8") == text, (
            f"examples/workshop/{language}/{name} is stale: run nsb-widget workshop "
            f"--language {language} --out examples/workshop/{language} --force")


def test_the_generator_makes_the_same_kit_every_time(kits):
    assert kit("de") == kits["de"]


def _normalised(source: str, language: str) -> str:
    """A code cell with its comments removed and its language's literals made English."""
    t = words(language)
    source = re.sub(r"#.*", "", source)
    for message in ROOM_NAMES.values():
        source = source.replace(json.dumps(t.gettext(message), ensure_ascii=False),
                                json.dumps(message))
    return source.replace(f'"{language}"', '"en"')


def _code_spans(markdown: str, language: str = "en") -> list[str]:
    """The code spans, the folders named after a room (its results) made English."""
    from nsb_widget.room.teacher import results_folder_name

    t = words(language)
    for message in ROOM_NAMES.values():
        markdown = markdown.replace(results_folder_name(t.gettext(message)),
                                    results_folder_name(message))
    return re.findall(r"`[^`]+`", markdown)


def _numbers(markdown: str) -> Counter[str]:
    return Counter(re.findall(r"\d+", markdown))


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_three_languages_have_the_same_cells(kits, name):
    english = _cells(kits["en"][name])
    for language in ("de", "fr"):
        other = _cells(kits[language][name])
        assert [c["cell_type"] for c in other] == [c["cell_type"] for c in english]
        for mine, theirs in zip(other, english, strict=True):
            assert mine["metadata"] == theirs["metadata"]
            if mine["cell_type"] == "code":
                assert _normalised(mine["source"], language) == _normalised(
                    theirs["source"], "en")
            else:  # the same code, numbers and structure, in other words
                assert _code_spans(mine["source"], language) == _code_spans(theirs["source"])
                assert _numbers(mine["source"]) == _numbers(theirs["source"]), mine["source"]
                assert mine["source"].count("\n") == theirs["source"].count("\n")
                assert mine["source"] != theirs["source"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_cell_of_the_participants_notebook_holds_an_answer(kits, language):
    cells = _cells(kits[language]["workshop.ipynb"])
    text = json.dumps(cells, ensure_ascii=False)
    answers = [c for c in cells if "exercise" in c["metadata"].get("tags", [])]
    assert [c["metadata"]["nsb_workshop"]["exercise"] for c in answers] == list(EXERCISES)
    for cell, key in zip(answers, EXERCISES, strict=True):
        assert cell["source"].startswith("answer = None  # ")
        assert cell["source"].endswith(f'exercise("{key}", "{language}").check(answer)')
        solution = exercise(key).solution_code()
        if len(solution) > 3:  # a number may appear in a text; a set or a section may not
            assert solution not in text
        assert "solution" not in cell["metadata"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_answer_key_holds_every_answer(kits, language):
    cells = _cells(kits[language]["answers.ipynb"])
    answers = [c for c in cells if "exercise" in c["metadata"].get("tags", [])]
    for cell, key in zip(answers, EXERCISES, strict=True):
        assert cell["source"] == (f"answer = {exercise(key).solution_code()}\n"
                                  f'exercise("{key}", "{language}").check(answer)')


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_participant_sets_a_name_there_is_no_default(kits, language):
    code = [c["source"] for c in _cells(kits[language]["workshop.ipynb"])
            if c["cell_type"] == "code"]
    setup = code[0]
    assert re.search(r"^MY_NAME = None  # ", setup, re.M)
    assert setup.count("MY_NAME = ") == 2  # the line, and the example in its comment
    joins = [c for c in code if "join(" in c]
    assert joins == [
        f'berlin_seat = join(BERLIN_ROOM, MY_NAME, language="{language}")\n'
        "display(berlin_seat)\nberlin_seat.widget()",
        f'london_seat = join(LONDON_ROOM, MY_NAME, language="{language}")\n'
        "display(london_seat)\nlondon_seat.widget()"]
    # The room's board on the participant's own screen: after the Berlin game, at the end.
    boards = [c for c in code if ".board()" in c]
    assert boards == ["berlin_seat.board()", "london_seat.board()"]
    assert code.index(boards[0]) > code.index(joins[0])
    assert code.index(boards[1]) > code.index(joins[1])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_teachers_notebook_says_how_to_run_the_room_in_notebook_7(kits, language):
    """Found running the French kit in Notebook 7: the teacher's notebook never said how each
    participant gets their own copy on one laptop (two people in one notebook share its
    kernel, so one seat), nor how the board gets the projector's width in Notebook 7's narrow
    page, and ``berlin.standings()`` run at the start showed an empty table with nothing
    saying to run it again. Jupyter's own menu and button names stay as its (English) UI
    shows them."""
    text = "\n".join(c["source"] for c in _cells(kits[language]["teacher.ipynb"])
                     if c["cell_type"] == "markdown")
    for words_of_jupyter in ("**Duplicate**", "**Rename**", "`workshop-ada.ipynb`",
                             "*View > Enable Full Width Notebook*"):
        assert words_of_jupyter in text, (language, words_of_jupyter)
    standings = {"en": "run it again", "de": "noch einmal aus", "fr": "exécutez-la de nouveau"}
    assert standings[language] in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_links_work_from_the_notebooks_folder(kits, language):
    """A Jupyter server started in the kit's folder (or anywhere else) serves no ``../docs``:
    the notebooks point to the docs site's pages by name and link to no file."""
    for name in NOTEBOOKS:
        for cell in _cells(kits[language][name]):
            if cell["cell_type"] == "markdown":
                assert not re.search(r"\]\((?!https?://)", cell["source"]), cell["source"]
                assert "../" not in cell["source"] and "docs/" not in cell["source"]


def test_the_plan_is_two_hours_without_gaps_and_every_notebook_follows_it(kits):
    assert PLAN[0].start == 0 and PLAN[-1].end == 120
    assert all(a.end == b.start for a, b in itertools.pairwise(PLAN))
    participant = "\n".join(c["source"] for c in _cells(kits["en"]["workshop.ipynb"]))
    for step in PLAN:
        assert f"## {step.start}-{step.end} min: " in participant
        assert f"| {step.start}-{step.end} |" in participant
    teacher = "\n".join(c["source"] for c in _cells(kits["en"]["teacher.ipynb"]))
    assert "## 35-60 min:" in teacher and "## 85-110 min:" in teacher
    assert 'modules=["powers"]' in teacher and "reseat" in teacher
    assert "show_figures(berlin)" in teacher and "export_results(berlin)" in teacher


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_teachers_notebook_names_the_folders_the_export_writes(kits, language, tmp_path,
                                                                    monkeypatch):
    """The debrief said the results go to the folder `results`; room.export() writes them to
    `<room name>-results` beside the notebook (`atelier-berlin-results` in French): the text
    names the folders the export cell writes (found in the French workshop run)."""
    from nsb_widget.room import Room, join

    monkeypatch.setenv("NSB_WIDGET_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    text = "\n".join("".join(c["source"]) for c in _cells(kits[language]["teacher.ipynb"])
                     if c["cell_type"] == "markdown")
    t = words(language)
    for city in ("berlin", "london"):
        room = Room.create(tmp_path / city, t.gettext(ROOM_NAMES[city]), map=city,
                           language=language)
        join(room.folder.path, "Ada", follow=False).close()  # (an empty room exports nothing)
        written = room.export()
        assert written.parent == tmp_path
        assert f"`{written.name}`" in text, (written.name, language)
        room.close()
    assert "`results`" not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_power_button_is_named_as_the_widget_labels_it(kits, language):
    """The London room's cell said the power is 'the button beside *Undo*'; in the kit's rooms
    (hints on) it sits after Hint. The text names the button by the label the participant's
    widget shows ('Pouvoir : …'), which holds wherever it sits (found in the French workshop
    run)."""
    from nsb_widget.i18n import translator
    from nsb_widget.widget.strings import DOMAIN, STRINGS

    widget = translator(language, DOMAIN)
    label = widget.gettext(STRINGS["btn.power_text"]).split("{")[0]
    undo = widget.gettext(STRINGS["btn.undo"])
    cells = ["".join(c["source"]) for c in _cells(kits[language]["workshop.ipynb"])]
    cell = cells[next(i for i, c in enumerate(cells) if c.startswith("london_seat =")) - 1]
    assert f"*{label}…*" in cell, cell
    assert f"*{undo}*" not in cell, cell


def test_the_rooms_folder_may_be_a_shared_folder(tmp_path):
    made = kit("fr", rooms="/srv/shared/atelier/")
    setup = _cells(made["workshop.ipynb"])[1]["source"]
    assert 'BERLIN_ROOM = "/srv/shared/atelier/berlin"' in setup
    assert 'LONDON_ROOM = "/srv/shared/atelier/london"' in setup
    teacher = "\n".join(c["source"] for c in _cells(made["teacher.ipynb"]))
    assert 'ROOMS = Path("/srv/shared/atelier")' in teacher
    for bad in ("", "  ", "a\nb", 3):
        with pytest.raises(Exception, match="rooms"):
            kit("en", rooms=bad)  # type: ignore[arg-type]


def test_the_command_line_writes_the_kit_and_keeps_what_is_there(tmp_path, capsys):
    out = tmp_path / "kit"
    assert cli.main(["workshop", "--language", "de", "--out", str(out), "--rooms",
                     "/srv/shared/x"]) == 0
    assert "workshop.ipynb" in capsys.readouterr().out
    made = kit("de", rooms="/srv/shared/x")
    assert {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()} == made
    (out / "workshop.ipynb").write_text("my answers", encoding="utf-8")
    assert cli.main(["workshop", "--language", "de", "--out", str(out)]) == 1
    assert "--force" in capsys.readouterr().err
    assert (out / "workshop.ipynb").read_text(encoding="utf-8") == "my answers"
    assert cli.main(["workshop", "--language", "de", "--out", str(out), "--force"]) == 0
    assert (out / "workshop.ipynb").read_text(encoding="utf-8") == kit("de")["workshop.ipynb"]
    assert len(write_kit(tmp_path / "new" / "deeper", "fr")) == len(KIT_FILES)


# ---------------------------------------------------------------------------- words
def _glossary():
    glossary = pytest.importorskip("test_i18n_glossary")
    return glossary.GLOSSARY, glossary.NEVER, glossary.NOT_THE_TERM


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_kit_uses_the_games_words(language):
    """The glossary of ``test_i18n_glossary.py`` held against the kit's catalogue: every
    translation of a message that uses a game term uses its word. A rival word is allowed when
    the English message also names the rival's concept (a long text about the map and the
    cards says *Spielplan* and *Karte*)."""
    from babel.messages.pofile import read_po

    from nsb_widget.i18n import LOCALE_DIR

    terms, never, not_the_term = _glossary()
    with (LOCALE_DIR / language / "LC_MESSAGES" / "workshop.po").open("rb") as f:
        catalogue = read_po(f, locale=language, domain="workshop")
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        for english, text in zip(ids + ids[-1:], texts, strict=False):
            plain, words_ = re.sub(r"\{[^}]*\}", " ", english), re.sub(r"\{[^}]*\}", " ", text)
            present = [term for term in terms[language]
                       if re.search(term.english, plain, 0 if term.english[0] == "^" else re.I)
                       and not any(s in english for s in not_the_term.get(term.english, ()))]
            for term in present:
                flags = 0 if term.word.startswith("^") else re.I
                if not re.search(term.word, words_, flags):
                    problems.append(f"{english[:60]!r} -> wants /{term.word}/")
                rival = re.search(term.not_, text, flags) if term.not_ else None
                if rival and not any(re.search(other.word, rival.group(0), re.I)
                                     for other in present if other is not term):
                    problems.append(f"{english[:60]!r} -> not /{term.not_}/")
            problems += [f"{english[:60]!r} -> never /{n}/" for n in never.get(language, [])
                         if re.search(n, text)]
    assert not problems, "\n".join(problems)


def test_french_puts_a_no_break_space_before_double_punctuation():
    from babel.messages.pofile import read_po

    from nsb_widget.i18n import LOCALE_DIR

    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "workshop.po").open("rb") as f:
        catalogue = read_po(f, locale="fr", domain="workshop")
    for message in catalogue:
        if not message.id:
            continue
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        for text in texts:
            # code and the games' titles (names: "Next Station: London") keep their colons
            prose = re.sub(r"`[^`]*`|\"[^\"]*\"|Next Station: (Berlin|London)", "", text)
            assert not re.search(r"[^\u00a0\s][:;!?](\s|$)", prose), text
            assert not re.search(r" [:;!?]", prose), text
