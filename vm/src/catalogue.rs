//! The shape of a game's built-in catalogue: the names, arities and argument kinds the
//! compiler checks a card against and the bundle records by identity.
//!
//! The VM knows nothing of any particular game. A game crate (for Card Fighters' Clash:
//! `stdlib`) declares one `Catalogue` value; the compiler is handed it and never names a
//! command itself; a bundle records the catalogue's [`CatalogueId`] so that a runtime built
//! with another catalogue refuses it.
//!
//! Names are stored in their canonical spelling (`moveTo`); lookups are case-insensitive
//! because RuleScript keywords are.

/// Everything a game offers to card scripts.
#[derive(Debug)]
pub struct Catalogue {
    /// Short name recorded in bundles (`cfc`).
    pub name: &'static str,
    /// Commands callable in effect chains (`damage(300)`), in builtin-id order.
    pub commands: &'static [CommandSpec],
    /// Cost components of `{...}:` blocks (`{F}`, `{D(2)}`).
    pub costs: &'static [CostSpec],
    /// Keyword filter terms inside `[...]` (`frozen`, `powerful`).
    pub filters: &'static [NamedSpec],
    /// Card properties comparable inside `[...]` with an operator (`bp>=800`).
    pub comparable_filters: &'static [NamedSpec],
    /// Filters written as `name:word` inside `[...]` (`bp:lowest`).
    pub ranking_filters: &'static [RankingSpec],
    /// Zones after `@` (`ring`, `deck`); piles are the zones with `is_pile`.
    pub zones: &'static [ZoneSpec],
    /// Prefixes of a zone or pile name (`my`, `opp`, `ctrl`, `same`, `any`).
    pub zone_prefixes: &'static [NamedSpec],
    /// Card types usable as target types and filter terms (`character`).
    pub card_types: &'static [NamedSpec],
    /// Card subtypes usable as target types and filter terms (`warrior`).
    pub subtypes: &'static [&'static str],
    /// Events (`~endPhase~`) and hooks (`?canBlock?`).
    pub events: &'static [EventSpec],
    /// Event prefixes (`my`, `opp`, `any`).
    pub event_prefixes: &'static [NamedSpec],
    /// Event suffixes with a meaning of their own (`this`, `once`); any other suffix is
    /// checked as an implicit condition.
    pub event_suffixes: &'static [NamedSpec],
    /// Ability keywords of `abilities =` and `+ability` (`unblockable`).
    pub abilities: &'static [NamedSpec],
    /// Game-rule switches of `enableRule` and friends (`backup_limit`).
    pub rule_switches: &'static [NamedSpec],
    /// Selectors after `::` in a target filter (`not`).
    pub selectors: &'static [NamedSpec],
    /// Restriction timers (`ueot`, `unac`, `uynt`).
    pub restrictions: &'static [NamedSpec],
    /// Prefixes of a restriction (`my`, `opp`).
    pub restriction_prefixes: &'static [NamedSpec],
    /// Names an expression may read (`me`, `discarded`).
    pub variables: &'static [NamedSpec],
    /// Attributes an expression may read after a dot (`hp`, `size`).
    pub attributes: &'static [NamedSpec],
    /// Functions an expression may call (`flipCoin()`).
    pub functions: &'static [FunctionSpec],
}

/// A name with a one-line description.
#[derive(Debug, Clone, Copy)]
pub struct NamedSpec {
    /// Canonical spelling.
    pub name: &'static str,
    /// One line for documentation and hover text.
    pub doc: &'static str,
}

/// One command of the catalogue.
#[derive(Debug)]
pub struct CommandSpec {
    /// Canonical spelling (`moveTo`).
    pub name: &'static str,
    /// Parameters in order; trailing optional ones may be omitted.
    pub params: &'static [ParamSpec],
    /// What the command acts on when its statement has no targets.
    pub default_target: DefaultTarget,
    /// One-line description of what the command does.
    pub doc: &'static str,
    /// When the command reports failure to `&&` and `||` (it succeeds otherwise).
    pub fails_when: &'static str,
    /// Whether a restriction (`ueot`, ...) limits how long its effect lasts; when false a
    /// restriction on its statement has no effect on it.
    pub timed: bool,
}

impl CommandSpec {
    /// The fewest arguments a call may pass.
    pub fn min_args(&self) -> usize {
        self.params.iter().filter(|param| !param.optional).count()
    }

    /// The most arguments a call may pass.
    pub fn max_args(&self) -> usize {
        self.params.len()
    }
}

/// One parameter of a command.
#[derive(Debug)]
pub struct ParamSpec {
    /// Name used in messages and documentation (`pile`).
    pub name: &'static str,
    /// What may be written for it.
    pub kind: ArgKind,
    /// Whether it may be left out (only trailing parameters are optional).
    pub optional: bool,
}

/// What an argument may be. The compiler parses each argument by its kind.
#[derive(Debug, Clone, Copy)]
pub enum ArgKind {
    /// A signed integer literal (`300`, `-3`).
    Int,
    /// An expression (`discarded.size * 100`, `tgt`).
    Expr,
    /// A change of a counter: `300`, `+e`, `-e` (add), `=e` (set), `xN` (multiply).
    Amount,
    /// A change of a cost: `n` (add) or `=n` (set), signed integers.
    CostChange,
    /// A target filter (`<1>reaction`, `character@myRing`).
    Filter,
    /// An integer count or a target filter (`2`, `all`, `<r>`).
    CountOrFilter,
    /// A pile with an optional zone prefix (`hand`, `ctrlDeck`).
    Pile,
    /// A position in a pile: an integer (`0` top, `-1` bottom), `?` (ask), or a boolean.
    Position,
    /// `true` or `false`.
    Bool,
    /// One word of a fixed set.
    Keyword(&'static [NamedSpec]),
    /// One of the catalogue's rule switches.
    RuleSwitch,
    /// A quoted card id (`"80d4..."`) or an expression giving a card.
    CardRef,
    /// The loop of `each`: `expr in list => chain` or `filter => chain`.
    Each,
    /// A rule value: an integer or a boolean.
    Value,
}

/// What a command acts on when its statement resolved no targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultTarget {
    /// The card whose rule runs.
    Source,
    /// The controller of that card.
    SourceController,
    /// Nothing: without targets the command does nothing.
    Nothing,
    /// Targets do not matter to this command.
    Irrelevant,
}

/// One cost component (`{D(2)}`).
#[derive(Debug)]
pub struct CostSpec {
    /// The letter written inside braces (`D`).
    pub name: &'static str,
    /// What may be written in parentheses after it.
    pub arg: CostArg,
    /// One-line description.
    pub doc: &'static str,
}

/// What a cost component accepts in parentheses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostArg {
    /// Nothing: `{F}`.
    None,
    /// Optionally a target filter: `{S}`, `{S(character@myRing)}`.
    OptionalFilter,
    /// Optionally a count or a target filter: `{D}`, `{D(2)}`, `{D(<r>)}`.
    OptionalCountOrFilter,
}

/// A filter written `name:word` (`bp:lowest`).
#[derive(Debug)]
pub struct RankingSpec {
    /// The property (`bp`).
    pub name: &'static str,
    /// The words allowed after the colon (`lowest`, `highest`).
    pub words: &'static [NamedSpec],
    /// One-line description.
    pub doc: &'static str,
}

/// One zone.
#[derive(Debug)]
pub struct ZoneSpec {
    /// Canonical spelling (`discards`).
    pub name: &'static str,
    /// Whether the zone is a player's pile (usable as a `Pile` argument).
    pub is_pile: bool,
    /// One-line description.
    pub doc: &'static str,
}

/// One event or hook.
#[derive(Debug)]
pub struct EventSpec {
    /// Canonical spelling (`endPhase`).
    pub name: &'static str,
    /// Whether it is a hook: a yes/no question the auto answers.
    pub is_hook: bool,
    /// Whether the event concerns one object (a card or player) rather than the game.
    pub has_object: bool,
    /// One-line description.
    pub doc: &'static str,
}

/// One function callable in expressions.
#[derive(Debug)]
pub struct FunctionSpec {
    /// Canonical spelling (`flipCoin`).
    pub name: &'static str,
    /// Fewest arguments.
    pub min_args: u8,
    /// Most arguments.
    pub max_args: u8,
    /// One-line description.
    pub doc: &'static str,
}

/// Identity of a catalogue as recorded in a bundle: its name and a hash of its contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CatalogueId {
    /// The catalogue's name.
    pub name: &'static str,
    /// FNV-1a hash of every name, arity and argument kind, in declaration order.
    pub hash: u32,
}

impl std::fmt::Display for CatalogueId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}#{:08x}", self.name, self.hash)
    }
}

impl Catalogue {
    /// The identity recorded in bundles built against this catalogue.
    pub fn id(&self) -> CatalogueId {
        CatalogueId { name: self.name, hash: self.content_hash() }
    }

    /// Index of the command spelled `name` (any case).
    pub fn command_index(&self, name: &str) -> Option<usize> {
        self.commands.iter().position(|command| command.name.eq_ignore_ascii_case(name))
    }

    /// Index of the event or hook spelled `name` (any case).
    pub fn event_index(&self, name: &str) -> Option<usize> {
        self.events.iter().position(|event| event.name.eq_ignore_ascii_case(name))
    }

    fn content_hash(&self) -> u32 {
        let mut hasher = Fnv1a::new();
        hasher.write(self.name);
        for command in self.commands {
            hasher.write(command.name);
            for param in command.params {
                hasher.write(param.name);
                hasher.write_u8(param.optional as u8);
                hash_arg_kind(&mut hasher, param.kind);
            }
            hasher.write_u8(command.default_target as u8 | (command.timed as u8) << 4);
        }
        for cost in self.costs {
            hasher.write(cost.name);
            hasher.write_u8(cost.arg as u8);
        }
        for ranking in self.ranking_filters {
            hasher.write(ranking.name);
            hash_names(&mut hasher, ranking.words);
        }
        for zone in self.zones {
            hasher.write(zone.name);
            hasher.write_u8(zone.is_pile as u8);
        }
        for event in self.events {
            hasher.write(event.name);
            hasher.write_u8(event.is_hook as u8 | (event.has_object as u8) << 1);
        }
        for function in self.functions {
            hasher.write(function.name);
            hasher.write_u8(function.min_args);
            hasher.write_u8(function.max_args);
        }
        for names in [
            self.filters,
            self.comparable_filters,
            self.zone_prefixes,
            self.card_types,
            self.event_prefixes,
            self.event_suffixes,
            self.abilities,
            self.rule_switches,
            self.selectors,
            self.restrictions,
            self.restriction_prefixes,
            self.variables,
            self.attributes,
        ] {
            hash_names(&mut hasher, names);
        }
        for subtype in self.subtypes {
            hasher.write(subtype);
        }
        hasher.finish()
    }
}

fn hash_names(hasher: &mut Fnv1a, names: &[NamedSpec]) {
    hasher.write_u8(0xff);
    for named in names {
        hasher.write(named.name);
    }
}

fn hash_arg_kind(hasher: &mut Fnv1a, kind: ArgKind) {
    let tag = match kind {
        ArgKind::Int => 0,
        ArgKind::Expr => 1,
        ArgKind::Amount => 2,
        ArgKind::CostChange => 3,
        ArgKind::Filter => 4,
        ArgKind::CountOrFilter => 5,
        ArgKind::Pile => 6,
        ArgKind::Position => 7,
        ArgKind::Bool => 8,
        ArgKind::Keyword(words) => {
            hash_names(hasher, words);
            9
        }
        ArgKind::RuleSwitch => 10,
        ArgKind::CardRef => 11,
        ArgKind::Each => 12,
        ArgKind::Value => 13,
    };
    hasher.write_u8(tag);
}

/// 32-bit FNV-1a: small, stable across platforms and Rust versions.
struct Fnv1a(u32);

impl Fnv1a {
    fn new() -> Fnv1a {
        Fnv1a(0x811c_9dc5)
    }

    fn write_u8(&mut self, byte: u8) {
        self.0 = (self.0 ^ byte as u32).wrapping_mul(0x0100_0193);
    }

    fn write(&mut self, text: &str) {
        for byte in text.bytes() {
            self.write_u8(byte.to_ascii_lowercase());
        }
        self.write_u8(0);
    }

    fn finish(&self) -> u32 {
        self.0
    }
}
