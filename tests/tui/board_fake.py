"""A tiny board game for the table's board tests, built from the board kit and hand-made
board moves: the table must work from a ``BoardView`` and its ``BoardMoveView`` list alone.

Its moves are the listed board moves (played by their text) and ``pass CARD``; playing one
logs it, moves the pieces as its steps say, sends bumped pieces to their first free start
hole and passes the turn on.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import parse_card
from cardtable.engine.errors import IllegalMove
from cardtable.engine.moves import Move
from cardtable.engine.phases import PhaseKind
from cardtable.engine.undo import UndoCheck
from cardtable.engine.verbs import Takes, VerbSpec
from cardtable.engine.views import BoardMoveView, BoardView, PlayerView, SeatView
from cardtable.kits.board import BoardLayout, track_layout
from cardtable.session import Session

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def step(card: str, *steps: tuple[str, str], bumps: Sequence[str] = (), text: str = "") -> BoardMoveView:
    """A board move whose text is the card and its steps (``7D:10>13,30>34``)."""
    body = ",".join(f"{a}>{b}" for a, b in steps)
    return BoardMoveView(move=f"{card}:{body}", card=card, steps=steps, bumps=tuple(bumps), text=text)


class FakeBoardSession(Session):
    """A session over a fake board game (no registry, no save): seat 0 to act."""

    def __init__(
        self,
        layout: BoardLayout,
        pieces: dict[str, str],
        hands: list[list[str]],
        moves: list[BoardMoveView],
        bots: list[str | None] | None = None,
        log: Sequence[str] = (),
    ) -> None:
        self.layout = layout
        self.pieces = dict(pieces)
        self.hands = [list(h) for h in hands]
        self.moves = list(moves)
        seats = len(layout.colours)
        self.bots = bots or [None] * seats
        self.players = {}
        self.hints = [0] * seats
        self.save_path = None
        self.save_error = None
        self.to_act: int | None = 0
        self.log = list(log)
        self.played: list[str] = []

    @property
    def verbs(self) -> tuple[VerbSpec, ...]:
        return (VerbSpec("pass", "z", "Pass", Takes.CARD, enter=9, example="pass 9D"),)

    def legal_moves(self) -> tuple[Move, ...]:
        board = tuple(Move("play", text=m.move) for m in self.moves)
        hand = self.hands[self.to_act] if self.to_act is not None else []
        passes = tuple(Move("pass", (parse_card(c),)) for c in dict.fromkeys(hand))
        return board + (passes if not board else ())

    def find_move(self, move: Move | str) -> Move:
        text = str(move).strip()
        for m in self.legal_moves():
            if str(m).lower() == text.lower():
                return m
        raise IllegalMove(f"'{text}' is not one of the moves now")

    def warning(self, move: Move) -> str | None:
        return None

    @property
    def move_count(self) -> int:
        return len(self.played)

    def can_undo(self, seat: int | None) -> UndoCheck:
        return UndoCheck(False, "the fake board game takes nothing back")

    def grouping(self, seat: int, finish: int | None = None) -> None:
        return None

    def play(self, move: Move | str) -> Move:
        found = self.find_move(move)
        seat = self.to_act
        assert seat is not None
        text = str(found)
        self.played.append(text)
        board = next((m for m in self.moves if m.move == text), None)
        card = board.card if board is not None else text.split()[-1]
        self.hands[seat].remove(card)
        if board is not None:
            for hole in board.bumps:
                colour = self.pieces.pop(hole)
                home = next(f"{colour}S{k}" for k in range(1, 10) if f"{colour}S{k}" not in self.pieces)
                self.pieces[home] = colour
            for a, b in board.steps:
                self.pieces[b] = self.pieces.pop(a)
        self.log.append(f"{NAMES[seat]}: {text}")
        self.moves = []
        self.to_act = (seat + 1) % len(self.bots)
        return found

    def view(self, seat: int | None) -> PlayerView:
        colours = self.layout.colours
        mine = seat is not None and seat == self.to_act
        board: BoardView = self.layout.view(self.pieces, self.moves if mine else ())
        seats = tuple(
            SeatView(seat=s, name=NAMES[s], card_count=len(self.hands[s]), score=0, to_act=s == self.to_act)
            for s in range(len(colours))
        )
        half = len(colours) // 2
        teams = tuple(tuple(range(t, len(colours), 2)) for t in range(2)) if half > 1 else ()
        return PlayerView(
            game="fake-board",
            title="A board",
            seat=seat,
            phase="play",
            phase_kind=PhaseKind.MOVE,
            to_act=self.to_act,
            seats=seats,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            stock_count=40,
            discard_top="5S",
            discard_count=3,
            board=board,
            legal_moves=tuple(str(m) for m in self.legal_moves()) if mine else (),
            status=f"{NAMES[self.to_act]} to play a card" if self.to_act is not None else "",
            log=tuple(self.log),
            teams=teams,
        )


def four_player(tmp_bots: list[str | None] | None = None) -> FakeBoardSession:
    """Blue (Ann) to play with 7D, 5C, JK, 8S, 2H, 9D: marbles out at 10 and 30, Red at 13
    and 34, Green's castle partly filled."""
    layout = track_layout("BRGY")
    pieces = layout.pieces(
        {
            "B": ("10", "30", "S", "S", "S"),
            "R": ("13", "34", "S", "S", "S"),
            "G": ("C1", "C2", "50", "S", "S"),
            "Y": ("S", "S", "S", "S", "S"),
        }
    )
    moves = [
        step("7D", ("10", "17")),
        step("7D", ("30", "37")),
        step("7D", ("10", "13"), ("30", "34"), bumps=("13", "34"), text="3 with 10, 4 with 30"),
        step("7D", ("10", "12"), ("30", "35")),
        step("7D", ("10", "14"), ("30", "33")),
        step("5C", ("10", "15")),
        step("5C", ("30", "35")),
        step("JK", ("10", "50"), bumps=("50",)),
        step("JK", ("BS1", "13"), bumps=("13",)),
        step("8S", ("10", "2")),
        step("2H", ("30", "32")),
        step("2H", ("10", "12")),
    ]
    hands = [["7D", "5C", "JK", "8S", "2H", "9D"]] + [["4C"] * 5 for _ in range(3)]
    return FakeBoardSession(layout, pieces, hands, moves, tmp_bots, ["Bob: 5C:R8>13"])


def eight_player() -> FakeBoardSession:
    """The 144-hole board with a few pieces out and two moves for the 3H."""
    layout = track_layout("BRGYPOWK")
    where: dict[str, tuple[str, ...]] = {c: ("S", "S", "S", "S") for c in layout.colours}
    where["B"] = ("S", "S", "S", "S", "100")
    where["W"] = ("C1", "110", "S", "S", "S")
    where["K"] = ("140", "S", "S", "S", "S")
    moves = [step("3H", ("100", "103")), step("3H", ("WS1", "115"))]
    hands = [["3H", "9C", "KD", "QS", "2C", "6H"]] + [["4C"] * 5 for _ in range(7)]
    return FakeBoardSession(layout, layout.pieces(where), hands, moves)
