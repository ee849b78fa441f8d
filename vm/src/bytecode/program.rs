//! A loaded program: the decoded, verified contents of one bundle. The same types describe
//! what [`super::BundleBuilder`] writes, so the compiler and the interpreter share them.
//!
//! Card metadata (actions with their costs and labels, autos with their events, rule
//! targets, requisites, abilities, vars) is data here, not code; statement-level structure
//! lives in the code of each [`Entry`]. Target filters are structured constants ([`Filter`])
//! that the runtime's resolver interprets.
//!
//! Invariant: every index inside a loaded [`Program`] is in range (strings, filters,
//! constants, entries, catalogue tables), every jump lands on an instruction of its own
//! entry, every register and local operand is below its entry's counts, and no entry can
//! reach itself through filters. The interpreter relies on this and does not re-check.

use std::collections::HashMap;

use super::compact::Op;
use super::index::*;
use super::ops::Instr;

/// A verified program, from [`Program::load`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    pub(super) catalogue_name: Box<str>,
    pub(super) catalogue_hash: u32,
    pub(super) strings: Vec<Box<str>>,
    pub(super) entries: Vec<Entry>,
    pub(super) filters: Vec<Filter>,
    pub(super) consts: Vec<Const>,
    pub(super) cards: Vec<Card>,
    pub(super) debug: Option<DebugInfo>,
    pub(super) card_keys: HashMap<Box<str>, CardIdx>,
}

impl Program {
    /// Name of the catalogue the bundle was built against.
    pub fn catalogue_name(&self) -> &str {
        &self.catalogue_name
    }

    /// Hash of the catalogue the bundle was built against.
    pub fn catalogue_hash(&self) -> u32 {
        self.catalogue_hash
    }

    /// The string table.
    pub fn strings(&self) -> &[Box<str>] {
        &self.strings
    }

    /// String `idx`.
    pub fn string(&self, idx: StrIdx) -> Option<&str> {
        self.strings.get(idx.index()).map(|text| &**text)
    }

    /// The entry table.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Entry `idx`.
    pub fn entry(&self, idx: EntryIdx) -> Option<&Entry> {
        self.entries.get(idx.index())
    }

    /// The filter table.
    pub fn filters(&self) -> &[Filter] {
        &self.filters
    }

    /// Filter `idx`.
    pub fn filter(&self, idx: FilterIdx) -> Option<&Filter> {
        self.filters.get(idx.index())
    }

    /// The constant table.
    pub fn consts(&self) -> &[Const] {
        &self.consts
    }

    /// Constant `idx`.
    pub fn constant(&self, idx: ConstIdx) -> Option<&Const> {
        self.consts.get(idx.index())
    }

    /// The card table, in bundle order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Card `idx`.
    pub fn card(&self, idx: CardIdx) -> Option<&Card> {
        self.cards.get(idx.index())
    }

    /// The card whose key (file stem) is `key`, compared exactly.
    pub fn card_by_key(&self, key: &str) -> Option<CardIdx> {
        self.card_keys.get(key).copied()
    }

    /// The key of card `idx`.
    pub fn card_key(&self, idx: CardIdx) -> Option<&str> {
        self.card(idx).and_then(|card| self.string(card.key))
    }

    /// The debug information, unless the bundle was stripped.
    pub fn debug(&self) -> Option<&DebugInfo> {
        self.debug.as_ref()
    }

    /// Drops the debug information (what `--strip` leaves out).
    pub fn strip(&mut self) {
        self.debug = None;
    }
}

/// One body of code: an action, an auto, the vars, an event condition, a filter
/// expression or a selector argument. Offsets ([`Pc`]) count from the entry's first byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub(super) n_regs: u16,
    pub(super) n_locals: u16,
    pub(super) code_len: u32,
    pub(super) instrs: Vec<Instr>,
    pub(super) pcs: Vec<Pc>,
    /// Per byte offset, the index of the instruction that starts there (`NOT_AN_INSTR`
    /// elsewhere): a taken jump finds its instruction in one load.
    pub(super) index_at: Vec<u16>,
    /// The instructions in execution form (same indices), built once at load.
    pub(super) ops: Vec<Op>,
}

/// `Entry::index_at` of an offset inside an instruction.
pub(super) const NOT_AN_INSTR: u16 = u16::MAX;

impl Entry {
    /// Registers the entry's frame needs (at most 256).
    pub fn n_regs(&self) -> usize {
        usize::from(self.n_regs)
    }

    /// Local slots the entry may touch (at most 256).
    pub fn n_locals(&self) -> usize {
        usize::from(self.n_locals)
    }

    /// Encoded size of the code in bytes.
    pub fn code_len(&self) -> usize {
        self.code_len as usize
    }

    /// The instructions, in order.
    pub fn instrs(&self) -> &[Instr] {
        &self.instrs
    }

    /// The instructions in the form the runtime runs (parallel to [`Entry::instrs`]).
    pub(crate) fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// The offset of each instruction (parallel to [`Entry::instrs`]).
    pub fn pcs(&self) -> &[Pc] {
        &self.pcs
    }

    /// The position in [`Entry::instrs`] of the instruction at offset `pc`; jump targets
    /// of a loaded program always have one.
    #[inline]
    pub fn instr_index(&self, pc: Pc) -> Option<usize> {
        match self.index_at.get(usize::from(pc.0)) {
            Some(&index) if index != NOT_AN_INSTR => Some(usize::from(index)),
            _ => None,
        }
    }

    /// Each instruction with its offset.
    pub fn iter(&self) -> impl Iterator<Item = (Pc, &Instr)> {
        self.pcs.iter().copied().zip(&self.instrs)
    }
}

/// One card's metadata.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Card {
    /// The card key: the source file's stem (`ryu`).
    pub key: StrIdx,
    /// Permanent abilities (`abilities = unblockable, pierce`).
    pub abilities: Vec<AbilityIdx>,
    /// The rule target (`target = ...`, `target? = ...`), resolved before any action.
    pub target: Option<RuleTarget>,
    /// Requisites: each filter must match something for the card to be activated.
    pub requisites: Vec<FilterIdx>,
    /// The entry that evaluates `vars` into local slots, run before the costs.
    pub vars: Option<EntryIdx>,
    /// The actions, in source order; the player chooses one when there are several.
    pub actions: Vec<Action>,
    /// The autos.
    pub autos: Vec<Auto>,
}

impl Card {
    /// A card with key `key` and nothing else.
    pub fn new(key: StrIdx) -> Card {
        Card {
            key,
            abilities: Vec::new(),
            target: None,
            requisites: Vec::new(),
            vars: None,
            actions: Vec::new(),
            autos: Vec::new(),
        }
    }
}

/// `target = f; g` or `target? = f; g`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RuleTarget {
    /// Written `target?`: a filter that matches nothing contributes nothing.
    pub optional: bool,
    /// The filters, whose results are concatenated into `G`.
    pub filters: Vec<FilterIdx>,
}

/// One `action = ...` line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Action {
    /// Its `label = ...` text.
    pub label: Option<StrIdx>,
    /// The cost block, paid before the entry runs.
    pub costs: Vec<Cost>,
    /// The statements.
    pub entry: EntryIdx,
}

/// One cost component (`{D(2)}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cost {
    /// Which cost (`D`).
    pub cost: CostIdx,
    /// A count argument (`{D(2)}`).
    pub count: Option<u32>,
    /// A filter argument (`{S(character@myRing)}`).
    pub filter: Option<FilterIdx>,
}

/// One `auto = ...` line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Auto {
    /// Written with `?...?` (a hook) rather than `~...~`.
    pub hook: bool,
    /// The events it listens to; none means it runs when the card is initialised.
    pub events: Vec<EventRef>,
    /// The cost block (`auto = {F}: ...`), paid each time the auto runs, after its vars and
    /// before its statements; an auto whose cost cannot be paid does nothing.
    pub costs: Vec<Cost>,
    /// The statements.
    pub entry: EntryIdx,
}

/// One event of an auto (`~oppEndPhase:once~`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EventRef {
    /// The event or hook.
    pub event: EventIdx,
    /// Its prefix (`opp`).
    pub prefix: Option<EventPrefixIdx>,
    /// A suffix with a meaning of its own (`once`).
    pub suffix: Option<EventSuffixIdx>,
    /// The implicit condition of any other suffix (`:action`): an entry returning a value.
    pub condition: Option<EntryIdx>,
}

/// A compiled target filter: `<qty> types <pick> [terms] @zone ::selector(arg)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Filter {
    /// How many to choose.
    pub qty: Option<Qty>,
    /// The type terms (at least one), joined by `type_op`.
    pub types: Vec<TypeTerm>,
    /// How several type terms combine.
    pub type_op: TypeOp,
    /// `<n>` / `<-n>`: keep the first / last `n` candidates.
    pub pick: Option<i32>,
    /// `[a&b,c]`: an OR-list of AND-lists of terms (each AND-list non-empty).
    pub terms: Vec<Vec<Term>>,
    /// `@oppRing`.
    pub zone: ZoneRef,
    /// `::not(expr)`.
    pub selector: Option<Selector>,
}

impl Filter {
    /// The entries resolving the filter runs: its type expressions, its selector's
    /// argument, and the entries of its computed quantity and comparisons.
    pub fn entries(&self) -> impl Iterator<Item = EntryIdx> + '_ {
        let atoms = self.types.iter().filter_map(|term| match term.atom {
            TypeAtom::Expr(entry) => Some(entry),
            _ => None,
        });
        let qty = match self.qty {
            Some(Qty::Computed { value, .. }) => Some(value),
            _ => None,
        };
        let terms = self.terms.iter().flatten().filter_map(|term| match term.kind {
            TermKind::CompareComputed { value, .. } => Some(value),
            _ => None,
        });
        atoms.chain(self.selector.map(|selector| selector.arg)).chain(qty).chain(terms)
    }

    /// Whether resolving the filter reads a value computed as it resolves (a computed
    /// quantity or comparison).
    pub fn is_computed(&self) -> bool {
        matches!(self.qty, Some(Qty::Computed { .. }))
            || self.terms.iter().flatten().any(|term| matches!(term.kind, TermKind::CompareComputed { .. }))
    }
}

/// The quantity of a filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Qty {
    /// `<n>`.
    Exact(u16),
    /// `<min,max>` (`min <= max`).
    Range {
        /// Fewest.
        min: u16,
        /// Most.
        max: u16,
    },
    /// `<**>`: any number, at least one.
    All,
    /// `<r>`, `<rN>`: `n` random candidates.
    Random(u16),
    /// As many as the integer an entry gives as the filter resolves (Wagic's `<prex>`:
    /// as many targets as the X paid), none when it gives 0 or less; `up_to` lets the
    /// player take fewer.
    Computed {
        /// The entry giving the count.
        value: EntryIdx,
        /// Whether fewer may be taken.
        up_to: bool,
    },
}

/// How several type terms combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeOp {
    /// `a,b`: the player chooses one (union when no term is a keyword).
    Choice,
    /// `a&b`: union.
    Union,
}

/// One type term (`^characters`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TypeTerm {
    /// `^`: leave out the source card.
    pub exclude_source: bool,
    /// `!`: negate the type test.
    pub negate: bool,
    /// `s`: every match, no choice.
    pub plural: bool,
    /// What it matches.
    pub atom: TypeAtom,
}

/// What a type term matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeAtom {
    /// `*` (and `all`, with `plural`).
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
    /// A card type (`character`).
    CardType(CardTypeIdx),
    /// A subtype (`warrior`).
    Subtype(SubtypeIdx),
    /// A card name (`"Q-Bee"`), compared case-insensitively.
    Name(StrIdx),
    /// An expression (`tgt.0`): an entry returning the value.
    Expr(EntryIdx),
}

/// One filter term inside `[...]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Term {
    /// Written with `-` or `^`.
    pub negated: bool,
    /// What it tests.
    pub kind: TermKind,
}

/// What a filter term tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TermKind {
    /// A keyword filter (`frozen`).
    Keyword(FilterKeywordIdx),
    /// A comparison (`bp>=800`).
    Compare {
        /// The property.
        property: ComparableIdx,
        /// The operator.
        op: CompareOp,
        /// The right-hand side.
        value: i32,
    },
    /// A ranking (`bp:lowest`).
    Rank {
        /// The ranking filter.
        ranking: RankingIdx,
        /// Index of the word in the ranking's word list.
        word: u16,
    },
    /// A card type (`[action]`).
    CardType(CardTypeIdx),
    /// A subtype (`[warrior]`).
    Subtype(SubtypeIdx),
    /// A comparison with the integer an entry gives as the filter resolves, before its
    /// candidates are tested (Wagic's `power<=prex`: the X paid).
    CompareComputed {
        /// The property.
        property: ComparableIdx,
        /// The operator.
        op: CompareOp,
        /// The entry giving the right-hand side.
        value: EntryIdx,
    },
}

/// A comparison operator of a filter term.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompareOp {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl CompareOp {
    /// Every operator, in encoding order.
    pub const ALL: [CompareOp; 6] =
        [CompareOp::Eq, CompareOp::Ne, CompareOp::Lt, CompareOp::Le, CompareOp::Gt, CompareOp::Ge];

    /// Whether `actual` stands in this relation to `value` (`actual >= value`).
    #[inline]
    pub fn holds(self, actual: i32, value: i32) -> bool {
        match self {
            CompareOp::Eq => actual == value,
            CompareOp::Ne => actual != value,
            CompareOp::Lt => actual < value,
            CompareOp::Le => actual <= value,
            CompareOp::Gt => actual > value,
            CompareOp::Ge => actual >= value,
        }
    }

    /// The operator as written (`>=`).
    pub fn as_str(self) -> &'static str {
        match self {
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        }
    }
}

/// A zone with its optional prefix (`@oppRing`; a pile such as `ctrlDeck`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ZoneRef {
    /// `opp`.
    pub prefix: Option<ZonePrefixIdx>,
    /// `ring`.
    pub zone: ZoneIdx,
}

/// `::not(expr)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Selector {
    /// Which selector.
    pub selector: SelectorIdx,
    /// Its argument: an entry returning the value.
    pub arg: EntryIdx,
}

/// A constant other than a filter, loaded with `LoadConst`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Const {
    /// A pile argument (`ctrlDeck`); the zone is one with `is_pile`.
    Pile(ZoneRef),
    /// A keyword argument: word `word` of parameter `param` of command `command`
    /// (`pileView(..., expanded)`).
    Word {
        /// The command.
        command: CommandIdx,
        /// The parameter, whose kind is `Keyword`.
        param: u8,
        /// The word's index in the parameter's list.
        word: u16,
    },
    /// A game-rule switch (`backup_limit`).
    RuleSwitch(RuleSwitchIdx),
}

/// Where each instruction came from: per card its file, per entry a table of source rows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DebugInfo {
    pub(super) strings: Vec<Box<str>>,
    pub(super) card_files: Vec<u32>,
    pub(super) entry_rows: Vec<Vec<LineRow>>,
}

/// The source of the instructions from `pc` up to the next row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LineRow {
    /// First instruction of the range.
    pub pc: Pc,
    /// 1-based line number.
    pub line: u32,
    /// Byte offset of the line's first character in the file.
    pub line_start: u32,
    /// Byte offset where the statement's span starts in the file.
    pub span_start: u32,
    /// Byte offset where it ends.
    pub span_end: u32,
    /// Index of the line's text in the debug strings.
    pub text: u32,
}

impl DebugInfo {
    /// The file card `card` was compiled from.
    pub fn file(&self, card: CardIdx) -> Option<&str> {
        let idx = *self.card_files.get(card.index())?;
        self.strings.get(idx as usize).map(|text| &**text)
    }

    /// The rows of entry `entry`, by increasing `pc`.
    pub fn rows(&self, entry: EntryIdx) -> &[LineRow] {
        self.entry_rows.get(entry.index()).map(|rows| &rows[..]).unwrap_or(&[])
    }

    /// The source line text of `row`.
    pub fn text(&self, row: &LineRow) -> &str {
        self.strings.get(row.text as usize).map(|text| &**text).unwrap_or("")
    }

    /// The row covering the instruction at `pc` of entry `entry` (for trap messages).
    pub fn row_at(&self, entry: EntryIdx, pc: Pc) -> Option<&LineRow> {
        let rows = self.rows(entry);
        let after = rows.partition_point(|row| row.pc <= pc);
        rows.get(after.checked_sub(1)?)
    }
}
