//! The cards a table runs: [`Library`] compiles Wagic card files into one program and keeps
//! each card's printed characteristics ([`Printed`]), read from its `[card]` block.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::catalogue::CATALOGUE;
use vm::bytecode::{BundleBuilder, CardIdx, Program};

/// A card's printed characteristics, read from its `[card]` block.
#[derive(Debug, Clone, Default)]
pub struct Printed {
    /// The numbers of its type words, once asked (`type_words.rs`): `types` never changes.
    pub(crate) type_numbers: OnceLock<Box<[u16]>>,
    /// `name=`.
    pub name: String,
    /// `type=` and `subtype=` words, lower case.
    pub types: Vec<String>,
    /// Its colours, from its mana cost and `color=`, in [`crate::catalogue::COLOUR_NAMES`]
    /// words.
    pub colours: Vec<&'static str>,
    /// `power=` (0 when absent or not a number).
    pub power: i32,
    /// `toughness=`.
    pub toughness: i32,
    /// The mana value of `mana=`.
    pub mana_value: i32,
    /// `mana=` as written (`{1}{R}`): what casting it costs.
    pub mana_cost: String,
    /// `target=` as written (a spell's target; an Elemental Blast's alias's when absent),
    /// empty when none.
    pub target: String,
    /// Its `auto=` lines as written.
    pub autos: Vec<String>,
    /// The activated abilities an Aura or Equipment gives the permanent it is attached to
    /// (`teach(creature) {cost}:effect`, [`crate::front::given_activations`]), each as
    /// written without `teach(...)`, then those its `transforms((,newability[{cost}:effect]))
    /// ueot` gives (`giveability`, [`crate::front::effect_given_activations`]), the last
    /// first: the card's actions after its own, used by the permanents given them.
    pub given_lines: Vec<String>,
    /// The cost changes of its `auto=` lines (`lord(*[red]|myhand,...) altercost(colorless,-1)`,
    /// [`crate::front::cost_changes`]): while it is on the battlefield, the spells their
    /// specs match cost more or less (`table/cost_change.rs`).
    pub cost_changes: Vec<crate::front::CostChange>,
    /// Its `autohand=` lines as written: the card's actions after its given ones, used from hand.
    pub hand_lines: Vec<String>,
    /// Its activated `autograveyard=` lines as written ([`crate::front::is_graveyard_activation`]):
    /// the card's last actions, used from its owner's graveyard.
    pub graveyard_lines: Vec<String>,
    /// Its other `autograveyard=` lines as written: its triggers, static and one-shot
    /// abilities in its owner's graveyard (`table/graveyard.rs`).
    pub graveyard_abilities: Vec<String>,
    /// `kicker=` as written (`{2}`), empty when none: the cost that may be added to its
    /// mana cost as it is cast.
    pub kicker: String,
    /// `flashback=` as written (`{2}{R}`), empty when none: the cost of casting it from
    /// its owner's graveyard (`table/flashback.rs`).
    pub flashback: String,
    /// The mana of `retrace=` (`{R}` of `{R}{S(land|myhand)}`), empty when none: with a
    /// land card of its owner's hand discarded, the cost of casting it from its owner's
    /// graveyard, which it goes back to as it resolves (`play/retrace.rs`).
    pub retrace: String,
    /// `buyback=` as written (`{1}{U}{U}{3}`), empty when none: the whole cost of casting
    /// it with its buyback paid, after which it returns to its owner's hand as it
    /// resolves (`table/buyback.rs`).
    pub buyback: String,
    /// `suspend(N)={cost}`: its N time counters and its cost as written (`{1}{r}`), `None`
    /// when it has none (`table/suspend.rs`).
    pub suspend: Option<(u32, String)>,
    /// Its `autostack=` line is cascade ([`crate::front::is_cascade`]): cast, it exiles
    /// cards from the top of its caster's library until a cheaper nonland card, which may
    /// be cast for free (`play/cascade.rs`).
    pub cascade: bool,
    /// The cost of its madness line (`autoexile=restriction{discarded} pay({R}) ...`,
    /// `{R}`), empty when none: discarded, it is exiled and its owner may cast it for this
    /// (`table/madness.rs`).
    pub madness: String,
    /// `facedown=` as written (`{3}`), empty when none: the cost of casting it face down
    /// (morph, `table/morph.rs`).
    pub face_down_cost: String,
    /// The cost of its `autofacedown={cost}:morph` line (`{2}{B}{G}{U}`), empty when none:
    /// what turning it face up costs.
    pub face_up_cost: String,
    /// The mana symbols of `other=` (`{1}{U}`, without its `name(...)`), empty when none:
    /// the mana that may be paid instead of its mana cost as it is cast.
    pub other: String,
    /// The other symbols of `other=` (`{L}{E(other *[blue]|myhand)}`), empty when none:
    /// paid with them by the card's last action ([`Printed::alternative_action`]).
    pub other_costs: String,
    /// `otherrestriction=` as written, empty when none: when `other` may be paid
    /// (`crate::restriction`).
    pub other_restriction: String,
    /// `restriction=` as written, empty when none: when the card may be cast for its mana
    /// cost (`crate::restriction::cast_allowed`).
    pub cast_restriction: String,
    /// `alias=` as written, empty when none: the runner's rules by alias (Fastbond's lands).
    pub alias: String,
    /// A token's keyword abilities (a card's `abilities=` are granted by the runtime).
    pub abilities: Vec<&'static str>,
    /// A card's `abilities=` keywords, which a filter reads off the battlefield (a spell
    /// on the stack: Hidden Spider's `@movedto(creature[flying]|opponentstack)`), as
    /// Wagic's reads the card's own; on the battlefield the runtime's grants answer.
    pub written_abilities: Vec<&'static str>,
    /// `abilities=` has `nofizzle`: as a spell it can't be countered.
    pub uncounterable: bool,
}

/// Which of a card's actions are used from where ([`Printed::action_ranges`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionRanges {
    /// A permanent's activated abilities, or a spell's effect.
    pub own: std::ops::Range<usize>,
    /// The activated abilities it gives the permanent it is attached to.
    pub given: std::ops::Range<usize>,
    /// Its `autohand=` abilities, used from its owner's hand.
    pub hand: std::ops::Range<usize>,
    /// Its activated `autograveyard=` abilities, used from its owner's graveyard.
    pub graveyard: std::ops::Range<usize>,
}

impl Printed {
    /// Which of the card's `actions` (how many its program has) are its own, those it
    /// gives the permanent it is attached to, its hand's and its graveyard's: the front end
    /// puts them in that order.
    pub fn action_ranges(&self, actions: usize) -> ActionRanges {
        // The action paying an alternative cost's symbols other than mana comes last.
        let actions = if self.other_costs.is_empty() { actions } else { actions.saturating_sub(1) };
        let graveyard_start = actions.saturating_sub(self.graveyard_lines.len());
        let hand_start = graveyard_start.saturating_sub(self.hand_lines.len());
        let given_start = hand_start.saturating_sub(self.given_lines.len());
        ActionRanges {
            own: 0..given_start,
            given: given_start..hand_start,
            hand: hand_start..graveyard_start,
            graveyard: graveyard_start..actions,
        }
    }

    /// Whether the card has an alternative cost (`other=`).
    pub fn has_alternative(&self) -> bool {
        !self.other.is_empty() || !self.other_costs.is_empty()
    }

    /// The card's action paying its alternative cost's symbols other than mana (of the
    /// card's `actions`), when it has some: its last.
    pub fn alternative_action(&self, actions: usize) -> Option<usize> {
        (!self.other_costs.is_empty()).then(|| actions.checked_sub(1)).flatten()
    }

    /// The `auto=` lines of the card's own activated abilities, one for each ability, in
    /// the order the front end lowers them: `{cost}:effect`, an upkeep cost (`upcost[...]`),
    /// a cumulative upkeep once for each age it is paid for, and a colour choice around an
    /// activated ability (`chooseacolor {T}:add{chosencolor} chooseend`).
    pub fn activated_lines(&self) -> Vec<&str> {
        let mut lines = Vec::new();
        for auto in &self.autos {
            let auto = auto.trim();
            let abilities = if auto.starts_with('{') {
                1
            } else {
                crate::front::upkeep_cost_abilities(auto)
                    .or_else(|| crate::front::colour_choice_abilities(auto))
                    .unwrap_or(0)
            };
            lines.extend(std::iter::repeat_n(auto, abilities));
        }
        lines
    }
}

/// Why a card name has no rules to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    /// No card of the files has this name.
    Unknown,
    /// The card's first block does not compile: its diagnostic (`E0100 unsupported: ...`).
    NotCompiled(String),
}

/// The cards of some Wagic card files, compiled into one program, with each card's printed
/// characteristics. A name met twice is the first block's (as Wagic loads them).
pub struct Library {
    /// The cards that compiled.
    pub program: Arc<Program>,
    /// Each compiled card's bundle key (its name) and index: looked up by name at every
    /// card's every move listed (`Table::rules`), with a hash quicker than `std`'s.
    pub rules: rustc_hash::FxHashMap<String, CardIdx>,
    /// Each card's printed characteristics, by name (shared with the boards, whose
    /// `token(id)` tokens are made of them).
    pub printed: Arc<HashMap<String, Printed>>,
    /// Each name, lower case, to the name as written (Wagic finds cards by any case).
    names: HashMap<String, String>,
    /// The diagnostic of each card whose first block did not compile, by name.
    refused: HashMap<String, String>,
    /// What the cards' `token(id)`s found in the set files ([`Library::token_printings`]).
    token_printings: Vec<crate::token_cards::TokenPrinting>,
    /// How many of each compiled card's autos, the first, are its abilities in its owner's
    /// graveyard ([`crate::front::Lowered::graveyard_autos`]), by bundle index: none for most.
    graveyard_autos: Vec<usize>,
    /// How many of each compiled card's autos, after its graveyard ones, are the
    /// abilities of the emblems it makes ([`crate::front::Lowered::emblem_autos`]).
    emblem_autos: Vec<usize>,
    /// A runtime of the program with nothing in play, made once: each table starts from a
    /// [`vm::runtime::Runtime::fresh`] copy of it, as working out a runtime's plans anew
    /// walks every card of the program (most of a sim's game, `rsc test`'s test).
    runtime: OnceLock<vm::runtime::Runtime<super::Board>>,
}

impl Library {
    /// A runtime of the cards with nothing in play, as `Runtime::new` makes one.
    pub(crate) fn new_runtime(&self) -> vm::runtime::Runtime<super::Board> {
        let made =
            || vm::runtime::Runtime::new(Arc::clone(&self.program), &CATALOGUE, crate::builtins::<super::Board>());
        self.runtime.get_or_init(made).fresh()
    }

    /// Every card of `sources` (file name, text) that compiles, in one program; a card's
    /// printed characteristics are those of the first block with its name. An error only
    /// when the bundle cannot be built (a limit of the bundle format).
    pub fn compile(sources: &[(&str, String)]) -> Result<Library, String> {
        Library::compile_reporting(sources, |_, _| {})
    }

    /// [`Library::compile`], handing each card's outcome to `on_outcome` with the index of
    /// its source in `sources` (its spans are offsets in that source with its line ends
    /// made LF, [`crate::reader::with_lf_line_ends`]): the diagnostics of the cards left
    /// out, for a caller that reports them (the Python package's `WagicCards.load`).
    pub fn compile_reporting(
        sources: &[(&str, String)],
        on_outcome: impl FnMut(usize, &crate::CardOutcome),
    ) -> Result<Library, String> {
        Library::compile_keyed(sources, crate::CardKeys::default(), on_outcome)
    }

    /// [`Library::compile`] with Wagic's set files read: a card's `token(id)` makes tokens
    /// of the card the printing with that id names, one of `sources`
    /// ([`crate::token_cards`]); without `sets` such a card is refused.
    pub fn compile_with_sets(sources: &[(&str, String)], sets: Option<&crate::sets::Sets>) -> Result<Library, String> {
        Library::compile_reporting_with_sets(sources, sets, |_, _| {})
    }

    /// [`Library::compile_with_sets`], handing each card's outcome to `on_outcome` as
    /// [`Library::compile_reporting`] does.
    pub fn compile_reporting_with_sets(
        sources: &[(&str, String)],
        sets: Option<&crate::sets::Sets>,
        on_outcome: impl FnMut(usize, &crate::CardOutcome),
    ) -> Result<Library, String> {
        let keys = match sets {
            Some(sets) => {
                let blocks: Vec<_> = sources.iter().flat_map(|(_, source)| crate::reader::read(source)).collect();
                let names = blocks.iter().map(|block| block.name());
                let token_cards = crate::token_cards::TokenCards::new(sets.clone(), names);
                crate::CardKeys::with_token_cards(Arc::new(token_cards))
            }
            None => crate::CardKeys::default(),
        };
        Library::compile_keyed(sources, keys, on_outcome)
    }

    /// [`Library::compile_with_sets`] where the set files are not: each `token(id)` finds
    /// what `printings` says (the [`Library::token_printings`] of the cards compiled with
    /// them), so that the same card texts compile the same way (a sim's worker process).
    pub fn compile_answering(
        sources: &[(&str, String)],
        printings: Vec<crate::token_cards::TokenPrinting>,
    ) -> Result<Library, String> {
        let token_cards = crate::token_cards::TokenCards::answering(printings);
        Library::compile_keyed(sources, crate::CardKeys::with_token_cards(Arc::new(token_cards)), |_, _| {})
    }

    /// The cards of `sources` compiled with `keys` ([`Library::compile_reporting`]).
    fn compile_keyed(
        sources: &[(&str, String)],
        keys: crate::CardKeys,
        mut on_outcome: impl FnMut(usize, &crate::CardOutcome),
    ) -> Result<Library, String> {
        // `flip(Name)` names a card of any of the sources, and is refused when that card
        // is: a deck's card is refused rather than stop a game as it flips.
        let texts: Vec<&str> = sources.iter().map(|(_, source)| source.as_str()).collect();
        let card_names = crate::card_names::CardNames::of_sources(&texts, &keys);
        let mut keys = keys.with_card_names(Arc::new(card_names));
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        let mut printed = HashMap::new();
        let mut names = HashMap::new();
        let mut refused = HashMap::new();
        let mut graveyard_keys = HashMap::new();
        let mut emblem_keys = HashMap::new();
        for (index, (file, source)) in sources.iter().enumerate() {
            crate::compile_each(file, source, &mut bundle, &mut keys, |outcome| {
                on_outcome(index, &outcome);
                if let Some(key) = &outcome.key
                    && outcome.graveyard_autos > 0
                {
                    graveyard_keys.insert(key.clone(), outcome.graveyard_autos);
                }
                if let Some(key) = &outcome.key
                    && outcome.emblem_autos > 0
                {
                    emblem_keys.insert(key.clone(), outcome.emblem_autos);
                }
                if let Some(error) = outcome.error
                    && !printed.contains_key(&outcome.name)
                {
                    refused.entry(outcome.name).or_insert_with(|| format!("{} {}", error.code.as_str(), error.message));
                }
            });
            for block in crate::reader::read(source) {
                let name = block.name().to_string();
                names.entry(name.to_lowercase()).or_insert_with(|| name.clone());
                // An alias written as card code is printed as its lines (a lace's target).
                printed.entry(name).or_insert_with(|| printed_of(&crate::front::written_out(&block).unwrap_or(block)));
            }
        }
        let bytes = bundle.finish().map_err(|error| format!("the bundle cannot be built: {error}"))?;
        let program =
            Program::load(&bytes, &CATALOGUE).map_err(|error| format!("the bundle does not load: {error}"))?;
        let rules: rustc_hash::FxHashMap<String, CardIdx> = (0..program.cards().len())
            .filter_map(|index| {
                let idx = CardIdx::new(index);
                program.card_key(idx).map(|key| (key.to_string(), idx))
            })
            .collect();
        let mut graveyard_autos = vec![0; program.cards().len()];
        for (key, count) in graveyard_keys {
            if let Some(slot) = rules.get(&key).and_then(|idx| graveyard_autos.get_mut(idx.index())) {
                *slot = count;
            }
        }
        let mut emblem_autos = vec![0; program.cards().len()];
        for (key, count) in emblem_keys {
            if let Some(slot) = rules.get(&key).and_then(|idx| emblem_autos.get_mut(idx.index())) {
                *slot = count;
            }
        }
        let token_printings = keys.token_cards.as_ref().map(|token_cards| token_cards.asked()).unwrap_or_default();
        Ok(Library {
            program: Arc::new(program),
            rules,
            printed: Arc::new(printed),
            names,
            refused,
            token_printings,
            graveyard_autos,
            emblem_autos,
            runtime: OnceLock::new(),
        })
    }

    /// Each id the cards' `token(id)`s asked the set files for, by id, with what it found
    /// (none when compiled without them): with the card texts, all a compilation needs of
    /// the sets to give the same cards again ([`Library::compile_answering`]).
    pub fn token_printings(&self) -> &[crate::token_cards::TokenPrinting] {
        &self.token_printings
    }

    /// The name as the card files write it of the card named `name` in any case.
    pub fn name_of(&self, name: &str) -> Option<&str> {
        self.names.get(&name.to_lowercase()).map(String::as_str)
    }

    /// Every card name of the card files, as written (for a misspelt name's suggestion).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.values().map(String::as_str)
    }

    /// How many of the autos of the card `rules`, the first, are its abilities in its
    /// owner's graveyard: heard while it is there, not on the battlefield.
    pub fn graveyard_autos(&self, rules: CardIdx) -> usize {
        self.graveyard_autos.get(rules.index()).copied().unwrap_or(0)
    }

    /// How many of the autos of the card `rules`, after its graveyard ones, are the
    /// abilities of the emblems it makes: heard by those emblems alone.
    pub fn emblem_autos(&self, rules: CardIdx) -> usize {
        self.emblem_autos.get(rules.index()).copied().unwrap_or(0)
    }

    /// The rules of the card named `name` (as written), or why it has none.
    pub fn rules_of(&self, name: &str) -> Result<CardIdx, Missing> {
        if let Some(&rules) = self.rules.get(name) {
            return Ok(rules);
        }
        match self.refused.get(name) {
            Some(error) => Err(Missing::NotCompiled(error.clone())),
            None => Err(Missing::Unknown),
        }
    }
}

fn printed_of(block: &crate::reader::CardBlock<'_>) -> Printed {
    let words = |key: &str| -> Vec<String> {
        block
            .field(key)
            .map_or(Vec::new(), |field| field.value.split_whitespace().map(|word| word.to_ascii_lowercase()).collect())
    };
    let mut types = words("type");
    types.extend(words("subtype"));
    // Wagic reads `power=` with `atoi`: `2+*` (Angry Mob) is 2, `*` is 0. A card whose
    // `anyzone=... cdaactive` defines its power and toughness has them replaced (Wagic's
    // `cdaPT`): its printed number counts for nothing.
    let defined = block.field("anyzone").is_some();
    let number = |key: &str| {
        let value = block.field(key).map_or("", |field| field.value);
        if defined { value.trim().parse().unwrap_or(0) } else { leading_number(value) }
    };
    let mana = block.field("mana").map_or("", |field| field.value);
    let mut colours = Vec::new();
    let mut mana_value: i32 = 0;
    for symbol in mana.split('{').filter_map(|part| part.strip_suffix('}').or(Some(part))).filter(|s| !s.is_empty()) {
        let symbol = symbol.trim_end_matches('}');
        if let Ok(generic) = symbol.parse::<i32>() {
            mana_value = mana_value.saturating_add(generic);
            continue;
        }
        mana_value = mana_value.saturating_add(1);
        for (letter, colour) in [('W', "white"), ('U', "blue"), ('B', "black"), ('R', "red"), ('G', "green")] {
            if symbol.to_ascii_uppercase().contains(letter) && !colours.contains(&colour) {
                colours.push(colour);
            }
        }
    }
    // `color=` (Wagic's primitive `setColor`): the card is of these colours, the first
    // replacing those it had; a `mana=` read after it adds its own again.
    let position = |key: &str| block.fields.iter().position(|field| field.key.eq_ignore_ascii_case(key));
    if let (Some(at), Some(field)) = (position("color"), block.field("color")) {
        let mana_after = position("mana").is_some_and(|mana_at| mana_at > at);
        let mut written: Vec<&'static str> = Vec::new();
        for word in field.value.split([',', ' ']).map(str::trim).filter(|word| !word.is_empty()) {
            let word = word.to_ascii_lowercase();
            if let Some(colour) = crate::catalogue::COLOUR_NAMES.iter().find(|name| **name == word)
                && !written.contains(colour)
            {
                written.push(colour);
            }
        }
        if mana_after {
            for colour in colours {
                if !written.contains(&colour) {
                    written.push(colour);
                }
            }
        }
        colours = written;
    }
    Printed {
        type_numbers: OnceLock::new(),
        name: block.name().to_string(),
        types,
        colours,
        power: number("power"),
        toughness: number("toughness"),
        mana_value,
        mana_cost: mana.trim().to_string(),
        // Without `target=`, an Elemental Blast's alias gives its target (Wagic's target
        // chooser by alias).
        target: block.field("target").map(|field| field.value.trim().to_string()).unwrap_or_else(|| {
            block.field("alias").and_then(|field| crate::front::alias_target(field.value)).unwrap_or_default()
        }),
        autos: block
            .fields
            .iter()
            .filter(|field| field.key.eq_ignore_ascii_case("auto"))
            .map(|field| field.value.to_string())
            .collect(),
        written_abilities: block.field("abilities").map_or(Vec::new(), |field| {
            field
                .value
                .split(',')
                .filter_map(|word| {
                    let name: String = word.chars().filter(|c| !c.is_whitespace()).collect();
                    crate::catalogue::ABILITIES.iter().find(|spec| spec.name.eq_ignore_ascii_case(&name))
                })
                .map(|spec| spec.name)
                .collect()
        }),
        kicker: block.field("kicker").map(|field| field.value.trim().to_string()).unwrap_or_default(),
        flashback: block.field("flashback").map(|field| field.value.trim().to_string()).unwrap_or_default(),
        retrace: block.field("retrace").and_then(|field| crate::front::retrace_mana(field.value)).unwrap_or_default(),
        buyback: block.field("buyback").map(|field| field.value.trim().to_string()).unwrap_or_default(),
        suspend: block
            .fields
            .iter()
            .find_map(|field| crate::front::suspend_time(field.key).map(|time| (time, field.value.trim().to_string()))),
        cascade: block.field("autostack").is_some_and(|field| crate::front::is_cascade(field.value)),
        madness: block
            .field("autoexile")
            .and_then(|field| crate::front::madness_cost(field.value))
            .unwrap_or_default()
            .to_string(),
        face_down_cost: block.field("facedown").map(|field| field.value.trim().to_string()).unwrap_or_default(),
        face_up_cost: block
            .field("autofacedown")
            .and_then(|field| crate::front::face_up_cost(field.value))
            .unwrap_or_default()
            .to_string(),
        alias: block.field("alias").map(|field| field.value.trim().to_string()).unwrap_or_default(),
        other: block
            .field("other")
            .map(|field| crate::front::alternative_mana_symbols(crate::front::alternative_mana(field.value)))
            .unwrap_or_default(),
        other_costs: block
            .field("other")
            .map(|field| crate::front::alternative_other_costs(crate::front::alternative_mana(field.value)))
            .unwrap_or_default(),
        other_restriction: block
            .field("otherrestriction")
            .map(|field| field.value.trim().to_string())
            .unwrap_or_default(),
        cast_restriction: block.field("restriction").map(|field| field.value.trim().to_string()).unwrap_or_default(),
        given_lines: {
            // Taught ones, then those `transforms` gives, the last first (`front/mod.rs`).
            let mut lines = crate::front::given_activations(block);
            lines.extend(crate::front::effect_given_activations(block).into_iter().rev());
            lines
        },
        cost_changes: crate::front::cost_changes(block),
        hand_lines: block
            .fields
            .iter()
            .filter(|field| field.key.eq_ignore_ascii_case("autohand"))
            .map(|field| field.value.to_string())
            .collect(),
        graveyard_lines: block
            .fields
            .iter()
            .filter(|field| {
                field.key.eq_ignore_ascii_case("autograveyard") && crate::front::is_graveyard_activation(field.value)
            })
            .map(|field| field.value.to_string())
            .collect(),
        graveyard_abilities: block
            .fields
            .iter()
            .filter(|field| {
                field.key.eq_ignore_ascii_case("autograveyard") && !crate::front::is_graveyard_activation(field.value)
            })
            .map(|field| field.value.to_string())
            .collect(),
        abilities: Vec::new(),
        uncounterable: block
            .field("abilities")
            .is_some_and(|field| field.value.split(',').any(|ability| ability.trim().eq_ignore_ascii_case("nofizzle"))),
    }
}

/// C's `atoi`: the whole number the text begins with (after blanks, maybe signed), 0 when
/// it begins with none, capped far beyond any card's.
fn leading_number(text: &str) -> i32 {
    let text = text.trim_start();
    let (sign, digits) = match text.as_bytes().first() {
        Some(b'-') => (-1, &text[1..]),
        Some(b'+') => (1, &text[1..]),
        _ => (1, text),
    };
    let mut value: i32 = 0;
    for digit in digits.bytes().take_while(u8::is_ascii_digit) {
        value = value.saturating_mul(10).saturating_add(i32::from(digit - b'0')).min(1_000_000);
    }
    sign * value
}
