"""A room dealt by the teacher holds hidden information: no participant may learn a card before
the teacher turns it over, from any file of the room's folder, trait or message of their widget,
object of their kernel or error. Each test is one channel a participant could try (the threat
model of docs/classroom.md: a participant who knows Python and this library, reads every file of
the room's folder and every message of their widget, calls any method of their own objects and
provokes errors on purpose)."""

from __future__ import annotations

import errno
import os
import random
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st
from room_support import finish_turn, home, take_seat

from nsb_widget.room import Room, RoomError

__all__ = ["home"]  # the fixture, imported for pytest


def _room(tmp_path: Path, map: str = "berlin", modules=(), **options) -> Room:
    return Room.create(tmp_path / "room", "Hidden", map=map, modules=list(modules),
                       language="en", **options)


# ---------------------------------------------------------------------------- the folder's writes
def test_a_refused_reveal_leaves_no_readable_trace_of_its_card(home, tmp_path, monkeypatch):
    """A reveal is written to a temporary file, then renamed over table.json. The temporary
    file was readable by everyone from its first byte: when the write then failed (a full disk,
    a quota) the reveal was refused, "nothing turned over", but a participant watching the
    folder (inotify, a loop) could read the next card in it; and a kernel killed in between
    left it in the folder for good. Now it is readable by the teacher alone until it is whole
    and about to be renamed. (Failed before the fix: the file was 0o644 while written.)"""
    old = os.umask(0o022)
    try:
        room = _room(tmp_path, seed=2**100 + 7)
        ada = take_seat(room.folder.path, "Ada")
        room.reveal()
        finish_turn(ada, random.Random(1))
        table = room.folder.table_file.read_bytes()
        seen: list[tuple[str, int, bytes]] = []
        real_fsync = os.fsync

        def full_disk(fd: int) -> None:
            writing = sorted(room.folder.path.glob(".table.json.*"))
            if writing:
                seen.extend((p.name, stat.S_IMODE(p.stat().st_mode), p.read_bytes())
                            for p in writing)
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_fsync(fd)

        monkeypatch.setattr(os, "fsync", full_disk)
        with pytest.raises(RoomError, match="full"):
            room.reveal()
        monkeypatch.undo()
        assert seen, "the table was not written through a temporary file"
        for name, mode, content in seen:
            assert b"turns" in content  # the refused card was in it...
            assert mode & 0o077 == 0, f"{name} was readable by others ({mode:o}) while written"
        # ...and nothing of it is left; the table is as it was.
        assert sorted(p.name for p in room.folder.path.iterdir()) == ["ended", "room.json",
                                                                     "seats", "table.json"]
        assert room.folder.table_file.read_bytes() == table and len(room.turns) == 1
        # Once whole, every room file is as readable as any new file of its writer's.
        room.reveal()
        for path in (room.folder.table_file, room.folder.room_file,
                     room.folder.seat_file(ada.key)):
            assert stat.S_IMODE(path.stat().st_mode) == 0o644, path
    finally:
        os.umask(old)


# ---------------------------------------------------------------------------- everything seen
CITIES = [("berlin", (), {}), ("berlin", ("effects", "objectives"), {}),
          # Glimpse shows a card ahead, the Recurring Double Switch goes back into the stack:
          # the two effects whose cards move in unusual ways, both in play.
          ("berlin", ("effects",), {"effects": ["glimpse", "recurring_double_switch",
                                                "triple_outer", "double_tracks"]}),
          ("berlin", ("effects",), {"effects": ["recurring_double_switch", "glimpse",
                                                "double_stations", "triple_outer"]}),
          ("london", (), {}), ("london", ("objectives", "powers"), {}),
          ("london", ("powers",), {"power_limit": "game"})]
#: Refused on purpose by a participant's widget: the error each one returns is looked at.
_REFUSED = ({"type": "reveal"}, {"type": "new_game"}, {"type": "draw", "target": 5, "origin": 5},
            {"type": "draw", "target": 10**6}, {"type": "power", "power": "x-ray"},
            {"type": "select_player", "player": 3}, {"type": "oops"}, [1],
            {"type": "draw", "target": 2, "origin": 2, "line": "crown"}, {"type": "hint"})


def _send(widget, content) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def _participant_sees(seat, widget) -> dict:
    """Everything of a participant's own kernel a leak could hide in: their game (its save
    file, pickle, copy, repr, sheet, moves, the errors it gives), their widget's synced traits
    and the errors its messages get back, their seat."""
    import pickle

    from nsb_widget.bots.hint import suggest
    from nsb_widget.errors import NsbError
    from nsb_widget.rules.game import Phase

    game = seat.game
    seen: dict = {"save": game.to_json(), "repr": repr(game), "svg": game._repr_svg_(),
                  "moves": [str(m) for m in game.legal_moves()],
                  "stack": sorted(map(str, game.stack)), "preview": str(game.preview),
                  "sheet": repr(game.score_sheet()), "status": seat.status(),
                  "copy": game.copy().to_json(), "state": game.phase.value}
    errors = []
    for attempt in (lambda: game.reveal(), lambda: game.restart(), lambda: game.undo(),
                    lambda: game.clone().deal(("bear square",)),
                    lambda: game.clone().deal(("street pentagon",)),
                    lambda: game.why_illegal("A1-B2")):
        try:
            errors.append(repr(attempt()))
        except (NsbError, ValueError, KeyError) as exc:
            errors.append(f"{type(exc).__name__}: {exc}")
    seen["errors"] = errors
    if game.phase is Phase.DRAW and not game.has_finished_turn():
        seen["hint"] = repr(suggest(game, 0, "greedy", random.Random(0)))
    notices = []
    history = game.history
    for content in _REFUSED:
        _send(widget, content)
        notices.append(widget.notice.get("text"))
    assert game.history == history  # every one refused
    widget.refresh()
    seen["notices"] = notices
    seen["traits"] = {name: getattr(widget, name) for name in
                      ("map_data", "game_info", "sheet", "turn", "hints", "scores", "strings")}
    seen["pickle"] = pickle.loads(pickle.dumps(game)).to_json()
    return seen


def _play(base: Path, city, seed: int, turns: int, moves: int,
          future: tuple[tuple[str, ...], ...] | None = None) -> tuple[list, tuple, list]:
    """A room of two participants (one slow, with a widget) played for ``turns`` cards; what
    the participants (and the projected board) could see after each card. With ``future``
    (the turns the room deals), before every card the teacher's stack below the card(s) to
    come is shuffled again and the later rounds get another seed: the same cards come, every
    card still face down is elsewhere."""
    from room_support import notebook

    from nsb_widget.room import join
    from nsb_widget.rules.game import Phase
    from nsb_widget.widget import BerlinWidget
    from nsb_widget.widget.board_state import board_info, board_standings, board_table

    name, modules, cards = city
    room = Room.create(base / "room", "Hidden", map=name, modules=list(modules), seed=seed,
                       language="en", **cards)
    seats = []
    for person in ("Ada", "Bob"):
        with notebook(f"{person}.ipynb"):
            seats.append(join(room.folder.path, person, follow=False))
    widget = BerlinWidget(seat=seats[1], hint_bot="greedy")
    viewer = seats[0].board(watch=False)  # Ada's own view of the room
    shuffle = random.Random(seed ^ 0x5EED)
    rng = random.Random(moves)
    seen, stacks = [], []
    for number in range(turns):
        if room.is_over:
            break
        if future is not None:
            dealer = room._dealer
            assert dealer is not None
            if dealer.phase is Phase.DRAW:
                dealer.pass_turn(0)
            comes = [dealer.ruleset.parse_card(c) for c in future[number]]
            dealer._deck = dealer._deck.redealt(shuffle, top=comes)
            dealer._deal_seed = shuffle.getrandbits(63)
        room.reveal()
        assert room._dealer is not None
        stacks.append(tuple(map(str, room._dealer._deck.peek_order())))
        finish_turn(seats[0], rng)
        if number % 3 != 2:  # Bob falls behind now and then, and catches up
            finish_turn(seats[1], rng)
        seats[1].sync()
        room.poll()
        everything = sorted(str(p.relative_to(base)) for p in base.joinpath("room").rglob("*"))
        seen.append({
            "files": _files(room.folder.path), "names": everything,
            "board": ({k: v for k, v in board_info(room).items() if k != "folder"},
                      board_table(room), board_standings(room.standings())),
            "room": (repr(room), room.summary(), room.why_not_end(),
                     room.standings().to_csv()),
            "seats": [_participant_sees(s, widget) if s is seats[1] else s.game.to_json()
                      for s in seats],
            "viewer": _viewer_sees(seats[0], viewer)})
    widget.close()
    viewer.close()
    return seen, room.turns, stacks


def _viewer_sees(seat, board) -> dict:
    """Everything of a participant's view of the room (``seat.board()``, ``seat.standings()``):
    its board's traits (the figures' picture as whether there is one: matplotlib dates it),
    its standings in every form, and the view's own answers."""
    view = seat.view()
    view.poll()
    standings = seat.standings()
    figures = board.figures
    return {"traits": ({k: v for k, v in board.info.items() if k != "folder"}, board.table,
                       board.standings, board.sheet, board.notice,
                       (bool(figures.get("svg")), figures.get("error"))),
            "standings": (standings.to_csv(), str(standings), standings._repr_html_()),
            "view": (repr(view), view.summary(), view.problem, view.why_not_reveal(),
                     view.table_game.to_json(), view.turns)}


def _files(folder: Path) -> dict:
    """Every file of the room's folder, parsed, without the times and ids (random in each run);
    a file that is not JSON (a temporary file left behind) as its bytes."""
    import json

    out: dict = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            try:
                doc = json.loads(data)
            except ValueError:
                out[str(path.relative_to(folder))] = data
                continue
            for key in ("created", "updated", "joined", "room", "token"):
                doc.pop(key, None)
            out[str(path.relative_to(folder))] = doc
    return out


def _twice(tmp_path_factory, monkeypatch, city, seed: int, turns: int, moves: int) -> list:
    """What everyone could see in the room played twice, the second time with every card
    still face down moved (:func:`_play`)."""
    from room_support import restart_kernel

    monkeypatch.setattr(os, "fsync", lambda fd: None)  # (durability is not the question)
    runs, stacks = [], []
    future = None
    for _ in range(2):
        base = tmp_path_factory.mktemp("hidden")
        monkeypatch.setenv("NSB_WIDGET_HOME", str(base / "home"))
        restart_kernel()
        seen, dealt, stack = _play(base, city, seed, turns, moves, future)
        runs.append(seen)
        stacks.append(stack)
        future = dealt
    restart_kernel()
    # (The second run's face-down cards really were elsewhere.)
    assert any(a != b for a, b in zip(*stacks, strict=True) if len(a) > 1)
    return runs


def test_the_comparison_catches_a_participants_view_that_leaks_the_next_card(
        tmp_path_factory, monkeypatch):
    """The property below would catch a leak through a participant's view: a view planted
    with one (it looks up the teacher's room in the same kernel and puts the next card of
    the deal in its problem line) makes the two runs differ, in the view alone."""
    from nsb_widget.room import teacher
    from nsb_widget.room.viewer import RoomView

    real = RoomView._watch_table

    def leaky(self) -> bool:
        changed = real(self)
        live = teacher._LIVE.get(self.info.id)
        if live is not None and live._dealer is not None:
            self._table_problem = str(live._dealer._deck.peek_order()[:1])
        return changed

    monkeypatch.setattr(RoomView, "_watch_table", leaky)
    runs = _twice(tmp_path_factory, monkeypatch, CITIES[0], 2**100 + 3, 8, 5)
    assert runs[0] != runs[1]
    assert [{k: v for k, v in seen.items() if k != "viewer"} for seen in runs[0]] == [
        {k: v for k, v in seen.items() if k != "viewer"} for seen in runs[1]]


@settings(max_examples=8, deadline=None, phases=[Stage.explicit, Stage.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(city=st.sampled_from(CITIES), seed=st.integers(2**64, 2**128 - 1),
       turns=st.integers(1, 45), moves=st.integers(0, 2**16))
def test_nothing_a_participant_can_see_depends_on_a_card_still_face_down(
        tmp_path_factory, monkeypatch, city, seed, turns, moves):
    """The same room played twice, the second time with every card still face down moved
    (the teacher's stack below the next card shuffled again before every card, the later
    rounds dealt from another seed): after every card, the folder (every file's name and
    content), the board, and everything of the participants' kernels (their games, copies,
    pickles, save files, sheets, moves, hints, their widgets' traits and the errors their
    messages and calls get back), and a participant's own view of the room (their board's
    traits, their standings) are exactly the same. Whatever a participant can see comes
    from the cards turned over; and no file or trait holds the seed."""
    runs = _twice(tmp_path_factory, monkeypatch, city, seed, turns, moves)
    assert runs[0] == runs[1]
    text = repr(runs[0])
    assert str(seed) not in text and f"{seed:x}" not in text


# ---------------------------------------------------------------------------- the board's answers
def test_a_hand_in_ahead_of_the_table_gets_the_same_refusal_whatever_card_it_guessed(
        home, tmp_path):
    """A participant may deal their own game any card (``seat.game.deal``) and hand it in, to
    ask the board whether it is the next one. The board checks a hand-in against the cards
    turned over only: the right guess and a wrong one are refused alike, in words that name no
    card of the deal, and the participant's last accepted game stays."""
    room = _room(tmp_path, seed=2**90 + 1)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    finish_turn(ada, random.Random(3))
    room.poll()
    accepted = room.participant("Ada").game
    assert accepted is not None
    history = accepted.history
    dealer = room._dealer
    assert dealer is not None
    coming = str(dealer._deck.peek_order()[0])
    refusals = []
    for guess in (coming, next(str(c) for c in ada.game.stack if str(c) != coming)):
        trial = ada.game.clone()
        trial.deal((guess,))
        real = ada.game
        ada.game = trial
        try:
            assert ada.hand_in()
        finally:
            ada.game = real
        room.poll()
        participant = room.participant("Ada")
        refusals.append(participant.refusal)
        assert participant.game is not None and participant.game.history == history
    assert refusals[0] == refusals[1] == ("action 3 turns over a card the room has not turned "
                                          "over (turn 2 is not out)")
    assert len(room.turns) == 1


# ---------------------------------------------------------------------------- the teacher's files
def test_a_seat_file_linked_to_the_teachers_deal_shows_nothing_of_it(home, tmp_path):
    """On a hub a participant may put a symbolic link in seats/ to the teacher's private deal
    (its path is the teacher's data folder and the room's id, both guessable): the teacher's
    kernel, which may read it, refuses it as a damaged file and quotes nothing of it on the
    board (projected) or in the standings."""
    from nsb_widget.room.private import deal_file
    from nsb_widget.widget.board_state import board_standings, board_table

    room = _room(tmp_path)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    room.poll()
    deal = deal_file(room.info.id)
    seed = str(__import__("json").loads(deal.read_text())["seed"])
    seat = room.folder.seat_file(ada.key)
    seat.unlink()
    seat.symlink_to(deal)
    (room.folder.seats / ("ab" * 12 + ".json")).symlink_to(deal)
    room.poll()
    shown = repr((room.problem, board_table(room), board_standings(room.standings()),
                  room.standings().to_csv(), [p.refusal for p in room.participants]))
    assert "damaged file" in shown
    assert seed not in shown and str(room.folder.path) not in shown


def test_no_room_file_can_be_written_in_place_by_the_group_of_a_shared_folder(home, tmp_path):
    """A hub's shared folder is often group-writable with the set-group bit and the users'
    umask 002: every room file then came out 0o664, in the shared group, so any participant
    could rewrite table.json in place (a card of their choosing for everyone) or another
    participant's hand-in, which the docs say only their writer may. Every room file is now
    written for its writer alone to change (it is replaced, never rewritten, by its owner).
    (Failed before the fix: 0o664.)"""
    old = os.umask(0o002)
    try:
        room = _room(tmp_path, seed=2**100 + 9)
        ada = take_seat(room.folder.path, "Ada")
        room.reveal()
        finish_turn(ada, random.Random(1))
        room.reseat("Ada")
        for path in (room.folder.table_file, room.folder.room_file,
                     room.folder.seat_file(ada.key)):
            assert stat.S_IMODE(path.stat().st_mode) == 0o644, path
    finally:
        os.umask(old)
