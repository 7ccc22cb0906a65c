"""End to end in JupyterLab 4: a real server, a real kernel and Debian's headless Chromium.

One server and one page for the whole module. ``examples/play_berlin.ipynb`` is opened and run
once; the tests then play on it in order (round 1 by clicking, moves from a cell and a second
view, the keyboard, hostile messages on the widget's comm). The advanced game (effects and
objectives) and a London game with the pencil powers open in more tabs of the same page. Every
step is checked in the kernel (a
``KernelProbe`` on the notebook's kernel) and on the page; any uncaught page error fails the
test that caused it.

Run: ``python -m pytest tests/test_e2e_jupyterlab.py -m e2e`` (skips without Chromium or
Playwright, unless ``E2E_REQUIRE=1``). ``E2E_SCREENSHOTS=dir`` keeps the screenshots.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

import pytest
from jupyter_harness import (
    BerlinView,
    KernelProbe,
    chromium_page,
    collapse_sidebars,
    copy_example,
    jupyter_server,
    open_and_run_all,
    open_tab_and_run_all,
    require_browser,
    screenshot,
    show_notebook,
    write_notebook,
)

require_browser()
pytestmark = pytest.mark.e2e

NB = "play_berlin.ipynb"
ADV = "advanced_berlin.ipynb"
# Round 1 is played with Double stations, so its score differs from the plain rules.
ADV_CODE = (
    "from nsb_widget import Game\n"
    "game = Game.new(seed=11, modules=['effects', 'objectives'],\n"
    "                effects=['double_stations', 'triple_outer', 'glimpse', 'double_tracks'])\n"
    "widget = game.widget()\n"
    "widget"
)
LON = "london.ipynb"
# Seed 12: the purple pencil holds the circle power in round 1 (7 turns).
LON_CODE = (
    "from nsb_widget import Game\n"
    "game = Game.new(map='london', players=1, seed=12, modules=['powers'])\n"
    "widget = game.widget()\n"
    "widget"
)
NOTEBOOK_STATE_JS = """() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  return {mode: nb.mode, types: nb.widgets.map((c) => c.model.type),
          cells: nb.widgets.length, active: nb.activeCellIndex};
}"""


@dataclass
class Lab:
    page: Any
    server: Any
    probe: KernelProbe
    view: BerlinView

    def activate(self) -> Any:
        """Bring play_berlin's tab to the front (test d opens another); returns its panel."""
        return show_notebook(self.page, NB)

    panel = property(activate)


def _expect() -> Any:
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    return expect


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("e2e-lab")
    work = root / "work"
    work.mkdir()
    copy_example(NB, work)
    write_notebook(work / ADV, ADV_CODE, "")
    write_notebook(work / LON, LON_CODE, "")
    with jupyter_server(work, app="jupyterlab") as srv:
        yield srv


@pytest.fixture(scope="module")
def page(server, tmp_path_factory):
    with chromium_page(tmp_path_factory.mktemp("chromium") / "profile",
                       viewport=(1280, 1500)) as pg:
        yield pg


@pytest.fixture(autouse=True)
def no_page_errors(page):
    """Fail the test during which the page threw an uncaught error."""
    before = len(page.errors)
    yield
    new = page.errors[before:]
    assert not new, "uncaught page error(s):\n" + "\n\n".join(new)


@pytest.fixture(scope="module")
def lab(page, server):
    expect = _expect()
    t0 = time.monotonic()
    panel = open_and_run_all(page, server, NB)
    collapse_sidebars(page)
    probe = KernelProbe(server, NB)
    view = BerlinView(panel.locator(".jp-Cell").nth(1).locator(".nsb-widget"), probe)
    expect(view.root).to_be_visible()
    print(f"\n[e2e] {NB} open, run and rendered in {time.monotonic() - t0:.1f}s; "
          f"game seed {probe.eval('game.setup.seed')}")
    yield Lab(page, server, probe, view)
    probe.close()


def _unreachable_station(view: BerlinView) -> tuple[int, str, str]:
    """A station that is not a line end with a legal section and cannot be reached now, with
    the engine's reason for it (a wrong symbol when there is one)."""
    found = view.ev(
        "[(s.index, r.reason.value, r.message) for s in {g}.map.stations"
        " for r in [{g}.why_unreachable(s.label)]"
        " if r is not None and s.index not in {w}.hints['origins']]")
    assert found, "every station is reachable?"
    found.sort(key=lambda f: f[1] != "wrong_symbol")
    return tuple(found[0])


# --------------------------------------------------------------------------- a. clicking
def test_play_round_one_by_clicking(lab, tmp_path):
    expect = _expect()
    v = lab.view
    lab.activate()
    stations = v.ev("len({g}.map.stations)")
    expect(v.root.locator(".nsb-hit")).to_have_count(stations)
    assert float(v.root.locator("xpath=..").get_attribute("data-render-ms")) > 0
    assert v.state() == (1, 0, "reveal", 0)
    expect(v.button("Undo")).to_be_disabled()
    expect(v.root.locator(".nsb-round")).to_have_text("Round 1 of 4")

    # Reveal next card (found by its aria-label) -> the kernel's game is at turn 1.
    v.button("Reveal next card").click()
    assert lab.probe.wait_for("game.turn", 1) == 1
    expect(v.turn_item(1)).to_have_count(1)
    card = v.ev("str(game.cards[0])")
    expect(v.turn_item(1).locator(".nsb-card").first).to_have_attribute("data-card", card)
    expect(v.button("Reveal next card")).to_be_disabled()

    # A legal section by two clicks: origin end, then target. (The example's game has a
    # random seed: pass until a card allows a section.)
    moves = v.until_moves()
    n = v.state()[3]
    v.draw(moves[0])
    assert v.state()[3] == n + 1
    expect(v.sections).to_have_count(1)
    expect(v.root.locator(".nsb-layer-sheet")).to_have_attribute("data-count", "1")

    # Next card (after a Double Switch, pass its other line); a station that cannot be
    # reached: the notice gives the engine's reason.
    v.next_turn()
    v.wait_fresh_hints()
    before = (v.state(), v.ev("{w}.sheet['sections']"))
    station, reason, message = _unreachable_station(v)
    label = v.ev(f"{{g}}.map.stations[{station}].label")
    assert v.ev(f"{{g}}.why_unreachable({label!r}).message") == message
    v.hit(station).click()
    expect(v.notice).to_have_text(message)
    expect(v.notice).to_have_attribute("data-level", "error")
    expect(v.notice).to_have_attribute("role", "alert")
    expect(v.root.locator(f'.nsb-hl-error[data-station="{station}"]')).to_have_count(1)
    notice = v.ev("{w}.notice")
    assert (notice["level"], notice["text"], notice["reason"], notice["station"]) == (
        "error", message, reason, station)
    assert (v.state(), v.ev("{w}.sheet['sections']")) == before, "the game changed"
    expect(v.sections).to_have_count(1)

    # The rest of round 1 by clicking; the first successful action clears the error.
    moves = v.moves()
    if moves:
        v.draw(moves[-1])
    else:
        v.pass_turn()
    expect(v.notice).to_have_text("")
    assert v.ev("{w}.notice['level']") == "info"
    assert v.play_round() == 1

    assert v.state()[:3] == (2, 0, "reveal")
    score = v.ev("game.round_scores()[0].score")
    total = v.ev("game.score_sheet().lines_total")
    assert score > 0
    expect(v.score_box("score", 1)).to_have_text(str(score))
    expect(v.root.locator('[data-total="lines"]')).to_have_text(str(total))
    expect(v.root.locator(".nsb-announcement")).to_have_text(
        f"Round 1 scored: {score} points")
    expect(v.root.locator(".nsb-round")).to_have_text("Round 2 of 4")
    expect(v.sections).to_have_count(v.ev("len({w}.sheet['sections'])"))
    v.root.locator(".nsb-score").scroll_into_view_if_needed()
    screenshot(lab.page, tmp_path, "jupyterlab-round1")


# --------------------------------------------------------------------------- b. script + view
PLAY_FROM_CELL = """played = None
while played is None:
    if game.phase.value == 'reveal':
        game.reveal()
    moves = game.legal_moves()
    if moves:
        played = game.play(moves[0])
    else:
        game.pass_turn()
index = {s.label: s.index for s in game.map.stations}
print('PLAYED', index[played.origin], index[played.target], game.round, game.turn)"""


def _run_in_new_cell(lab: Lab, code: str) -> Any:
    """Type ``code`` into the notebook's last cell (empty) and run it with Shift+Enter;
    returns that cell. JupyterLab adds a new empty cell below."""
    expect = _expect()
    cells = lab.panel.locator(".jp-Cell")
    n = cells.count()
    cell = cells.nth(n - 1)
    expect(cell.locator(".cm-content")).to_have_text("")
    cell.locator(".cm-content").click()
    lab.page.keyboard.insert_text(code)  # one input event: no auto-closed brackets
    lab.page.keyboard.press("Shift+Enter")
    expect(cells).to_have_count(n + 1)
    return cell


def test_script_and_views_are_one_game(lab, tmp_path):
    expect = _expect()
    v = lab.view
    n0 = v.state()[3]

    # A move played from a cell shows up on the map and in the panel.
    cell = _run_in_new_cell(lab, PLAY_FROM_CELL)
    out = cell.locator(".jp-OutputArea-output").first
    expect(out).to_contain_text("PLAYED")
    _, origin, target, rnd, turn = out.inner_text().split()
    origin, target, rnd, turn = int(origin), int(target), int(rnd), int(turn)
    assert v.state()[3] > n0
    assert v.ev("type({g}.history[-1]).__name__") == "Draw"
    assert tuple(v.ev("(lambda a: ({g}.map.station(a.move.origin).index, "
                      "{g}.map.station(a.move.target).index))({g}.history[-1])")) == (
        origin, target)
    expect(v.section(origin, target)).to_have_count(1)
    expect(v.root.locator(".nsb-round")).to_have_attribute("data-round", str(rnd))
    strip = v.root.locator(".nsb-strip .nsb-turn")
    expect(strip).to_have_count(turn)  # 0 if that move ended the round
    if turn:
        expect(strip.last).to_have_attribute("data-turn", str(turn))

    # A second view of the same widget shows the same game.
    cell2 = _run_in_new_cell(lab, "widget")
    v2 = BerlinView(cell2.locator(".nsb-widget"), lab.probe)
    expect(v2.root).to_be_visible()
    expect(lab.panel.locator(".nsb-widget")).to_have_count(2)
    sections = v.ev("len({w}.sheet['sections'])")
    for view in (v, v2):
        expect(view.sections).to_have_count(sections)
        expect(view.root.locator('[data-total="total"]')).to_have_text(
            str(v.ev("{g}.score()")))

    # Click in one view, both follow (and the selection is shared between them).
    v.next_turn(via=v2)  # checks that both views show the new turn
    moves = v.until_moves(via=v2)
    v.draw(moves[0], via=v2)  # origin clicked in view 1, target in view 2
    _line, origin, target = moves[0]
    expect(v2.section(origin, target)).to_have_count(1)
    for view in (v, v2):
        expect(view.sections).to_have_count(sections + 1)
        expect(view.root.locator(".nsb-hl-selected")).to_have_count(0)
    v2.root.scroll_into_view_if_needed()
    screenshot(lab.page, tmp_path, "jupyterlab-two-views")


# --------------------------------------------------------------------------- c. keyboard
def test_keyboard_play(lab):
    expect = _expect()
    page, v = lab.page, lab.view
    lab.activate()
    v.svg.focus()
    expect(v.svg).to_be_focused()
    nb_before = page.evaluate(NOTEBOOK_STATE_JS)

    def press(key: str) -> None:
        page.keyboard.press(key)
        # JupyterLab must not have acted on it (r = raw cell, Enter = edit mode...)
        assert page.evaluate(NOTEBOOK_STATE_JS) == nb_before, f"JupyterLab handled {key!r}"
        expect(v.svg).to_be_focused()

    for _ in range(12):
        _round, turn, phase, n = v.state()
        if phase == "draw":  # p: pass
            v.wait_fresh_hints()
            expect(v.button("Pass")).to_be_enabled()
            press("p")
            v.wait_actions(n + 1)
            assert v.ev("type({g}.history[-1]).__name__") == "Pass"
            continue
        expect(v.button("Reveal next card")).to_be_enabled()
        press("r")  # r: reveal (JupyterLab's "change to raw cell" in command mode)
        v.wait_actions(n + 1)
        assert v.ev("{g}.turn") == turn + 1
        expect(v.turn_item(turn + 1)).to_have_count(1)
        if v.moves():
            break
    else:
        pytest.fail("no card with a legal section in 12 turns")
    v.wait_fresh_hints()
    moves = v.moves()
    n = v.state()[3]
    xy = {i: (y, x) for i, x, y in v.ev("[(s.index, s.x, s.y) for s in {g}.map.stations]")}
    origins = sorted({m[1] for m in moves}, key=xy.__getitem__)
    focus = v.root.locator(".nsb-hl-focus")

    # Tab: the first line end in reading order; Enter selects it; Esc cancels.
    press("Tab")
    expect(focus).to_have_attribute("data-station", str(origins[0]))
    press("Enter")
    expect(v.svg).to_have_attribute("data-selected", str(origins[0]))
    targets = sorted({m[2] for m in moves if m[1] == origins[0]}, key=xy.__getitem__)
    expect(focus).to_have_attribute("data-station", str(targets[0]))
    press("Escape")
    expect(v.svg).to_have_attribute("data-selected", "")
    expect(v.root.locator(".nsb-hl-selected")).to_have_count(0)
    expect(focus).to_have_count(0)
    assert v.state()[3] == n, "Escape changed the game"

    # Again; move among the targets with the arrow keys, Enter draws.
    press("Tab")
    press("Enter")
    expect(v.svg).to_have_attribute("data-selected", str(origins[0]))
    expect(focus).to_have_attribute("data-station", str(targets[0]))
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft"):
        press(key)
        assert int(focus.get_attribute("data-station")) in {*targets, origins[0]}
    if int(focus.get_attribute("data-station")) == origins[0]:
        press("Shift+Tab")  # from the selection back to the last target
    chosen = int(focus.get_attribute("data-station"))
    assert chosen in targets
    drawn = v.section(origins[0], chosen).count()
    press("Enter")
    v.wait_actions(n + 1)
    line = next(m[0] for m in moves if m[1:] == (origins[0], chosen))
    assert tuple(v.ev("(lambda a: (a.move.line.value, {g}.map.station(a.move.origin).index, "
                      "{g}.map.station(a.move.target).index))({g}.history[-1])")) == (
        line, origins[0], chosen)
    expect(v.section(origins[0], chosen)).to_have_count(drawn + 1)
    assert page.evaluate(NOTEBOOK_STATE_JS)["types"] == nb_before["types"]


# --------------------------------------------------------------------------- e. bad input
SEND_JS = """([id, data, withBuffer, nest = 0]) => {
  // nest > 0: content.target becomes an array nested that deep (built here: Playwright's
  // argument serializer recurses)
  if (nest > 0) {
    let v = 7;
    for (let i = 0; i < nest; i++) v = [v];
    data.content.target = v;
  }
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const comm = kernel._comms.get(id);  // the widget's own comm (ipywidgets' "jupyter.widget")
  if (!comm) throw new Error(`no comm ${id} in the page`);
  comm.send(data, {}, withBuffer ? [new Uint8Array([1, 2, 3]).buffer] : []);
}"""


def test_hostile_messages_through_the_real_comm(lab):
    """Messages forged in the page and sent on the widget's real comm (page -> websocket ->
    server -> kernel -> ipywidgets -> the widget): none changes the game, each gets an error
    notice that every view shows, the kernel keeps working."""
    expect = _expect()
    page, v = lab.page, lab.view
    lab.activate()
    comm_id = v.ev("{w}.model_id")
    stations = v.ev("len({g}.map.stations)")
    if v.state()[2] == "reveal":  # play in the draw phase, where a bad draw would matter
        v.reveal()
    snapshot = "({g}.round, {g}.turn, {g}.phase.value, len({g}.history), {w}.sheet['sections'])"
    cases = [
        ("plain text", "a message must be an object"),
        ({}, "a message needs a 'type'"),
        ({"type": "explode"}, "unknown message type 'explode'"),
        ({"type": ["reveal"]}, "a message needs a 'type'"),
        ({"type": "draw", "target": stations}, f"'target' must be between 0 and {stations - 1}"),
        ({"type": "draw", "target": -1}, "'target' must be between"),
        ({"type": "draw", "target": "A1"}, "'target' must be an integer"),
        ({"type": "draw", "target": 1.5}, "'target' must be an integer"),
        ({"type": "draw", "target": True}, "'target' must be an integer"),
        ({"type": "draw", "target": None}, "'target' must be an integer"),
        ({"type": "draw", "target": "NESTED"}, "'target' must be an integer, got [[[["),
        ({"type": "draw", "target": 1, "origin": 2**53}, "'origin' must be between"),
        ({"type": "draw", "target": 1, "origin": 1e30}, "'origin' must be an integer"),
        ({"type": "draw", "target": 1, "line": "tram"}, "'line' must be 'bear', 'crown'"),
        ({"type": "draw", "target": 1, "pad": "x" * 12_000}, "message too large"),
        ({"type": "draw", "target": 1, "player": 1}, "'player' must be between 0 and 0"),
        ({"type": "select_player", "player": 3}, "'player' must be between 0 and 0"),
        ({"type": "export_result", "id": 4242, "format": "svg", "data": "<svg/>"},
         "no export request 4242 is waiting"),
        ({"type": "export_result", "id": 1, "format": "gif", "data": ""},
         "export_result needs 'format'"),
        ({"type": "reveal"}, "cannot reveal yet"),
    ]
    for content, expected in [*cases, ({"type": "reveal"}, "binary buffers")]:
        with_buffer = expected == "binary buffers"
        before = v.ev(snapshot)
        nid = v.ev("{w}.notice.get('id', 0)")
        nest = 300 if content == {"type": "draw", "target": "NESTED"} else 0
        page.evaluate(SEND_JS, [comm_id, {"method": "custom", "content": content}, with_buffer,
                                nest])
        assert v.probe.wait_for(f"{v.w}.notice.get('id', 0)", nid + 1) == nid + 1, (
            f"no notice for {str(content)[:80]}")
        notice = v.ev("{w}.notice")
        assert notice["level"] == "error", notice
        assert expected in notice["text"], (content if len(str(content)) < 200 else "", notice)
        assert v.ev(snapshot) == before, f"{str(content)[:80]} changed the game"
        views = lab.panel.locator(".nsb-widget .nsb-notice")  # test b shows a second view
        for i in range(views.count()):
            expect(views.nth(i)).to_have_text(notice["text"])
            expect(views.nth(i)).to_have_attribute("data-level", "error")

    # A forged state update (hints listing an illegal section): Python refuses the write and
    # keeps its own hints; clicking that section anyway is refused by the engine.
    moves = v.until_moves()
    v.wait_fresh_hints()
    origin = moves[0][1]
    line = moves[0][0]
    bad = v.ev(f"[s.index for s in {{g}}.map.stations if s.index not in {{w}}.hints['origins']"
               f" and not any(m[1:] == [{origin}, s.index] for m in {{w}}.hints['moves'])]")[0]
    real = v.ev("{w}.hints")
    forged = dict(real)
    forged["moves"] = [*forged["moves"], [0 if line == "bear" else 1, origin, bad]]
    before = v.ev(snapshot)
    nid = v.ev("{w}.notice.get('id', 0)")
    page.evaluate(SEND_JS, [comm_id, {"method": "update", "state": {"hints": forged},
                                      "buffer_paths": []}, False])
    assert v.probe.wait_for(f"{v.w}.notice.get('id', 0)", nid + 1) == nid + 1
    assert "refused a change of hints" in v.ev("{w}.notice")["text"]
    assert v.ev("{w}.hints") == real, "the forged hints reached Python"
    expect(v.notice).to_contain_text("refused a change of hints")
    nid = v.ev("{w}.notice.get('id', 0)")
    expect(v.svg).to_have_attribute("data-selected", "")
    v.hit(origin).click()
    expect(v.svg).to_have_attribute("data-selected", str(origin))
    v.hit(bad).click()
    assert v.probe.wait_for(f"{v.w}.notice.get('id', 0)", nid + 1) == nid + 1
    notice = v.ev("{w}.notice")
    assert notice["level"] == "error" and notice["text"], notice
    assert v.ev(snapshot) == before, "a forged hint let an illegal section through"
    expect(v.notice).to_have_text(notice["text"])

    # A malformed state update: refused in Python, never echoed to the views, and the kernel
    # keeps working.
    before = v.ev(snapshot)
    turn_before = v.state()[1]
    page.evaluate(SEND_JS, [comm_id, {"method": "update", "state": {"turn": "garbage"},
                                      "buffer_paths": []}, False])
    expect(v.notice).to_contain_text("refused a change of turn")
    expect(v.root.locator(".nsb-strip .nsb-turn")).to_have_count(turn_before)
    assert isinstance(v.ev("{w}.turn"), dict)
    assert v.ev(snapshot) == before
    lab.probe.run("game.pass_turn() if game.phase.value == 'draw' else game.reveal()")
    rnd, turn = v.state()[:2]
    expect(v.root.locator(".nsb-strip .nsb-turn")).to_have_count(turn)
    expect(v.root.locator(".nsb-round")).to_have_attribute("data-round", str(rnd))

    # The widget still plays normally, by clicking.
    v.draw(v.until_moves()[0])
    expect(v.notice).to_have_text("")
    assert v.ev("{w}.notice['level']") == "info"


def test_rejected_update_is_not_shown(lab):
    """A state update written by the page is refused by Python and never shown by a view."""
    expect = _expect()
    page, v = lab.page, lab.view
    lab.activate()
    if v.state()[2] == "reveal":
        v.reveal()
    turn = v.state()[1]
    expect(v.root.locator(".nsb-strip .nsb-turn")).to_have_count(turn)
    comm_id = v.ev("{w}.model_id")
    page.evaluate(SEND_JS, [comm_id, {"method": "update", "state": {"turn": "garbage"},
                                      "buffer_paths": []}, False])
    # a fence: the answer to a later message on the same comm comes after any echo
    page.evaluate(SEND_JS, [comm_id, {"method": "custom", "content": {"type": "fence"}}, False])
    try:
        expect(v.notice).to_have_text("unknown message type 'fence'")
        assert isinstance(v.ev("{w}.turn"), dict)  # refused in the kernel
        expect(v.root.locator(".nsb-strip .nsb-turn")).to_have_count(turn, timeout=1000)
    finally:
        lab.probe.run("widget.send_state('turn')")  # repair the views for the next tests
        expect(v.root.locator(".nsb-strip .nsb-turn")).to_have_count(turn)


# --------------------------------------------------------------------------- d. advanced
def test_advanced_game_round_one(lab, tmp_path):
    expect = _expect()
    page = lab.page
    t0 = time.monotonic()
    panel = open_tab_and_run_all(page, ADV)
    probe = KernelProbe(lab.server, ADV)
    try:
        v = BerlinView(panel.locator(".jp-Cell").nth(0).locator(".nsb-widget"), probe)
        expect(v.root).to_be_visible()
        print(f"\n[e2e] {ADV} opened in a tab and rendered in {time.monotonic() - t0:.1f}s")
        assert v.state() == (1, 0, "reveal", 0)

        # The round's effect and the objectives are shown.
        effect_id, title, text = v.ev("({g}.effect.value, {g}.effect.display_name, "
                                      "{g}.effect.text)")
        assert effect_id == "double_stations"
        expect(v.root.locator(".nsb-effect-now")).to_have_text(f"{title}: {text}")
        expect(v.root.locator(f'.nsb-effect-current[data-effect="{effect_id}"]')
               ).to_have_count(1)
        expect(v.root.locator(".nsb-effects .nsb-effect")).to_have_count(4)
        objectives = v.ev("[(o.value, o.text) for o in {g}.setup.objectives]")
        assert len(objectives) == 2
        for oid, otext in objectives:
            expect(v.root.locator(f'.nsb-objectives li[data-objective="{oid}"]')
                   ).to_have_text(otext)

        # Round 1 by clicking (the last legal section each time).
        assert v.play_round(choose=lambda moves: moves[-1]) == 1
        rs = v.ev("(lambda r: (r.effect, r.score, [(ls.district_count, ls.best_count, "
                  "ls.station_multiplier, ls.station_count, ls.connected_bonus) "
                  "for ls in r.lines]))({g}.round_scores()[0])")
        effect, score, lines = rs
        assert effect == "double_stations" and lines and score > 0
        assert all(mult == 2 and count == 2 * best for _, best, mult, count, _ in lines)
        plain = sum(d * best + bonus for d, best, _, _, bonus in lines)
        assert score == sum(d * count + bonus for d, _, _, count, bonus in lines) > plain
        expect(v.score_box("score", 1)).to_have_text(str(score))
        halves = v.score_box("stations", 1).locator(".nsb-half")
        expect(halves).to_have_text([f"{best}×2" for _, best, _, _, _ in lines])
        expect(v.root.locator(".nsb-announcement")).to_have_text(
            f"Round 1 scored: {score} points")

        # Objective progress as the engine counts it.
        results = v.ev("[(o.objective, o.progress, o.target, o.met) "
                       "for o in {g}.score_sheet().objectives]")
        assert [r[0] for r in results] == [o[0] for o in objectives]
        for oid, progress, target, met in results:
            row = v.root.locator(f'.nsb-objective-results li[data-objective="{oid}"]')
            expect(row.locator(".nsb-objective-progress")).to_have_text(f"{progress}/{target}")
            expect(row.locator(".nsb-objective-points")).to_have_text("✓ +10" if met else "–")
        expect(v.root.locator('[data-total="objectives"]')).to_have_text(
            str(v.ev("{g}.score_sheet().objectives_total")))

        # Round 2's effect is now the current one.
        expect(v.root.locator('.nsb-effect-current[data-effect="triple_outer"]')
               ).to_have_count(1)
        expect(v.root.locator('.nsb-effect-used[data-effect="double_stations"]')
               ).to_have_count(1)
        v.root.locator(".nsb-score").scroll_into_view_if_needed()
        screenshot(page, tmp_path, "jupyterlab-advanced-round1")
    finally:
        probe.close()


def test_notebook_still_answers(lab):
    """After everything above, the play_berlin kernel and page are still in step."""
    expect = _expect()
    v = lab.view
    lab.activate()
    expect(v.sections).to_have_count(v.ev("len({w}.sheet['sections'])"))
    expect(v.root.locator('[data-total="total"]')).to_have_text(str(v.ev("{g}.score()")))
    assert re.fullmatch(r"\d+(\.\d+)?", v.root.locator("xpath=..").get_attribute(
        "data-render-ms") or "")


# --------------------------------------------------------------------------- f. London
# The first round of a London game as the engine scored it, in the score sheet's terms.
LONDON_ROUND = ("(lambda s: (lambda r, l: (l.district_count, l.station_count, "
                "[(b.id, b.count, b.points) for b in l.bonuses], list(l.doubled_stations), "
                "len(r.tourist_sites), r.score, s.lines_total, [(t.id, t.count, t.points) "
                "for t in s.tracks], s.interchanges_total, s.total))(s.rounds[0], "
                "s.rounds[0].lines[0]))({g}.score_sheet())")


def test_london_round_with_a_pencil_power(lab, tmp_path):
    """London in the same widget: its own look from the ruleset's description, a round played
    by clicking the map, the circle power used through its button and a station, and the
    score sheet against the engine's."""
    expect = _expect()
    page = lab.page
    t0 = time.monotonic()
    panel = open_tab_and_run_all(page, LON)
    probe = KernelProbe(lab.server, LON)
    try:
        v = BerlinView(panel.locator(".jp-Cell").nth(0).locator(".nsb-widget"), probe)
        expect(v.root).to_be_visible()
        print(f"\n[e2e] {LON} opened in a tab and rendered in {time.monotonic() - t0:.1f}s")
        assert v.state() == (1, 0, "reveal", 0)
        assert v.ev("({g}.pencil(), str({g}.power()))") == ("purple", "circle")
        # London's look: tourist stars, the "?" station, departure rings, no Bear/Crown
        expect(v.root.locator(".nsb-tourist-star")).to_have_count(5)
        expect(v.root.locator(".nsb-any-mark")).to_have_text("?")
        expect(v.root.locator(".nsb-start-ring")).to_have_count(4)
        expect(v.root.locator(".nsb-start-icon")).to_have_count(0)
        expect(v.root.locator('.nsb-counter[data-kind="underground"]')).to_contain_text("0/5")
        expect(v.root.locator(".nsb-round-end")).to_have_text(
            "The round ends at the 5th Underground card.")
        power = v.button("Use power: Circled station")
        expect(power).to_be_enabled()  # the circle: any time in the round
        expect(power).to_have_attribute("aria-pressed", "false")

        # Two turns by clicking, each a section to a new station.
        drawn = 0
        while drawn < 2:
            v.draw(v.until_moves()[-1])
            drawn += 1
            if v.state()[2] == "draw":
                v.pass_turn()
        expect(v.sections).to_have_count(2)
        stations = v.ev("{w}.hints['power']['stations']")
        assert len(stations) >= 3, stations
        target = stations[-1]
        label = v.ev(f"{{g}}.map.stations[{target}].label")

        # The circle power: the button, then a station of the line.
        n = v.state()[3]
        power.click()
        expect(power).to_have_attribute("aria-pressed", "true")
        expect(v.root.locator(".nsb-hl-power")).to_have_count(len(stations))
        v.hit(target).click()
        v.wait_actions(n + 1)
        assert v.ev("type({g}.history[-1]).__name__") == "UsePower"
        assert v.ev("{g}.circled_stations()") == [label]
        expect(v.root.locator(f'.nsb-circled[data-station="{target}"]')).to_have_count(1)
        expect(v.notice).to_have_text(f"Circled station power used on {label}.")
        expect(power).to_be_disabled()
        expect(power).to_have_attribute("title", re.compile("already used this round"))
        expect(v.root.locator(".nsb-power-reason")).to_contain_text("already used this round")

        # The rest of round 1 by clicking; the score sheet is the engine's.
        assert v.play_round(choose=lambda moves: moves[-1]) == 1
        (districts, stations_box, bonuses, doubled, sites, score, lines_total, tracks,
         interchanges, total) = v.ev(LONDON_ROUND)
        assert doubled == [label] and bonuses[0][0] == "thames"
        expect(v.score_box("districts", 1)).to_have_text(str(districts))
        expect(v.score_box("stations", 1)).to_have_text(str(stations_box))
        expect(v.score_box("stations", 1).locator(".nsb-half")).to_have_attribute(
            "title", re.compile(f"circled {label}: counts twice"))
        _id, count, points = bonuses[0]
        expect(v.score_box("bonus", 1)).to_have_text(
            "–" if not points else f"{count}×2" if count > 1 else str(points))
        expect(v.score_box("track-tourist", 1)).to_have_text(str(sites))
        expect(v.score_box("score", 1)).to_have_text(str(score))
        assert score == districts * stations_box + points
        expect(v.root.locator('[data-total="lines"]')).to_have_text(str(lines_total))
        [(_tid, visits, track_points)] = tracks
        assert visits == sites
        expect(v.root.locator('[data-total="track-tourist"]')).to_have_text(str(track_points))
        expect(v.root.locator(".nsb-track-value.nsb-done")).to_have_count(visits)
        expect(v.root.locator('[data-total="interchanges"]')).to_have_text(str(interchanges))
        expect(v.root.locator('[data-total="total"]')).to_have_text(str(total))
        expect(v.root.locator(".nsb-announcement")).to_have_text(
            f"Round 1 scored: {score} points")
        # Round 2: another pencil, another power (or none usable yet), the circle is gone.
        expect(v.root.locator(".nsb-round")).to_have_text("Round 2 of 4")
        expect(v.button("Use power: Circled station")).to_have_count(0)

        # The teaching overlay on round 1: the circled station counts twice.
        v.button("Teaching overlay").click()
        expect(v.root.locator(f'.nsb-ov-doubled[data-station="{target}"]')).to_have_count(1)
        v.svg.scroll_into_view_if_needed()
        screenshot(page, tmp_path, "jupyterlab-london-round1")
        v.button("Teaching overlay").click()
    finally:
        probe.close()
