//! The syntax tree of one card, allocated in a `bumpalo` arena.
//!
//! Arena invariant: `Bump::alloc` never runs `Drop`, so nodes hold only `&'a` references,
//! `&'a [T]`, [`Symbol`]s, [`Span`]s and small `Copy` data; the `const` assertions at the
//! bottom make a violation a compile error. Every node is documented by its smallest source
//! example. Names are interned lower-case (RuleScript keywords and identifiers are
//! case-insensitive); string literals and label text are interned exactly as written.

use crate::Span;

/// An interned string (a `lasso` key).
pub type Symbol = lasso::Spur;

/// The interner of names, string literals and labels. FxHash: the keys are short
/// identifiers from the card author, and no attacker gains from colliding them.
pub type Interner = lasso::Rodeo<Symbol, rustc_hash::FxBuildHasher>;

/// A name as written, interned lower-case: `moveTo` in `moveTo(hand)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Name {
    /// Lower-case spelling.
    pub symbol: Symbol,
    /// Where it was written.
    pub span: Span,
}

/// One card: the properties of its `.rules` file, in source order.
#[derive(Debug, Clone, Copy)]
pub struct Card<'a> {
    /// `target = character` / `action = bp(+300)` / ... one per line.
    pub properties: &'a [Property<'a>],
}

/// One `key = value` line.
#[derive(Debug, Clone, Copy)]
pub struct Property<'a> {
    /// The key as written (`action`).
    pub key: Name,
    /// The whole line's span, from the key to the end of the value.
    pub span: Span,
    /// The parsed value.
    pub value: PropertyValue<'a>,
}

/// The value of a property.
#[derive(Debug, Clone, Copy)]
pub enum PropertyValue<'a> {
    /// `target = character@myRing; character@oppRing` (`optional` for `target?`).
    Target {
        /// Written `target?`.
        optional: bool,
        /// The `;`-separated filters.
        filters: &'a [TargetFilter<'a>],
    },
    /// `action = {F}: damage(300) to(character)`.
    Action(Action<'a>),
    /// `auto = ~myEndPhase~ draw()` (in the arena: the largest value, and rarer than an
    /// action, so that every property stays small).
    Auto(&'a Auto<'a>),
    /// `abilities = cantblock, cantattack`.
    Abilities(&'a [Name]),
    /// `requisite = character<1>@myRing && character<1>@oppRing`.
    Requisite(&'a [TargetFilter<'a>]),
    /// `vars = _char := tgt.0; _card := tgt.1`.
    Vars(&'a [VarDecl<'a>]),
    /// `label = "KO this character"`: the text without its quotes, exactly as written.
    Label(Label),
    /// A line that did not parse; its diagnostics say why.
    Error,
}

/// `label = "KO this character"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    /// The text, quotes removed, case kept.
    pub text: Symbol,
    /// The text's span (quotes included).
    pub span: Span,
}

/// `_coin := flipCoin()`.
#[derive(Debug, Clone, Copy)]
pub struct VarDecl<'a> {
    /// `_coin` (lower-case).
    pub name: Name,
    /// `flipCoin()`.
    pub value: &'a Expr<'a>,
}

/// The value of `action =`: `{D}{F}: bp(+300); draw()`.
#[derive(Debug, Clone, Copy)]
pub struct Action<'a> {
    /// `{D}{F}` (empty without a cost block).
    pub costs: &'a [Cost<'a>],
    /// The `;`-separated statements.
    pub statements: &'a [Statement<'a>],
}

/// The value of `auto =`: `~myEndPhase:once~ destroy() target(this)`.
#[derive(Debug, Clone, Copy)]
pub struct Auto<'a> {
    /// Costs (legal, unused by real cards).
    pub costs: &'a [Cost<'a>],
    /// `~myEndPhase:once~`; none for an auto that runs when the card enters play.
    pub trigger: Option<Trigger<'a>>,
    /// The statements run when the trigger fires.
    pub statements: &'a [Statement<'a>],
}

/// `~myEndPhase, oppEndPhase~` or the hook form `?oppCanBlock:this?`.
#[derive(Debug, Clone, Copy)]
pub struct Trigger<'a> {
    /// Written between `?` (a hook) rather than `~`.
    pub written_as_hook: bool,
    /// The comma-separated events.
    pub events: &'a [EventRef],
    /// From the opening to the closing delimiter.
    pub span: Span,
}

/// `oppEndPhase:once` = prefix `opp`, event `endPhase`, suffix `once`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventRef {
    /// `opp` in `oppEndPhase`.
    pub prefix: Option<Name>,
    /// `endphase` in `oppEndPhase`.
    pub name: Name,
    /// `once` in `endPhase:once`.
    pub suffix: Option<Name>,
    /// The whole reference.
    pub span: Span,
}

/// One cost component: `{D(2)}`, `{S(<**>character@myRing)}`, `{F}`.
#[derive(Debug, Clone, Copy)]
pub struct Cost<'a> {
    /// `D` (lower-case `d`).
    pub kind: Name,
    /// The parenthesised argument.
    pub argument: Option<CostArgument<'a>>,
    /// From `{` to `}`.
    pub span: Span,
}

/// The argument of a cost: `2` in `{D(2)}`, a filter in `{S(character@myRing)}`.
#[derive(Debug, Clone, Copy)]
pub enum CostArgument<'a> {
    /// `2` in `{D(2)}`.
    Count(u32, Span),
    /// `character@myRing` in `{S(character@myRing)}`.
    Filter(&'a TargetFilter<'a>),
}

/// One `;`-separated statement: `[[if alone]] bp(x2) target(this) ueot`.
#[derive(Debug, Clone, Copy)]
pub struct Statement<'a> {
    /// `[[if alone]]` or `[[may 'Draw?']]`.
    pub condition: Option<Condition<'a>>,
    /// `bp(x2) & draw()`: effects joined by `&`, `&&`, `||` (empty for a condition-only
    /// hook statement).
    pub chain: &'a [ChainLink<'a>],
    /// `target(this)`.
    pub target: Option<TargetClause<'a>>,
    /// `ueot`.
    pub restriction: Option<Restriction>,
    /// `[[elif ...]] ...` or `[[else]] ...` after an `[[if]]`.
    pub otherwise: Option<&'a Otherwise<'a>>,
    /// The whole statement.
    pub span: Span,
}

/// `[[if _coin]]` or `[[may 'Draw a card?']]`.
#[derive(Debug, Clone, Copy)]
pub enum Condition<'a> {
    /// `[[if me.hp <= 1000]]`.
    If(&'a Expr<'a>, Span),
    /// `[[may]]` or `[[may 'Question?']]` (the question as written, quotes removed).
    May(Option<Symbol>, Span),
}

/// `[[elif me.hand.size < opp.hand.size]] discard(all)` or `[[else]] damage(300) to(this)`.
#[derive(Debug, Clone, Copy)]
pub struct Otherwise<'a> {
    /// The `elif` condition; none for `[[else]]`.
    pub elif: Option<&'a Expr<'a>>,
    /// What runs when every earlier condition was false (its own `condition` is none).
    pub body: Statement<'a>,
    /// From `[[` to the end of the branch.
    pub span: Span,
}

/// One effect with the operator that joins it to the previous one: `&& moveTo(deck)`.
#[derive(Debug, Clone, Copy)]
pub struct ChainLink<'a> {
    /// None for the first effect of a chain.
    pub operator: Option<ChainOperator>,
    /// The effect.
    pub effect: Effect<'a>,
}

/// How an effect is joined to the previous one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainOperator {
    /// `a & b`: always continue.
    Then,
    /// `a && b`: continue only if `a` succeeded.
    AndThen,
    /// `a || b`: run `b` only if `a` failed.
    OrElse,
}

/// A command or an ability grant.
#[derive(Debug, Clone, Copy)]
pub enum Effect<'a> {
    /// `damage(300)`.
    Command(Command<'a>),
    /// `+unblockable` / `-unblockable`.
    Grant(Grant),
}

/// `moveTo(ctrlDeck, -1, true)` or the confirmed form `shuffle?(ctrlDeck)`.
#[derive(Debug, Clone, Copy)]
pub struct Command<'a> {
    /// `moveto`.
    pub name: Name,
    /// Written `name?(...)`: the player confirms first.
    pub optional: bool,
    /// The arguments, parsed by the kinds the catalogue declares.
    pub args: &'a [Arg<'a>],
    /// From the name to `)`.
    pub span: Span,
}

/// `+frosted` (grant) or `-frosted` (removal).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grant {
    /// Written with `-`.
    pub remove: bool,
    /// `frosted`.
    pub ability: Name,
    /// From the sign to the end of the name.
    pub span: Span,
}

/// One command argument.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    /// `300`, `discarded.size * 100`, `tgt`.
    Expr(&'a Expr<'a>),
    /// `=100` in `bp(=100)`, `=0` in `alterCost(action, =0)`.
    Set(&'a Expr<'a>, Span),
    /// `x2` in `bp(x2)`.
    Times(u32, Span),
    /// `<1>reaction` in `discard(<1>reaction)`.
    Filter(&'a TargetFilter<'a>),
    /// `ctrlDeck` in `shuffle(ctrlDeck)`.
    Pile(ZoneRef),
    /// `backup_limit` in `disableRule(backup_limit)`, `expanded`, `top`, `counter-attack`.
    Keyword(Name),
    /// `true` in `moveTo(hand, true)`.
    Bool(bool, Span),
    /// `?` in `moveTo(oppDeck, ?, true)`: ask the player.
    Ask(Span),
    /// `"80d411e3-..."` in `transform("80d411e3-...")` (quotes removed).
    Str(Symbol, Span),
    /// `card in destroyed => bp(+300)` in `each(...)`.
    Each(&'a Each<'a>),
    /// An argument that did not parse.
    Error(Span),
}

/// The loop of `each(card in sacrificed => draw())` or `each(characters[attack] => draw(2))`.
#[derive(Debug, Clone, Copy)]
pub struct Each<'a> {
    /// What to iterate.
    pub source: EachSource<'a>,
    /// `draw()`: the effects run once per element.
    pub body: &'a [ChainLink<'a>],
    /// The whole argument.
    pub span: Span,
}

/// What `each` iterates.
#[derive(Debug, Clone, Copy)]
pub enum EachSource<'a> {
    /// `card.bp <= 300 in me.discards`: the body runs once per element for which the
    /// item expression is true (or, for a plain `card in L`, once per element).
    Map(&'a Expr<'a>),
    /// `characters[backedup]`: the body runs once per matching object.
    Filter(&'a TargetFilter<'a>),
}

/// `to(character@oppRing)`, `target?(reactions@discards)`, `from(character[powerful])`.
#[derive(Debug, Clone, Copy)]
pub struct TargetClause<'a> {
    /// `to`, `target` or `from`.
    pub keyword: Name,
    /// Written with `?`: finding nothing is not a failure.
    pub optional: bool,
    /// The filter.
    pub filter: &'a TargetFilter<'a>,
    /// From the keyword to `)`.
    pub span: Span,
}

/// `oppueot` = prefix `opp`, timer `ueot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restriction {
    /// `opp` or `my`.
    pub prefix: Option<Name>,
    /// `ueot`, `unac` or `uynt`.
    pub kind: Name,
    /// The whole word.
    pub span: Span,
}

/// A target filter: `<2>character<1>[bp>=800 & attack]@oppRing::not(tgt)`.
#[derive(Debug, Clone, Copy)]
pub struct TargetFilter<'a> {
    /// `<2>`, `<1,5>`, `<**>`, `<r2>`.
    pub quantity: Option<Quantity>,
    /// `character`, `opp,character`, `"Juni"&"Juli"`.
    pub types: &'a [TypeTerm<'a>],
    /// How several types combine.
    pub type_operator: TypeOperator,
    /// `<1>` (top) or `<-1>` (bottom) after the type.
    pub pick: Option<Pick>,
    /// `[bp>=800 & attack, uattack]`: OR of AND-groups.
    pub terms: &'a [&'a [FilterTerm]],
    /// `@oppRing`.
    pub zone: Option<ZoneRef>,
    /// `::not(tgt)`.
    pub selector: Option<Selector<'a>>,
    /// The whole filter.
    pub span: Span,
}

/// How the types of `a,b` / `a&b` combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeOperator {
    /// One type.
    Single,
    /// `opp,character`: the player chooses one kind (union when none is a keyword).
    Choice,
    /// `"Juni"&"Juli"`: the union of both.
    Union,
}

/// `<2>`, `<1,5>`, `<,3>`, `<**>`, `<r>`, `<r2>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quantity {
    /// Which form.
    pub kind: QuantityKind,
    /// From `<` to `>`.
    pub span: Span,
}

/// The forms of a quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuantityKind {
    /// `<2>`: exactly two.
    Exact(u32),
    /// `<1,5>` or `<,3>` (min 1 when omitted).
    Range(Option<u32>, u32),
    /// `<**>`: any number, at least one.
    Any,
    /// `<r>` or `<r2>`: that many at random (one when omitted).
    Random(Option<u32>),
}

/// `<1>` or `<-2>`: keep the first or last n candidates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    /// Positive from the top, negative from the bottom.
    pub count: i32,
    /// From `<` to `>`.
    pub span: Span,
}

/// One type of a filter: `^characters`, `!"Emulate"`, `*s`, `opp`, `tgt.0`.
#[derive(Debug, Clone, Copy)]
pub struct TypeTerm<'a> {
    /// `^`: the source card is excluded.
    pub exclude_source: bool,
    /// `!`: the type test is negated.
    pub negate: bool,
    /// The `s` of `characters`, `*s`, `"Q-Bee"s` (and `all`): every match, no choice.
    pub plural: bool,
    /// What is tested.
    pub atom: TypeAtom<'a>,
    /// The whole term.
    pub span: Span,
}

/// What a type term tests.
#[derive(Debug, Clone, Copy)]
pub enum TypeAtom<'a> {
    /// `*` (and `all`, which also sets plural).
    Any,
    /// `character`, `me`, `this`, `players`, a subtype: the singular word.
    Word(Name),
    /// `"Q-Bee"`: a card name (as written).
    CardName(Symbol, Span),
    /// `tgt.0`, `_char`, `trigger.controller`: an expression giving the targets.
    Expr(&'a Expr<'a>),
}

/// One filter term: `-frozen`, `bp>=800`, `bp:lowest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilterTerm {
    /// Written with `-` or `^`.
    pub negated: bool,
    /// The test.
    pub kind: FilterTermKind,
    /// The whole term.
    pub span: Span,
}

/// The test of a filter term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterTermKind {
    /// `frozen`, `action`, a subtype.
    Word(Name),
    /// `bp>=800`.
    Compare(Name, CompareOp, i32),
    /// `bp:lowest`.
    Rank(Name, Name),
}

/// A comparison operator: the bytecode contract's own type (`bp>=800`, `a < b`), so the
/// tree, the IR and the bundle share one definition.
pub use vm::bytecode::CompareOp;

/// `@oppRing`, and pile arguments such as `ctrlDeck`: an optional prefix and a zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZoneRef {
    /// `opp` in `oppRing`.
    pub prefix: Option<Name>,
    /// `ring` in `oppRing`.
    pub zone: Name,
    /// The whole word (without `@`).
    pub span: Span,
}

/// `::not(tgt)`.
#[derive(Debug, Clone, Copy)]
pub struct Selector<'a> {
    /// `not`.
    pub name: Name,
    /// `tgt`.
    pub argument: &'a Expr<'a>,
    /// From `::` to `)`.
    pub span: Span,
}

/// An expression: `me.hand.size > opp.hand.size`.
#[derive(Debug, Clone, Copy)]
pub struct Expr<'a> {
    /// What it is.
    pub kind: ExprKind<'a>,
    /// Where it is.
    pub span: Span,
}

/// The forms of an expression.
#[derive(Debug, Clone, Copy)]
pub enum ExprKind<'a> {
    /// `300`.
    Int(i32),
    /// `'"Engokogeki"s@myDiscards'` (quotes removed, case kept).
    Str(Symbol),
    /// `true`.
    Bool(bool),
    /// `nil`.
    Nil,
    /// `discarded`.
    Name(Name),
    /// `.bp` in `this.bp`.
    Attr(&'a Expr<'a>, Name),
    /// `.0` in `tgt.0`.
    Index(&'a Expr<'a>, u32),
    /// `flipCoin()`, `abs(discarded.0.sp)`.
    Call(Name, &'a [Expr<'a>]),
    /// `-me.hand.size`, `not alone`.
    Unary(UnaryOp, &'a Expr<'a>),
    /// `sacrificed.size * 5`.
    Binary(BinaryOp, &'a Expr<'a>, &'a Expr<'a>),
    /// `card.bp <= 300 in me.discards`: the item evaluated for each `card` of the list.
    Map(&'a Expr<'a>, &'a Expr<'a>),
    /// `all card.bp <= 300 in me.ring`: true when the item holds for every card.
    All(&'a Expr<'a>, &'a Expr<'a>),
    /// An expression that did not parse.
    Error,
}

/// A prefix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `not x`
    Not,
}

/// An infix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// A comparison.
    Compare(CompareOp),
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
}

impl BinaryOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Compare(op) => op.as_str(),
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
        }
    }
}

const _: () = assert!(!std::mem::needs_drop::<Card<'static>>());
const _: () = assert!(!std::mem::needs_drop::<Property<'static>>());
const _: () = assert!(!std::mem::needs_drop::<Statement<'static>>());
const _: () = assert!(!std::mem::needs_drop::<TargetFilter<'static>>());
const _: () = assert!(!std::mem::needs_drop::<Expr<'static>>());
const _: () = assert!(!std::mem::needs_drop::<Arg<'static>>());
