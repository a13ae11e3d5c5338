"""The shared engine contract: player ids, moves/events/outcomes, errors, chance,
records, the registry and bots. Nothing here imports Jupyter packages."""

from .bots import Bot, Candidate, MCTSBot, RandomBot
from .chance import sample_outcome
from .errors import (
    BoardDataError,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    RecordError,
    Refusal,
    SeatError,
    UnknownGameError,
    check_seat,
)
from .events import CHANCE, TERMINAL, Event, Outcome
from .game import Game, Option, State
from .phases import PhaseEnum
from .records import GameRecord
from .registry import GAMES, SeatReplay, load_game, register, replay, replay_seat
from .seat import SeatRecord
from .stats import Estimate, wilson_interval

__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "BoardDataError",
    "Bot",
    "Candidate",
    "Estimate",
    "Event",
    "Game",
    "GameRecord",
    "IllegalMoveError",
    "MCTSBot",
    "MoveParseError",
    "Option",
    "OptionError",
    "Outcome",
    "PhaseEnum",
    "RandomBot",
    "RecordError",
    "Refusal",
    "SeatError",
    "SeatRecord",
    "SeatReplay",
    "State",
    "UnknownGameError",
    "check_seat",
    "load_game",
    "register",
    "replay",
    "replay_seat",
    "sample_outcome",
    "wilson_interval",
]
