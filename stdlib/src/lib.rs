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
//!
//! # An engine of your own, with only the builtins its cards use
//!
//! An engine need not implement all of [`CfcHost`]: it may register its own builtins for
//! the commands its cards call (any other traps `MissingBuiltin`) and answer only the names
//! those cards read. The names are the catalogue's (`CATALOGUE.variables`,
//! `CATALOGUE.attributes`); each is the host's to answer, `size` of a list too, and one it
//! leaves nil makes a comparison false (`vm::runtime::Host::attribute`). Son Son (C025):
//! *if an enemy has more cards in hand than you, draw cards until you have the same
//! number*. (`stdlib/examples/own_engine.rs` does the same for a card that asks a choice.)
//!
//! ```
//! use vm::bytecode::{AttributeIdx, BundleBuilder, Program, VariableIdx, ZoneRef};
//! use vm::runtime::*;
//!
//! /// Two players' hands, as lists of card numbers.
//! struct Table {
//!     hands: [Vec<u32>; 2],
//!     next_card: u32,
//! }
//!
//! impl Host for Table {
//!     fn opponent(&self, player: PlayerId) -> PlayerId {
//!         PlayerId(1 - player.0.min(1))
//!     }
//!     fn controller(&self, _card: CardId) -> PlayerId {
//!         PlayerId(0)
//!     }
//!     fn zone_cards(&mut self, _env: &Env, _zone: ZoneRef, _out: &mut Vec<Value>) {}
//!     fn random(&mut self, bound: u32) -> u32 {
//!         bound / 2 // a real engine draws from its seeded generator
//!     }
//!     // `me` and `opp`: the executing player and the other one.
//!     fn variable(&mut self, env: &Env, var: VariableIdx, _lists: &mut Lists) -> Value {
//!         match stdlib::CATALOGUE.variables.get(var.index()).map(|spec| spec.name) {
//!             Some("me") => Value::Player(env.me),
//!             Some("opp") => Value::Player(self.opponent(env.me)),
//!             _ => Value::Nil,
//!         }
//!     }
//!     // `opp.hand` is a list made in the execution's arena; `.size` its length.
//!     fn attribute(&mut self, _env: &Env, object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
//!         match (object, stdlib::CATALOGUE.attributes.get(attr.index()).map(|spec| spec.name)) {
//!             (Value::Player(player), Some("hand")) => {
//!                 let Some(hand) = self.hands.get(player.0 as usize) else { return Value::Nil };
//!                 let cards: Vec<CardId> = hand.iter().map(|&card| CardId(card)).collect();
//!                 lists.make_cards(&cards).map_or(Value::Nil, Value::List)
//!             }
//!             (Value::List(list), Some("size")) => Value::Int(lists.len(list) as i32),
//!             _ => Value::Nil,
//!         }
//!     }
//! }
//!
//! /// `draw(n)`: each target player draws `n` cards (the catalogue's default target of
//! /// `draw` is the card's controller).
//! fn draw(ctx: &mut CallContext<'_, Table>) -> Result<Status, Trap> {
//!     let n = ctx.arg(0).as_int().unwrap_or(1).clamp(0, 50);
//!     for i in 0..ctx.n_targets() {
//!         if let Value::Player(player) = ctx.target(i) {
//!             for _ in 0..n {
//!                 let table = ctx.host();
//!                 let card = table.next_card;
//!                 table.next_card += 1;
//!                 if let Some(hand) = table.hands.get_mut(player.0 as usize) {
//!                     hand.push(card);
//!                 }
//!             }
//!         }
//!     }
//!     Ok(Status::Success)
//! }
//!
//! // What `rsc compile` does for `son-son.rules` (and a card that shuffles, below).
//! let source = "action = [[if opp.hand.size > me.hand.size]] draw(opp.hand.size - me.hand.size)\n";
//! let mut session = compiler::session::Session::new(&stdlib::CATALOGUE);
//! let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
//! assert!(session.compile_card("son-son", source, &mut bundle).is_empty());
//! let shuffler = "action = draw(1) to(me); shuffle() to(me)\n";
//! assert!(session.compile_card("shuffler", shuffler, &mut bundle).is_empty());
//! let program = Program::load(&bundle.finish().unwrap(), &stdlib::CATALOGUE).unwrap();
//! let son_son = program.card_by_key("son-son").unwrap();
//! let shuffler = program.card_by_key("shuffler").unwrap();
//!
//! let mut builtins = Builtins::new(&stdlib::CATALOGUE);
//! builtins.command(stdlib::Command::Draw.index(), draw);
//! let mut runtime = Runtime::new(program, &stdlib::CATALOGUE, builtins);
//!
//! // Player 0 holds nothing, player 1 three cards: player 0 draws three.
//! let mut table = Table { hands: [vec![], vec![100, 101, 102]], next_card: 0 };
//! let outcome = runtime.activate(&mut table, CardId(50), son_son, PlayerId(0)).unwrap();
//! assert_eq!(outcome.done(), Some(Completion::Success));
//! assert_eq!(table.hands[0], [0, 1, 2]);
//! runtime.run_events(&mut table).unwrap(); // the events its commands queued (none here)
//!
//! // Now the hands are even: the condition is false, and the card had no effect.
//! let outcome = runtime.activate(&mut table, CardId(50), son_son, PlayerId(0)).unwrap();
//! assert_eq!(outcome.done(), Some(Completion::Failure(Failure::NoEffect)));
//! assert_eq!(table.hands[0].len(), 3);
//!
//! // `shuffle` has no builtin here: the card traps there, after its `draw` was done (no
//! // roll-back), and the runtime goes on.
//! let trap = runtime.activate(&mut table, CardId(51), shuffler, PlayerId(0)).unwrap_err();
//! assert_eq!(trap.code(), TrapCode::MissingBuiltin);
//! assert_eq!(trap.code().name(), "missing-builtin");
//! assert_eq!(table.hands[0].len(), 4);
//! table.hands[1].extend([103, 104]);
//! let outcome = runtime.activate(&mut table, CardId(50), son_son, PlayerId(0)).unwrap();
//! assert_eq!(outcome.done(), Some(Completion::Success));
//! assert_eq!(table.hands[0].len(), 5);
//! ```

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
