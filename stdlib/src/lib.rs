//! RuleScript's built-in catalogue for Card Fighters' Clash: every command, filter, zone,
//! event, hook, ability keyword, rule switch, selector and restriction of the spec,
//! declared once, and (later) implemented on the VM's public API.

pub mod catalogue;

#[cfg(test)]
mod tests;

pub use catalogue::{CATALOGUE, Command};
