"""The classroom (nsb_widget.room): a room dealt by the teacher, participants who join with a
name and follow the teacher's cards, the board's standings, self-paced rooms, and bad input
that is refused with a clear error and changes nothing."""

from __future__ import annotations

import errno
import html
import json
import os
import random
import stat
import time
import warnings
from pathlib import Path

import pytest
from room_support import files, finish_turn, home, notebook, play_room, restart_kernel, take_seat

from nsb_widget import Game
from nsb_widget.errors import PhaseError
from nsb_widget.room import Room, RoomError, RoomFileError, join
from nsb_widget.room import folder as room_folder
from nsb_widget.room import teacher as room_teacher
from nsb_widget.room.private import token_hash
from nsb_widget.room.standings import Standing, Standings, places
from nsb_widget.rules.game import Phase

__all__ = ["home"]  # the fixture, imported for pytest

CITIES = [("berlin", ()), ("berlin", ("effects", "objectives")), ("london", ()),
          ("london", ("objectives", "powers"))]


def _room(tmp_path: Path, map: str = "berlin", modules=(), **options) -> Room:
    return Room.create(tmp_path / "room", "Test room", map=map, modules=list(modules),
                       language=options.pop("language", "en"), **options)


# ---------------------------------------------------------------------------- one deal
@pytest.mark.parametrize(("city", "modules"), CITIES)
def test_every_participant_gets_the_teachers_cards_in_order(home, tmp_path, city, modules):
    room = _room(tmp_path, city, modules, seed=11)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo")]
    rng = random.Random(4)
    play_room(room, seats, rng)
    dealt = Game.new(1, 11, map=city, modules=list(modules), names=["x"])
    expected = []
    while not dealt.is_over:  # the seeded deal, turn by turn
        if dealt.phase is Phase.DRAW:
            dealt.pass_turn()
        else:
            expected.append(tuple(str(c) for c in dealt.reveal()))
    assert room.turns == tuple(expected)
    for s in seats:
        assert s.game.is_over
        reveals = [tuple(str(c) for c in a.cards) for a in s.game.history
                   if type(a).__name__ == "Reveal"]
        assert reveals == expected
    standings = room.standings()
    assert standings.final and [r.status for r in standings.rows] == ["finished"] * 3
    # The board's games are the participants' own, replayed from their files.
    for s in seats:
        accepted = room.participant(s.name).game
        assert accepted is not None and accepted.history == s.game.history
        assert accepted.score() == s.game.score()


def test_the_folder_and_the_participants_games_hold_no_deal(home, tmp_path):
    room = _room(tmp_path, seed=123456789)
    ada = take_seat(room.folder.path, "Ada")
    for _ in range(3):
        room.reveal()
        finish_turn(ada, random.Random(1))
    text = "".join(p.read_text() for p in room.folder.path.rglob("*") if p.is_file())
    assert "123456789" not in text
    assert json.loads(room.folder.room_file.read_text())["seed"] is None
    # The participant's game is a scenario game: it has no order of cards to give away.
    assert ada.game.setup.seed is None and not ada.game._deck.seeded
    assert ada.game.copy().setup.seed is None


def test_what_the_room_shows_depends_only_on_the_cards_turned_over(home, tmp_path):
    """Change the rest of the deal: the folder, the board and the participants' games stay
    exactly the same (nothing of them comes from a card still face down)."""
    room = _room(tmp_path, "berlin", ("effects", "objectives"), seed=5)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    rng = random.Random(2)
    for _ in range(6):
        room.reveal()
        for s in seats:
            finish_turn(s, rng)
    room.poll()
    from nsb_widget.widget.board_state import board_info, board_standings, board_table

    def seen():
        return (files(room.folder.path), board_info(room), board_table(room),
                board_standings(room.standings()),
                [(s.game.history, s.game.legal_moves(), sorted(map(str, s.game.stack)))
                 for s in seats])

    before = seen()
    dealer = room._dealer
    assert dealer is not None
    stack_before = list(dealer._deck.peek_order())
    dealer._deck = dealer._deck.redealt(random.Random(99))  # another future, the same past
    dealer._deal_seed = 987654321
    assert list(dealer._deck.peek_order()) != stack_before
    assert seen() == before


def test_a_slow_participant_plays_every_card_and_a_late_one_catches_up(home, tmp_path):
    room = _room(tmp_path, seed=3)
    ada = take_seat(room.folder.path, "Ada")
    for _ in range(4):
        room.reveal()
    ada.sync()
    assert ada.game.reveals == 1 and ada.status().behind == 3  # one card at a time
    late = take_seat(room.folder.path, "Late")
    assert late.game.reveals == 1  # joining takes the first card, not the latest
    rng = random.Random(0)
    for taken in (2, 3, 4):
        finish_turn(late, rng)
        assert not late.status().waiting  # the next card is out: no waiting
        late.sync()
        assert late.game.reveals == taken and late.game.phase is Phase.DRAW
    finish_turn(late, rng)
    assert late.status().waiting and late.status().behind == 0
    assert ada.game.reveals == 1  # nobody skips a card


def test_a_participant_cannot_turn_cards_over_undo_them_or_deal_again(home, tmp_path):
    room = _room(tmp_path, seed=8)
    ada = take_seat(room.folder.path, "Ada")
    game = ada.game
    room.reveal()
    ada.sync()
    while not game.legal_moves():  # a card with a section to draw
        game.pass_turn()
        room.reveal()
        ada.sync()
    history = game.history
    with pytest.raises(PhaseError, match="the teacher turns the cards over"):
        game.reveal()
    with pytest.raises(PhaseError, match="dealt again"):
        game.restart()
    with pytest.raises(PhaseError, match="nothing to undo"):
        game.undo()  # the last action is the card: not the participant's
    assert game.history == history
    move = game.legal_moves()[0]
    game.play(move)
    assert game.undo() is not None and game.history == history  # one's own draw: yes
    # A copy is a plain game: bots and what-ifs may reveal on it.
    copy = game.copy()
    assert type(copy) is Game
    copy.play(move)
    assert copy.phase is Phase.REVEAL and game.history == history


# ---------------------------------------------------------------------------- joining
@pytest.mark.parametrize(("name", "why"), [
    ("", "empty"), ("   ", "empty"), ("x" * 41, "at most 40"), ("ada/../x", "not a path"),
    ("a\\b", "not a path"), ("Ada\nBob", "control characters"), ("A\tb", "control"),
    ("Ada\u202e", "control"), (None, "is text"), (42, "is text"),
    ("Ada\u200b", "invisible"), ("A\u00adda", "invisible"), ("\u0410da", "mix Latin"),
    ("\u0391da", "mix Latin"),
])
def test_bad_names_are_refused_and_take_no_seat(home, tmp_path, name, why):
    room = _room(tmp_path)
    before = files(room.folder.path)
    with pytest.raises(RoomError, match=why):
        join(room.folder.path, name, follow=False)
    assert files(room.folder.path) == before


def test_a_taken_name_is_refused_however_it_is_written(home, tmp_path):
    room = _room(tmp_path)
    take_seat(room.folder.path, "Ada Lovelace")
    for other in ("Ada Lovelace", "ada lovelace", "  ADA   LOVELACE ", "Ａｄａ Lovelace"):
        with notebook("someone-else.ipynb"), pytest.raises(RoomError) as info:
            join(room.folder.path, other, follow=False)
        assert "is taken in this room" in str(info.value)
        assert "token" in str(info.value) and "another name" in str(info.value)
    assert len(room.folder.seat_files()) == 1


def test_a_restarted_kernel_gets_its_own_game_back_exactly(home, tmp_path):
    room = _room(tmp_path, "london", ("powers",), seed=9)
    ada = take_seat(room.folder.path, "Ada")
    rng = random.Random(5)
    for _ in range(9):
        room.reveal()
        finish_turn(ada, rng)
    history, token = ada.game.history, ada.token
    restart_kernel()  # the notebook's kernel restarts: nothing in memory
    again = take_seat(room.folder.path, "Ada")
    assert again is not ada and again.game.history == history and again.token == token
    # From another notebook: only with the token.
    with notebook("laptop-2.ipynb"):
        with pytest.raises(RoomError, match="does not open"):
            join(room.folder.path, "Ada", token="aaaaa-bbbbb", follow=False)
        restart_kernel()
        elsewhere = join(room.folder.path, "Ada", token=token.upper(), follow=False)
        assert elsewhere.game.history == history


def test_joining_twice_in_one_kernel_gives_the_same_seat(home, tmp_path):
    room = _room(tmp_path)
    with notebook("ada.ipynb"):
        first = join(room.folder.path, "Ada", follow=False)
        assert join(room.folder.path, " ada ", follow=False) is first


def test_joining_a_folder_without_a_room_says_so(home, tmp_path):
    with pytest.raises(RoomError, match="the folder does not exist"):
        join(tmp_path / "nowhere", "Ada", follow=False)
    (tmp_path / "empty").mkdir()
    with pytest.raises(RoomError, match=r"no room\.json"):
        join(tmp_path / "empty", "Ada", follow=False)


@pytest.mark.parametrize(("mutate", "expected"), [
    (lambda doc: doc.update(version=2), "newer nsb_widget"),
    (lambda doc: doc.update(version="x"), "version: must be 1"),
    (lambda doc: doc.update(format="nsb-game"), "format: must be 'nsb-room'"),
    (lambda doc: doc.update(map="paris"), "map: must be one of"),
    (lambda doc: doc.update(paced="fast"), "paced: must be one of"),
    (lambda doc: doc.update(seed=7), "keeps its seed secret"),
    (lambda doc: doc.update(pencils=["green"]), "setup: "),
    (lambda doc: doc.update(modules=["rockets"]), "setup: "),
    (lambda doc: doc.update(name=""), "name: must be a text"),
    (lambda doc: doc.update(hints="no"), "hints: must be true or false"),
])
def test_a_damaged_room_file_names_its_problem(home, tmp_path, mutate, expected):
    room = _room(tmp_path)
    doc = json.loads(room.folder.room_file.read_text())
    mutate(doc)
    room.folder.room_file.write_text(json.dumps(doc))
    with pytest.raises(RoomFileError, match=expected):
        join(room.folder.path, "Ada", follow=False)
    assert room.folder.seat_files() == []


def test_a_room_file_from_before_the_hints_option_offers_hints(home, tmp_path):
    room = _room(tmp_path)
    doc = json.loads(room.folder.room_file.read_text())
    del doc["hints"]
    room.folder.room_file.write_text(json.dumps(doc))
    assert join(room.folder.path, "Ada", follow=False).info.hints is True


@pytest.mark.parametrize("content", [b"", b"{oops", b"\xff\xfe", b"[]", b"9" * 300_000])
def test_an_unreadable_room_file_is_refused(home, tmp_path, content):
    room = _room(tmp_path)
    room.folder.room_file.write_bytes(content)
    with pytest.raises(RoomFileError):
        join(room.folder.path, "Ada", follow=False)


# ---------------------------------------------------------------------------- writing
def _fail(code: int):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize(("code", "why"), [(errno.EROFS, "read-only file system"),
                                           (errno.EACCES, "permission denied"),
                                           (errno.ENOSPC, "full")])
def test_a_folder_that_cannot_be_written_changes_nothing(home, tmp_path, monkeypatch, code,
                                                         why):
    room = _room(tmp_path, seed=21)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    finish_turn(ada, random.Random(1))
    before = files(room.folder.path)
    turns = room.turns
    monkeypatch.setattr(room_folder.os, "replace", _fail(code))
    monkeypatch.setattr(room_folder.os, "link", _fail(code))
    with pytest.raises(RoomError, match=why):
        room.reveal()
    assert room.turns == turns and room.table_game.turn == 1
    with pytest.raises(RoomError, match=why):
        take_seat(room.folder.path, "Bob")
    assert files(room.folder.path) == before
    monkeypatch.undo()
    # Once it can be written again, the same card comes (nothing was lost or skipped).
    control = Game.new(1, 21, names=["x"])
    control.reveal()
    control.pass_turn()
    assert room.reveal() == tuple(str(c) for c in control.reveal())


def test_a_participant_whose_moves_cannot_be_written_is_told(home, tmp_path, monkeypatch):
    room = _room(tmp_path, seed=2)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    ada.sync()
    monkeypatch.setattr(room_folder.os, "replace", _fail(errno.EROFS))
    ada.game.pass_turn()  # the game goes on; the hand-in waits
    assert ada.game.phase is Phase.REVEAL
    assert "read-only file system" in (ada.status().problem or "")
    monkeypatch.undo()
    assert ada.hand_in() and ada.status().problem is None
    room.poll()
    assert room.participant("Ada").game.history == ada.game.history


def test_a_table_that_could_not_be_read_for_a_moment_is_not_shown_as_a_problem_after(
        home, tmp_path, monkeypatch):
    """A seat that could not read table.json ("cannot read the room's cards in ...") kept
    saying so after the table read again, until the participant's next hand-in. It is gone at
    the next read now; a hand-in that failed is still shown until one succeeds. (Failed
    before the fix: the problem stayed.)"""
    room = _room(tmp_path, seed=2)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    ada.sync()
    ada.game.pass_turn()
    real_open, table = os.open, str(room.folder.table_file)

    def unreadable_table(path, *args, **kwargs):
        if str(path) == table:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(room_folder.os, "open", unreadable_table)  # (root reads a chmod 000)
    assert ada.sync() == 0
    assert ada.status().problem.startswith("cannot read the room's cards in")
    monkeypatch.undo()
    seen = []
    ada.subscribe(lambda: seen.append(ada.status().problem))
    assert ada.sync() == 0 and ada.status().problem is None
    assert seen == [None]  # the line and the widget are told
    room.reveal()
    assert ada.sync() == 1
    # A hand-in that fails stays shown while the table reads well.
    monkeypatch.setattr(room_folder.os, "replace", _fail(errno.EROFS))
    ada.game.pass_turn()
    ada.sync()
    assert "read-only file system" in (ada.status().problem or "")
    monkeypatch.undo()
    assert ada.hand_in() and ada.status().problem is None


def test_creating_a_room_checks_its_folder_and_arguments(home, tmp_path):
    with pytest.raises(RoomError, match="parent folder does not exist"):
        Room.create(tmp_path / "no" / "room", "X")
    room = _room(tmp_path)
    with pytest.raises(RoomError, match="already holds a room"):
        Room.create(room.folder.path, "Again")
    for bad in ({"name": ""}, {"name": "x" * 81}, {"paced": "fast"}, {"map": "paris"},
                {"modules": ["rockets"]}, {"language": "xx"}):
        args = {"name": "Room", **bad}
        with pytest.raises((RoomError, ValueError)):
            Room.create(tmp_path / "other", **args)
        assert not (tmp_path / "other" / "room.json").exists()


# ---------------------------------------------------------------------------- the board
def test_hand_ins_are_replayed_and_bad_ones_refused_with_the_reason(home, tmp_path):
    room = _room(tmp_path, seed=31)
    ada, bob = take_seat(room.folder.path, "Ada"), take_seat(room.folder.path, "Bob")
    rng = random.Random(3)
    for _ in range(5):
        room.reveal()
        finish_turn(ada, rng)
        finish_turn(bob, rng)
    room.poll()
    good = room.participant("Bob").game
    assert good is not None
    path = room.folder.seat_file(bob.key)
    doc = json.loads(path.read_text())

    def hand_in(mutated: dict) -> str | None:
        path.write_text(json.dumps(mutated))
        room.poll()
        entry = room.participant("Bob")
        assert entry.game is not None and entry.game.history == good.history  # kept, not counted
        return entry.refusal

    draws = [i for i, a in enumerate(doc["actions"]) if a["type"] == "draw"]
    illegal = json.loads(json.dumps(doc))
    illegal["actions"][draws[-1]]["move"] = "bear A1-J10"
    assert "illegal" in hand_in(illegal)
    other_deal = json.loads(json.dumps(doc))
    first = other_deal["actions"][0]["cards"][0]
    other_deal["actions"][0]["cards"] = ["crown joker" if first != "crown joker" else "bear joker"]
    assert "a game of another deal" in hand_in(other_deal)
    ahead = json.loads(json.dumps(doc))
    ahead["actions"].append({"type": "reveal", "cards": ["bear square"]})
    assert "has not turned over" in hand_in(ahead)
    unreadable = json.loads(json.dumps(doc))
    unreadable["actions"].append({"type": "jump"})
    assert "cannot be read" in hand_in(unreadable)
    stolen = dict(doc, token=token_hash(room.info.id, "someone-else"))
    assert "another token" in hand_in(stolen)
    assert "damaged file" in hand_in({"format": "nsb-room-seat"})
    other_room = dict(doc, room="0123456789abcdef")
    assert "another room" in hand_in(other_room)
    standings = room.standings()
    row = next(r for r in standings.rows if r.name == "Bob")
    assert row.refusal and row.total == good.score()
    path.write_text(json.dumps(doc))  # the real file again: accepted, no refusal
    room.poll()
    assert room.participant("Bob").refusal is None


def test_ties_share_a_place_as_the_rulebook_says(home, tmp_path):
    assert places([(50, 20), (50, 20), (40, 30), (50, 10)]) == [(1, True), (1, True), (4, False),
                                                                 (3, False)]
    room = _room(tmp_path, seed=4)
    twins = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo")]
    play_room(room, twins[:1], random.Random(8))
    for s in twins[1:]:  # Bob copies Ada move for move; Cleo passes every turn
        while not s.game.is_over:
            s.sync()
            if s.name == "Bob":
                step = ada_step = twins[0].game.history[len(s.game.history)]
                assert ada_step is step
                if type(step).__name__ == "Draw":
                    s.game.play(step.move)
                elif type(step).__name__ == "Pass":
                    s.game.pass_turn()
            else:
                s.game.pass_turn()
    room.poll()
    standings = room.standings()
    assert standings.final
    rows = {r.name: r for r in standings.rows}
    assert rows["Ada"].place == rows["Bob"].place == 1 and rows["Ada"].shared
    assert rows["Cleo"].place == 3 and not rows["Cleo"].shared
    csv = standings.to_csv().splitlines()
    assert csv[0].startswith("place,shared,name,total")
    assert any(line.startswith("1,yes,Ada,") for line in csv)


def _final(*rows: tuple[str, int, tuple[int, ...]], language: str = "en") -> Standings:
    """Final standings of ``(name, total, rounds)``, placed as the room places them."""
    keys = [(total, max(rounds)) for _, total, rounds in rows]
    return Standings(tuple(sorted(
        (Standing(name, place, shared, total, rounds, max(rounds), 4, 34, "finished", 0, None)
         for (name, total, rounds), (place, shared) in zip(rows, places(keys), strict=True)),
        key=lambda r: r.place or 0)), 34, True, language)


def test_the_standings_table_adds_up_with_a_bonus_column(home, tmp_path):
    """"12 + 15 + 8 + 20 | Total 77" read as a wrong sum: the 22 points of interchanges were
    in the total and in no column. They now have a column (only when someone has some)."""
    standings = _final(("Ben", 77, (12, 15, 8, 20)), ("Ada", 68, (13, 11, 15, 17)),
                       language="de")
    assert [r.bonus for r in standings.rows] == [22, 12]
    text = standings._repr_html_()
    assert "<th>Runden</th><th>Zusatzpunkte</th><th>Gesamt</th>" in text
    assert "<td>12 + 15 + 8 + 20</td><td>22</td><td><strong>77</strong></td>" in text
    plain = _final(("Ada", 72, (21, 17, 17, 17)), ("Bob", 70, (19, 18, 17, 16)))
    assert "Bonus" not in plain._repr_html_() and "Bonus" in _final(
        ("Ben", 77, (12, 15, 8, 20)))._repr_html_()


def test_a_tie_decided_by_the_best_round_is_explained_under_the_table(home, tmp_path):
    """Ada 1st and Bénédicte 2nd on 72 points each used to stand there without a word: the
    line under the table now says that the best single round decided, and each one's."""
    standings = _final(("Cleo", 50, (10, 10, 10, 20)), ("Bénédicte", 72, (19, 18, 17, 18)),
                       ("Ada", 72, (21, 17, 17, 17)))
    assert [(r.name, r.place) for r in standings.rows] == [("Ada", 1), ("Bénédicte", 2),
                                                           ("Cleo", 3)]
    assert [r.name for r in standings.tie_broken] == ["Ada", "Bénédicte"]
    line = ("Equal totals are decided by the best single round (the rulebook's tie-break): "
            "Ada 21, Bénédicte 19.")
    assert str(standings).endswith(line)
    assert html.escape(line) in standings._repr_html_()
    from nsb_widget.widget.board_state import board_standings

    assert board_standings(standings)["tie_broken"] == ["Ada", "Bénédicte"]
    assert [r["tiebreak"] for r in board_standings(standings)["rows"]] == [21, 19, 20]
    german = _final(("Ada", 72, (21, 17, 17, 17)), ("Bob", 72, (19, 18, 17, 18)), language="de")
    assert "beste einzelne Runde" in str(german)
    # A tie the best round does not break is shared, and nothing needs explaining.
    shared = _final(("Ada", 72, (21, 17, 17, 17)), ("Bob", 72, (21, 18, 16, 17)))
    assert [r.place for r in shared.rows] == [1, 1] and shared.tie_broken == ()
    assert "best single round" not in str(shared) + shared._repr_html_()


def test_readiness_counts_who_has_finished_the_latest_card(home, tmp_path):
    room = _room(tmp_path, seed=12)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo")]
    room.poll()
    assert room.standings().ready == 3  # nobody has a card to play yet
    room.reveal()
    for s in seats:
        s.sync()
    room.poll()
    assert room.standings().ready == 0
    finish_turn(seats[0], random.Random(1))
    room.poll()
    statuses = {r.name: r.status for r in room.standings().rows}
    assert statuses == {"Ada": "ready", "Bob": "drawing", "Cleo": "drawing"}
    room.reveal()
    room.poll()
    standings = room.standings()
    assert standings.ready == 0
    assert {r.name: (r.status, r.behind) for r in standings.rows}["Bob"] == ("behind", 1)


@pytest.mark.parametrize(("language", "words"), [
    ("de", ("Platz", "Runden", "Gesamt", "1 Karte zurück", "zeichnet…", "bereit")),
    ("fr", ("Place", "Manches", "Total", "1 carte de retard", "trace…", "a joué")),
    ("en", ("Place", "Rounds", "Total", "1 card behind", "drawing…", "ready"))])
def test_the_standings_table_in_a_notebook_speaks_the_rooms_language(home, tmp_path,
                                                                     language, words):
    # The teacher's kit shows room.standings() on the projector: in the room's language.
    room = Room.create(tmp_path / "room", "Raum", seed=12, language=language)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo")]
    room.reveal()
    for s in seats[:2]:
        finish_turn(s, random.Random(1))
    seats[2].sync()
    room.reveal()  # Ada ready, Bob drawing, Cleo one card behind
    finish_turn(seats[0], random.Random(1))
    seats[1].sync()
    text = room.standings()._repr_html_()
    for word in words:
        assert word in text
    assert str(room.standings()).count(words[-1]) == 1


def test_the_standings_table_shows_no_place_before_a_round_is_scored(home, tmp_path):
    # As on the board: before round 1 is scored everyone would be "1=", which means nothing.
    room = _room(tmp_path, seed=18)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    room.reveal()
    finish_turn(seats[0], random.Random(1))
    assert "1=" not in str(room.standings())
    assert ">1=<" not in room.standings()._repr_html_()
    play_room(room, seats, random.Random(2))
    room.poll()
    assert str(room.standings()).split()[0] in ("1", "1=")


def test_the_round_in_play_is_shown_beside_the_finished_rounds(home, tmp_path):
    """The whole first round used to show 0 for everyone: the totals count finished rounds
    only. Each row now also has the round in play as the participant's own sheet shows it."""
    room = _room(tmp_path, seed=18)  # Berlin seed 18: round 1 ends after 6 cards
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    rng = random.Random(3)
    room.poll()
    assert [r.current for r in room.standings().rows] == [None, None]  # no card yet
    while not any(s.game.sheets[0].history for s in seats):
        room.reveal()
        for s in seats:
            finish_turn(s, rng, draw=1.0)
    room.poll()
    standings = room.standings()
    for row, s in zip(standings.rows, sorted(seats, key=lambda s: s.name), strict=True):
        assert row.total == 0 and row.rounds == ()  # places still count finished rounds
        assert row.current == s.game.provisional_round_score().score  # the sheet's round box
    assert any(row.current for row in standings.rows)
    assert "Round 1 so far" in standings._repr_html_()
    header, *lines = standings.to_csv().splitlines()
    assert header.endswith(",refusal,current")
    assert [line.rsplit(",", 1)[1] for line in lines] == [str(r.current) for r in standings.rows]
    from nsb_widget.widget.board_state import board_standings

    assert [r["current"] for r in board_standings(standings)["rows"]] == [
        r.current for r in standings.rows]
    # Between rounds (the next round's first card not out) and at the end: nothing in play.
    while seats[0].game.round == 1:
        room.reveal()
        for s in seats:
            finish_turn(s, rng)
    room.poll()
    assert [r.current for r in room.standings().rows] == [None, None]
    assert all(r.rounds for r in room.standings().rows)
    play_room(room, seats, rng)
    room.poll()
    final = room.standings()
    assert final.final and [r.current for r in final.rows] == [None, None]
    assert "so far" not in final._repr_html_() and final.to_csv().splitlines()[1].endswith(",")


def test_a_teacher_without_a_board_sees_the_latest_hand_ins_from_a_cell(home, tmp_path):
    """No board, no watch(), no poll(): the results a cell asks for read the folder first."""
    room = _room(tmp_path, seed=12)
    assert room.standings().rows == ()
    ada = take_seat(room.folder.path, "Ada")
    assert [p.name for p in room.participants] == ["Ada"]
    room.reveal()
    finish_turn(ada, random.Random(1), draw=1.0)
    (row,) = room.standings().rows
    assert (row.name, row.status, row.total) == ("Ada", "ready", ada.game.score())
    accepted = room.participant("Ada").game
    assert accepted is not None and accepted.history == ada.game.history
    bob = take_seat(room.folder.path, "Bob")
    assert room.participant("Bob").name == bob.name
    assert [r.name for r in room.standings().rows] == ["Ada", "Bob"]


def test_the_teacher_takes_the_room_back_after_a_kernel_restart(home, tmp_path):
    room = _room(tmp_path, seed=77)
    ada = take_seat(room.folder.path, "Ada")
    rng = random.Random(9)
    for _ in range(4):
        room.reveal()
        finish_turn(ada, rng)
    turns = room.turns
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert again is not room and again.turns == turns
    assert again.participant("Ada").game.history == ada.game.history
    control = Game.new(1, 77, names=["x"])
    for _ in range(5):
        if control.phase is Phase.DRAW:
            control.pass_turn()
        card = tuple(str(c) for c in control.reveal())
    assert again.reveal() == card
    assert Room.resume(room.folder.path) is again  # the same kernel: the same room


def test_without_the_deal_only_the_teacher_can_go_on(home, tmp_path, monkeypatch):
    room = _room(tmp_path, seed=1)
    restart_kernel()
    monkeypatch.setenv("NSB_WIDGET_HOME", str(tmp_path / "participant-home"))
    with pytest.raises(RoomError, match="only the teacher who created it"):
        Room.resume(room.folder.path)


def test_reseat_gives_a_lost_seat_a_new_token(home, tmp_path):
    room = _room(tmp_path, seed=6)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    finish_turn(ada, random.Random(2))
    token = room.reseat("ada")
    with notebook("new-laptop.ipynb"):
        restart_kernel()
        again = join(room.folder.path, "Ada", token=token, follow=False)
    assert again.game.history == ada.game.history
    # The old notebook no longer hands in, and says why.
    ada.closed = False
    assert not ada.hand_in() and "new token" in (ada.status().problem or "")
    fresh = room.reseat("Ada", fresh=True)
    with notebook("third.ipynb"):
        restart_kernel()
        started_again = join(room.folder.path, "Ada", token=fresh, follow=False)
    assert started_again.game.reveals == 1  # from the first card again
    with pytest.raises(RoomError, match="nobody called"):
        room.reseat("Zed")


def test_the_results_are_exported(home, tmp_path):
    room = _room(tmp_path, "london", (), seed=14)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    play_room(room, seats, random.Random(6))
    out = room.export(tmp_path / "results")
    lines = (out / "standings.csv").read_text().splitlines()
    assert len(lines) == 3 and lines[0].startswith("place,")
    saved = sorted((out / "games").glob("*.json"))
    assert len(saved) == 2 and len(list((out / "sheets").glob("*.svg"))) == 2
    reloaded = Game.load(saved[0])
    assert reloaded.is_over and reloaded.score() in {s.game.score() for s in seats}
    table = room.table()
    assert sorted(table["name"]) == ["Ada", "Bob"] and set(table["total"]) == {
        s.game.score() for s in seats}
    # The room's places, not each solo game's own (where everyone is first).
    places = {row.name: row.place for row in room.standings().rows}
    assert dict(zip(table["name"], table["rank"], strict=True)) == places
    assert sorted(places.values()) in ([1, 1], [1, 2])


@pytest.mark.parametrize(("language", "said", "nobody", "no_card"), [
    ("en", "nobody has joined yet: there is nothing to export",
     "Nothing exported yet: nobody has joined the room. Run",
     "Nothing exported yet: no card has been turned over. Run"),
    ("de", "noch ist niemand beigetreten: Es gibt nichts zu exportieren",
     "Noch nichts exportiert: Noch ist niemand dem Raum beigetreten. Führe",
     "Noch nichts exportiert: Noch ist keine Karte aufgedeckt. Führe"),
    ("fr", "personne n'a encore rejoint la salle\u00a0: rien à exporter",
     "Rien n'a encore été exporté\u00a0: personne n'a encore rejoint la salle. Exécutez",
     "Rien n'a encore été exporté\u00a0: aucune carte n'a encore été révélée. Exécutez")])
def test_an_export_before_anyone_joined_writes_nothing(home, tmp_path, monkeypatch, capsys,
                                                       language, said, nobody, no_card):
    # The kit's teacher's notebook is run from the top before the game: its export cell wrote
    # empty results folders (a standings.csv of a header) nobody asked for.
    from nsb_widget.workshop import export_results

    monkeypatch.chdir(tmp_path)
    room = _room(tmp_path, "berlin", (), seed=14, language=language)
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(RoomError) as caught:
        room.export()
    assert str(caught.value) == said
    with pytest.raises(RoomError):
        room.export(tmp_path / "chosen")
    export_results(room)  # the kit's cell: says so, writes nothing
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    # ... in one sentence (the room's reason has a colon of its own: "Nothing exported yet:
    # nobody has joined yet: there is nothing to export." read badly)
    assert nobody in capsys.readouterr().out
    # Someone joined, no card turned over yet (the kit's one export cell, run during the
    # Berlin debrief, exported the London room not yet played: everyone 1st with 0)
    take_seat(room.folder.path, "Ada")
    export_results(room)
    assert no_card in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    # The room's own export writes what there is (their game so far).
    out = room.export()
    assert len((out / "standings.csv").read_text().splitlines()) == 2


def test_exported_files_keep_the_names_letters(home, tmp_path):
    # "Chloé" was exported as chlo-<key>.json and "李明" as room-<key>.json: every letter
    # outside a-z was dropped from the file names the teacher sends to the participants.
    room = _room(tmp_path, "berlin", (), seed=14)
    names = ("Chloé", "Jürgen Weiß", "李明")
    seats = [take_seat(room.folder.path, n) for n in names]
    play_room(room, seats, random.Random(6))
    out = room.export(tmp_path / "results")
    stems = sorted(p.stem.rsplit("-", 1)[0] for p in (out / "games").glob("*.json"))
    assert stems == ["chloe", "jurgen-weiss", "李明"]
    assert sorted(p.stem for p in (out / "sheets").glob("*.svg")) == sorted(
        p.stem for p in (out / "games").glob("*.json"))


def _take_back_by_hand(path: Path) -> None:
    """The seat's file written without its last action, as a participant's own code could
    (their notebook refuses an undo once the places are final)."""
    doc = json.loads(path.read_text())
    doc["actions"] = doc["actions"][:-1]
    path.write_text(json.dumps(doc))


def _leave_after(room: Room, seats, left, turns: int, rng: random.Random) -> None:
    """Every card turned over and played by ``seats``; ``left`` plays ``turns`` turns and
    goes (their game is never over)."""
    while not room.is_over:
        room.reveal()
        for s in seats:
            finish_turn(s, rng)
        if len(room.turns) <= turns:
            finish_turn(left, rng)
    for s in seats:  # the cards they have not taken yet
        while not s.game.is_over:
            finish_turn(s, rng)
    room.poll()


def _every_card_out(room: Room, seats, rng: random.Random, holding=None) -> None:
    """Every card turned over, each of ``seats`` finishing each turn as it comes; ``holding``
    (one of them) leaves the game's last card undrawn."""
    while not room.is_over:
        room.reveal()
        for s in seats:
            if not (room.is_over and s is holding):
                finish_turn(s, rng)


def test_once_everyone_has_finished_the_places_are_kept_and_nothing_is_taken_back(home,
                                                                                   tmp_path):
    """The French Notebook 7 run: everyone finished, the board announced the places, and a
    participant pressed Undo on their last draw: their game was open again, the board went
    back to "2 of 3 ready" and the places changed (after the export). Now the teacher's
    kernel closes the game as soon as it reads the last game over, as a reveal closes a
    turn: the places are kept (table.json, ended/) and the seats refuse to take anything
    back. (Failed before: the undo went through and Bob's place changed.)"""
    room = _room(tmp_path, seed=2**70 + 33)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo")]
    rng = random.Random(5)
    _every_card_out(room, seats, rng, holding=seats[2])
    room.poll()  # Cleo has not drawn the last card yet: nothing is closed
    assert not room.is_ended and room.why_not_end() is None
    assert seats[0].game.can_undo(0) or seats[0].game.is_over
    finish_turn(seats[2], rng)
    room.poll()  # (the board's watcher does this every half second)
    table = json.loads(room.folder.table_file.read_text())
    assert table["finished"] is True and sorted(table["ended"]) == sorted(s.key for s in seats)
    assert sorted(p.stem for p in (room.folder.path / "ended").iterdir()) == sorted(
        s.key for s in seats)
    announced = _places(room)
    assert room.standings().final and room.is_ended
    with pytest.raises(RoomError, match="everyone has finished: the places are final"):
        room.end()
    bob = seats[1]
    bob.sync()  # (his follower thread reads the table)
    assert bob.game.is_over and not bob.game.can_undo(0)
    with pytest.raises(PhaseError, match="the places are final: nothing can be taken back"):
        bob.game.undo()
    assert bob.game.is_over
    end = bob.status().end
    assert end is not None and end.finished and end.place is not None
    assert end.text(bob.game.translator).startswith("The game is over: your place is ")
    # A hand-in changed by hand after the close does not move the places either.
    _take_back_by_hand(room.folder.seat_file(bob.key))
    room.poll()
    assert room.participant("Bob").refusal == ("handed in after everyone had finished: the "
                                               "game as it was then counts")
    assert _places(room) == announced
    restart_kernel()
    assert _places(Room.resume(room.folder.path)) == announced
    # A participant's own board reads the places and writes nothing.
    before = files(room.folder.path)
    assert _places(bob.view()) == announced
    assert files(room.folder.path) == before


def test_a_participants_board_never_closes_a_finished_game(home, tmp_path):
    """Only the teacher's kernel writes the table: with the teacher's kernel gone, the
    participants' own boards see everyone finished and show the places, and close nothing."""
    room = _room(tmp_path, seed=2**70 + 34)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    rng = random.Random(6)
    _every_card_out(room, seats, rng)
    room.close()  # (the teacher's kernel reads nothing from now on)
    for s in seats:
        finish_turn(s, rng)
    view = seats[0].view()
    assert view.standings().final
    assert json.loads(room.folder.table_file.read_text())["ended"] is None
    seats[0].sync()
    assert seats[0].game.can_undo(0)  # (nothing is final for the seats until it is kept)


def test_the_teacher_ends_a_game_someone_left_and_the_places_are_final(home, tmp_path):
    """One absent participant used to block the final places: the standings waited for every
    game. Once every card is out the teacher ends the game; it survives a kernel restart."""
    room = _room(tmp_path, seed=21)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    cleo = take_seat(room.folder.path, "Cleo")
    room.reveal()
    with pytest.raises(RoomError, match="cards are still to come"):
        room.end()
    assert not room.is_ended and room.folder.table_file.read_text().count('"ended": null')
    _leave_after(room, seats, cleo, 5, random.Random(4))
    standings = room.standings()
    assert not standings.final and room.why_not_end() is None  # Cleo is not coming back
    final = room.end()
    assert room.is_ended and final.final
    assert [r.name for r in final.rows] == ["Ada", "Bob", "Cleo"] or [
        r.name for r in final.rows] == ["Bob", "Ada", "Cleo"]
    placed, (gone,) = final.rows[:2], final.rows[2:]
    assert sorted(r.place or 0 for r in placed) in ([1, 1], [1, 2])
    assert (gone.name, gone.place, gone.status, gone.current) == ("Cleo", None, "left", None)
    assert gone.total == cleo.game.score()  # her rounds so far stay readable
    assert "left" in str(final) and ",left," in final.to_csv()
    with pytest.raises(RoomError, match="already been ended"):
        room.end()
    # Cleo finishes afterwards: the places announced stay as they are.
    while not cleo.game.is_over:
        finish_turn(cleo, random.Random(1))
    room.poll()
    rows = [(r.name, r.place, r.status) for r in room.standings().rows]
    assert rows == [(r.name, r.place, r.status) for r in final.rows]
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert again.is_ended and again.standings().final
    assert [(r.name, r.place, r.status) for r in again.standings().rows] == rows


def test_a_self_paced_room_can_be_ended_once_someone_has_finished(home, tmp_path):
    room = _room(tmp_path, paced="self", seed=2026, language="de")
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    with pytest.raises(RoomError, match="noch niemand"):
        room.end()
    rng = random.Random(5)
    while not ada.game.is_over:
        if ada.game.phase is Phase.REVEAL:
            ada.game.reveal()
        else:
            finish_turn(ada, rng)
    bob.game.reveal()
    final = room.end()
    assert [(r.name, r.place, r.status) for r in final.rows] == [("Ada", 1, "finished"),
                                                                 ("Bob", None, "left")]
    assert "gegangen" in final._repr_html_()  # the status in the room's language


def test_ending_the_game_reads_the_hand_ins_of_that_moment(home, tmp_path):
    """With a board, the watcher reads the hand-ins every half second and end() used what it
    had read last: a participant who had just finished was listed as left, without a place."""
    room = _room(tmp_path, seed=2**70 + 21)
    ada, bob, cleo = (take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo"))
    rng = random.Random(4)
    _leave_after(room, [ada], cleo, 3, rng)
    while not room.is_over:
        room.reveal()
    while bob.game.reveals < len(room.turns) - 1:
        finish_turn(bob, rng)
    room.poll()
    room.watch(interval=3600)  # a board's watcher, between two reads
    try:
        while not bob.game.is_over:  # Bob's last card, handed in just before the click
            finish_turn(bob, rng)
        final = room.end()
    finally:
        room.stop_watching()
    rows = {r.name: (r.place is not None, r.status) for r in final.rows}
    assert rows == {"Ada": (True, "finished"), "Bob": (True, "finished"),
                    "Cleo": (False, "left")}


def test_the_places_announced_at_the_end_stand_whatever_is_handed_in_after(home, tmp_path):
    """A placed participant could undo their last draw after the end (the game reopens): they
    then lost their place ('left'), and a new last draw could change the places announced."""
    room = _room(tmp_path, seed=2**70 + 21)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    cleo = take_seat(room.folder.path, "Cleo")
    _leave_after(room, seats, cleo, 5, random.Random(4))
    final = room.end()
    announced = [(r.name, r.place, r.total, r.status) for r in final.rows]
    ada = seats[0]
    ada.game.undo()  # her last draw taken back: her game is open again
    assert not ada.game.is_over
    room.poll()
    rows = room.standings().rows
    assert [(r.name, r.place, r.total, r.status) for r in rows] == announced
    assert "after the teacher ended the game" in (room.participant("Ada").refusal or "")
    finish_turn(ada, random.Random(7), draw=1.0)  # another last draw
    room.poll()
    assert [(r.name, r.place, r.total, r.status) for r in room.standings().rows] == announced
    # Cleo, who left, is not placed whatever she hands in, and nothing of hers is refused.
    while not cleo.game.is_over:
        finish_turn(cleo, random.Random(1))
    room.poll()
    assert [(r.name, r.place, r.status) for r in room.standings().rows] == [
        (n, p, s) for n, p, _, s in announced]
    assert room.participant("Cleo").refusal is None


def _frozen(room: Room) -> tuple[object, ...]:
    """What the teacher's results show of an ended room: the standings (every column of the
    CSV and the notebook's table), the board's table and each participant's game counted."""
    from nsb_widget.widget.board_state import board_standings

    standings = room.standings()
    games = {p.name: [a.to_json() for a in p.game.history] if p.game else None
             for p in room.participants}
    return standings.to_csv(), standings._repr_html_(), board_standings(standings), games


def test_the_final_places_survive_a_kernel_restart_after_the_end(home, tmp_path):
    """Room.resume after the end counted each placed participant's seat file as it was
    then: Ada, who undid her last draw after the end, came back as 'left' without a place,
    and Bob's other last draw changed his score. The games counted at the end are kept in
    ended/, and a restarted kernel counts them: the same places, scores and CSV."""
    room = _room(tmp_path, seed=2**70 + 21)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    cleo = take_seat(room.folder.path, "Cleo")
    _leave_after(room, [ada, bob], cleo, 5, random.Random(4))
    room.end()
    counted = {n: list(room.participant(n).game.history) for n in ("Ada", "Bob")}
    ada.game.undo()  # her game open again, and left so
    bob.game.undo()
    while not bob.game.is_over:  # another last turn: a pass instead of his draw
        bob.game.pass_turn()
    while not cleo.game.is_over:  # Cleo, who left, finishes after the end
        finish_turn(cleo, random.Random(1))
    assert bob.game.history != counted["Bob"]
    room.poll()
    before, table = _frozen(room), room.folder.table_file.read_bytes()
    exported = room.export(tmp_path / "before")
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert _frozen(again) == before
    assert [r.status for r in again.standings().rows] == ["finished", "finished", "left"]
    assert {n: list(again.participant(n).game.history) for n in counted} == counted
    assert "after the teacher ended the game" in (again.participant("Ada").refusal or "")
    assert room.folder.table_file.read_bytes() == table  # taking the room back writes nothing
    after = again.export(tmp_path / "after")
    assert {p.relative_to(after): p.read_bytes() for p in after.rglob("*.*")} == {
        p.relative_to(exported): p.read_bytes() for p in exported.rglob("*.*")}


def test_a_kept_game_is_never_read_through_a_link(home, tmp_path):
    """Room.resume read ended/<key>.json through a symbolic link, as any file. No room file
    is opened through one now: the board names the kept game as refused (never the file the
    link points to) and counts that participant's seat instead. (Failed before the fix: the
    linked copy was read, no problem named.)"""
    room = _room(tmp_path, seed=2**70 + 21)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    _leave_after(room, [ada], bob, 3, random.Random(2))
    room.end()
    kept = room.folder.ended_file(ada.key)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    os.replace(kept, outside / kept.name)
    kept.symlink_to(outside / kept.name)
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert again.problem == (f"ended/{ada.key}.json: a symbolic link, refused: a room's file "
                             f"is never one")
    assert [(r.name, r.place) for r in again.standings().rows] == [("Ada", 1), ("Bob", None)]


def _places(room: Room) -> tuple[object, ...]:
    """The places, scores and statuses of an ended room, and each game counted."""
    rows = [(r.name, r.place, r.total, r.rounds, r.status) for r in room.standings().rows]
    return rows, {p.name: [a.to_json() for a in p.game.history] if p.game else None
                  for p in room.participants}


def test_a_reseat_after_the_end_holds_after_a_kernel_restart(home, tmp_path):
    """A participant placed at the end, reseated (a lost notebook) and then the teacher's
    kernel restarted: the kept game in ended/ still carried the old token, so every hand-in
    of the new notebook was refused as 'another token'. The reseat now holds after a
    restart, and the places and scores stay as they were announced, a fresh reseat's too.
    (Failed before the fix: 'the file now carries another token'; a fresh reseat took Ada's
    place away.)"""
    room = _room(tmp_path, seed=2**70 + 21)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    _leave_after(room, [ada], bob, 3, random.Random(2))
    room.end()
    before = _places(room)
    token = room.reseat("Ada")
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert again.participant("Ada").refusal is None
    assert _places(again) == before
    with notebook("Ada-borrowed.ipynb"):  # her new notebook opens her seat
        laptop = join(room.folder.path, "Ada", token=token, follow=False)
    with pytest.raises(PhaseError, match="the places are final"):
        laptop.game.undo()  # placed: her notebook takes nothing back
    _take_back_by_hand(room.folder.seat_file(ada.key))  # (her code writes her file anyway)
    again.poll()
    assert again.participant("Ada").refusal == ("handed in after the teacher ended the game: "
                                                "the game as it was then counts")
    assert _places(again) == before
    token = again.reseat("Ada", fresh=True)  # a fresh start: her place stays all the same
    assert _places(again) == before
    restart_kernel()
    third = Room.resume(room.folder.path)
    assert _places(third) == before
    with notebook("Ada-third.ipynb"):
        fresh = join(room.folder.path, "Ada", token=token, follow=False)
    fresh.sync()
    fresh.game.pass_turn()
    third.poll()
    assert "after the teacher ended the game" in (third.participant("Ada").refusal or "")
    assert _places(third) == before


class _Killed(BaseException):
    """The kernel stops here (a write that never happens)."""


@pytest.mark.parametrize("stop", ["seat", "kept"])
def test_a_reseat_stopped_between_its_two_writes_leaves_one_token(home, tmp_path, monkeypatch,
                                                                  stop):
    """A reseat after the end writes two files: the seat and the game kept in ended/. A kernel
    killed between them left the seat with the new token and the kept game with the old one,
    so after a restart the board refused every hand-in of the new notebook ('another token'),
    whose token the teacher never saw. Now the kept game is written first and the seat last,
    and the board takes the seat's token: a stop before either write (``stop``) leaves the
    old token working, and a failing seat write puts the kept game back. (Failed before the
    fix: 'the file now carries another token'.)"""
    room = _room(tmp_path, seed=2**70 + 21)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    _leave_after(room, [ada], bob, 3, random.Random(2))
    room.end()
    before = _places(room)
    real = room_folder.write_atomic

    dead = []

    def write(path, doc):  # the kernel killed at the write ``stop``: nothing runs after it
        if dead or (stop == "seat") == (path == room.folder.seat_file(ada.key)):
            dead.append(path)
            raise _Killed
        real(path, doc)

    monkeypatch.setattr(room_teacher, "write_atomic", write)
    with pytest.raises(_Killed):
        room.reseat("Ada")
    assert dead[0].parent.name == ("seats" if stop == "seat" else "ended")
    monkeypatch.setattr(room_teacher, "write_atomic", real)
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert again.participant("Ada").refusal is None and _places(again) == before
    take_seat(room.folder.path, "Ada")  # her own notebook still opens her seat
    _take_back_by_hand(room.folder.seat_file(ada.key))  # (and hands in)
    again.poll()
    assert again.participant("Ada").refusal == ("handed in after the teacher ended the game: "
                                                "the game as it was then counts")
    # A seat write that fails (a full disk) changes nothing: the kept game is put back.
    kept = room.folder.ended_file(ada.key).read_bytes()
    monkeypatch.setattr(room_teacher, "write_atomic", lambda path, doc: (
        real(path, doc) if path != room.folder.seat_file(ada.key) else
        (_ for _ in ()).throw(OSError(errno.ENOSPC, "full"))))
    with pytest.raises(RoomError, match="cannot reseat"):
        again.reseat("Ada")
    assert room.folder.ended_file(ada.key).read_bytes() == kept


def test_the_games_kept_at_the_end_hold_nothing_a_participant_could_not_read(home, tmp_path):
    """ended/ is in the room's folder (readable by everyone): it holds only the placed
    participants' games as their own seat files held them at the end, never a card the room
    had not turned over. A self-paced room ended while someone has cards left keeps nothing
    of theirs."""
    room = _room(tmp_path, seed=2**70 + 21)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    _leave_after(room, [ada], bob, 3, random.Random(2))
    seats = {p.name: room.folder.seat_file(p.key).read_bytes() for p in room.participants}
    umask = os.umask(0o002)
    try:
        room.end()
    finally:
        os.umask(umask)
    kept = sorted(room.folder.ended.iterdir())
    assert [p.name for p in kept] == [f"{ada.key}.json"]
    doc, seat_doc = json.loads(kept[0].read_text()), json.loads(seats["Ada"])
    assert doc["actions"] == seat_doc["actions"] and doc["name"] == "Ada"
    cards = {c for turn in room.turns for c in turn}
    assert {c for a in doc["actions"] if a["type"] == "reveal" for c in a["cards"]} <= cards
    # Only the teacher may write there, whatever the umask (a hub's shared folder: 002).
    assert stat.S_IMODE(room.folder.ended.stat().st_mode) & 0o022 == 0
    assert stat.S_IMODE(kept[0].stat().st_mode) == 0o644
    # Self-paced, Bob not finished: nothing of his, and Ada's game is her seat's.
    restart_kernel()
    (tmp_path / "self").mkdir()
    own = _room(tmp_path / "self", paced="self", seed=2026)
    ada, bob = (take_seat(own.folder.path, n) for n in ("Ada", "Bob"))
    _play_own_game(ada, random.Random(5))
    bob.game.reveal()
    own.end()
    (kept,) = own.folder.ended.iterdir()
    assert kept.name == f"{ada.key}.json"
    assert json.loads(kept.read_text())["actions"] == json.loads(
        own.folder.seat_file(ada.key).read_text())["actions"]


def test_a_room_ended_by_the_previous_version_still_resumes(home, tmp_path):
    """A room ended before ended/ existed (and a table with no sequence number) is taken
    back as before: its placed participants counted from their seats' files."""
    room = _room(tmp_path, seed=2**70 + 21)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    cleo = take_seat(room.folder.path, "Cleo")
    _leave_after(room, seats, cleo, 5, random.Random(4))
    rows = [(r.name, r.place, r.total, r.status) for r in room.end().rows]
    for path in room.folder.ended.iterdir():
        path.unlink()
    room.folder.ended.rmdir()
    doc = json.loads(room.folder.table_file.read_text())
    del doc["seq"]
    room.folder.table_file.write_text(json.dumps(doc))
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert [(r.name, r.place, r.total, r.status) for r in again.standings().rows] == rows
    assert again.problem is None


def test_a_damaged_game_kept_at_the_end_is_named_and_the_seat_counted(home, tmp_path):
    room = _room(tmp_path, seed=2**70 + 21)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    cleo = take_seat(room.folder.path, "Cleo")
    _leave_after(room, seats, cleo, 5, random.Random(4))
    rows = [(r.name, r.place, r.total, r.status) for r in room.end().rows]
    kept = room.folder.ended_file(seats[0].key)
    kept.write_text("{")
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert [(r.name, r.place, r.total, r.status) for r in again.standings().rows] == rows
    assert again.problem is not None and again.problem.startswith(f"ended/{kept.name}: ")


def test_a_game_is_not_ended_into_a_table_nobody_can_read(home, tmp_path, monkeypatch):
    """table.json's 'ended' holds at most MAX_PLACED keys, but nothing limits the seats: with
    more participants finished, end() wrote a table every seat then refused as damaged (and
    Room.resume too). Now end() refuses, and nothing is written."""
    from nsb_widget.room import info as room_info

    monkeypatch.setattr(room_info, "MAX_PLACED", 2)
    room = _room(tmp_path, seed=2**70 + 21)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo")]
    dan = take_seat(room.folder.path, "Dan")
    _leave_after(room, seats, dan, 3, random.Random(4))
    before = room.folder.table_file.read_bytes()
    with pytest.raises(RoomError, match="3 participants have finished: a game can be ended "
                                        "with at most 2 of them placed"):
        room.end()
    assert room.folder.table_file.read_bytes() == before and not room.is_ended
    assert seats[0].sync() == 0 and seats[0].status().problem is None


@pytest.mark.parametrize(("ended", "over", "why"), [
    ("yes", True, "must be null or a list"), ([], True, "must be null or a list"),
    (["../../etc/passwd"], True, "must be null or a list"), ([1], True, "must be null or a list"),
    (["0" * 24], False, "once every card is out")])
def test_a_damaged_end_of_the_game_is_refused_with_its_problem(home, tmp_path, ended, over,
                                                              why):
    room = _room(tmp_path, seed=21)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    doc = json.loads(room.folder.table_file.read_text())
    doc.update(ended=ended, over=over)
    room.folder.table_file.write_text(json.dumps(doc))
    assert ada.sync() == 0 and "damaged" in (ada.status().problem or "")
    restart_kernel()
    with pytest.raises(RoomFileError, match=why) as caught:
        Room.resume(room.folder.path)
    assert "ended" in str(caught.value)


def test_a_table_written_before_a_game_could_be_ended_is_read(home, tmp_path):
    room = _room(tmp_path, seed=21)
    room.reveal()
    doc = json.loads(room.folder.table_file.read_text())
    del doc["ended"]
    room.folder.table_file.write_text(json.dumps(doc))
    restart_kernel()
    again = Room.resume(room.folder.path)
    assert again.turns == room.turns and not again.is_ended


# ---------------------------------------------------------------------------- self-paced
def test_a_self_paced_room_is_collected_and_ranked_the_same_way(home, tmp_path):
    room = _room(tmp_path, "london", ("powers",), paced="self", seed=2026)
    assert json.loads(room.folder.room_file.read_text())["seed"] == 2026  # public, said so
    with pytest.raises(RoomError, match="self-paced"):
        room.reveal()
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    rng = random.Random(1)
    for s in seats:
        _play_own_game(s, rng)
        with pytest.raises(PhaseError):
            s.game.restart()
        if s is seats[0]:  # Bob has not finished: nothing is closed yet
            room.poll()
            assert not room.is_ended and not room.standings().final
            path = room.folder.seat_file(seats[0].key)
            kept = path.read_bytes()
            _take_back_by_hand(path)  # (a game not over yet is no place)
            room.poll()
            assert not room.participant("Ada").game.is_over
            path.write_bytes(kept)
    room.poll()
    standings = room.standings()
    assert all(r.status == "finished" and r.refusal is None for r in standings.rows)
    assert standings.final and room.is_ended  # everyone finished: closed, as a dealt room
    control = Game.new(1, 2026, map="london", modules=["powers"])
    assert seats[0].game.setup.pencils == control.setup.pencils
    # A game of another seed is refused (a participant who has not finished yet).
    cleo = take_seat(room.folder.path, "Cleo")
    cleo.game.reveal()
    path = room.folder.seat_file(cleo.key)
    doc = json.loads(path.read_text())
    other = Game.new(1, 7, map="london", modules=["powers"])
    other.reveal()
    doc["actions"][0] = other.history[0].to_json()
    path.write_text(json.dumps(doc))
    room.poll()
    assert "another deal" in (room.participant("Cleo").refusal or "")


def _play_own_game(seat, rng: random.Random) -> None:
    """A self-paced seat's game to its end: its own reveals, random sections."""
    while not seat.game.is_over:
        if seat.game.phase is Phase.REVEAL:
            seat.game.reveal()
        else:
            finish_turn(seat, rng)


def test_a_self_paced_room_gets_final_places_once_everyone_has_finished(home, tmp_path):
    # No card is ever turned over for the room: its places are final when every game is over.
    room = _room(tmp_path, paced="self", seed=2026)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    rng = random.Random(5)
    for number, s in enumerate(seats):
        _play_own_game(s, rng)
        room.poll()
        assert room.standings().final is (number == len(seats) - 1)


def test_a_self_paced_seat_says_to_reveal_not_to_wait_for_the_teacher(home, tmp_path):
    room = _room(tmp_path, paced="self", seed=2026)
    ada = take_seat(room.folder.path, "Ada")
    assert "(your turn: reveal the next card)" in ada._repr_html_()
    (tmp_path / "dealt").mkdir()
    dealt = take_seat(_room(tmp_path / "dealt").folder.path, "Ada")
    assert "(waiting for the next card)" in dealt._repr_html_()


def test_self_paced_undo_never_takes_back_a_card_and_a_restart_resumes(home, tmp_path):
    room = _room(tmp_path, paced="self", seed=3)
    ada = take_seat(room.folder.path, "Ada")
    ada.game.reveal()
    with pytest.raises(PhaseError, match="nothing to undo"):
        ada.game.undo()
    rng = random.Random(4)
    for _ in range(6):
        finish_turn(ada, rng)
        ada.game.reveal()
    history = ada.game.history
    restart_kernel()
    assert take_seat(room.folder.path, "Ada").game.history == history


def test_a_london_room_with_powers_once_a_game_plays_by_that_rule(home, tmp_path):
    room = _room(tmp_path, "london", ("powers",), seed=12, power_limit="game")
    assert json.loads(room.folder.room_file.read_text())["power_limit"] == "game"
    ada = take_seat(room.folder.path, "Ada")
    assert ada.game.setup.power_limit == "game"
    restart_kernel()
    assert Room.resume(room.folder.path).info.power_limit == "game"


def test_a_damaged_table_is_reported_to_the_participant(home, tmp_path):
    room = _room(tmp_path, seed=3)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    room.folder.table_file.write_text('{"format": "nsb-room-table", "version": 1}')
    assert ada.sync() == 0 and "damaged" in (ada.status().problem or "")
    restart_kernel()
    with pytest.raises(RoomFileError, match=r"table\.json"):
        Room.resume(room.folder.path)


def test_open_creates_the_room_once_and_then_takes_it_back(home, tmp_path):
    folder = tmp_path / "room"
    room = Room.open(folder, "Opened", seed=4, language="en")
    room.reveal()
    assert Room.open(folder, "Opened", seed=4, language="en") is room  # the cell run again
    restart_kernel()
    with pytest.warns(UserWarning, match=r"name='Another name', map='london' apply only to a "
                                         r"new room: for a new one, choose another folder"):
        again = Room.open(folder, "Another name", map="london")  # a restarted kernel
    assert again.turns == room.turns and again.name == "Opened" and again.info.map_id == "berlin"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the same settings: nothing to say
        assert Room.open(folder, " Opened ", map="berlin", modules=[]) is again
    german = Room.open(tmp_path / "raum", "Raum", language="de")
    with pytest.warns(UserWarning, match=r"map='london' gelten nur für einen neuen Raum"):
        assert Room.open(german.folder.path, "Raum", map="london") is german  # the room's words


def test_can_reveal_is_a_yes_or_no_and_why_not_reveal_says_why(home, tmp_path):
    room = _room(tmp_path)
    assert room.can_reveal() is True and room.why_not_reveal() is None
    while room.can_reveal():  # the loop a teacher writes in a cell
        room.reveal()
    assert room.is_over and room.why_not_reveal() == "every card of the game is out"
    self_paced = Room.create(tmp_path / "self", "Homework", paced="self", language="en")
    assert self_paced.can_reveal() is False
    assert "turns their own cards" in (self_paced.why_not_reveal() or "")


def test_a_room_on_a_file_is_refused_saying_it_is_a_file(home, tmp_path):
    file = tmp_path / "notes.py"
    file.write_text("x = 1\n")
    with pytest.raises(RoomError, match="it is a file, not a folder"):
        Room.create(file, "x")
    with pytest.raises(RoomError, match="a part of the path is a file, not a folder"):
        join(file, "Ada")
    with pytest.raises(RoomError, match="make that folder first"):
        Room.create(tmp_path / "rooms" / "tuesday", "x")
    assert file.read_text() == "x = 1\n" and not (tmp_path / "rooms").exists()


def test_joining_twice_outside_a_notebook_gives_the_same_seat_back(home, tmp_path):
    # Plain IPython (no Jupyter server): no notebook to remember the token by, but the seat
    # this kernel opened is still its own.
    room = _room(tmp_path)
    first = join(room.folder.path, "Ada", follow=False)
    assert join(room.folder.path, "ada", follow=False) is first
    restart_kernel()  # a new kernel without the token: the name is someone's
    with pytest.raises(RoomError, match="the name Ada is taken"):
        join(room.folder.path, "Ada", follow=False)
    assert join(room.folder.path, "Ada", token=first.token, follow=False).token == first.token


def test_a_damaged_file_of_nobody_known_is_reported_above_the_table(home, tmp_path):
    room = _room(tmp_path)
    (room.folder.seats / "0123456789abcdef01234567.json").write_text("{oops")
    assert room.poll() and "damaged file" in (room.problem or "")
    assert room.standings().rows == ()


def test_junk_planted_in_seats_is_not_read_again_at_every_poll(home, tmp_path, monkeypatch):
    """Thousands of files planted in seats/ were every one read at every poll (twice a second
    on the teacher's board, every second on each participant's): 5,000 of them took a poll
    from 0.4 ms to 135-250 ms (benchmarks/bench_room.py --junk 5000). A file not named as a
    seat is never read; one named as a seat but nobody's hand-in is read again only once it
    changes. The participants' files are read at every poll, as before."""
    room = _room(tmp_path)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    junk = [room.folder.seats / f"{i:024x}.json" for i in range(50)]
    for path in junk:
        path.write_text('{"junk": true}')
    for i in range(50):
        (room.folder.seats / f"junk-{i}.json").write_text("{oops")
    assert room.poll() is True and "damaged file" in (room.problem or "")
    reads: list[str] = []
    real = room_teacher.read_bytes
    monkeypatch.setattr(room_teacher, "read_bytes",
                        lambda path: (reads.append(Path(path).name), real(path))[1])
    assert room.poll() is False
    assert sorted(reads) == sorted(["table.json", f"{ada.key}.json", f"{bob.key}.json"])
    reads.clear()
    time.sleep(0.01)  # (a later time stamp, whatever the file system's resolution)
    junk[7].write_text('{"junk": "again"}')  # changed: read again, and named
    assert room.poll() is True and junk[7].name in reads and junk[7].name in room.problem
    reads.clear()
    os.utime(junk[7])  # touched, not changed: read again, nothing new
    assert room.poll() is False and junk[7].name in reads
    reads.clear()
    assert room.poll() is False and junk[7].name not in reads
    monkeypatch.setattr(room_teacher, "STRAY_CHECKS", 10)  # at most 10 checked at a poll
    stats: list[str] = []
    real_signature = room_teacher._signature
    monkeypatch.setattr(room_teacher, "_signature",
                        lambda path: (stats.append(path), real_signature(path))[1])
    time.sleep(0.01)
    junk[30].write_text('{"junk": "changed"}')
    noticed = []
    for _ in range(5):  # 50 strays, 10 a poll: each is checked within 5 polls
        stats.clear()
        noticed.append(room.poll())
        assert len(stats) <= 10
    assert noticed.count(True) == 1 and junk[30].name in room.problem
    monkeypatch.setattr(room_teacher, "STRAY_CHECKS", 500)
    junk[7].unlink()  # gone: no longer named, another one is
    assert room.poll() is True and "damaged file" in room.problem
    assert junk[7].name not in room.problem
    for path in junk:
        path.unlink(missing_ok=True)
    assert room.poll() is True and room.problem is None
    assert [p.name for p in room.participants] == ["Ada", "Bob"]


def test_a_table_that_does_not_follow_the_deal_is_refused_without_naming_a_card(home, tmp_path):
    room = _room(tmp_path, seed=5)
    for _ in range(3):
        room.reveal()
    doc = json.loads(room.folder.table_file.read_text())
    real = doc["turns"][1]
    doc["turns"][1] = ["bear joker"] if real != ["bear joker"] else ["crown joker"]
    room.folder.table_file.write_text(json.dumps(doc))
    restart_kernel()
    with pytest.raises(RoomError, match="at turn 2") as info:
        Room.resume(room.folder.path)
    assert " ".join(real) not in str(info.value)


@pytest.mark.parametrize("cards", [3, "all"])
def test_a_table_whose_over_does_not_follow_the_deal_is_refused(home, tmp_path, cards):
    """Room.resume took 'over' from the file as it was: 'over': true after 3 cards left a
    room that could turn no more cards over ('every card of the game is out') and passed
    the check that a game is ended only once every card is out."""
    room = _room(tmp_path, seed=2**70 + 5)
    while not room.is_over and (cards == "all" or len(room.turns) < cards):
        room.reveal()
    doc = json.loads(room.folder.table_file.read_text())
    doc["over"] = not doc["over"]
    room.folder.table_file.write_text(json.dumps(doc))
    restart_kernel()
    why = "says every card is out, but the deal has more" if cards == 3 else \
        "says cards are to come, but every card is out"
    with pytest.raises(RoomError, match=f"does not follow its deal at turn .*{why}"):
        Room.resume(room.folder.path)
    doc["over"] = not doc["over"]  # put back: taken back as it was
    room.folder.table_file.write_text(json.dumps(doc))
    assert Room.resume(room.folder.path).turns == room.turns


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Raum: London, 1 participant, 1 turn out"),
    ("de", "Raum: London, 1 Person beigetreten, 1 Zug gestartet"),
    ("fr", "Raum\u00a0: Londres, 1 participant, 1 tour lancé")])
def test_a_room_in_a_notebook_is_one_line_of_its_language(home, tmp_path, language, expected):
    """The teacher's kit shows both rooms with display(): in the room's language (the repr
    stays English, for developers). The city and the colon are the language's too: the French
    kit showed 'Atelier : Londres: London' (found in the French workshop run)."""
    room = Room.create(tmp_path / "room", "Raum", map="london", seed=2**100, language=language)
    take_seat(room.folder.path, "Ada")
    room.reveal()
    room.poll()
    assert room.summary() == expected
    assert room._repr_html_() == f"<p class='nsb-room'>{expected}</p>"
    assert repr(room).startswith("<Room 'Raum': london, 1 participant(s), 1 turn(s) out")


def test_a_room_shown_at_the_end_says_the_game_is_over(home, tmp_path):
    """Once everyone had finished, the room's line still said only 'every card of the game
    is out', as while the last turn was being drawn."""
    room = _room(tmp_path, seed=2**70 + 35)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    rng = random.Random(7)
    _every_card_out(room, seats, rng, holding=seats[1])
    assert room.summary().endswith(", every card of the game is out")
    finish_turn(seats[1], rng)
    assert room.summary().endswith(", the game is over: the places are final")


def test_a_room_shown_again_later_counts_who_has_joined_since(home, tmp_path):
    """Without a board nothing reads the seats by itself: the room shown in a later cell
    still said '0 participants' after two had joined (standings() and the rest read first)."""
    room = Room.create(tmp_path / "room", "Raum", seed=2**100, language="en")
    assert room.summary() == "Raum: Berlin, 0 participants, 0 turns out"
    take_seat(room.folder.path, "Ada")
    take_seat(room.folder.path, "Bob")
    assert room.summary() == "Raum: Berlin, 2 participants, 0 turns out"
    assert "2 participants" in room._repr_html_()


def test_the_french_states_do_not_agree_with_the_person(home, tmp_path):
    """The board's state column read 'Chloé  arrivé', 'Zoé  terminé': French participles and
    adjectives agree with the person, whom the board does not know. The states are verbs
    ('a rejoint', 'a joué', 'a fini') or nouns ('abandon'), right for anyone (found in the
    French workshop run)."""
    room = Room.create(tmp_path / "room", "Salle", seed=2**100 + 18, language="fr")
    chloe = take_seat(room.folder.path, "Chloé")
    assert _state(room, "Chloé") == "a rejoint"
    rng = random.Random(1)
    room.reveal()
    finish_turn(chloe, rng)
    assert _state(room, "Chloé") == "a joué"
    play_room(room, [chloe], rng)
    assert _state(room, "Chloé") == "a fini"
    # The board (its own catalogue) says the same.
    from nsb_widget.widget.board import _board_messages

    board = _board_messages("fr")
    assert [board[f"board.status_{s}"] for s in ("joined", "ready", "finished")] == [
        "a rejoint", "a joué", "a fini"]
    assert board["board.end_note"].startswith("Si quelqu'un ne peut pas finir")


def _state(room: Room, name: str) -> str:
    from nsb_widget.room.standings import status_text

    row = next(r for r in room.standings().rows if r.name == name)
    return status_text(row, room.t)


def test_a_room_made_without_hard_links_is_written_by_the_teacher_alone(home, tmp_path,
                                                                        monkeypatch):
    """On a file system without hard links the room's claim (room.json, as a seat and a name
    claim) is made with O_EXCL: it came out as the umask allowed (0o664 under a hub's 002,
    so the shared group could rewrite room.json in place). (Failed before the fix: 0o664.)"""
    monkeypatch.setattr(room_folder.os, "link", _fail(errno.EPERM))
    old = os.umask(0o002)
    try:
        room = _room(tmp_path)
        ada = take_seat(room.folder.path, "Ada")
    finally:
        os.umask(old)
    for path in (room.folder.room_file, room.folder.seat_file(ada.key)):
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path


def test_a_self_paced_room_with_a_long_seed_can_be_joined_and_taken_back(home, tmp_path):
    """Game.new takes seeds of up to 256 bits and Room.create wrote them into room.json, but
    reading it back refused any seed from 2**63 up: nobody could join or resume the room."""
    seed = 2**200 + 12345
    room = _room(tmp_path, paced="self", seed=seed)
    seat = take_seat(room.folder.path, "Ada")
    seat.game.reveal()
    assert seat.game.cards == Game.new(1, seed, names=["x"]).reveal()
    again = Room.resume(room.folder.path)
    assert again.info.seed == seed and again.participants[0].name == "Ada"


def test_the_round_so_far_waits_for_the_participants_first_section(home, tmp_path):
    """London's departure station alone scores 1 x 1: the board read "+1" for someone who had
    drawn nothing yet, where their own sheet says the round is in play (no number)."""
    room = _room(tmp_path, "london", seed=21)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    room.reveal()
    for s in (ada, bob):
        s.sync()
    assert bob.game.provisional_round_score().score == 1  # the departure station alone
    bob.game.pass_turn()
    ada.game.play(ada.game.legal_moves()[0])
    room.poll()
    rows = {r.name: r for r in room.standings().rows}
    assert rows["Bob"].current is None
    assert rows["Ada"].current == ada.game.provisional_round_score().score
