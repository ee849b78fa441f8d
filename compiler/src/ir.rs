//! The intermediate representation between the checked tree and bytecode: one card with
//! every name resolved to its catalogue index (the `vm::bytecode` index types), user
//! variables and loop elements resolved to local slots, and the statement structure made
//! explicit (condition, target, restriction, chain, else branch).
//!
//! Like the tree, the IR lives in a `bumpalo` arena and holds only `&'i` data and `Copy`
//! values ([`crate::lower`] builds it, [`crate::codegen`] reads it). It has no spans
//! except the statement spans that become the debug section's source rows.

use crate::Span;
pub use crate::ast::ChainOperator;
use vm::bytecode::{
    AbilityIdx, AmountMode, AttributeIdx, CardTypeIdx, CommandIdx, CompareOp, Const, CostIdx, EventIdx, EventPrefixIdx,
    EventSuffixIdx, FunctionIdx, Qty, RestrictionIdx, RestrictionPrefixIdx, SelectorIdx, SubtypeIdx, Term, TypeOp,
    VariableIdx, ZoneRef,
};

/// One card, resolved.
#[derive(Debug, Clone, Copy)]
pub struct Card<'i> {
    /// `abilities = ...`.
    pub abilities: &'i [AbilityIdx],
    /// `target = ...` / `target? = ...`.
    pub target: Option<RuleTarget<'i>>,
    /// `requisite = ...`.
    pub requisites: &'i [&'i Filter<'i>],
    /// `vars = ...`, in order; declaration `i` writes local slot `slot`.
    pub vars: &'i [VarDecl<'i>],
    /// The actions, with their labels.
    pub actions: &'i [Action<'i>],
    /// The autos.
    pub autos: &'i [Auto<'i>],
}

/// `target = f; g`.
#[derive(Debug, Clone, Copy)]
pub struct RuleTarget<'i> {
    /// `target?`.
    pub optional: bool,
    /// The filters.
    pub filters: &'i [&'i Filter<'i>],
}

/// `_coin := flipCoin()`.
#[derive(Debug, Clone, Copy)]
pub struct VarDecl<'i> {
    /// The local slot written.
    pub slot: u8,
    /// The value.
    pub value: &'i Expr<'i>,
    /// The declaration's span.
    pub span: Span,
}

/// One action line.
#[derive(Debug, Clone, Copy)]
pub struct Action<'i> {
    /// The `label =` text matched to it (labels go to actions in order).
    pub label: Option<&'i str>,
    /// The cost block.
    pub costs: &'i [Cost<'i>],
    /// The statements.
    pub statements: &'i [Statement<'i>],
}

/// `{D(2)}`, `{S(character@myRing)}`.
#[derive(Debug, Clone, Copy)]
pub struct Cost<'i> {
    /// Which cost.
    pub cost: CostIdx,
    /// A count argument.
    pub count: Option<u32>,
    /// A filter argument.
    pub filter: Option<&'i Filter<'i>>,
}

/// One auto line.
#[derive(Debug, Clone, Copy)]
pub struct Auto<'i> {
    /// Written `?...?`.
    pub hook: bool,
    /// The events (none: runs when the card is initialised).
    pub events: &'i [Event<'i>],
    /// The cost block, paid each time the auto runs.
    pub costs: &'i [Cost<'i>],
    /// The statements.
    pub statements: &'i [Statement<'i>],
}

/// `oppEndPhase:once`, `attacks:action`.
#[derive(Debug, Clone, Copy)]
pub struct Event<'i> {
    /// The event or hook.
    pub event: EventIdx,
    /// `opp`.
    pub prefix: Option<EventPrefixIdx>,
    /// A suffix with a meaning of its own (`once`).
    pub suffix: Option<EventSuffixIdx>,
    /// Any other suffix: an implicit condition (`:action` reads the variable `action`).
    pub condition: Option<&'i Expr<'i>>,
    /// The event reference's span.
    pub span: Span,
}

/// One statement.
#[derive(Debug, Clone, Copy)]
pub struct Statement<'i> {
    /// `[[if e]]` / `[[may 'q']]`.
    pub condition: Option<Condition<'i>>,
    /// `to(...)`.
    pub target: Option<Target<'i>>,
    /// `oppueot`.
    pub restriction: Option<(RestrictionIdx, Option<RestrictionPrefixIdx>)>,
    /// The effects.
    pub chain: &'i [Link<'i>],
    /// `[[elif e]] ...` / `[[else]] ...`: the statement run when the condition is false
    /// (of a `Guarded` condition, an `else` alone: run when the guard fails).
    pub otherwise: Option<&'i Otherwise<'i>>,
    /// The statement's source.
    pub span: Span,
}

/// A statement condition.
#[derive(Debug, Clone, Copy)]
pub enum Condition<'i> {
    /// `[[if e]]`.
    If(Expr<'i>),
    /// `[[may]]` / `[[may 'q']]`.
    May(Option<&'i str>),
    /// A guard run before the statement's `[[may]]` (when `may` is set), its targets and
    /// its chain: when the guard's chain fails, none of them runs (a front end's
    /// restriction checked before any question is asked, as Wagic checks a trigger's).
    Guarded {
        /// The guard's effects (a failing one ends the statement).
        guard: &'i [Link<'i>],
        /// The `[[may]]` asked once the guard held, and its question.
        may: Option<Option<&'i str>>,
        /// Whether a failing guard (or a refused `may`) ends the entry, not the statement
        /// alone: the statements after it run only when it held (Wagic's `pay(cost) A && B`
        /// pays once for both).
        stops: bool,
    },
    /// A `may` whose refusal ends the entry: the statements after it run only when it is
    /// accepted (no RuleScript source writes it; Wagic's `may A && B` asks once for both).
    MayOrStop(Option<&'i str>),
}

/// The branch taken when an `[[if]]` is false.
#[derive(Debug, Clone, Copy)]
pub struct Otherwise<'i> {
    /// `[[elif e]]`; none for `[[else]]`.
    pub elif: Option<&'i Expr<'i>>,
    /// The branch (its own condition is none; its own `otherwise` continues the chain).
    pub body: Statement<'i>,
}

/// A statement's target clause.
#[derive(Debug, Clone, Copy)]
pub enum Target<'i> {
    /// `to(character@oppRing)`, `to?(...)`.
    Filter {
        /// The filter.
        filter: &'i Filter<'i>,
        /// Written `?`: nothing found is not a failure.
        optional: bool,
    },
    /// `target(tgt.0)`: a filter that is only an expression type; its value are the targets.
    Expr {
        /// The expression.
        value: &'i Expr<'i>,
        /// Written `?`.
        optional: bool,
    },
}

/// An effect with the operator joining it to the previous one.
#[derive(Debug, Clone, Copy)]
pub struct Link<'i> {
    /// None for the first effect.
    pub operator: Option<ChainOperator>,
    /// The effect.
    pub effect: Effect<'i>,
}

/// One effect.
#[derive(Debug, Clone, Copy)]
pub enum Effect<'i> {
    /// A command call.
    Call {
        /// The command.
        command: CommandIdx,
        /// `cmd?(...)`: confirm first.
        confirm: bool,
        /// The arguments, one register each.
        args: &'i [Arg<'i>],
    },
    /// `each(...)`, compiled to a loop (the command itself is never called).
    Each {
        /// The `each` command (for a confirmation).
        command: CommandIdx,
        /// `each?(...)`.
        confirm: bool,
        /// The loop.
        each: &'i Each<'i>,
    },
    /// `+ability`.
    Grant(AbilityIdx),
    /// `-ability`.
    Revoke(AbilityIdx),
}

/// A command argument, as it is loaded into its register.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'i> {
    /// A value (held in place: most arguments are one leaf expression).
    Value(Expr<'i>),
    /// An amount: `300` adds, `=e` sets.
    Amount(AmountMode, Expr<'i>),
    /// `x2`.
    Times(i32),
    /// A filter passed unresolved.
    Filter(&'i Filter<'i>),
    /// A pile, keyword word or rule switch.
    Const(Const),
    /// `true`.
    Bool(bool),
    /// `?`.
    Ask,
    /// `"80d411e3-..."`.
    Str(&'i str),
}

/// The loop of `each`.
#[derive(Debug, Clone, Copy)]
pub struct Each<'i> {
    /// What is iterated.
    pub source: EachSource<'i>,
    /// The local slot the element is bound to (`card`).
    pub slot: u8,
    /// The body, run once per (truthy) element.
    pub body: &'i [Link<'i>],
}

/// What `each` iterates.
#[derive(Debug, Clone, Copy)]
pub enum EachSource<'i> {
    /// `item in list`: the body runs for each element where `item` (with the element bound)
    /// is truthy; `item` is none for a plain list.
    Map {
        /// The test.
        item: Option<&'i Expr<'i>>,
        /// The list.
        list: &'i Expr<'i>,
    },
    /// `characters[attack] => ...`: each matching object.
    Filter(&'i Filter<'i>),
}

/// A target filter, resolved.
#[derive(Debug, Clone, Copy)]
pub struct Filter<'i> {
    /// `<2>`.
    pub qty: Option<Qty>,
    /// The type terms.
    pub types: &'i [TypeTerm<'i>],
    /// `,` or `&`.
    pub type_op: TypeOp,
    /// `<1>` after the type.
    pub pick: Option<i32>,
    /// `[a&b,c]`.
    pub terms: &'i [&'i [Term]],
    /// `@oppRing` (the catalogue's first zone when none is written).
    pub zone: ZoneRef,
    /// `::not(e)`.
    pub selector: Option<(SelectorIdx, &'i Expr<'i>)>,
    /// The value a computed quantity (`Qty::Computed`) and computed comparisons
    /// (`TermKind::CompareComputed`) read, worked out as the filter resolves; their own
    /// entries in the IR are placeholders, code generation gives them this one's.
    pub computed: Option<&'i Expr<'i>>,
    /// The filter's source.
    pub span: Span,
}

/// One type term.
#[derive(Debug, Clone, Copy)]
pub struct TypeTerm<'i> {
    /// `^`.
    pub exclude_source: bool,
    /// `!`.
    pub negate: bool,
    /// `s`.
    pub plural: bool,
    /// What it matches.
    pub atom: TypeAtom<'i>,
}

/// What a type term matches (as [`vm::bytecode::TypeAtom`], with names and expressions
/// not yet in the bundle).
#[derive(Debug, Clone, Copy)]
pub enum TypeAtom<'i> {
    /// `*`.
    Any,
    /// `player`.
    Player,
    /// `players`.
    Players,
    /// `me`.
    Me,
    /// `opp`.
    Opp,
    /// `this`.
    This,
    /// `character`.
    CardType(CardTypeIdx),
    /// `warrior`.
    Subtype(SubtypeIdx),
    /// `"Q-Bee"`.
    Name(&'i str),
    /// `tgt.0`.
    Expr(&'i Expr<'i>),
}

/// An expression.
#[derive(Debug, Clone, Copy)]
pub enum Expr<'i> {
    /// `300`.
    Int(i32),
    /// `'text'`.
    Str(&'i str),
    /// `true`.
    Bool(bool),
    /// `nil`.
    Nil,
    /// A catalogue variable (`me`).
    Var(VariableIdx),
    /// A user variable or loop element.
    Local(u8),
    /// `e.hp`.
    Attr(&'i Expr<'i>, AttributeIdx),
    /// `e.0`.
    Index(&'i Expr<'i>, u16),
    /// `flipCoin()`.
    Call(FunctionIdx, &'i [Expr<'i>]),
    /// `-e`.
    Neg(&'i Expr<'i>),
    /// `not e`.
    Not(&'i Expr<'i>),
    /// Arithmetic and comparisons.
    Binary(BinaryOp, &'i Expr<'i>, &'i Expr<'i>),
    /// `a and b` (short-circuit).
    And(&'i Expr<'i>, &'i Expr<'i>),
    /// `a or b` (short-circuit).
    Or(&'i Expr<'i>, &'i Expr<'i>),
    /// `item in list`: the list of `item` for each element bound to `slot`.
    Map {
        /// Evaluated per element.
        item: &'i Expr<'i>,
        /// The list.
        list: &'i Expr<'i>,
        /// The element's local slot.
        slot: u8,
    },
    /// `all item in list`: whether `item` holds for every element.
    All {
        /// Evaluated per element.
        item: &'i Expr<'i>,
        /// The list.
        list: &'i Expr<'i>,
        /// The element's local slot.
        slot: u8,
    },
}

/// A strict binary operator (both sides are always evaluated).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// A comparison.
    Compare(CompareOp),
}

const _: () = assert!(!std::mem::needs_drop::<Card<'static>>());
const _: () = assert!(!std::mem::needs_drop::<Statement<'static>>());
const _: () = assert!(!std::mem::needs_drop::<Filter<'static>>());
const _: () = assert!(!std::mem::needs_drop::<Expr<'static>>());
