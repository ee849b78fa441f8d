//! The embedding the runtime benchmarks share: a board of characters as small as a game
//! can have, a `Host` over it, the one builtin they call (`bp`), and effects compiled
//! from RuleScript source against Card Fighters' Clash's catalogue. The Lua and Rhai
//! baselines change the same `bp` field through a registered Rust function.

use compiler::Session;
use compiler::diagnostics::Severity;
use stdlib::{CATALOGUE, Command};
use vm::bytecode::{Action, AmountMode, BundleBuilder, Card, CardTypeIdx, CodeBuilder, Instr, Program, Reg, ZoneRef};
use vm::runtime::{Builtins, CallContext, CardId, Env, Host, PlayerId, Runtime, Status, Trap, Value};

/// One card on the board: all that `bp` changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Character {
    /// Its battle points.
    pub bp: i32,
    /// Who controls it.
    pub controller: PlayerId,
}

/// The host of the benchmarks: the characters in the rings of two players.
#[derive(Debug, Clone, Default)]
pub struct Board {
    /// Every card, indexed by `CardId`.
    pub cards: Vec<Character>,
}

impl Board {
    /// A board with `n` characters of 1,000 BP, alternating controllers from player 0.
    pub fn new(n: usize) -> Board {
        let cards = (0..n).map(|i| Character { bp: 1000, controller: PlayerId((i % 2) as u32) }).collect();
        Board { cards }
    }
}

/// `character`, the first card type of the catalogue.
const CHARACTER: CardTypeIdx = CardTypeIdx(0);

impl Host for Board {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - player.0.min(1))
    }

    fn controller(&self, card: CardId) -> PlayerId {
        self.cards.get(card.0 as usize).map_or(PlayerId(0), |card| card.controller)
    }

    fn zone_cards(&mut self, env: &Env, _zone: ZoneRef, out: &mut Vec<Value>) {
        let ids = (0..self.cards.len() as u32).map(CardId);
        out.extend(ids.filter(|id| self.controller(*id) == env.me).map(Value::Card));
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        self.cards.get(card.0 as usize).map(|_| CHARACTER)
    }

    fn random(&mut self, bound: u32) -> u32 {
        bound / 2
    }
}

/// `bp(+n)` / `bp(-n)` / `bp(=n)` / `bp(xn)` on each target card.
fn bp(ctx: &mut CallContext<'_, Board>) -> Result<Status, Trap> {
    let amount = ctx.arg(0);
    let mut any = false;
    for i in 0..ctx.n_targets() {
        let Value::Card(card) = ctx.target(i) else { continue };
        let Some(character) = ctx.host().cards.get_mut(card.0 as usize) else { continue };
        character.bp = match amount {
            Value::Amount(AmountMode::Set, n) => n,
            Value::Amount(AmountMode::Mul, n) => character.bp.saturating_mul(n),
            Value::Amount(_, n) | Value::Int(n) => character.bp.saturating_add(n),
            _ => character.bp,
        };
        any = true;
    }
    Ok(if any { Status::Success } else { Status::Failure })
}

/// The builtins of the benchmarks: `bp` only (the effects call nothing else).
pub fn builtins() -> Builtins<Board> {
    let mut table = Builtins::new(&CATALOGUE);
    table.command(Command::Bp.index(), bp);
    table
}

/// Compiles `cards` (key, source) into one loaded program, panicking on any error: the
/// benchmarks' sources are fixed and known to compile.
pub fn compile(cards: &[(&str, &str)]) -> Program {
    let mut session = Session::new(&CATALOGUE);
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for (key, source) in cards {
        let diagnostics = session.compile_file(key, key, source, &mut bundle);
        let errors: Vec<_> = diagnostics.iter().filter(|d| d.severity() == Severity::Error).collect();
        assert!(errors.is_empty(), "{key} does not compile: {errors:?}");
    }
    let bytes = bundle.finish().expect("the benchmark bundle builds");
    Program::load(&bytes, &CATALOGUE).expect("the benchmark bundle loads")
}

/// A runtime over `program` with the benchmarks' builtins.
pub fn runtime(program: Program) -> Runtime<Board> {
    Runtime::new(program, &CATALOGUE, builtins())
}

/// A RuleScript action that calls `bp(+1)` on its source card `calls` (at least one)
/// times, one statement each.
pub fn repeated_bp(calls: usize) -> String {
    format!("action = {}\n", vec!["bp(+1)"; calls].join("; "))
}

/// A card whose action counts from 0 to `n` in bytecode, three instructions per turn of
/// the loop (`Add`, `Lt`, `JumpIf`): RuleScript has no loop of its own, so the VM's
/// dispatch is measured on this hand-assembled one.
pub fn counting_loop(n: i32) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut code = CodeBuilder::new();
    let top = code.new_label();
    code.emit(Instr::LoadInt { a: Reg(0), imm: 0 });
    code.emit(Instr::LoadInt { a: Reg(1), imm: n });
    code.emit(Instr::LoadInt { a: Reg(2), imm: 1 });
    code.bind(top);
    code.emit(Instr::Add { a: Reg(0), b: Reg(0), c: Reg(2) });
    code.emit(Instr::Lt { a: Reg(3), b: Reg(0), c: Reg(1) });
    code.emit(Instr::JumpIf { a: Reg(3), target: top });
    code.emit(Instr::Return {});
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("loop"));
    card.actions.push(Action { label: None, costs: Vec::new(), entry });
    bundle.add_card(card, "loop.rules");
    let bytes = bundle.finish().expect("the loop bundle builds");
    Program::load(&bytes, &CATALOGUE).expect("the loop bundle loads")
}
