//! RuleScript's built-in catalogue for Card Fighters' Clash: every command, filter, zone,
//! event, hook, ability keyword, rule switch, selector and restriction of the spec,
//! declared once ([`catalogue`]), and implemented on the VM's public API ([`builtins()`],
//! on the game primitives of [`CfcHost`]).
//!
//! Filters, selectors, zones, events, hooks, restrictions and ability grants are run by
//! the VM itself from the catalogue (the host answers `zone_cards`, `has_keyword`,
//! `property`, `rank_key`); the stdlib implements the commands ([`commands`]), the cost
//! components ([`costs`]) and the expression functions ([`functions`]).
//!
//! # What a game that embeds these builtins must do
//!
//! A game implements [`CfcHost`] (and so `vm::runtime::Host`) over its state, registers
//! `builtins::<MyGame>()` with its `vm::runtime::Runtime`, and:
//!
//! - forwards `Host::end_effect` to [`end_effect`], so a restriction timer (`ueot`...)
//!   removes exactly the rule switches and cost changes the effect applied;
//! - honours [`CfcHost::set_search_scope`] in `Host::zone_cards` (a filter argument such as
//!   `discard(<1>action)` searches the targeted player's hand);
//! - calls `Runtime::run_events` after each execution, so the events the commands queued
//!   (`removed`, `powerless`...) run their autos;
//! - after [`CfcHost::set_rules`] (`copyAbility`, `loseAbility`, `steal`, `swapAbilities`,
//!   `transform`), restarts the card's autos with `Runtime::leave_play` / `enter_play`;
//! - runs the activations queued with [`CfcHost::queue_activation`] (`activate(card)`) once
//!   the current execution has ended;
//! - opens a payment window ([`CfcHost::open_window`]) around the `beforePayCost<Type>`
//!   event of every SP payment it makes, and applies the sum [`CfcHost::close_window`]
//!   gives (`modCost` adjusts only that payment; `damage` opens its own damage window around
//!   `beforeDamage`, and a game that dispatches `beforeDamage` for combat damage does the
//!   same);
//! - answers the game-state names the runtime does not bind itself through
//!   `Host::variable` and `Host::attribute`: `me`/`opp`-relative state such as `alone` and
//!   `soloAttack`, the ability-type constants `instant`, `triggered`, `auto`, and the card
//!   and player attributes (`hp`, `sp`, `hand`, `ring`, `bp`, `lastBP`, `ability`,
//!   `controller`...). The runtime binds `this`, `tgt` and `prevTgt`, and the names an
//!   event or command binds during the execution (`trigger`, `discarded`, `destroyed`,
//!   `moved`, `trashed`, `sacrificed`...); event payloads such as `attacker`, `blocker` and
//!   `uaBP` come with the events the game emits.
//!
//! `testing::Board` (feature `testing`) is a worked example of all of this on a small
//! in-memory board; the stdlib's tests and the fuzz harness run on it.

pub mod builtins;
pub mod catalogue;
pub mod commands;
pub mod costs;
pub mod functions;
pub mod host;
pub mod keywords;
pub mod names;
#[cfg(feature = "testing")]
pub mod testing;

#[cfg(test)]
mod tests;

pub use builtins::builtins;
pub use catalogue::{CATALOGUE, Command};
pub use commands::rules::end_effect;
pub use host::CfcHost;
