//! A player gaining or losing life (Wagic's `WEventLife`, which `@lifeof(player)`,
//! `@lifelostfoeof(player)` and their kin listen to): every change of a life total goes
//! through `WagicHost::change_life` (damage, a paid cost, `life:n`, `lifeset:n`), which
//! notes it; the table emits `lifegained` or `lifelost` for each as it settles, its object
//! the player and `thatmuch` how much, as Wagic's trigger stores it.
//!
//! Life triggers that change life again (Sanguine Bond beside Exquisite Blood) loop
//! until a player's life decides the game: Wagic's state check ends it as the next
//! trigger goes on the stack. Here no life event is emitted once a life total has decided
//! the game, and the loop runs on within the round of settling it started in
//! ([`Table::run_life_loop`]), which a loop of small changes would otherwise outrun.

use vm::runtime::{Event, Value};

use super::{BATTLEFIELD, P0, P1, Table, TableError, trap};

/// The most times [`Table::run_life_loop`] emits the life changes within one round.
const MAX_LIFE_LOOPS: usize = 256;

impl Table {
    /// Whether a player's life total decides the game: 0 or less, with no `cantlose`
    /// permanent of its own nor `cantwin` one of its opponent's (the game's check of
    /// losses, `play/mod.rs`).
    fn life_decides(&self) -> bool {
        let board = &self.board;
        let has = |player, ability: &str| {
            board.zone(player, BATTLEFIELD).into_iter().any(|card| board.has_ability(card, ability))
        };
        [(P0, P1), (P1, P0)].into_iter().any(|(player, opponent)| {
            board.player(player).life <= 0 && !has(player, "cantlose") && !has(opponent, "cantwin")
        })
    }

    /// Runs the triggers of the life changes their own effects made, again and again, until
    /// none is left, a question waits or the game is decided (at most [`MAX_LIFE_LOOPS`]
    /// times: what is left is the next round's). `heard`: whether the round emitted life
    /// events, whose triggers may have made these changes; changes so made once the game
    /// is decided are noted ([`Table::life_heard_no_more`]).
    pub(super) fn run_life_loop(&mut self, mut heard: bool) -> Result<(), TableError> {
        for _ in 0..MAX_LIFE_LOOPS {
            if self.held.is_some() || self.board.life_changed.is_empty() {
                return Ok(());
            }
            if self.life_decides() {
                self.life_heard_no_more |= heard;
                return Ok(());
            }
            heard = self.emit_life_changed();
            let outcome = self.runtime.run_events(&mut self.board).map_err(trap)?;
            self.finish(outcome)?;
        }
        Ok(())
    }

    /// Emits `lifegained` or `lifelost` for each change noted since the last time (none
    /// once a life total decides the game); whether there was any.
    pub(super) fn emit_life_changed(&mut self) -> bool {
        let changed = std::mem::take(&mut self.board.life_changed);
        if self.life_decides() {
            return false;
        }
        let that_much = crate::front::spec::variable("thatmuch");
        for &(player, amount) in &changed {
            let name = if amount > 0 { "lifegained" } else { "lifelost" };
            let Some(event) = self.runtime.event_index(name) else { continue };
            let event = Event::new(event, player).with_object(Value::Player(player));
            self.runtime.emit(event.bind(that_much, Value::Int(amount.saturating_abs())));
        }
        !changed.is_empty()
    }
}
