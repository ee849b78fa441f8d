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
//!
//! # A catalogue for a game of your own
//!
//! RuleScript's syntax is fixed (the property keys `action`, `auto`, `target`, `requisite`,
//! `vars`, `label`, `abilities`; the target clauses `to(...)`, `target(...)`, `from(...)`;
//! `[[if ...]]`, `[[may]]`, `[[elif]]`, `[[else]]`; `&`, `&&`, `||`, `cmd?(...)`; `all`,
//! `*`, the plural `s`, quantities `<n>`, picks, `::`; `true`, `false`, `nil`, `and`, `or`,
//! `not`, `in`, and `card`, the element of a loop). Every other word is the catalogue's,
//! and each list feeds one place of a card:
//!
//! | list | where a card writes it |
//! |---|---|
//! | `commands` | `strike(3)`: the arguments are parsed by each parameter's [`ArgKind`]; a command whose one parameter is [`ArgKind::Each`] is a loop the compiler builds, no builtin runs (CFC `each(card in list => ...)`, `each(filter => ...)`): a game without one has no loops |
//! | `costs` | `{E(2)}: ...` before an action's statements; the name may be any word |
//! | `card_types`, `subtypes` | target types (`unit`, `units`: all of them), filter terms (`[unit]`) |
//! | `filters`, `comparable_filters`, `ranking_filters` | filter terms: `[wounded]`, `[power>=3]`, `[power:lowest]` (the last with `power` a ranking filter) |
//! | `zones`, `zone_prefixes` | `@enemyBoard` after a filter (prefix glued to the zone), `Pile` arguments (`hand`, zones with `is_pile`); a filter without `@` searches the **first** zone |
//! | `events`, `event_prefixes`, `event_suffixes` | `auto = ~ownSummoned:self~ ...` (`?hook?` for hooks) |
//! | `restrictions`, `restriction_prefixes` | a statement's timer (`empower(2) eot`), which ends the effects that [`CommandSpec::timed`] commands record |
//! | `abilities` | `abilities = ...`, `+name` / `-name` grants |
//! | `rule_switches`, `selectors` | `RuleSwitch` arguments, `::not(list)` |
//! | `variables`, `attributes`, `functions` | expressions: `hero.board.size`, `coin()` |
//! | `roles` | which of these words mean "the controller", "the opponent", "this card", "the event's object"... ([`Roles`]): the target words `hero`/`foe` are no list's |
//!
//! Two conventions link lists: an event suffix that is no `event_suffixes` name is a
//! condition on the event's object, a variable `word` tested by a one-argument function
//! `isWord` when the catalogue has one (`~summoned:spell~` is `[[if isSpell(newcomer)]]`,
//! `newcomer` being the `event_object` role); inside `each`/`in`, such a variable tests the
//! element. The language's semantics hold for every game: an auto's statements without
//! `to(...)` act on the auto's card (or its `target =` targets), so a command's
//! [`DefaultTarget`] applies in actions only; a restriction times only
//! [`CommandSpec::timed`] commands and ability grants.
//!
//! A catalogue is plain `'static` data (the runtime holds `&'static Catalogue`): a game
//! declares it as a `static`, or one that builds it at run time (from a file of its own)
//! leaks it once (`Box::leak`), names included. A game names only the lists and roles it
//! has, the rest coming from [`Catalogue::EMPTY`] and [`Roles::NONE`] by struct update, so
//! that a field added to either (with a default that changes nothing) breaks no game:
//!
//! ```
//! use vm::catalogue::{Catalogue, NamedSpec, Roles};
//!
//! static CATALOGUE: Catalogue = Catalogue {
//!     name: "tiny",
//!     card_types: &[NamedSpec { name: "unit", doc: "A card that stays in play." }],
//!     variables: &[NamedSpec { name: "hero", doc: "The executing player." }],
//!     roles: Roles { target_controller: Some("hero"), ..Roles::NONE },
//!     ..Catalogue::EMPTY
//! };
//! assert!(CATALOGUE.commands.is_empty() && CATALOGUE.unknown_roles().is_empty());
//! ```
//!
//! `vm/examples/duel.rs` is a whole game on a catalogue of its own; the compiler checks a
//! card against whichever catalogue it is handed (`compiler::Session::new(&CATALOGUE)`).
//! `rsc` knows two catalogues (CFC's, and Wagic's with `--lang wagic`); a game of its own
//! writes its catalogue as a file (`catalogue_file::to_json`, crate `catalogue-file`) and
//! `rsc check --catalogue FILE` checks its cards against it.

/// Everything a game offers to card scripts.
#[derive(Debug)]
pub struct Catalogue {
    /// Short name recorded in bundles (`cfc`).
    pub name: &'static str,
    /// Commands callable in effect chains (`damage(300)`), in builtin-id order.
    pub commands: &'static [CommandSpec],
    /// Cost components of `{...}:` blocks (`{F}`, `{D(2)}`), implemented by the game's
    /// [`CostFn`](crate::runtime::CostFn)s.
    pub costs: &'static [CostSpec],
    /// Keyword filter terms inside `[...]` (`frozen`, `powerful`).
    pub filters: &'static [NamedSpec],
    /// Card properties comparable inside `[...]` with an operator (`bp>=800`).
    pub comparable_filters: &'static [NamedSpec],
    /// Filters written as `name:word` inside `[...]` (`bp:lowest`).
    pub ranking_filters: &'static [RankingSpec],
    /// Zones after `@` (`ring`, `deck`); piles are the zones with `is_pile`. The first is
    /// the zone of a filter written without `@` (CFC's `arena`: both rings), so it should
    /// be the one cards target most.
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
    /// Event suffixes with a meaning of their own (`this`, `once`: see their [`Roles`]); any
    /// other suffix must be a variable, and is an implicit condition: `is<Suffix>` of the
    /// event's object when [`Catalogue::functions`] has that one-argument test (CFC
    /// `~attacks:action~` is `isAction(trigger)`), else the variable's value.
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
    /// Functions an expression may call (`flipCoin()`). A one-argument `is<Name>` for a
    /// variable `name` is also the test of an event suffix `:name` and of `name` inside
    /// `each`/`in` (see [`Catalogue::event_suffixes`]).
    pub functions: &'static [FunctionSpec],
    /// Which of the names above play the parts the compiler and the runtime give a meaning
    /// to (the rule's targets, the event's object, the `once` suffix...).
    pub roles: Roles,
}

impl Catalogue {
    /// A catalogue with no name, every list empty and no role ([`Roles::NONE`]): what a
    /// game's catalogue starts from, naming only what the game declares (`Catalogue { name:
    /// "duel", commands: &COMMANDS, ..Catalogue::EMPTY }`), so that a list the game does
    /// not have, or a field added to `Catalogue` later, takes its empty default. Empty
    /// lists change a catalogue's [`CatalogueId`] no more than listing them as `&[]` does.
    pub const EMPTY: Catalogue = Catalogue {
        name: "",
        commands: &[],
        costs: &[],
        filters: &[],
        comparable_filters: &[],
        ranking_filters: &[],
        zones: &[],
        zone_prefixes: &[],
        card_types: &[],
        subtypes: &[],
        events: &[],
        event_prefixes: &[],
        event_suffixes: &[],
        abilities: &[],
        rule_switches: &[],
        selectors: &[],
        restrictions: &[],
        restriction_prefixes: &[],
        variables: &[],
        attributes: &[],
        functions: &[],
        roles: Roles::NONE,
    };
}

/// The names of a catalogue that play a part the compiler or the runtime gives a meaning
/// to, in the game's own spelling: neither knows any game's words, they read the part.
/// Each is a name of the list its field says (the target words excepted: they are in no
/// list), or `None` when the game has no such name, and the part then never comes up.
/// [`Catalogue::unknown_roles`] finds a role naming nothing.
///
/// Roles are not part of the [`CatalogueId`]: they only say which of the hashed names
/// plays which part, and a game that gives a part to another name must rename its
/// catalogue (or change a hashed name) for old bundles to be refused.
#[derive(Debug, Clone, Copy)]
pub struct Roles {
    /// Target type for the executing player (CFC `me`), a word of no list: the player who
    /// activates the card, and for an auto the player whose event runs it (`Event::player`,
    /// spec §3.1), who may be the opponent of the auto's card's controller, unless
    /// `Runtime::set_autos_run_as_controller` makes autos run as their controller.
    pub target_controller: Option<&'static str>,
    /// Target type for the executing player's opponent (CFC `opp`), a word of no list.
    pub target_opponent: Option<&'static str>,
    /// Target type for the source card itself (CFC `this`), a word of no list.
    pub target_source: Option<&'static str>,
    /// Target type for any player (CFC `player`, plural with an `s`), a word of no list.
    pub target_player: Option<&'static str>,
    /// Variable: the card whose rule runs (CFC `this`).
    pub source: Option<&'static str>,
    /// Variable: the rule-level targets (CFC `tgt`); a rule reading it resolves its
    /// targets first.
    pub targets: Option<&'static str>,
    /// Variable: the previous statement's targets (CFC `prevTgt`); reading it counts as
    /// reading the targets.
    pub previous_targets: Option<&'static str>,
    /// Variable: the object of the event that runs an auto (CFC `trigger`), which an
    /// implicit suffix condition (`~attacks:action~`) tests.
    pub event_object: Option<&'static str>,
    /// Event prefix: the event's player is the auto's controller (CFC `my`; no prefix
    /// means the same).
    pub event_mine: Option<&'static str>,
    /// Event prefix: the event's player is the controller's opponent (CFC `opp`).
    pub event_opponent: Option<&'static str>,
    /// Event prefix: any player's event (CFC `any`).
    pub event_anyone: Option<&'static str>,
    /// Event suffix: the event's object is the auto's card (CFC `this`).
    pub suffix_source: Option<&'static str>,
    /// Event suffix: the event comes from the auto's card (CFC `fromThis`); like
    /// [`Roles::suffix_source`] for matching.
    pub suffix_from_source: Option<&'static str>,
    /// Event suffix: whatever the event's object is (CFC `any`).
    pub suffix_any_object: Option<&'static str>,
    /// Event suffix: the auto runs once, then ends (CFC `once`).
    pub suffix_once: Option<&'static str>,
    /// Restriction prefix: the timer runs on the opponent's turns (CFC `opp`).
    pub restriction_opponent: Option<&'static str>,
    /// Zone prefix: the executing player's zone (CFC `my`; see
    /// [`Roles::target_controller`] for who that is in an auto).
    pub zone_mine: Option<&'static str>,
    /// Zone prefix: the executing player's opponent's zone (CFC `opp`).
    pub zone_opponent: Option<&'static str>,
    /// Zone prefix: either player's zone, asked before the picks (CFC `any`).
    pub zone_either: Option<&'static str>,
    /// Zone prefix: one player's zone for every pick, asked before them (CFC `same`).
    pub zone_same: Option<&'static str>,
    /// Event that no game emits: an auto on it is a continuous effect (CFC has none; Wagic
    /// `aslongas(...)`, a static `foreach(...)`). The runtime runs it when its card enters
    /// play and again after every event and every card entering or leaving play (once for
    /// a row of events that start no auto, and before any auto an event starts), ending
    /// first what its last run recorded, so its effects hold exactly while its conditions
    /// do; they end when the card leaves play.
    pub continuous: Option<&'static str>,
}

impl Roles {
    /// No name plays any part: a catalogue for tests or a game without these features, and
    /// what a game's roles start from, naming only the parts it has (`Roles {
    /// target_controller: Some("hero"), ..Roles::NONE }`), so that a role added later
    /// breaks no game.
    pub const NONE: Roles = Roles {
        target_controller: None,
        target_opponent: None,
        target_source: None,
        target_player: None,
        source: None,
        targets: None,
        previous_targets: None,
        event_object: None,
        event_mine: None,
        event_opponent: None,
        event_anyone: None,
        suffix_source: None,
        suffix_from_source: None,
        suffix_any_object: None,
        suffix_once: None,
        restriction_opponent: None,
        zone_mine: None,
        zone_opponent: None,
        zone_either: None,
        zone_same: None,
        continuous: None,
    };
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

/// Generates a game's `Command` enum and its `COMMANDS` table from a table of its
/// commands, so that `Command::index` is the command's index in the game's catalogue (its
/// builtin id, what [`Builtins::command`](crate::runtime::Builtins::command) takes:
/// `builtins.command(Command::Strike.index(), strike)`). Invoke
/// it with the table (`vm::define_commands! { Strike { name: "strike", params: [req
/// "amount": Expr], default_target: Nothing, timed: false, doc: "...", fails_when:
/// "never" }, ... }`, as `vm/examples/duel.rs` does), or through a macro of the game's
/// that passes it (`for_each_command!(define_commands)`, as `stdlib` and `wagic` do).
/// `params` are `req` or `opt` (trailing), a name and an [`ArgKind`] variant
/// (`Keyword(WORDS)` with its word list). The games' catalogues differ in their tables, not
/// in this machinery; then `commands: &COMMANDS` in the [`Catalogue`].
#[macro_export]
macro_rules! define_commands {
    ($(
        $variant:ident {
            name: $name:literal,
            params: [$($req:ident $pname:literal : $kind:ident $(($karg:expr))?),* $(,)?],
            default_target: $default:ident,
            timed: $timed:literal,
            doc: $doc:literal,
            fails_when: $fails:literal $(,)?
        }
    ),* $(,)?) => {
        /// A command of this game's catalogue; its discriminant is its index in
        /// `CATALOGUE.commands`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u16)]
        pub enum Command {
            $(
                #[doc = concat!("`", $name, "`: ", $doc)]
                $variant,
            )*
        }

        impl Command {
            /// Every command, in builtin-id order.
            pub const ALL: &'static [Command] = &[$(Command::$variant),*];

            /// The number of commands.
            pub const COUNT: usize = Command::ALL.len();

            /// The command whose builtin id is `index`.
            pub fn from_index(index: u16) -> Option<Command> {
                Command::ALL.get(usize::from(index)).copied()
            }

            /// The builtin id: the command's index in the catalogue's `commands`, what
            /// `vm::runtime::Builtins::command` takes to register its builtin.
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The command's specification.
            pub fn spec(self) -> &'static $crate::catalogue::CommandSpec {
                &COMMANDS[self.index()]
            }

            /// The canonical spelling.
            pub fn name(self) -> &'static str {
                self.spec().name
            }
        }

        /// Every command's specification, indexed by `Command`.
        pub static COMMANDS: [$crate::catalogue::CommandSpec; Command::COUNT] = [$(
            $crate::catalogue::CommandSpec {
                name: $name,
                params: &[$(
                    $crate::catalogue::ParamSpec {
                        name: $pname,
                        kind: $crate::catalogue::ArgKind::$kind $(($karg))?,
                        optional: $crate::define_commands!(@optional $req),
                    }
                ),*],
                default_target: $crate::catalogue::DefaultTarget::$default,
                doc: $doc,
                fails_when: $fails,
                timed: $timed,
            }
        ),*];
    };
    (@optional req) => { false };
    (@optional opt) => { true };
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

/// What a command acts on when its statement resolved no targets: in an action without a
/// `target =` property, a statement without `to(...)`. An auto's statements without one
/// act on the auto's rule targets, its own card unless it has a `target =` property (spec
/// §3.7), so there a builtin is handed that card
/// whatever its default: `SourceController` is never applied in an auto, and a command
/// meant for a player either is written with `to(...)` in autos or takes a card target to
/// mean its controller (CFC's builtins do).
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

    /// Index of the name spelled `name` (any case) in `list`: how a role is found.
    pub fn role_index(list: &[NamedSpec], name: Option<&str>) -> Option<usize> {
        let name = name?;
        list.iter().position(|named| named.name.eq_ignore_ascii_case(name))
    }

    /// The roles naming nothing in the list their field says, as `field = name`: a
    /// catalogue's tests assert there are none.
    pub fn unknown_roles(&self) -> Vec<String> {
        let roles = &self.roles;
        let in_lists = [
            ("source", roles.source, self.variables),
            ("targets", roles.targets, self.variables),
            ("previous_targets", roles.previous_targets, self.variables),
            ("event_object", roles.event_object, self.variables),
            ("event_mine", roles.event_mine, self.event_prefixes),
            ("event_opponent", roles.event_opponent, self.event_prefixes),
            ("event_anyone", roles.event_anyone, self.event_prefixes),
            ("suffix_source", roles.suffix_source, self.event_suffixes),
            ("suffix_from_source", roles.suffix_from_source, self.event_suffixes),
            ("suffix_any_object", roles.suffix_any_object, self.event_suffixes),
            ("suffix_once", roles.suffix_once, self.event_suffixes),
            ("restriction_opponent", roles.restriction_opponent, self.restriction_prefixes),
            ("zone_mine", roles.zone_mine, self.zone_prefixes),
            ("zone_opponent", roles.zone_opponent, self.zone_prefixes),
            ("zone_either", roles.zone_either, self.zone_prefixes),
            ("zone_same", roles.zone_same, self.zone_prefixes),
        ];
        let mut unknown: Vec<String> = in_lists
            .into_iter()
            .filter_map(|(field, name, list)| {
                let name = name?;
                Catalogue::role_index(list, Some(name)).is_none().then(|| format!("{field} = {name}"))
            })
            .collect();
        if let Some(name) = roles.continuous
            && self.event_index(name).is_none()
        {
            unknown.push(format!("continuous = {name}"));
        }
        unknown
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
