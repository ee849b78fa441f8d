//! RuleScript's built-in catalogue for Card Fighters' Clash: every command, filter, zone,
//! event, hook, ability keyword, rule switch, selector and restriction of the spec,
//! declared once ([`catalogue`]), and implemented on the VM's public API ([`builtins()`],
//! on the game primitives of [`CfcHost`]).
//!
//! Filters, selectors, zones, events, hooks, restrictions and ability grants are run by
//! the VM itself from the catalogue (the host answers `zone_cards`, `has_keyword`,
//! `property`, `rank_key`); the stdlib implements the commands ([`commands`]), the cost
//! components ([`costs`]) and the expression functions ([`functions`]).

pub mod builtins;
pub mod catalogue;
pub mod commands;
pub mod costs;
pub mod functions;
pub mod host;
pub mod keywords;
pub mod names;

#[cfg(test)]
mod tests;

pub use builtins::builtins;
pub use catalogue::{CATALOGUE, Command};
pub use commands::rules::end_effect;
pub use host::CfcHost;
