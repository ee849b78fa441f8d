//! A `VecGame`'s built-in opponent (`opponent="random" | "greedy"`): the player of the
//! seat its learner does not play, moved in Rust inside `step`, so that every row Python
//! sees is the learner's decision; and the learner's seat of each slot.

use game::players::{GreedyPlayer, Player, PlayerKind, RandomPlayer, player_seed};
use game::{Game, Move, Seat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{Row, Slot, Start};

/// A slot's built-in opponent and the seat its learner plays.
pub(super) struct Opponent {
    player: Builtin,
    /// The seat every row of the slot is the decision of.
    pub(super) learner: Seat,
}

/// A built-in player, as a type of its own rather than a `Box<dyn Player>`, which is not
/// `Sync` (a `VecGame` must be).
enum Builtin {
    Random(RandomPlayer),
    Greedy(GreedyPlayer),
}

impl Opponent {
    /// The opponent of kind `kind` (random or greedy) of the slot whose learner plays
    /// `learner`, in the game seeded `game_seed`: seeded as `rsc run` seeds the other seat
    /// ([`player_seed`]).
    pub(super) fn new(kind: PlayerKind, learner: Seat, game_seed: u64) -> Opponent {
        let seed = player_seed(game_seed, learner.other());
        let player = match kind {
            PlayerKind::Greedy => Builtin::Greedy(GreedyPlayer::new(seed)),
            _ => Builtin::Random(RandomPlayer::new(seed)),
        };
        Opponent { player, learner }
    }

    /// Becomes the opponent [`Opponent::new`] makes for the game seeded `game_seed`,
    /// keeping its buffers.
    pub(super) fn start_over(&mut self, game_seed: u64) {
        let seat = self.learner.other();
        match &mut self.player {
            Builtin::Random(player) => player.start_over(game_seed, seat),
            Builtin::Greedy(player) => player.start_over(game_seed, seat),
        };
    }

    /// The index of the move among `moves` (the legal moves of `game`) it makes.
    pub(super) fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<usize, game::players::PlayerError> {
        match &mut self.player {
            Builtin::Random(player) => player.choose(game, moves),
            Builtin::Greedy(player) => player.choose(game, moves),
        }
    }
}

/// Most games in a row a slot with an opponent may see end before its learner's first
/// decision (only a turn limit so small that the opponent's first turn ends the game
/// does that): past it the call fails rather than deal games forever.
const MAX_GAMES_WITHOUT_LEARNER: u32 = 64;

/// Each seat's result of a game `winner` won (`None`: a draw), as `rewards` holds it.
pub(super) fn rewards_of(winner: Option<Seat>) -> [f32; 2] {
    match winner {
        Some(Seat::FIRST) => [1.0, -1.0],
        Some(_) => [-1.0, 1.0],
        None => [0.0, 0.0],
    }
}

/// Plays slot `i`'s opponent until its learner is to move, and leaves the learner's
/// legal moves in the slot. A game that ends is the row's `done` and `rewards` when the
/// learner had made a decision in it (`learner_moved` for the game as it is now), and is
/// passed over otherwise (a reset's row has no `done`, and a row is always the learner's
/// decision); either way the slot starts its next game, whose opening moves the opponent
/// plays too when it moves first; except that with `HOLD` (`autoreset="next_step"`: a
/// constant, so that the default step's code is as it was) a game that is the row's
/// `done` stays in the slot as it ended (`Hot::held`, no legal move), for the next step
/// to start over.
///
/// Bounded: the turn limit ends every game; past [`game::sim::MAX_DECISIONS`] opponent
/// decisions in a row, or [`MAX_GAMES_WITHOUT_LEARNER`] games passed over in a row, it
/// fails.
pub(super) fn play_opponent<const HOLD: bool>(
    start: &Start,
    i: usize,
    slot: &mut Slot,
    row: &mut Row<'_>,
    mut learner_moved: bool,
) -> Result<(), String> {
    let (mut decisions, mut passed_over) = (0usize, 0u32);
    loop {
        if let Some(outcome) = slot.game.outcome() {
            if learner_moved {
                *row.reward = rewards_of(outcome.winner);
                *row.done = 1;
                if let Some(learner) = slot.opponent.as_ref().map(|opponent| opponent.learner) {
                    slot.keep_final(start, learner);
                }
                if HOLD {
                    slot.hot.held = true;
                    slot.legal.clear();
                    return Ok(());
                }
            } else {
                passed_over += 1;
                if passed_over > MAX_GAMES_WITHOUT_LEARNER {
                    return Err(format!(
                        "{MAX_GAMES_WITHOUT_LEARNER} games in a row ended before the learner's first decision \
                         (is the turn limit too small?)"
                    ));
                }
            }
            start.restart_slot(slot, i, slot.episodes.wrapping_add(1))?;
            (learner_moved, decisions) = (false, 0);
            continue;
        }
        let Slot { game, legal, opponent, .. } = slot;
        game.legal_moves_into(legal);
        let Some(opponent) = opponent else {
            return Err("the slot has no opponent".to_owned());
        };
        if Seat::of(game.to_move()) == opponent.learner {
            return Ok(());
        }
        if decisions >= game::sim::MAX_DECISIONS {
            return Err(format!("the opponent made {decisions} decisions in a row and the game goes on"));
        }
        let chosen = opponent.choose(game, legal).map_err(|error| format!("the opponent cannot move: {error}"))?;
        let Some(&mv) = legal.get(chosen) else {
            return Err(format!("the opponent chose move {chosen} of {}", legal.len()));
        };
        game.apply_listed(mv).map_err(|refused| refused.to_string())?;
        decisions += 1;
    }
}

/// The learner's seat in each of `n` slots: `seats` is `None` (slot `i` plays seat `i % 2`,
/// so that both seats learn), one seat for all (0 or 1), or a sequence of `n` seats (a
/// list, a numpy array); a seat is any int, numpy's integers included, but not a bool
/// (Python's or numpy's: `True` would be seat 1 to PyO3, `np.True_` no int at all);
/// anything else is a `ValueError` that says what is expected.
pub(super) fn seats_of(seats: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<Vec<Seat>> {
    const EXPECTED: &str = "learner_seats must be None, 0, 1 or a sequence of one seat (0 or 1) per game";
    let seat = |item: &Bound<'_, PyAny>| match item.extract::<i64>() {
        _ if is_bool(item) => None,
        Ok(0) => Some(Seat::FIRST),
        Ok(1) => Some(Seat::SECOND),
        _ => None,
    };
    // A bool said "must be 0 or 1, not np.True_": what it is, and what to give instead.
    let text = |item: &Bound<'_, PyAny>| {
        let shown = item.repr().map(|text| text.to_string()).unwrap_or_else(|_| "?".to_owned());
        match is_bool(item) {
            true => format!("{shown} (a bool: seats are the ints 0 and 1; from a bool array, `mask.astype(int)`)"),
            false => shown,
        }
    };
    let Some(seats) = seats else {
        return Ok((0..n).map(|i| Seat::at(i % 2)).collect());
    };
    if seats.extract::<i64>().is_ok() || is_bool(seats) || seats.is_instance_of::<pyo3::types::PyString>() {
        return match seat(seats) {
            Some(one) => Ok(vec![one; n]),
            None => Err(PyValueError::new_err(format!("{EXPECTED}, not {}", text(seats)))),
        };
    }
    let Ok(items) = seats.try_iter() else {
        return Err(PyValueError::new_err(format!("{EXPECTED}, not {}", text(seats))));
    };
    let mut all = Vec::with_capacity(n);
    // At most n + 1 are read: enough to tell n from more, and an endless iterable ends.
    for (k, item) in items.take(n + 1).enumerate() {
        let item = item?;
        match seat(&item) {
            Some(one) if k < n => all.push(one),
            Some(_) => {
                return Err(PyValueError::new_err(format!("learner_seats has more than {n} seats, one per game")));
            }
            None => {
                return Err(PyValueError::new_err(format!("learner_seats[{k}] must be 0 or 1, not {}", text(&item))));
            }
        }
    }
    if all.len() < n {
        return Err(PyValueError::new_err(format!("learner_seats has {} seats, not one per game ({n})", all.len())));
    }
    Ok(all)
}

/// Whether `item` is a bool: Python's, or a numpy bool scalar (`numpy.bool_`, told by its
/// type's module and name, so that numpy is not asked).
fn is_bool(item: &Bound<'_, PyAny>) -> bool {
    if item.is_instance_of::<pyo3::types::PyBool>() {
        return true;
    }
    let kind = item.get_type();
    let named = |attr: &str, expected: &[&str]| {
        kind.getattr(attr)
            .and_then(|value| value.extract::<String>())
            .is_ok_and(|value| expected.contains(&value.as_str()))
    };
    named("__module__", &["numpy"]) && named("__name__", &["bool", "bool_"])
}
