"""The Berlin exercises: a turn, joining the start stations, why a section is illegal, the
Double Switch, a round's score, the interchanges. Each position is green's (or Emma's, from the
rulebook), built by :mod:`nsb_widget.workshop.positions`; every answer is the engine's."""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..i18n import N_
from .exercise import BadAnswer, Exercise, Verdict, join_words
from .positions import (
    BEFORE_SWITCH,
    EXAMPLE_I,
    EXAMPLE_J,
    FIRST_SECTION,
    JOINED,
    TWO_LINES,
    finish_round,
    play_berlin,
)
from .positions import berlin as berlin_game


class Turn(Exercise):
    """Which sections may green draw on a Bear Circle?"""

    key = "berlin-turn"
    city = "berlin"
    title = N_("Where can the line go?")
    question = N_(
        "Green drew Bear E1-G3 on a Bear Square. Now a **Bear Circle** is revealed. Which "
        "sections may green draw? Write them all.")
    form = N_("every section green may draw, in braces, like")
    example = '{"bear X1-Y2", "bear …"}'

    def position(self) -> Game:
        """Green after Bear E1-G3, a Bear Circle revealed."""
        game = berlin_game(FIRST_SECTION, language=self.language)
        game.reveal("bear circle")
        return game

    def solution(self) -> set[str]:
        """Every legal section."""
        return {str(m) for m in self.position().legal_moves()}

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The sections against the legal moves."""
        return judge_sections(self, game, set(self.read_moves(game, answer)))


def judge_sections(exercise: Exercise, game: Game, given: set[str]) -> Verdict:
    """The verdict on a set of sections against the position's legal moves (also London's)."""
    t = exercise.t
    legal = {str(m) for m in game.legal_moves()}
    for move in sorted(given - legal):
        why = game.why_illegal(move)
        reason = why.message if why is not None else ""
        return exercise.wrong(t("{move} may not be drawn: {reason}", move=move, reason=reason))
    if given != legal:
        missing = len(legal - given)
        return exercise.wrong(t.ngettext(
            "every section you wrote may be drawn, and one more: look from each end of the "
            "line again", "every section you wrote may be drawn, and {count} more: look from "
            "each end of the line again", missing).format(count=missing))
    return exercise.right(t("the engine's reasons, as if the round ended now:") + exercise.lines(
        (move, game.explain(move).reason) for move in sorted(legal)))


class Join(Exercise):
    """Which section scores most now? (Joining the start stations: +10.)"""

    key = "berlin-join"
    city = "berlin"
    title = N_("Join your two start stations")
    question = N_(
        "Green's Bear line is E1-G3-J6, the Crown line I8-F8-F3. A **Crown Square** is "
        "revealed. Which section scores most if the round ended right after it? (The engine "
        "tries every legal section.)")
    form = N_("one section, in quotes, like")
    example = '"crown X1-Y2"'

    def position(self) -> Game:
        """Green's two lines, not joined, a Crown Square revealed."""
        game = berlin_game(TWO_LINES, language=self.language)
        game.reveal("crown square")
        return game

    def scores(self, game: Game) -> dict[str, int]:
        """The round's score after each legal section, as if the round ended then."""
        out = {}
        for move in game.legal_moves():
            trial = game.copy()
            trial.play(move)
            score = trial.provisional_round_score()
            out[str(move)] = score.score if score is not None else 0
        return out

    def solution(self) -> str:
        """The section that makes the round score most."""
        scores = self.scores(self.position())
        return max(scores, key=lambda move: scores[move])

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The section's round score against the best."""
        t = self.t
        move = self.read_move(game, answer)
        scores = self.scores(game)
        if move not in scores:
            why = game.why_illegal(move)
            return self.wrong(t("{move} may not be drawn: {reason}", move=move,
                                reason=why.message if why is not None else ""))
        best = max(scores.values())
        if scores[move] < best:
            return self.wrong(t("{move} makes the round score {points}; one section scores "
                                "more: which one would connect your two lines?", move=move,
                                points=scores[move]))
        trial = game.copy()
        trial.play(move)
        score = trial.provisional_round_score()
        assert score is not None
        return self.right(t("{move} makes the round score {points}: {terms}. The engine: "
                            "{reason}", move=move, points=best, terms=line_terms(score.lines),
                            reason=game.explain(move).reason))


def line_terms(lines: Any) -> str:
    """``"7 × 3 + 10"`` for each line of a round (London: the Thames crossings too)."""
    parts = []
    for line in lines:
        term = f"{line.district_count} × {line.station_count}"
        for bonus in line.bonuses:
            if bonus.points:
                term += (f" + {bonus.count} × {bonus.points_each}" if bonus.count > 1
                         else f" + {bonus.points}")
        parts.append(term if len(lines) == 1 else f"({term})")
    return " + ".join(parts) if parts else "0"


#: The reasons exercise "berlin-why-illegal" offers (``Reason`` values).
REASONS = ("crosses", "through_station", "not_an_end", "wrong_symbol", "loop")


class WhyIllegal(Exercise):
    """Why may these sections not be drawn?"""

    key = "berlin-why-illegal"
    city = "berlin"
    title = N_("Why is this section illegal?")
    question = N_(
        "Green's lines are joined now (their ends: E1, J6 and I8), and a **Bear Pentagon** is "
        "revealed. None of these four sections may be drawn: bear I8-E4, bear E1-E4, bear "
        "F8-F9, bear J6-I6. For each, pick the reason: `\"crosses\"` (it crosses a section), "
        "`\"through_station\"` (it passes through a station), `\"not_an_end\"` (it does not "
        "start at an end of the line), `\"wrong_symbol\"` (the station does not show the "
        "card's symbol), `\"loop\"` (it returns to a station of the line).")
    form = N_("a reason for each section, like")
    example = '{"bear I8-E4": "…", "bear E1-E4": "…", "bear F8-F9": "…", "bear J6-I6": "…"}'
    QUESTIONS = ("bear I8-E4", "bear E1-E4", "bear F8-F9", "bear J6-I6")

    def position(self) -> Game:
        """Green's lines joined (ends E1, J6, I8), a Bear Pentagon revealed."""
        game = berlin_game(JOINED, language=self.language)
        game.reveal("bear pentagon")
        return game

    def reasons(self, game: Game) -> dict[str, str]:
        """The engine's reason for each section of the question."""
        out = {}
        for move in self.QUESTIONS:
            why = game.why_illegal(move)
            assert why is not None, move
            out[move] = why.reason.value
        return out

    def solution(self) -> dict[str, str]:
        """The engine's reason for each section."""
        return self.reasons(self.position())

    def judge(self, game: Game, answer: Any) -> Verdict:
        """Each reason against the engine's."""
        t = self.t
        if not isinstance(answer, dict):
            raise BadAnswer(t("write a reason for each section, in braces: {example}",
                              example=self.example))
        given = {}
        for key, value in answer.items():
            move = self.read_move(game, key)
            if move not in self.QUESTIONS:
                raise BadAnswer(t("{move} is not one of the four sections", move=move))
            reason = value.strip().lower() if isinstance(value, str) else ""
            if reason not in REASONS:
                raise BadAnswer(t("{text} is not one of the reasons: {reasons}",
                                  text=repr(value)[:40], reasons=join_words(REASONS)))
            given[move] = reason
        missing = [move for move in self.QUESTIONS if move not in given]
        if missing:
            raise BadAnswer(t("give a reason for each of the four sections (missing: {moves})",
                              moves=join_words(missing)))
        engine = self.reasons(game)
        wrong = [move for move in self.QUESTIONS if given[move] != engine[move]]
        if wrong:
            return self.wrong(t("look again at {moves} (the other answers are right)",
                                moves=join_words(wrong)))
        lines = []
        for move in self.QUESTIONS:
            why = game.why_illegal(move)
            assert why is not None
            lines.append((move, why.message))
        return self.right(t("the engine says:") + self.lines(lines))


class DoubleSwitch(Exercise):
    """From which stations may a Bear section start after a Double Switch?"""

    key = "berlin-double-switch"
    city = "berlin"
    title = N_("The Double Switch")
    question = N_(
        "Green's Bear line is E1-G3-J6, the Crown line I8-F8-E7. The **Double Switch** and a "
        "**Triangle** come up. From which stations may green's Bear section start?")
    form = N_("the stations, in braces, like")
    example = '{"X1", "…"}'

    def position(self) -> Game:
        """Green's two lines, the Double Switch and a Triangle revealed."""
        game = berlin_game(BEFORE_SWITCH, language=self.language)
        game.reveal("double switch", "crown triangle")
        return game

    def starts(self, game: Game) -> set[str]:
        """Where a Bear section may start now."""
        return {m.origin for m in game.legal_moves() if str(m.line) == "bear"}

    def solution(self) -> set[str]:
        """Where a Bear section may start."""
        return self.starts(self.position())

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The stations against where a Bear section may start."""
        return judge_starts(self, game, set(self.read_stations(game, answer)),
                            self.starts(game), "bear")


def judge_starts(exercise: Exercise, game: Game, given: set[str], starts: set[str],
                 line: str | None) -> Verdict:
    """The verdict on the stations a section may start from: on the Bear line after a Double
    Switch (``line="bear"``), or on London's line after the Railroad Switch (``None``)."""
    t = exercise.t
    on_line = set(game.line_stations(line))
    for station in sorted(given - starts):
        if station not in on_line:
            return exercise.wrong(t("{station} is not on the Bear line", station=station)
                                  if line == "bear" else
                                  t("{station} is not on the line", station=station))
        return exercise.wrong(t("{station} is on the line, but no station with the card's "
                                "symbol can be reached from it", station=station))
    if given != starts:
        return exercise.wrong(t("every station you wrote is right, and there are more: the "
                                "switch lets a section start at any station of the line, not "
                                "only at its ends"))
    moves = sorted(str(m) for m in game.legal_moves()
                   if line is None or str(m.line) == line)
    return exercise.right(t("the sections that start there: {moves}",
                            moves=join_words(moves)))


class RoundScore(Exercise):
    """What does the rulebook's Example J score?"""

    key = "berlin-round-score"
    city = "berlin"
    title = N_("Score a round")
    question = N_(
        "The brown round of the rulebook's Example J is over. What does it score?")
    form = N_("a number")

    def position(self) -> Game:
        """Emma's brown round of Example J, scored."""
        return finish_round(berlin_game(EXAMPLE_J, pencils=("brown", "green", "pink", "blue"),
                                        language=self.language))

    def solution(self) -> int:
        """The round's score."""
        return self.position().round_scores()[0].score

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The number against the score."""
        t = self.t
        points = self.read_number(answer)
        (scored,) = game.round_scores()
        if points != scored.score:
            return self.wrong(t("count the districts the line passes through, the most "
                                "stations it has in one district, and whether the two brown "
                                "start stations are connected"))
        (line,) = scored.lines
        return self.right(t("{terms} = {points}: {districts} districts × {stations} stations "
                            "in {best}, + {bonus} for the connected start stations",
                            terms=line_terms(scored.lines), points=scored.score,
                            districts=line.district_count, stations=line.best_count,
                            best=self.districts(line.best_districts), bonus=line.connected_bonus))


class Interchanges(Exercise):
    """What do the interchanges of the rulebook's Example I score?"""

    key = "berlin-interchanges"
    city = "berlin"
    title = N_("Interchanges")
    question = N_(
        "A whole game (the rulebook's Example I): how many points do the interchanges score? "
        "A circled station is an S-Bahn station; the small dark badge on a station says how "
        "many colours meet there.")
    form = N_("a number")

    def position(self) -> Game:
        """The whole game of Example I."""
        game = berlin_game(language=self.language)
        for turns in EXAMPLE_I:
            finish_round(play_berlin(game, turns))
        return game

    def solution(self) -> int:
        """The interchanges' points."""
        return self.position().score_sheet().interchanges_total

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The number against the interchanges' points."""
        t = self.t
        points = self.read_number(answer)
        sheet = game.score_sheet()
        if points != sheet.interchanges_total:
            two, three, _four = sheet.interchanges
            return self.wrong(t("find the stations where 2 colours meet and where 3 meet; an "
                                "S-Bahn station counts as 2 stations; then {two} and {three} "
                                "points each", two=two.points_each, three=three.points_each))
        parts = []
        for tier in sheet.interchanges:
            if tier.count:
                parts.append(t("{colours} colours: {stations}, S-Bahn: {sbahn} ({count} "
                               "stations counted) × {each} = {points}", colours=tier.colours,
                               stations=join_words(tier.stations),
                               sbahn=join_words(tier.sbahn) or "–", count=tier.count,
                               each=tier.points_each, points=tier.points))
        return self.right(self.clauses(parts) + f" → {sheet.interchanges_total}")


BERLIN_EXERCISES: tuple[type[Exercise], ...] = (
    Turn, Join, WhyIllegal, DoubleSwitch, RoundScore, Interchanges)
"""The Berlin exercises, in the kit's order."""
