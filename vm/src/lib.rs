//! The RuleScript virtual machine: the bytecode contract (instruction set, bundle format,
//! loader and verifier, disassembler) and the runtime that executes card effects for a
//! host game engine.
//!
//! The VM knows nothing of any particular game or of the compiler: a game describes its
//! built-ins with a [`catalogue::Catalogue`] and implements them on the VM's public API
//! ([`runtime::Builtins`], [`runtime::CallContext`]), and the engine provides the game
//! state through [`runtime::Host`].
//!
//! # Embedding
//!
//! Compile a card, load the bundle, register the game's builtins, implement
//! [`runtime::Host`], run the card's action and answer the player choice it asks for. A real
//! game gets its bundle from `rsc compile` and its catalogue and builtins from its stdlib
//! (for Card Fighters' Clash: `stdlib::CATALOGUE` and `stdlib::builtins`); this example
//! declares a one-command catalogue of its own. (The compiler is only a dev-dependency
//! here: the VM itself depends on no other crate of the workspace.)
//!
//! With a bundle from `rsc compile` (RuleScript cards are compiled against
//! `stdlib::CATALOGUE`): load it against that catalogue ([`bytecode::Program::load`]
//! verifies it), find a card by its key (the `.rules` file's stem,
//! [`bytecode::Program::card_by_key`]), and either register `stdlib::builtins()`, which
//! needs the whole `stdlib::CfcHost`, or only the builtins the engine's cards call (a card
//! calling an unregistered one traps [`runtime::TrapCode::MissingBuiltin`]).
//! `stdlib/examples/own_engine.rs` does the latter in one file: `cargo run -p rsc --
//! compile examples/ -o examples.rsb`, then `cargo run -p stdlib --example own_engine --
//! examples.rsb`. A game with a catalogue of its own, whose cards `rsc` cannot compile
//! (it knows CFC's and Wagic's catalogues only), compiles them through
//! `compiler::Session` as below: `vm/examples/duel.rs` is a whole small game so (`cargo run
//! -p vm --example duel`), and the [`catalogue`] module says which of a card's words are
//! the language's and which each catalogue list gives.
//!
//! Every call that runs card code gives an [`runtime::Outcome`] or a [`runtime::Trap`]:
//! `Done` with how it completed, or `Suspended` with an [`runtime::Execution`] that waits
//! for [`runtime::Runtime::resume`] (or [`runtime::Runtime::cancel`], which keeps its
//! buffers for reuse; dropping it abandons it too). A refused answer gives the execution
//! back in [`runtime::ResumeError::Invalid`] to be answered again. After each call, the
//! engine runs the events the builtins queued ([`runtime::Runtime::run_events`]).
//!
//! A [`runtime::Trap`] ends that execution only: it says why ([`runtime::TrapCode`], with a
//! stable [`runtime::TrapCode::name`]) and where (card key, instruction, source line when
//! the bundle kept its debug information), and the runtime takes the next call as usual.
//! Nothing is rolled back: what the execution's builtins did to the host before the trap
//! stays done (the VM holds no copy of the game state), so an engine that wants a card to
//! act all or nothing runs it on a copy of its state first. Neither a trap nor a refused
//! answer panics, whatever the bundle or the host's answers (`vm/tests/it/runtime/hostile.rs`).
//!
//! ```
//! use vm::bytecode::*;
//! use vm::catalogue::*;
//! use vm::runtime::*;
//!
//! // 1. The game's catalogue: one command, one zone, one card type.
//! static CATALOGUE: Catalogue = Catalogue {
//!     name: "toy",
//!     commands: &[CommandSpec {
//!         name: "damage",
//!         params: &[ParamSpec { name: "amount", kind: ArgKind::Expr, optional: false }],
//!         default_target: DefaultTarget::Nothing,
//!         doc: "Deals damage to each target.",
//!         fails_when: "never",
//!         timed: false,
//!     }],
//!     zones: &[ZoneSpec { name: "ring", is_pile: false, doc: "" }],
//!     zone_prefixes: &[NamedSpec { name: "my", doc: "" }, NamedSpec { name: "opp", doc: "" }],
//!     card_types: &[NamedSpec { name: "character", doc: "" }],
//!     // The names the runtime gives a meaning to (here the zone prefixes), in its spelling.
//!     roles: Roles { zone_mine: Some("my"), zone_opponent: Some("opp"), ..Roles::NONE },
//!     // Every list the game has none of (costs, events, variables...): empty.
//!     ..Catalogue::EMPTY
//! };
//!
//! // 2. Compile the card `fireball` (what `rsc compile` does for `fireball.rules`).
//! let source = "action = damage(300) to(<1>character@oppRing)\n";
//! let mut session = compiler::session::Session::new(&CATALOGUE);
//! let mut bundle = BundleBuilder::new(&CATALOGUE);
//! let diagnostics = session.compile_card("fireball", source, &mut bundle);
//! assert!(diagnostics.is_empty(), "{diagnostics:?}");
//! let bytes = bundle.finish().unwrap();
//!
//! // 3. The engine's state, seen through `Host`.
//! struct Toy {
//!     bp: Vec<(u32, i32)>, // (controller, BP) per card
//! }
//!
//! impl Host for Toy {
//!     fn opponent(&self, player: PlayerId) -> PlayerId {
//!         PlayerId(1 - player.0)
//!     }
//!     fn controller(&self, card: CardId) -> PlayerId {
//!         PlayerId(self.bp[card.0 as usize].0)
//!     }
//!     fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
//!         let owner = if zone.prefix == Some(ZonePrefixIdx(1)) { self.opponent(env.me) } else { env.me };
//!         for (i, &(controller, _)) in self.bp.iter().enumerate() {
//!             if controller == owner.0 {
//!                 out.push(Value::Card(CardId(i as u32)));
//!             }
//!         }
//!     }
//!     fn card_type(&self, _card: CardId) -> Option<CardTypeIdx> {
//!         Some(CardTypeIdx(0))
//!     }
//!     fn random(&mut self, bound: u32) -> u32 {
//!         bound / 2 // a real game uses its seeded generator
//!     }
//! }
//!
//! // 4. The game's builtins: one function per catalogue command.
//! fn damage(ctx: &mut CallContext<'_, Toy>) -> Result<Status, Trap> {
//!     let amount = ctx.arg(0).as_int().unwrap_or(0);
//!     for i in 0..ctx.n_targets() {
//!         if let Value::Card(card) = ctx.target(i) {
//!             let bp = &mut ctx.host().bp[card.0 as usize].1;
//!             *bp = (*bp - amount).max(0);
//!         }
//!     }
//!     Ok(Status::Success)
//! }
//! let mut builtins = Builtins::new(&CATALOGUE);
//! builtins.command(0, damage);
//!
//! // 5. Run: player 0 activates card 0 (a fireball); two opposing characters qualify, so
//! //    the execution asks player 0 which one, and the host answers.
//! let program = Program::load(&bytes, &CATALOGUE).unwrap();
//! let fireball = program.card_by_key("fireball").unwrap();
//! let mut runtime = Runtime::new(program, &CATALOGUE, builtins);
//! let mut toy = Toy { bp: vec![(0, 500), (1, 800), (1, 300)] };
//! let outcome = runtime.activate(&mut toy, CardId(0), fireball, PlayerId(0)).unwrap();
//! let Outcome::Suspended(choice) = outcome else { panic!("two candidates: the player chooses") };
//! assert_eq!(choice.request().chooser, PlayerId(0));
//! assert_eq!(choice.candidates(), &[Value::Card(CardId(1)), Value::Card(CardId(2))]);
//! let done = runtime.resume(&mut toy, choice, &[Value::Card(CardId(1))]).unwrap();
//! assert_eq!(done.done(), Some(Completion::Success));
//! assert_eq!(toy.bp, vec![(0, 500), (1, 500), (1, 300)]);
//! ```
//!
//! # Modules
//!
//! | module | what |
//! |---|---|
//! | [`catalogue`] | the shape of a game's built-ins (names, arities, argument kinds) |
//! | [`bytecode`] | the instruction set, bundle format, builders, loader/verifier, disassembler |
//! | [`runtime`] | the interpreter, `Host`, builtin table, events, timers, suspension, fuel |

pub mod bytecode;
pub mod catalogue;
pub mod fuzzing;
pub mod runtime;
