"""The London exercises: a round with Thames crossings, the tourist track, the Railroad Switch
from the 3rd turn, and a pencil power (the circled station). Each position is built by
:mod:`nsb_widget.workshop.positions`; every answer is the engine's."""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..i18n import N_
from .berlin import judge_starts, line_terms
from .exercise import BadAnswer, Exercise, Verdict, join_words
from .positions import (
    BEFORE_CIRCLE,
    BEFORE_RAILROAD_SWITCH,
    CIRCLE_POWERS,
    THAMES_ROUND,
    TWO_TOURIST_ROUNDS,
    london,
)


class ThamesRound(Exercise):
    """What does a London round with two Thames crossings score?"""

    key = "london-round"
    city = "london"
    title = N_("A round under the Thames")
    question = N_(
        "Green's round is over. What does it score? The blue band is the Thames.")
    form = N_("a number")

    def position(self) -> Game:
        """Green's round, over: two sections under the Thames."""
        return london(THAMES_ROUND, language=self.language)

    def solution(self) -> int:
        """The round's score."""
        return self.position().round_scores()[0].score

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The number against the score."""
        t = self.t
        points = self.read_number(answer)
        (scored,) = game.round_scores()
        (line,) = scored.lines
        (thames,) = line.bonuses
        if points != scored.score:
            if points == line.district_count * line.station_count:
                return self.wrong(t("districts × stations is right; has the line crossed "
                                    "the Thames?"))
            return self.wrong(t("count the districts the line passes through, the most "
                                "stations it has in one district, and the sections that "
                                "cross the Thames"))
        return self.right(t("{terms} = {points}: {districts} districts × {stations} stations "
                            "in {best}, + {each} for each of the {count} sections under the "
                            "Thames ({sections})", terms=line_terms(scored.lines),
                            points=scored.score, districts=line.district_count,
                            stations=line.best_count, best=self.districts(line.best_districts),
                            each=thames.points_each, count=thames.count,
                            sections=join_words(thames.sections)))


class TouristTrack(Exercise):
    """What is the tourist track worth after two rounds?"""

    key = "london-tourist"
    city = "london"
    title = N_("The tourist track")
    question = N_(
        "Two rounds are over: green, then pink. The tourist sites are the stations with a "
        "star. If the game ended now, how many points would the tourist track give?")
    form = N_("a number")

    def position(self) -> Game:
        """Green's and pink's rounds, over."""
        return london(TWO_TOURIST_ROUNDS, language=self.language)

    def solution(self) -> int:
        """What the tourist track gives now."""
        (track,) = self.position().score_sheet().tracks
        return track.points

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The number against the track's value."""
        t = self.t
        points = self.read_number(answer)
        (track,) = game.score_sheet().tracks
        if points != track.points:
            if points == track.count:
                return self.wrong(t("that is how many circles are crossed off; what does the "
                                    "track give for them?"))
            return self.wrong(t("cross off one circle for each tourist site on each round's "
                                "line (a site on the lines of two rounds: two circles), then "
                                "read the value of the first circle not crossed off"))
        rounds = [t("round {round}: {sites}", round=r.round, sites=join_words(r.tourist_sites))
                  for r in game.round_scores()]
        return self.right(t("{rounds}: {count} circles crossed off, the track gives {points}",
                            rounds=self.clauses(rounds), count=track.count, points=track.points))


class RailroadSwitch(Exercise):
    """From which stations may the section start after the Railroad Switch?"""

    key = "london-switch"
    city = "london"
    title = N_("The Railroad Switch")
    question = N_(
        "Green's line runs D3-A3-A4 and D3-E4-F4. On the 5th turn the **Railroad Switch** comes "
        "up, and with it a **Street Triangle**. From which stations may green's section "
        "start?")
    form = N_("the stations, in braces, like")
    example = '{"X1", "…"}'

    def position(self) -> Game:
        """Green's line after four turns, the switch and a Street Triangle revealed."""
        game = london(BEFORE_RAILROAD_SWITCH, language=self.language)
        game.reveal("switch", "street triangle")
        return game

    def solution(self) -> set[str]:
        """Where the section may start."""
        return {m.origin for m in self.position().legal_moves()}

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The stations against where the section may start."""
        return judge_starts(self, game, set(self.read_stations(game, answer)),
                            {m.origin for m in game.legal_moves()}, None)


class CirclePower(Exercise):
    """Which station should green circle with the pencil's power?"""

    key = "london-power"
    city = "london"
    title = N_("A pencil power: the circled station")
    question = N_(
        "Green's pencil has the power **Circled station**: once a round, circle a station of "
        "the round's line; it counts as two stations in its district. Which station should "
        "green circle now to make the round score most, if it ended now?")
    form = N_("one station, in quotes, like")
    example = '"X1"'

    def position(self) -> Game:
        """Green's line after five turns, the circle power unused."""
        return london(BEFORE_CIRCLE, language=self.language, modules=["powers"],
                      powers=list(CIRCLE_POWERS))

    def scores(self, game: Game) -> dict[str, int]:
        """The round's score after circling each station it may circle."""
        out = {}
        for power, station in game.power_options():
            if power == "circle" and station is not None:
                trial = game.copy()
                trial.use_power("circle", station)
                score = trial.provisional_round_score()
                out[station] = score.score if score is not None else 0
        return out

    def solution(self) -> str:
        """A station whose circling makes the round score most."""
        scores = self.scores(self.position())
        return min(s for s, points in scores.items() if points == max(scores.values()))

    def judge(self, game: Game, answer: Any) -> Verdict:
        """The station's round score against the best."""
        t = self.t
        if not isinstance(answer, str):
            raise BadAnswer(t("write one station, in quotes, like {example}",
                              example=self.example))
        (station,) = self.read_stations(game, answer)
        scores = self.scores(game)
        now = game.provisional_round_score()
        assert now is not None
        if station not in scores:
            return self.wrong(t("{station} is not on green's line this round", station=station))
        best = max(scores.values())
        if scores[station] < best:
            return self.wrong(t("circling {station} makes the round score {points} (now: "
                                "{now}); in which district does the line have the most "
                                "stations?", station=station, points=scores[station],
                                now=now.score))
        trial = game.copy()
        trial.use_power("circle", station)
        after = trial.provisional_round_score()
        assert after is not None
        equal = sorted(s for s, points in scores.items() if points == best)
        return self.right(t("circling {station} makes the round score {terms} = {points} "
                            "instead of {now}; circling any of {stations} gives the same",
                            station=station, terms=line_terms(after.lines), points=best,
                            now=now.score, stations=join_words(equal)))


LONDON_EXERCISES: tuple[type[Exercise], ...] = (
    ThamesRound, TouristTrack, RailroadSwitch, CirclePower)
"""The London exercises, in the kit's order."""
