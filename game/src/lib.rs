//! The reference Card Fighters' Clash game engine: the rules of spec §4 in memory, with
//! cards' RuleScript run by the embedded `vm::runtime::Runtime` and the stdlib's builtins.
//!
//! ```
//! use std::sync::Arc;
//! use game::{CardSet, Game, Move};
//!
//! // A card set: the corpus when it is there, else a tiny set built in code.
//! let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/cfc");
//! let set = Arc::new(match CardSet::load(&corpus) {
//!     Ok(set) => set,
//!     Err(_) => game::testing::tiny_set().unwrap(),
//! });
//! // Two decks of the set's first characters, and a seed: one seed, one game.
//! let deck: Vec<usize> = (0..set.cards().len())
//!     .filter(|&i| set.cards()[i].kind == game::CardKind::Character)
//!     .take(10)
//!     .cycle()
//!     .take(50)
//!     .collect();
//! let mut game = Game::new(Arc::clone(&set), [deck.clone(), deck], 7).unwrap();
//! // The first player is in their Main phase: list the legal moves and apply some.
//! let moves = game.legal_moves();
//! assert!(moves.contains(&Move::Pass));
//! let play = moves.iter().find(|m| matches!(m, Move::PlayCharacter { .. })).cloned();
//! if let Some(play) = play {
//!     game.apply(play).unwrap();
//! }
//! game.apply(Move::Pass).unwrap(); // to the Attack phase (or on, if nobody can attack)
//! assert!(game.outcome().is_none());
//! for entry in game.log() {
//!     println!("{entry}");
//! }
//! ```
//!
//! # Saving a game: what JSON round-trips
//!
//! [`GameState`] is plain data: `serde_json` writes it and reads it back equal once
//! [`GameState::attach_set`] gives it its card set again (test
//! `the_state_is_plain_data_that_round_trips_through_json`). It holds the board, the log,
//! the agenda of procedure steps and the seeded generator, so a tool can inspect, hash or
//! diff a saved position.
//!
//! A [`Game`] cannot be rebuilt from a saved [`GameState`]: what the rules put in force
//! lives in the embedded runtime, which is not serialisable, namely the autos' event
//! subscriptions, the effects recorded to be reverted later (`ueot`, `oppueot`, `unac`
//! and the like, ability grants, cost changes) and a card's execution suspended on a
//! question. Re-subscribing the cards in play would not bring back the timed effects of
//! cards that already left, so a rebuilt game could silently differ.
//!
//! To save a game, save how it started (the decks and the seed of [`Game::new`], or the
//! [`Setup`] of [`Game::from_setup`]) and the moves applied: one start and one seed give
//! one game, so applying the same moves again rebuilds it exactly, pending question
//! included (tests `the_same_seed_gives_the_same_game` and
//! `replaying_the_moves_rebuilds_the_game_question_included`).
//!
//! # Map
//!
//! - [`set`]: [`CardSet`] (printed cards and their compiled rules), [`CardDef`].
//! - [`state`]: [`GameState`], the whole board as one plain, serialisable value; it is the
//!   host the rules run against (`host_impl.rs`, on the primitives of `board.rs`).
//! - [`Game`] (`engine.rs`): the state beside the runtime and the execution waiting for an
//!   answer; the agenda of procedure steps (`phases.rs`, `combat.rs`).
//! - [`moves`]: [`Move`], the fixed action space, [`Game::legal_moves`], [`Game::apply`]
//!   (`legal.rs` says what is legal, `actions.rs` what each decision does).
//! - [`setup`]: [`Game::new`] from two decks, [`Game::from_setup`] from an explicit board,
//!   [`Game::advance_to`].
//! - [`view`]: [`Game::view`], what one player may see. [`log`]: the event log.
//! - [`query`]: [`Game::question`] (the pending card question as data), lookups.
//! - [`deck`]: `.o8d` decks checked against the deck rules. [`scenario`]: TOML card tests
//!   (`rsc test`). [`bounded`]: reading their files within a bound, pipes and devices too.
//!   [`output`]: writing an output file whole or not at all.

mod actions;
mod agenda;
mod backups;
mod board;
pub mod bounded;
mod combat;
mod copy;
pub mod deck;
mod engine;
mod host_impl;
mod legal;
pub mod log;
pub mod moves;
pub mod output;
mod phases;
pub mod players;
pub mod query;
pub mod scenario;
pub mod set;
pub mod setup;
pub mod sim;
pub mod state;
pub mod testing;
pub mod view;

pub use engine::{Game, MAX_CASCADE_STEPS_PER_CALL, MAX_LOG_ENTRIES_PER_CALL, MAX_STEPS_PER_CALL};
pub use log::{Log, LogEntry, LogKind};
pub use moves::{ACTION_SPACE, Applied, Choice, IllegalMove, Move};
pub use query::Question;
pub use set::{AbilityType, CardDef, CardKind, CardSet, DefIdx, SetError};
pub use setup::{AdvanceError, PlayerSetup, Setup, SetupError, SlotSetup};
pub use state::{CardRef, EndReason, GameState, Outcome, Phase, RuleVal, Seat};
pub use view::{PlayerView, QuestionHeader};
