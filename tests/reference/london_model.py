"""A plain reference model of *Next Station: London*, written from the rule texts.

It is deliberately independent of the engine: the sheet comes straight from
``tests/data/london-sheet-facts.json`` (the printed sheet, not the engine's map file), and every
rule is computed the slow, obvious way (sets of labels, explicit loops). The test
``tests/test_london_reference.py`` drives the real engine and compares it with this model
decision by decision.

Rules as read here (the project's issue text and the guides in ``/work/shared/rules``):

- one line per round, from the pencil's departure station, extended from an end (a station of
  degree 1 in the line; a lone departure station is its own end);
- a section runs along a potential section (row, column or diagonal, no station strictly
  between) to a station showing the card's symbol (Joker: any; the central station matches
  every card), must not properly cross a drawn section of any colour, must not redraw a drawn
  potential section, and must not reach a station already on this round's line;
- the round ends after the turn of the 5th underground card; the Railroad Switch reveals the
  next card at once (it sets the symbol and counts) and lets that turn's section start at any
  station of the line, except on a round's 1st or 2nd turn (then it is ignored);
- round score: districts x best district + 2 per Thames crossing of the line; tourist track;
  interchanges 2/5/9 (departure stations count for their colour from the start); shared
  objectives (+10 each); pencil powers (double, joker, switch, circle).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FACTS_PATH = Path(__file__).resolve().parents[1] / "data" / "london-sheet-facts.json"

SYMBOLS = ("square", "triangle", "pentagon", "circle")
CENTRAL = "central"
POWERS = ("double", "joker", "switch", "circle")
OBJECTIVES = (
    "eight_interchanges",
    "all_districts",
    "all_tourist_sites",
    "central_district",
    "thames_six",
)
INTERCHANGE_POINTS = {2: 2, 3: 5, 4: 9}
OBJECTIVE_POINTS = 10
HANDICAP_PER_MODULE = 10


class ModelError(AssertionError):
    """The engine did something the model cannot follow (a rules disagreement in itself)."""


def label(x: int, y: int) -> str:
    """The sheet label of the station at column ``x``, row ``y`` (both from 0): x=5,y=3 is F4."""
    return chr(65 + x) + str(y + 1)


def section(a: str, b: str) -> frozenset[str]:
    """A section as the unordered pair of its end stations."""
    return frozenset((a, b))


def _orient(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def properly_cross(
    a: tuple[float, float],
    b: tuple[float, float],
    c: tuple[float, float],
    d: tuple[float, float],
) -> bool:
    """True when segments ab and cd meet at one point interior to both."""
    o1, o2 = _orient(a, b, c), _orient(a, b, d)
    o3, o4 = _orient(c, d, a), _orient(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


@dataclass(frozen=True)
class Station:
    """One printed station."""

    label: str
    x: int
    y: int
    symbol: str
    district: str
    tourist: bool
    start_color: str | None


@dataclass(frozen=True)
class Card:
    """A Station card as the model sees it."""

    kind: str  # "underground" or "street" (the Railroad Switch is a street card)
    symbol: str | None  # None for a Joker or the switch
    joker: bool = False
    switch: bool = False

    def text(self) -> str:
        """The card's name, e.g. 'underground square', 'street joker', 'switch'."""
        if self.switch:
            return "switch"
        return f"{self.kind} {'joker' if self.joker else self.symbol}"


class Sheet:
    """The printed London sheet, built from the facts file."""

    def __init__(self, facts: dict[str, Any] | None = None) -> None:
        if facts is None:
            facts = json.loads(FACTS_PATH.read_text(encoding="utf-8"))
        self.facts = facts
        self.stations: dict[str, Station] = {}
        self.at: dict[tuple[int, int], str] = {}
        for s in facts["stations"]:
            st = Station(
                label(s["x"], s["y"]),
                s["x"],
                s["y"],
                s["symbol"],
                s["district"],
                bool(s["tourist"]),
                s["start_color"],
            )
            self.stations[st.label] = st
            self.at[(st.x, st.y)] = st.label
        self.districts: list[str] = [d["name"] for d in facts["districts"]]
        self.district_stations: dict[str, set[str]] = {d: set() for d in self.districts}
        for st in self.stations.values():
            self.district_stations[st.district].add(st.label)
        self.departure: dict[str, str] = {
            colour: label(*xy) for colour, xy in facts["start_stations"].items()
        }
        self.colours: list[str] = list(facts["pencil_colors"])
        self.tourist_sites: set[str] = {s.label for s in self.stations.values() if s.tourist}
        centrals = [s for s in self.stations.values() if s.symbol == CENTRAL]
        assert len(centrals) == 1, "one central station expected"
        self.central_station = centrals[0].label
        self.central_district = centrals[0].district
        self.track: list[int] = list(facts["tourist_track"])
        self.solo_bands: list[tuple[int | None, int | None]] = [
            (b["min"], b["max"]) for b in facts["solo_rating"]
        ]

        # Potential sections: same row, column or diagonal, no station strictly between.
        self.sections: set[frozenset[str]] = set()
        labels = sorted(self.stations)
        for i, a in enumerate(labels):
            for b in labels[i + 1 :]:
                if self._potential(a, b):
                    self.sections.add(section(a, b))
        self.neighbours: dict[str, set[str]] = {lab: set() for lab in self.stations}
        for sec in self.sections:
            a, b = sorted(sec)
            self.neighbours[a].add(b)
            self.neighbours[b].add(a)

        # Crossings between potential sections (proper geometric intersections).
        secs = sorted(self.sections, key=sorted)
        self.crossing: dict[frozenset[str], set[frozenset[str]]] = {s: set() for s in secs}
        for i, s in enumerate(secs):
            a, b = (self.xy(v) for v in sorted(s))
            for t in secs[i + 1 :]:
                c, d = (self.xy(v) for v in sorted(t))
                if properly_cross(a, b, c, d):
                    self.crossing[s].add(t)
                    self.crossing[t].add(s)

        # Thames: the listed crossing sections (the printed sheet), and the geometric check.
        self.thames: set[frozenset[str]] = {
            section(label(*p), label(*q)) for p, q in facts["thames"]["crossing_sections"]
        }
        poly = [tuple(v) for v in facts["thames"]["polyline"]]
        self.thames_geometric: set[frozenset[str]] = set()
        for s in secs:
            a, b = (self.xy(v) for v in sorted(s))
            hits = sum(properly_cross(a, b, p, q) for p, q in itertools.pairwise(poly))
            if hits % 2 == 1:
                self.thames_geometric.add(s)

        self.deck: list[Card] = [
            Card("underground", None, joker=True) if sym == "joker" else Card("underground", sym)
            for sym in facts["deck"]["underground_pink"]
        ]
        for sym in facts["deck"]["street_blue"]:
            if sym == "joker":
                self.deck.append(Card("street", None, joker=True))
            elif sym == "switch":
                self.deck.append(Card("street", None, switch=True))
            else:
                self.deck.append(Card("street", sym))

    def xy(self, lab: str) -> tuple[int, int]:
        """Grid coordinates of a station."""
        st = self.stations[lab]
        return st.x, st.y

    def _potential(self, a: str, b: str) -> bool:
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        dx, dy = bx - ax, by - ay
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return False
        n = max(abs(dx), abs(dy))
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        return all((ax + k * sx, ay + k * sy) not in self.at for k in range(1, n))

    def matches(self, target: str, symbol: str | None) -> bool:
        """True when station ``target`` satisfies a wanted symbol (None: any)."""
        st = self.stations[target].symbol
        return symbol is None or st in (CENTRAL, symbol)


@dataclass
class Line:
    """This round's line of one player."""

    colour: str
    departure: str
    stations: set[str] = field(default_factory=set)
    adj: dict[str, set[str]] = field(default_factory=dict)
    sections: list[frozenset[str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.stations.add(self.departure)
        self.adj.setdefault(self.departure, set())

    def ends(self) -> set[str]:
        """Stations of degree 1; a lone departure station is its own end."""
        if len(self.stations) == 1:
            return set(self.stations)
        return {s for s in self.stations if len(self.adj[s]) == 1}

    def add(self, a: str, b: str) -> None:
        """Draw section a-b (a on the line, b new)."""
        self.stations.add(b)
        self.adj.setdefault(a, set()).add(b)
        self.adj.setdefault(b, set()).add(a)
        self.sections.append(section(a, b))


@dataclass
class RoundResult:
    """Every term of one round's scoring."""

    round: int
    colour: str
    stations: set[str]
    districts: set[str]
    district_count: int
    best_count: int
    thames: int
    score: int
    tourist_sites: set[str]
    circled: str | None


@dataclass
class PlayerState:
    """One player's sheet and turn state."""

    drawn: dict[frozenset[str], str] = field(default_factory=dict)
    line: Line | None = None
    power: str | None = None
    power_used: bool = False
    circled: str | None = None
    circled_all: list[str] = field(default_factory=list)  # every round's circled station
    finished: bool = True
    drawn_this_turn: int = 0
    double_on: bool = False
    joker_on: bool = False
    switch_on: bool = False
    first_target: str | None = None
    rounds: list[RoundResult] = field(default_factory=list)
    tourist_visits: int = 0


@dataclass
class FinalScore:
    """The final tally of one player."""

    rounds: list[int]
    tourist_count: int
    tourist_points: int
    interchanges: dict[int, int]
    interchange_points: int
    objectives: dict[str, tuple[int, bool]]
    objective_points: int
    total: int
    tiebreak: int
    rated: int | None
    band: int | None


class LondonModel:
    """The whole game as the rules describe it (cards come from outside, seen one by one)."""

    def __init__(
        self,
        players: int,
        modules: list[str] | tuple[str, ...] = (),
        objectives: list[str] | tuple[str, ...] = (),
        sheet: Sheet | None = None,
    ) -> None:
        self.sheet = sheet or Sheet()
        self.n = players
        self.modules = tuple(modules)
        self.objectives = tuple(objectives)
        self.players = [PlayerState() for _ in range(players)]
        self.round = 0  # the round under way (1..4), 0 before the first
        self.phase = "setup"  # setup -> reveal -> draw -> reveal ... -> over
        self.turn = 0
        self.remaining: list[Card] = []
        self.cards: list[Card] = []
        self.switch_turn = False
        self.underground = 0

    # ----------------------------------------------------------------- flow

    def start_round(self, colours: list[str], powers: list[str | None]) -> None:
        """Begin the next round with each player's pencil (colour) and its power."""
        if self.phase not in ("setup", "between"):
            raise ModelError(f"a round starts while the model is in phase {self.phase}")
        if len(set(colours)) != len(colours):
            raise ModelError(f"two players hold the same pencil: {colours}")
        self.round += 1
        self.turn = 0
        self.remaining = list(self.sheet.deck)
        self.cards = []
        self.switch_turn = False
        self.underground = 0
        for p, st in enumerate(self.players):
            colour = colours[p]
            st.line = Line(colour, self.sheet.departure[colour])
            st.power = powers[p] if "powers" in self.modules else None
            st.power_used = False
            st.circled = None
            st.finished = True
            st.drawn_this_turn = 0
        self.phase = "reveal"

    def reveal(self, cards: list[Card]) -> None:
        """A turn's cards: one card, or the switch and the card revealed with it."""
        if self.phase != "reveal":
            raise ModelError(f"a reveal while the model is in phase {self.phase}")
        if not cards or len(cards) > 2:
            raise ModelError(f"a turn shows {len(cards)} cards")
        if len(cards) == 2 and not (cards[0].switch and not cards[1].switch):
            raise ModelError(f"two cards must be the switch then another: {cards}")
        if len(cards) == 1 and cards[0].switch:
            raise ModelError("the switch came alone (the next card is revealed at once)")
        for c in cards:
            if c not in self.remaining:
                raise ModelError(f"{c.text()} is not in this round's remaining stack")
            self.remaining.remove(c)
        self.turn += 1
        self.cards = list(cards)
        self.underground += sum(c.kind == "underground" for c in cards)
        self.switch_turn = cards[0].switch and self.turn >= 3
        for st in self.players:
            st.finished = False
            st.drawn_this_turn = 0
            st.double_on = st.joker_on = st.switch_on = False
            st.first_target = None
        self.phase = "draw"

    @property
    def symbol_card(self) -> Card:
        """The card setting this turn's symbol."""
        return self.cards[-1]

    @property
    def is_last_turn(self) -> bool:
        """True once the 5th underground card is out this round."""
        return self.underground >= 5

    def waiting_for(self) -> list[int]:
        """Players still to draw or pass."""
        if self.phase != "draw":
            return []
        return [p for p, st in enumerate(self.players) if not st.finished]

    def _after_action(self) -> None:
        if any(not st.finished for st in self.players):
            return
        if self.is_last_turn:
            for st in self.players:
                self._score_round(st)
            self.phase = "over" if self.round == 4 else "between"
        else:
            self.phase = "reveal"

    # ----------------------------------------------------------------- moves

    def _wanted(self, st: PlayerState) -> tuple[str | None, bool]:
        """(symbol wanted or None for any, may start anywhere) for the player's next section."""
        card = self.symbol_card
        if st.double_on and st.drawn_this_turn == 1:
            if card.joker:
                first = self.sheet.stations[st.first_target or ""].symbol
                symbol = None if first == CENTRAL else first
            else:
                symbol = card.symbol
            return symbol, self.switch_turn
        symbol = None if (card.joker or st.joker_on) else card.symbol
        return symbol, self.switch_turn or st.switch_on

    def legal(self, p: int) -> set[tuple[str, str]]:
        """Every (origin, target) the player may draw now."""
        st = self.players[p]
        if self.phase != "draw" or st.finished or st.line is None:
            return set()
        if st.drawn_this_turn >= (2 if st.double_on else 1):
            return set()
        symbol, anywhere = self._wanted(st)
        line = st.line
        origins = set(line.stations) if anywhere else line.ends()
        drawn = st.drawn
        out: set[tuple[str, str]] = set()
        for o in origins:
            for t in self.sheet.neighbours[o]:
                if t in line.stations:
                    continue  # loop
                if not self.sheet.matches(t, symbol):
                    continue
                sec = section(o, t)
                if sec in drawn:
                    continue  # drawn twice
                if any(c in drawn for c in self.sheet.crossing[sec]):
                    continue  # crossing
                out.add((o, t))
        return out

    def draw(self, p: int, origin: str, target: str) -> None:
        """Draw a section (must be legal in the model)."""
        if (origin, target) not in self.legal(p):
            raise ModelError(f"player {p}: {origin}-{target} is not legal in the model")
        st = self.players[p]
        assert st.line is not None
        st.line.add(origin, target)
        st.drawn[section(origin, target)] = st.line.colour
        st.drawn_this_turn += 1
        if st.double_on and st.drawn_this_turn == 1:
            st.first_target = target
        else:
            st.finished = True
        self._after_action()

    def pass_turn(self, p: int) -> None:
        """Draw nothing (more) this turn."""
        st = self.players[p]
        if self.phase != "draw" or st.finished:
            raise ModelError(f"player {p} may not pass now")
        st.finished = True
        self._after_action()

    # ----------------------------------------------------------------- powers

    def power_reason(self, p: int, power: str, station: str | None = None) -> str | None:
        """None when the player may use ``power`` now (on ``station``), else a short reason."""
        st = self.players[p]
        if self.phase in ("setup", "over", "between") or st.line is None:
            return "no round under way"
        if st.power is None:
            return "no powers"
        if st.power != power:
            return f"the pencil's power is {st.power}"
        if st.power_used:
            return "already used this round"
        if power == "circle":
            if station is None:
                return "names no station"
            if station not in st.line.stations:
                return f"{station} is not on this round's line"
            return None
        if station is not None:
            return "names a station"
        if self.phase != "draw":
            return "no card revealed"
        if st.finished:
            return "turn finished"
        if st.drawn_this_turn:
            return "already drew this turn"
        return None

    def use_power(self, p: int, power: str, station: str | None = None) -> None:
        """Use the pencil's power (must be allowed by the model)."""
        why = self.power_reason(p, power, station)
        if why is not None:
            raise ModelError(f"player {p}: power {power} {station} refused by the model: {why}")
        st = self.players[p]
        st.power_used = True
        if power == "circle":
            st.circled = station
            st.circled_all.append(station or "")
        elif power == "double":
            st.double_on = True
        elif power == "joker":
            st.joker_on = True
        elif power == "switch":
            st.switch_on = True

    # ----------------------------------------------------------------- scoring

    def line_terms(self, st: PlayerState) -> RoundResult:
        """The round's scoring terms for the player's current line (as it stands)."""
        line = st.line
        assert line is not None
        per_district: Counter[str] = Counter(self.sheet.stations[s].district for s in line.stations)
        if st.circled is not None:
            per_district[self.sheet.stations[st.circled].district] += 1
        districts = set(per_district)
        best = max(per_district.values())
        thames = sum(1 for s in line.sections if s in self.sheet.thames)
        return RoundResult(
            round=self.round,
            colour=line.colour,
            stations=set(line.stations),
            districts=districts,
            district_count=len(districts),
            best_count=best,
            thames=thames,
            score=len(districts) * best + 2 * thames,
            tourist_sites=line.stations & self.sheet.tourist_sites,
            circled=st.circled,
        )

    def score_after(self, p: int, origin: str, target: str) -> int:
        """The round score the player's line would have with section origin-target added."""
        st = self.players[p]
        assert st.line is not None
        saved = st.line
        trial = Line(saved.colour, saved.departure, set(saved.stations), {}, list(saved.sections))
        trial.add(origin, target)
        st.line = trial
        try:
            return self.line_terms(st).score
        finally:
            st.line = saved

    def _score_round(self, st: PlayerState) -> None:
        result = self.line_terms(st)
        st.rounds.append(result)
        st.tourist_visits += len(result.tourist_sites)

    def station_colours(self, p: int) -> dict[str, set[str]]:
        """Colours at each station: sections touching it, plus departure stations' colours."""
        colours: dict[str, set[str]] = {s: set() for s in self.sheet.stations}
        for sec, colour in self.players[p].drawn.items():
            for s in sec:
                colours[s].add(colour)
        for colour, dep in self.sheet.departure.items():
            colours[dep].add(colour)
        return colours

    def objective_progress(self, p: int, objective: str) -> tuple[int, int]:
        """(progress, target) of a shared objective for the player's sheet."""
        st = self.players[p]
        touched = {s for sec in st.drawn for s in sec}
        if objective == "eight_interchanges":
            cols = self.station_colours(p)
            return sum(len(c) >= 2 for c in cols.values()), 8
        if objective == "all_districts":
            got = {self.sheet.stations[s].district for s in touched}
            return len(got), len(self.sheet.districts)
        if objective == "all_tourist_sites":
            return len(touched & self.sheet.tourist_sites), len(self.sheet.tourist_sites)
        if objective == "central_district":
            central = self.sheet.district_stations[self.sheet.central_district]
            return len(touched & central), len(central)
        if objective == "thames_six":
            return sum(1 for s in st.drawn if s in self.sheet.thames), 6
        raise ValueError(f"unknown objective {objective}")

    def band(self, rated: int) -> int:
        """Index of the solo assessment band holding ``rated``."""
        for i, (lo, hi) in enumerate(self.sheet.solo_bands):
            if (lo is None or rated >= lo) and (hi is None or rated <= hi):
                return i
        raise ValueError(rated)

    def final(self, p: int) -> FinalScore:
        """Every term of the player's tally (final once the game is over)."""
        st = self.players[p]
        rounds = [r.score for r in st.rounds]
        visits = min(st.tourist_visits, len(self.sheet.track) - 1)
        tourist_points = self.sheet.track[visits]
        cols = self.station_colours(p)
        tiers = {k: sum(len(c) == k for c in cols.values()) for k in (2, 3, 4)}
        inter_points = sum(INTERCHANGE_POINTS[k] * n for k, n in tiers.items())
        objectives: dict[str, tuple[int, bool]] = {}
        for obj in self.objectives:
            progress, target = self.objective_progress(p, obj)
            objectives[obj] = (progress, progress >= target)
        obj_points = OBJECTIVE_POINTS * sum(met for _, met in objectives.values())
        total = sum(rounds) + tourist_points + inter_points + obj_points
        rated = band = None
        if self.n == 1 and self.phase == "over":
            rated = total - HANDICAP_PER_MODULE * len(self.modules)
            band = self.band(rated)
        return FinalScore(
            rounds=rounds,
            tourist_count=visits,
            tourist_points=tourist_points,
            interchanges=tiers,
            interchange_points=inter_points,
            objectives=objectives,
            objective_points=obj_points,
            total=total,
            tiebreak=max(rounds, default=0),
            rated=rated,
            band=band,
        )

    def ranking(self) -> list[list[int]]:
        """Players grouped by place: total, then best round; ties share a place."""
        keys = {p: (self.final(p).total, self.final(p).tiebreak) for p in range(self.n)}
        places: list[list[int]] = []
        for key in sorted(set(keys.values()), reverse=True):
            places.append(sorted(p for p, k in keys.items() if k == key))
        return places
