"""A participant's own view of the room (``seat.board()``, ``seat.standings()``): the teacher's
standings and board, read-only, built from the room's folder alone (no deal), following the
table, validating every file as the teacher's board does, and writing nothing."""

from __future__ import annotations

import json
import random

import pytest
from room_support import files, finish_turn, home, play_room, take_seat

from nsb_widget.errors import ArgumentError, RoomError
from nsb_widget.room import Room
from nsb_widget.room.viewer import RoomView

__all__ = ["home"]


def _room(tmp_path, **options) -> Room:
    options.setdefault("language", "en")
    # (A self-paced room's seed is public and below 2**63.)
    seed = options.pop("seed", 17 if options.get("paced") == "self" else 2**100 + 17)
    return Room.create(tmp_path / "room", "Viewer", seed=seed, **options)


def _send(widget, content) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def _rows(standings) -> list[tuple]:
    return [(r.name, r.place, r.shared, r.total, r.rounds, r.status, r.behind, r.refusal,
             r.current) for r in standings.rows]


# ---------------------------------------------------------------------------- the standings
@pytest.mark.parametrize("paced", ["teacher", "self"])
def test_a_seats_standings_are_the_teachers_card_by_card(home, tmp_path, paced):
    """After every card (and in a self-paced room after every turn) the participant's
    standings are the teacher's, row by row; the table's game is the teacher's; at the end
    both are final with the same places."""
    room = _room(tmp_path, paced=paced)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo")]
    rng = random.Random(4)
    for number in range(60):
        if room.info.dealt:
            if room.is_over:
                break
            room.reveal()
        for i, s in enumerate(seats):
            if room.info.dealt or not s.game.is_over:
                if not room.info.dealt and s.game.phase.value == "reveal":
                    s.game.reveal()
                if (number + i) % 4 != 3:  # someone is behind now and then
                    finish_turn(s, rng)
        room.poll()
        assert _rows(seats[0].standings()) == _rows(room.standings()), number
        view = seats[0].view()
        assert view.turns == room.turns and view.is_over == room.is_over
        assert view.table_game.to_json() == room.table_game.to_json()
    for s in seats:
        while not s.game.is_over:
            if s.game.phase.value == "reveal" and not room.info.dealt:
                s.game.reveal()
            finish_turn(s, rng)
    room.poll()
    final = seats[2].standings()
    assert final.final and room.standings().final
    assert final.to_csv() == room.standings().to_csv()
    assert sorted(r.place for r in final.rows) == sorted(r.place for r in room.standings().rows)


def test_the_standings_are_in_the_seats_language(home, tmp_path):
    room = _room(tmp_path)
    ada = take_seat(room.folder.path, "Ada", language="de")
    take_seat(room.folder.path, "Bob")
    room.reveal()
    finish_turn(ada, random.Random(1))
    standings = ada.standings()
    assert standings.language == "de"
    assert "bereit" in str(standings) and "ready" not in str(standings)
    assert room.standings().language == "en"
    board = ada.board(watch=False)
    assert board.strings["language"] == "de" and board.info["you"] == "Ada"
    assert board.info["viewer"] is True and room.board(watch=False).info["viewer"] is False


def _all_out_with_cleo_unfinished(tmp_path):
    """A room with every card out: Ada and Bob have finished, Cleo stopped after joining
    (and the players' random stream, to go on with)."""
    room = _room(tmp_path, seed=2**100 + 18)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo")]
    rng = random.Random(2)
    while not room.is_over:
        room.reveal()
        for s in seats[:2]:
            finish_turn(s, rng)
    for s in seats[:2]:
        finish_turn(s, rng)
    return room, seats, rng


def test_the_end_gives_the_seat_the_teachers_final_places(home, tmp_path):
    """The teacher ends the game with Cleo unfinished: every seat's standings show the places
    the teacher's board shows (from ended/), Cleo left; her later hand-ins change nothing."""
    room, seats, rng = _all_out_with_cleo_unfinished(tmp_path)
    cleo = seats[2].standings()  # seen before the end: not final
    assert not cleo.final
    room.end()
    teacher = _rows(room.standings())
    for s in seats:
        assert _rows(s.standings()) == teacher and s.standings().final
    assert [(r[0], r[5]) for r in teacher][-1] == ("Cleo", "left")
    while not seats[2].game.is_over:
        finish_turn(seats[2], rng)
    room.poll()
    after = _rows(seats[0].standings())
    assert after == _rows(room.standings()) and after[:2] == teacher[:2]
    assert after[2][1:3] == (None, False) and after[2][5] == "left"


# ---------------------------------------------------------------------------- nothing written
def test_a_participants_view_writes_nothing_and_moves_nothing_on(home, tmp_path,
                                                                 monkeypatch):
    """Every writing method refuses with the reason, the board's teacher messages are refused
    with a notice, and the folder (and the working directory, where an export would go) is
    byte for byte as it was."""
    monkeypatch.chdir(tmp_path)
    room = _room(tmp_path, seed=2**100 + 18)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    room.reveal()
    finish_turn(seats[0], random.Random(1))
    view = seats[1].view()
    board = seats[1].board(watch=False)
    before = files(room.folder.path)
    listing = sorted(p.name for p in tmp_path.iterdir())
    for attempt in (view.reveal, view.end, lambda: view.reseat("Ada"),
                    lambda: view.reseat("Ada", fresh=True), view.export,
                    lambda: view.export(tmp_path / "out")):
        with pytest.raises(RoomError, match="participant's view of the room, which writes "
                                            "nothing"):
            attempt()
    for attempt in (lambda: RoomView.create(tmp_path / "x", "X"),
                    lambda: RoomView.resume(room.folder.path)):
        with pytest.raises(ArgumentError):
            attempt()
    assert view.why_not_reveal() == "only the teacher turns the cards over"
    assert view.why_not_end() == "only the teacher can end the game"
    assert board.table["can_reveal"] is False and board.table["can_end"] is False
    for message in ({"type": "reveal", "turn": 1}, {"type": "end", "turn": 1},
                    {"type": "export"}, {"type": "figures"}):
        _send(board, message)
        assert board.notice["level"] == "error"
        assert "only the teacher's board" in board.notice["text"]
    _send(board, {"type": "show", "name": "Ada"})  # not before the places are final
    assert board.sheet == {} and "once the places are final" in board.notice["text"]
    assert files(room.folder.path) == before and len(room.turns) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == listing
    assert room.standings().rows[0].status in ("ready", "drawing")


def test_the_viewers_board_follows_the_room_and_shows_figures_and_sheets_at_the_end(
        home, tmp_path):
    room = _room(tmp_path, map="london")
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob")]
    board = seats[0].board(watch=False)
    view = board.room
    assert board.table["turns_out"] == 0 and board.standings["count"] == 2
    room.reveal()
    view.poll()
    assert board.table["turns_out"] == 1 and board.table["cards"] == list(room.turns[0])
    assert board.standings["ready"] == 0
    play_room(room, seats, random.Random(3))
    view.poll()
    assert board.standings["final"] and board.table["over"]
    assert [r["name"] for r in board.standings["rows"]] == [
        r.name for r in room.standings().rows]
    assert board.figures["svg"].lstrip().startswith("<?xml")
    _send(board, {"type": "show", "name": "Bob"})
    assert board.sheet["name"] == "Bob" and board.sheet["total"] == seats[1].game.score()


def test_closing_the_seat_stops_its_view(home, tmp_path):
    room = _room(tmp_path)
    ada = take_seat(room.folder.path, "Ada")
    ada.board()  # starts the view's watcher
    assert ada.view()._watcher.running
    ada.close()
    assert not ada.view()._watcher.running
    assert room.board(watch=False).room is room  # the teacher's room is untouched


# ---------------------------------------------------------------------------- bad files
def test_bad_seat_files_are_shown_as_problems_and_never_counted(home, tmp_path):
    """A damaged file, a forged game (an illegal move), a hand-in ahead of the table and a
    link in seats/: the participant's standings say what the teacher's board says, the last
    accepted game counts, and nothing crashes."""
    room = _room(tmp_path, seed=2**100 + 18)
    seats = [take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo", "Dan")]
    room.reveal()
    rng = random.Random(1)
    for s in seats:
        finish_turn(s, rng)
    viewer = take_seat(room.folder.path, "Eve")
    assert _rows(viewer.standings()) == _rows(room.standings())
    accepted = {r.name: r.total for r in viewer.standings().rows}
    folder = room.folder
    # Ada's file damaged; Bob's forged with a draw the rules refuse; Cleo's dealt a card
    # the room has not turned over; Dan's a link to another file; and an unknown file.
    folder.seat_file(seats[0].key).write_text("{ not json")
    bob = json.loads(folder.seat_file(seats[1].key).read_text())
    bob["actions"].append({"type": "draw", "target": 1, "origin": 1})
    folder.seat_file(seats[1].key).write_text(json.dumps(bob))
    cleo = seats[2].game.clone()
    cleo.deal((next(str(c) for c in cleo.stack),))
    real, seats[2].game = seats[2].game, cleo
    seats[2].hand_in()
    seats[2].game = real
    dan = folder.seat_file(seats[3].key)
    dan.unlink()
    dan.symlink_to(folder.room_file)
    (folder.seats / ("ab" * 12 + ".json")).write_text("[]")
    room.poll()
    mine = viewer.standings()
    assert _rows(mine) == _rows(room.standings())
    refusals = {r.name: r.refusal for r in mine.rows}
    assert refusals["Ada"].startswith("damaged file")
    assert refusals["Bob"] and refusals["Cleo"].startswith("action")
    assert refusals["Dan"].startswith("damaged file: a symbolic link")
    assert {r.name: r.total for r in mine.rows} == accepted
    board = viewer.board(watch=False)
    assert "ababab" in (board.table["problem"] or "")
    assert {r["name"]: r["refusal"] for r in board.standings["rows"]} == refusals


def test_a_damaged_or_rewritten_table_is_a_problem_and_the_view_keeps_its_cards(home,
                                                                                tmp_path):
    room = _room(tmp_path, seed=2**100 + 18)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    room.reveal()
    view = ada.view()
    view.poll()
    good = room.folder.table_file.read_bytes()
    turns = view.turns
    assert len(turns) == 2 and view.problem is None
    room.folder.table_file.write_text("{ damaged")
    view.poll()
    assert "table of cards is damaged" in view.problem and view.turns == turns
    doc = json.loads(good)
    doc["turns"][0] = doc["turns"][1]  # a card already out changed
    doc["seq"] += 1
    room.folder.table_file.write_text(json.dumps(doc))
    view.poll()
    assert "changed cards already turned over" in view.problem and view.turns == turns
    doc = json.loads(good)
    doc["turns"].append(["nothing like a card"])
    room.folder.table_file.write_text(json.dumps(doc))
    view.poll()
    assert "damaged" in view.problem and view.turns == turns
    room.folder.table_file.write_bytes(good)
    view.poll()
    assert view.problem is None and view.turns == turns
    assert ada.board(watch=False).table["problem"] is None


def test_a_hand_in_read_before_its_card_is_read_again_once_the_card_is_out(home, tmp_path):
    """The view reads the table, the teacher turns a card over, a participant takes it and
    hands in, then the view reads the seats: the hand-in is ahead of the view's table and
    refused for now, and accepted at the next read, which brings the card."""
    room = _room(tmp_path, seed=2**100 + 18)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    view = bob.view()
    view.poll()
    real = view._watch_table
    view._watch_table = lambda: False  # the table read just before the card came
    room.reveal()
    finish_turn(ada, random.Random(1))
    view.poll()
    assert view.participant("Ada").refusal is not None
    view._watch_table = real
    view.poll()
    assert view.participant("Ada").refusal is None
    assert _rows(bob.standings()) == _rows(room.standings())


def test_a_reseated_participant_is_read_afresh(home, tmp_path):
    """The teacher gives Ada a new token: her new notebook's hand-ins count on the views too
    (as on the teacher's board), replayed as ever."""
    room = _room(tmp_path, seed=2**100 + 18)
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    room.reveal()
    finish_turn(ada, random.Random(1))
    bob.standings()
    token = room.reseat("Ada")
    from room_support import notebook

    from nsb_widget.room import join

    with notebook("other.ipynb"):
        again = join(room.folder.path, "Ada", token=token, follow=False)
    room.reveal()
    finish_turn(again, random.Random(2))
    room.poll()
    assert _rows(bob.standings()) == _rows(room.standings())
    assert bob.standings().rows[0].refusal is None


def test_a_self_paced_rooms_view(home, tmp_path):
    room = _room(tmp_path, paced="self")
    ada, bob = (take_seat(room.folder.path, n) for n in ("Ada", "Bob"))
    ada.game.reveal()
    finish_turn(ada, random.Random(1))
    view = bob.view()
    assert view.why_not_reveal() == "in a self-paced room everyone turns their own cards over"
    assert _rows(bob.standings()) == _rows(room.standings())
    assert bob.board(watch=False).info["dealt"] is False


def test_a_seat_file_nested_too_deep_is_a_problem_and_the_view_reads_on(home, tmp_path):
    """Ada, once accepted, rewrites her own seat as JSON nested 150,000 deep (the view's
    first look at a known seat, for its token, met Python's recursion limit): Bob's view
    names the file as damaged, as the teacher's board does, and still reads the seats after
    hers."""
    room = _room(tmp_path, seed=2**100 + 18)
    ada, bob, cleo = (take_seat(room.folder.path, n) for n in ("Ada", "Bob", "Cleo"))
    room.reveal()
    rng = random.Random(1)
    for s in (ada, cleo):
        finish_turn(s, rng)
    view = bob.view()
    view.poll()
    room.poll()
    room.folder.seat_file(ada.key).write_bytes(b"[" * 150_000)
    room.reveal()
    finish_turn(cleo, rng)
    room.poll()
    assert _rows(bob.standings()) == _rows(room.standings())
    assert view.participant("Ada").refusal.startswith("damaged file")
    assert view.participant("Cleo").game.reveals == 2


def test_a_placed_participant_reseated_after_the_end_is_not_refused_on_the_views(home,
                                                                                 tmp_path):
    """After the end the teacher reseats Ada, who was placed (her kept game in ended/ takes
    the new token first, then her seat): the teacher's board shows her row as before, and so
    must every view. A view that read the end before the reseat showed 'another token ...
    refused' on her row; it now takes the new token when the kept game carries it too."""
    room, seats, _rng = _all_out_with_cleo_unfinished(tmp_path)
    room.end()
    view = seats[1].view()
    view.poll()
    assert _rows(view.standings()) == _rows(room.standings())
    room.reseat("Ada")
    view.poll()
    assert _rows(view.standings()) == _rows(room.standings())
    assert view.participant("Ada").refusal is None
