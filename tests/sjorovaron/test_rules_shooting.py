"""Sjörövarön shooting, wounds, pushing and the map pieces (SJO §7-§8), one test (or
more) per rule, named after the rule."""

from __future__ import annotations

from fractions import Fraction

from treasurekit.sjorovaron import SjoGame, SjoState
from treasurekit.sjorovaron.board import load_map
from treasurekit.sjorovaron.lines import clear_line

H, S, M = "hook", "svullo", "marquis"


def game(players: int = 2, **options: object) -> SjoGame:
    return SjoGame(players=players, **options)


def play(s: SjoState, *moves: str) -> SjoState:
    for m in moves:
        s.play(m)
    return s


def pirate(s: SjoState, name: str) -> tuple[str, int | None, bool]:
    seat = s.seat_of(name)
    assert seat is not None
    p = s.pirate(seat)
    assert p is not None
    return (s.board.label(p.at) if p.at >= 0 else "-", p.wound, p.out)


def shoot_options(s: SjoState) -> set[str]:
    return {str(m) for m in s.legal_moves() if str(m).startswith("shoot")}


# ----- SJO §7 Shooting: the line -------------------------------------------------------------
def test_shooting_needs_a_straight_line_of_hexes() -> None:
    s = game().position({H: "q14", S: "o12"})
    assert shoot_options(s) == set()
    reason = s.why_illegal("shoot svullo") or ""
    assert "not on a straight line" in reason and "SJO §7" in reason


def test_shooting_over_the_river() -> None:
    s = game().position({H: "i12", S: "l12"})
    assert shoot_options(s) == {"shoot svullo"}


def test_shooting_over_a_cliff_jump_gap() -> None:
    s = game().position({H: "g4", S: "i4"})
    assert shoot_options(s) == {"shoot svullo"}


def test_shooting_not_over_a_drawn_obstacle() -> None:
    s = game().position({H: "p12", S: "r12"})
    assert shoot_options(s) == set()
    assert "rock at q12" in (s.why_illegal("shoot svullo") or "")


def test_shooting_not_past_a_wounded_pirate() -> None:
    s = game(3).position({H: "n14", S: "q14", M: "o14"}, wounded={M: 2})
    assert "shoot svullo" not in shoot_options(s)
    assert "the wounded Marquis at o14" in (s.why_illegal("shoot svullo") or "")


def test_shooting_past_an_unharmed_pirate_unless_the_option_says_so() -> None:
    s = game(3).position({H: "n14", S: "q14", M: "o14"})
    assert shoot_options(s) == {"shoot svullo", "shoot marquis"}
    t = game(3, line_blockers="all").position({H: "n14", S: "q14", M: "o14"})
    assert shoot_options(t) == {"shoot marquis"}


def test_shooting_names_its_target() -> None:
    s = game().position({H: "q14", S: "n14"})
    assert "not in this game" in (s.why_illegal("shoot marquis") or "")
    assert "himself" in (s.why_illegal("shoot hook") or "")
    events = s.play("shoot svullo")
    assert "Shooting at Svullo" in events[0].text and s.phase == "shot"


def test_shooting_die_hits_with_the_ring_faces() -> None:
    s = game().position({H: "q14", S: "n14"})
    play(s, "shoot svullo")
    assert dict((str(m), p) for m, p in s.chance_outcomes()) == {
        "hit": Fraction(1, 3), "miss": Fraction(2, 3)}
    t = game(hit_faces=3).position({H: "q14", S: "n14"})
    play(t, "shoot svullo")
    assert dict((str(m), p) for m, p in t.chance_outcomes())["hit"] == Fraction(1, 2)


def test_shooting_not_while_floating() -> None:
    s = game().position({H: "k12", S: "l12"})
    assert shoot_options(s) == set()
    assert "in the water" in (s.why_illegal("shoot svullo") or "")


# ----- SJO §7 wounds -----------------------------------------------------------------------------
def test_wound_misses_three_turns_with_the_count_shown() -> None:
    s = game().position({H: "q14", S: "n14"})
    play(s, "shoot svullo", "hit")
    assert pirate(s, S) == ("n14", 3, False)
    assert s.view(0).pirates[1].status == "wounded" and s.view(0).pirates[1].wound == 3
    for left in (2, 1, 0):
        play(s, "move", "roll 1", "walk q15" if pirate(s, H)[0] == "q14" else "walk q14")
        assert s.current_player == 0  # Svullo's turn was skipped
        assert pirate(s, S)[1] == left
    play(s, "move", "roll 1", "walk q15" if pirate(s, H)[0] == "q14" else "walk q14")
    assert s.current_player == 1 and pirate(s, S)[1] is None  # stands up, plays


def test_wounded_pirate_may_not_be_targeted() -> None:
    s = game().position({H: "q14", S: "n14"}, wounded={S: 2})
    assert shoot_options(s) == set()
    assert "cannot be shot at until he recovers" in (s.why_illegal("shoot svullo") or "")


def test_wounded_in_the_water_drifts_by_the_die_and_counts() -> None:
    s = game().position({H: "l12", S: "k12"})
    play(s, "shoot svullo", "hit", "move", "roll 1", "walk m12")
    assert s.is_chance_node() and s.action == "drift"  # Svullo's turn: only the die
    play(s, "roll 1")
    assert pirate(s, S) == ("k13", 2, False)


def test_wounded_in_the_water_cannot_climb_out_until_recovered() -> None:
    s = game().position({H: "e12", S: "k9"}, wounded={S: 1}, turn=S)
    assert s.is_chance_node()
    play(s, "roll 1")
    assert pirate(s, S) == ("k10", 0, False)
    play(s, "move", "roll 1", "walk e13")
    moves = {str(m) for m in s.legal_moves()}
    assert "float" in moves and any(m.startswith("climb") for m in moves)


def test_pushing_a_wounded_pirate_on_the_shore_into_the_water() -> None:
    s = game().position({H: "n12", S: "l12"}, wounded={S: 2}, die=2)
    play(s, "walk m12 l12")
    pushes = {str(m) for m in s.legal_moves() if str(m).startswith("push")}
    assert pushes == {"push k12", "push l11"}
    play(s, "push k12")
    assert pirate(s, S) == ("k12", 2, False)
    assert s.view(0).pirates[1].in_water


def test_pushing_needs_a_water_hex_next_to_him() -> None:
    s = game(3).position({H: "q14", S: "q16", M: "e12"}, wounded={S: 2}, die=2)
    play(s, "walk q15 q16")
    assert s.current_player == 2  # nothing left to do: the turn ended
    assert "only after ending your move on his hex" in (s.why_illegal("push k12") or "")


def test_pushing_into_the_sea_puts_him_out_of_the_game() -> None:
    s = game(3).position({H: "d12", S: "c11", M: "q14"}, wounded={S: 2}, die=2)
    play(s, "walk c12 c11")
    assert "push b11" in {str(m) for m in s.legal_moves()}
    play(s, "push b11")
    assert pirate(s, S)[2] is True


# ----- SJO §8 the map pieces ---------------------------------------------------------------------
def test_map_pieces_taken_by_ending_on_a_wounded_pirate() -> None:
    s = game().position({H: "q14", S: "q16"}, wounded={S: 2}, die=2)
    before = len(s.pieces(1))
    events = s.play("walk q15 q16")
    assert len(s.pieces(0)) == 8 and before == 4 and not s.pieces(1)
    assert any("takes 4 map pieces" in e.text for e in events)


def test_map_pieces_taken_by_passing_a_wounded_pirate() -> None:
    s = game().position({H: "q14", S: "q15"}, wounded={S: 2}, die=2)
    play(s, "walk q15 q16")
    assert len(s.pieces(0)) == 8


def test_map_pieces_taken_from_a_wounded_floater_by_a_land_hex_next_to_him() -> None:
    s = game().position({H: "n12", S: "k12"}, wounded={S: 2}, die=2)
    play(s, "walk m12 l12")
    assert len(s.pieces(0)) == 8


def test_the_listed_walk_passes_a_wounded_pirate_when_it_can() -> None:
    s = game().position({H: "q14", S: "q15"}, wounded={S: 2}, die=2)
    assert s.reachable()["q16"] == ("q15", "q16")
    assert s.walk_to("r15") is not None


def test_all_eight_pieces_reveal_the_spot_to_their_holder_only() -> None:
    s = game().position({H: "q14", S: "q16"}, wounded={S: 2}, spot="cave", die=2)
    events = s.play("walk q15 q16")
    assert s.knows == frozenset({0})
    assert s.view(0).spot == "cave" and s.view(1).spot is None
    assert not any("cave" in e.text.lower() or "Bat" in e.text for e in events)


def test_the_first_with_all_eight_gets_five_moves_while_nobody_else_acts() -> None:
    s = game().position({H: "q14", S: "q16"}, wounded={S: 2}, spot="cave", die=2)
    play(s, "walk q15 q16")
    assert s.bonus_turns == 4 and s.current_player == 0  # bonus turn 1 of 5
    for _ in range(5):
        assert s.current_player == 0
        play(s, "move", "roll 1")
        s.play(s.legal_moves()[0])
        while s.phase == "after":
            s.play("end")
    assert s.current_player == 0  # Svullo lay wounded: his turn was skipped once
    assert pirate(s, S)[1] == 1


def test_only_the_first_with_all_eight_gets_the_five_moves() -> None:
    s = game(3).position({H: "q14", S: "q16", M: "e12"}, wounded={S: 2}, knows=[M],
                         pieces={H: ["skull", "eagle", "spring", "oak"],
                                 S: ["well", "palms", "cross", "grave"]}, spot="cave", die=2)
    play(s, "walk q15 q16")
    assert s.knows == frozenset({0, 2}) and s.bonus_turns == 0
    assert s.current_player == 2


def test_everyone_who_held_all_eight_may_dig() -> None:
    s = game().position({H: "i17", S: "e12"}, spot="cave", knows=[H])
    assert "dig" in {str(m) for m in s.legal_moves()}
    t = game().position({H: "i17", S: "e12"}, spot="cave", turn=H)
    reason = t.why_illegal("dig") or ""
    assert "never held all eight" in reason and "SJO §8" in reason


def test_pieces_lost_at_sea_end_the_game_without_a_winner() -> None:
    s = game(3).position({H: "k18", S: "e12", M: "q14"}, turn=H)
    play(s, "float", "roll 2")
    out = s.outcome()
    assert out is not None and "lost at sea" in out.termination
    assert out.winners == (0, 1, 2) and out.scores == (0, 0, 0)


def test_the_five_moves_come_with_shots() -> None:
    s = SjoGame(players=3).position({H: "q14", S: "q16", M: "n15"}, wounded={S: 2},
                                    pieces={H: ["skull", "eagle", "spring", "oak"],
                                            S: ["well", "palms", "cross", "grave"], M: []},
                                    spot="cave", die=2)
    play(s, "walk q15 q16")
    assert s.bonus_turns == 4 and s.current_player == 0
    assert "shoot marquis" not in shoot_options(s)  # Marquis at n15: not in line from q16
    play(s, "move", "roll 1", "walk q15")
    assert s.current_player == 0 and "shoot marquis" in shoot_options(s)


def test_pushing_into_the_sea_can_be_switched_off() -> None:
    s = game(3, sea_push="no").position({H: "d12", S: "c11", M: "q14"}, wounded={S: 2}, die=2)
    play(s, "walk c12 c11")
    assert not any(str(m).startswith("push") for m in s.legal_moves())


def test_lines_of_fire_kept_per_shooter_match_the_lines_drawn_hex_by_hex() -> None:
    """SJO §7, ruling SJO-9: the lines kept per shooter (``lines.lines_from``) are, for
    every pair of hexes of the map, the hexes strictly between on a straight line with no
    rock (``board.between``), or none."""
    board = load_map()
    n = len(board.hexes)
    for a in range(n):
        for b in range(n):
            line = board.between(a, b)
            want = None
            if line is not None and not any(board.is_rock(h) for h in line):
                want = sum(1 << h for h in line)
            assert clear_line(board, a, b) == want, (board.label(a), board.label(b))
