//! A player gaining or losing life (Wagic's `WEventLife`, which `@lifeof(player)`,
//! `@lifelostfoeof(player)` and their kin listen to): every change of a life total goes
//! through `WagicHost::change_life` (damage, a paid cost, `life:n`, `lifeset:n`), which
//! notes it; the table emits `lifegained` or `lifelost` for each as it settles, its object
//! the player and `thatmuch` how much, as Wagic's trigger stores it.

use vm::runtime::{Event, Value};

use super::Table;

impl Table {
    /// Emits `lifegained` or `lifelost` for each change noted since the last time;
    /// whether there was any.
    pub(super) fn emit_life_changed(&mut self) -> bool {
        let changed = std::mem::take(&mut self.board.life_changed);
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
