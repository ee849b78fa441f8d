//! The invariants a game holds after every step: every card in exactly one place, the
//! number of cards unchanged, HP, SP and BP within the rules' bounds (spec §4.11: HP and
//! SP never below 0, HP 0 ends the game; BP never below 0), and no execution half-done.

use crate::Game;
use crate::state::GameState;

impl Game {
    /// Checks the invariants of the module documentation; `cards` is the number of card
    /// instances the game began with. The error says which one broke.
    pub fn check_invariants(&self, cards: usize) -> Result<(), String> {
        let state = self.state();
        if state.cards.len() != cards {
            return Err(format!("the game has {} cards, it began with {cards}", state.cards.len()));
        }
        state.check_conservation()?;
        for (p, player) in state.players.iter().enumerate() {
            if player.hp < 0 {
                return Err(format!("player {p} has {} HP (below 0)", player.hp));
            }
            if player.hp == 0 && state.outcome.is_none() {
                return Err(format!("player {p} has 0 HP and the game goes on"));
            }
            if player.sp < 0 {
                return Err(format!("player {p} has {} SP (below 0)", player.sp));
            }
            for card in player.characters() {
                if let Some(c) = state.card(card)
                    && c.bp < 0
                {
                    return Err(format!("{} (card #{}) has {} BP (below 0)", state.name(card), card.0, c.bp));
                }
            }
        }
        check_nothing_half_done(self, state)
    }
}

/// A finished game has nothing left to run; a game waiting for a move has no payment
/// window open and no activation queued, and a pending question has fewer picks than
/// its most.
fn check_nothing_half_done(game: &Game, state: &GameState) -> Result<(), String> {
    if state.outcome.is_some() {
        if game.pending().is_some() {
            return Err("the game is over with a card's execution still suspended".into());
        }
        if !state.agenda.is_empty() {
            return Err(format!("the game is over with {} engine steps still to run", state.agenda.len()));
        }
        return Ok(());
    }
    match game.pending() {
        Some(exec) => {
            let max = usize::from(exec.request().max);
            if max > 0 && state.picks.len() >= max {
                return Err(format!("a question has {} picks of at most {max} and was not sent", state.picks.len()));
            }
        }
        None => {
            if !state.windows.is_empty() {
                return Err(format!("{} payment or damage windows are left open", state.windows.len()));
            }
            if !state.queued.is_empty() {
                return Err(format!("{} queued activations were never run", state.queued.len()));
            }
            if state.search_scope.is_some() {
                return Err("a pile search was left open".into());
            }
        }
    }
    Ok(())
}
