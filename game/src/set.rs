//! Card sets: the printed cards of a game (`cards.json`) and their rules compiled into one
//! [`Program`], looked up by id, number or name.
//!
//! A set is a folder laid out like `../shared/corpus/cfc`: `cards.json` (an array of card
//! objects; unknown keys are ignored, user-interface entries such as avatars and buttons are
//! skipped, an entry of any other unknown type is refused) and the `*.rules` files its cards
//! name. [`CardSet::load`] compiles the rules in memory with the `compiler` crate against
//! the stdlib's catalogue; [`CardSet::from_parts`] builds a set from cards and rule texts
//! already in memory (tests, the deck loader, tools).

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use compiler::Severity;
use compiler::session::{Session, SourceFile};
use serde::{Deserialize, Serialize};
use stdlib::CATALOGUE;
use vm::bytecode::{BundleBuilder, CardIdx, EventIdx, Program};
use vm::runtime::Runtime;

use crate::bounded;
use crate::state::GameState;

/// The kind of a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardKind {
    /// A fighter with BP that occupies a ring slot.
    Character,
    /// Played in its owner's Main phase, then discarded.
    Action,
    /// Played by the defender in the Counter-attack phase, then discarded.
    Reaction,
}

impl CardKind {
    /// The kind named `text` (`Character`, case-insensitive); `None` for any other text.
    pub fn parse(text: &str) -> Option<CardKind> {
        match text.to_ascii_lowercase().as_str() {
            "character" => Some(CardKind::Character),
            "action" => Some(CardKind::Action),
            "reaction" => Some(CardKind::Reaction),
            _ => None,
        }
    }
}

/// The ability type printed on a character (▲ instant, ■ triggered, ● auto).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AbilityType {
    /// ▲: activated once when the character enters the ring.
    Instant,
    /// ■: activated by its controller in their Main phase.
    Triggered,
    /// ●: always on (autos and abilities).
    Auto,
}

/// One printed card of a set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardDef {
    /// The card's GUID (decks refer to it), lowercase.
    pub id: String,
    /// The printed number (`C013`), if any.
    pub number: Option<String>,
    /// The printed name.
    pub name: String,
    /// Character, action or reaction.
    pub kind: CardKind,
    /// The subtype of a character (`Fighter`).
    pub subtype: Option<String>,
    /// Printed BP (characters; 0 for other cards).
    pub bp: i32,
    /// Printed SP: a gain when 0 or more, a cost when negative.
    pub sp: i32,
    /// The subtypes this character accepts as back-ups, one back-up per occurrence.
    pub backups: Vec<String>,
    /// The ability type of a character with an ability.
    pub ability: Option<AbilityType>,
    /// The ability's printed name (`BAD STONE`).
    pub ability_name: Option<String>,
    /// The printed rules text.
    pub rules_text: Option<String>,
    /// The `.rules` file the card's script comes from.
    pub rules_file: Option<String>,
    /// The card's script in the set's program.
    #[serde(skip)]
    pub rules: Option<CardIdx>,
}

/// The raw card object of `cards.json` (only the keys the engine reads).
#[derive(Debug, Deserialize)]
struct RawCard {
    id: String,
    #[serde(default)]
    number: Option<String>,
    name: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    subtype: Option<String>,
    #[serde(default)]
    bp: Option<i32>,
    #[serde(default)]
    sp: Option<i32>,
    #[serde(default)]
    backups: Vec<String>,
    #[serde(default)]
    ability_kind: Option<String>,
    #[serde(default)]
    ability_name: Option<String>,
    #[serde(default)]
    rules_text: Option<String>,
    #[serde(default)]
    rules_file: Option<String>,
}

/// The types of `cards.json` entries that are parts of the user interface, not cards: the
/// players' avatars, the buttons and the active-player marker (the corpus's `UI` set).
/// They are skipped at load; an entry of any other unknown type is refused.
const UI_KINDS: [&str; 3] = ["avatar", "button", "status"];

impl RawCard {
    /// The card this entry prints; `None` for a user-interface entry ([`UI_KINDS`]); an
    /// error naming the entry for any other type.
    fn into_def(self) -> Result<Option<CardDef>, SetError> {
        let Some(kind) = CardKind::parse(&self.kind) else {
            if UI_KINDS.iter().any(|ui| self.kind.eq_ignore_ascii_case(ui)) {
                return Ok(None);
            }
            return Err(SetError::BadCard(format!(
                "card {:?} (id {}) has the type {:?}: a card is a Character, an Action or a Reaction \
                 (Avatar, Button and Status entries of the user interface are skipped)",
                self.name, self.id, self.kind
            )));
        };
        let ability = match self.ability_kind.as_deref() {
            Some("instant") => Some(AbilityType::Instant),
            Some("trigger") => Some(AbilityType::Triggered),
            Some("auto") => Some(AbilityType::Auto),
            _ => None,
        };
        Ok(Some(CardDef {
            id: self.id.to_ascii_lowercase(),
            number: self.number,
            name: self.name,
            kind,
            subtype: self.subtype,
            bp: self.bp.unwrap_or(0),
            sp: self.sp.unwrap_or(0),
            backups: self.backups,
            ability,
            ability_name: self.ability_name,
            rules_text: self.rules_text,
            rules_file: self.rules_file,
            rules: None,
        }))
    }
}

/// Why a set could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetError {
    /// A file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
    /// `cards.json` is not an array of card objects.
    Json {
        /// The file.
        path: PathBuf,
        /// The parser's message (with line and column).
        message: String,
    },
    /// Two cards have the same id.
    DuplicateId(String),
    /// A card the engine cannot play: its printed figures break the rules of the game (a
    /// BP below 0: every game it entered would stop on the engine's invariants), or its type
    /// is none the game has (it would be missing from the set, and decks naming it refused
    /// as naming an unknown card).
    BadCard(String),
    /// Two cards name one rules file (or two files with one script key, `a` and
    /// `a.rules`): each card's script is a card of the program, with a key of its own.
    SharedRules(String),
    /// Rules did not compile; one line per error diagnostic (`file:line:column: E0012 message`).
    Rules(Vec<String>),
    /// The compiled bundle could not be built or loaded.
    Bundle(String),
}

impl SetError {
    /// Stable short code of what is wrong, for tools and tests (as `DeckError::code`).
    pub fn code(&self) -> &'static str {
        match self {
            SetError::Io { .. } => "set-io",
            SetError::Json { .. } => "set-json",
            SetError::DuplicateId(_) => "set-duplicate-id",
            SetError::BadCard(_) => "set-bad-card",
            SetError::SharedRules(_) => "set-shared-rules",
            SetError::Rules(_) => "set-rules",
            SetError::Bundle(_) => "set-bundle",
        }
    }
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Io { path, message } => write!(f, "cannot read `{}`: {message}", path.display()),
            SetError::Json { path, message } => write!(f, "`{}` is not a card list: {message}", path.display()),
            SetError::DuplicateId(id) => write!(f, "two cards have the id `{id}`"),
            SetError::BadCard(message) | SetError::SharedRules(message) => write!(f, "{message}"),
            SetError::Rules(errors) => {
                let count = if errors.len() == 1 { "1 error".to_string() } else { format!("{} errors", errors.len()) };
                write!(
                    f,
                    "the set's rules do not compile ({count}; `rsc check` on the set's folder shows each with its \
                     help): {}",
                    errors.join("; ")
                )
            }
            SetError::Bundle(message) => write!(f, "the set's rules could not be bundled: {message}"),
        }
    }
}

impl std::error::Error for SetError {}

/// A card set: printed cards and their compiled rules.
#[derive(Debug, Clone)]
pub struct CardSet {
    cards: Vec<CardDef>,
    program: Arc<Program>,
    by_id: HashMap<String, usize>,
    by_number: HashMap<String, usize>,
    by_name: HashMap<String, usize>,
    /// For each program card, the first printed card with those rules.
    rules_owner: Vec<Option<DefIdx>>,
    /// A runtime of the program with the stdlib's builtins and nothing in play, made once:
    /// each game starts from a fresh one of it ([`CardSet::new_runtime`]).
    runtime: OnceLock<Runtime<GameState>>,
    /// What legality reads of each card at every listing and that no game changes: back-up
    /// subtypes by number, and which events the program's autos listen to.
    facts: SetFacts,
}

/// Facts of a set's cards that never change during a game, worked out once when the set is
/// built rather than at each listing of legal moves (`legal.rs`).
#[derive(Debug, Clone, Default)]
struct SetFacts {
    /// For each printed card, its part in back-ups.
    backups: Vec<BackupFacts>,
    /// For each catalogue event, whether some auto of the program listens to it as an
    /// event (`~...~`) and as a hook (`?...?`).
    listened: Vec<Listened>,
}

/// Whether some auto of a program listens to one catalogue event.
#[derive(Debug, Clone, Copy, Default)]
struct Listened {
    event: bool,
    hook: bool,
}

/// A printed card's part in back-ups, its subtypes numbered so that two are the same
/// number exactly when their names are equal ignoring ASCII case (the rules' comparison).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct BackupFacts {
    /// Its subtype.
    pub(crate) subtype: Option<u32>,
    /// The subtypes it accepts as back-ups, one back-up per entry.
    pub(crate) accepts: Vec<u32>,
    /// The subtypes of `accepts` as a set: a listing gathers those of every ring character
    /// that can take a back-up at once.
    pub(crate) accepted: Subtypes,
}

/// A set of back-up subtype numbers ([`BackupFacts`]): those below 64 as bits (the corpus
/// numbers 48), any other as "maybe every one".
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Subtypes {
    bits: u64,
    /// Some subtype number past the bits was inserted.
    beyond: bool,
}

impl Subtypes {
    pub(crate) fn insert(&mut self, subtype: u32) {
        if subtype < u64::BITS {
            self.bits |= 1 << subtype;
        } else {
            self.beyond = true;
        }
    }

    /// Every subtype of `other` inserted too.
    pub(crate) fn add(&mut self, other: Subtypes) {
        self.bits |= other.bits;
        self.beyond |= other.beyond;
    }

    /// Whether `subtype` may have been inserted (false only when it was not).
    pub(crate) fn may_hold(self, subtype: u32) -> bool {
        self.beyond || subtype >= u64::BITS || self.bits & (1 << subtype) != 0
    }
}

impl SetFacts {
    fn of(cards: &[CardDef], program: &Program) -> SetFacts {
        let mut numbers: HashMap<String, u32> = HashMap::new();
        let mut number = |name: &str| {
            let next = numbers.len() as u32;
            *numbers.entry(name.to_ascii_lowercase()).or_insert(next)
        };
        let backups = cards
            .iter()
            .map(|card| {
                let accepts: Vec<u32> = card.backups.iter().map(|name| number(name)).collect();
                let mut accepted = Subtypes::default();
                accepts.iter().for_each(|&subtype| accepted.insert(subtype));
                BackupFacts { subtype: card.subtype.as_deref().map(&mut number), accepts, accepted }
            })
            .collect();
        let mut listened = vec![Listened::default(); CATALOGUE.events.len()];
        for auto in program.cards().iter().flat_map(|card| &card.autos) {
            for event in &auto.events {
                if let Some(slot) = listened.get_mut(event.event.index()) {
                    if auto.hook {
                        slot.hook = true;
                    } else {
                        slot.event = true;
                    }
                }
            }
        }
        SetFacts { backups, listened }
    }
}

/// Largest file of a card set read (`cards.json`, a `.rules` file): the corpus's
/// `cards.json`, the largest, is 320 KB.
pub const MAX_SET_FILE_BYTES: u64 = 64 << 20;

/// Index of a card definition in its set ([`CardSet::cards`]).
pub type DefIdx = usize;

impl CardSet {
    /// Loads the set in `dir`: `cards.json` and the `.rules` files it names, compiled in
    /// memory. A set whose rules do not compile is refused with every error named.
    pub fn load(dir: &Path) -> Result<CardSet, SetError> {
        // Given `cards.json` itself, the error named `.../cards.json/cards.json`, a path
        // nobody gave.
        if std::fs::metadata(dir).is_ok_and(|meta| !meta.is_dir()) {
            let message = "it is a file: a card set is the folder that holds cards.json and the .rules files";
            return Err(SetError::Io { path: dir.to_path_buf(), message: message.into() });
        }
        let json_path = dir.join("cards.json");
        let text = bounded::read_text(&json_path, MAX_SET_FILE_BYTES)
            .map_err(|error| error.into_io(MAX_SET_FILE_BYTES, "a card set's file"))
            .map_err(|error| SetError::Io { path: json_path.clone(), message: error.to_string() })?;
        let raw: Vec<RawCard> = serde_json::from_str(&text)
            .map_err(|error| SetError::Json { path: json_path.clone(), message: error.to_string() })?;
        let mut cards = Vec::with_capacity(raw.len());
        for entry in raw {
            cards.extend(entry.into_def()?);
        }
        let mut sources = Vec::new();
        // The card that named each script key first.
        let mut key_owners: HashMap<String, &CardDef> = HashMap::new();
        for card in &cards {
            let Some(file) = &card.rules_file else { continue };
            if let Some(first) = key_owners.insert(rules_key(file), card) {
                return Err(shared_rules(first, card));
            }
            if file.contains('/') || file.contains('\\') || file.starts_with('.') {
                return Err(SetError::Io { path: dir.join(file), message: "not a file of the set's folder".into() });
            }
            let path = dir.join(file);
            let source = bounded::read_text(&path, MAX_SET_FILE_BYTES)
                .map_err(|error| error.into_io(MAX_SET_FILE_BYTES, "a card set's file"))
                .map_err(|error| SetError::Io { path: path.clone(), message: error.to_string() })?;
            sources.push((file.clone(), source));
        }
        CardSet::from_parts(cards, &sources)
    }

    /// A set from card definitions and rule sources `(rules_file, text)`: each card whose
    /// `rules_file` names a source gets that script.
    pub fn from_parts(mut cards: Vec<CardDef>, sources: &[(String, String)]) -> Result<CardSet, SetError> {
        if let Some(card) = cards.iter().find(|card| card.bp < 0) {
            return Err(SetError::BadCard(format!(
                "card {:?} ({}) has BP {}: a printed BP is 0 or more",
                card.name,
                card.number.as_deref().unwrap_or(&card.id),
                card.bp
            )));
        }
        let keys: Vec<String> = sources.iter().map(|(file, _)| rules_key(file)).collect();
        let files: Vec<SourceFile<'_>> =
            sources.iter().zip(&keys).map(|((file, source), key)| SourceFile { key, file, source }).collect();
        let mut session = Session::new(&CATALOGUE);
        let mut bundle = BundleBuilder::with_capacity(&CATALOGUE, files.len());
        let diagnostics = session.compile_files(&files, &mut bundle);
        let mut errors = Vec::new();
        for (file, found) in files.iter().zip(&diagnostics) {
            let mut lines = None;
            for diagnostic in found.iter().filter(|d| d.severity() == Severity::Error) {
                let lines = lines.get_or_insert_with(|| compiler::LineIndex::new(file.source));
                let (line, column) = lines.line_column(file.source, diagnostic.span.start);
                errors.push(format!(
                    "{}:{line}:{column}: {} {}",
                    file.file,
                    diagnostic.code.as_str(),
                    diagnostic.message
                ));
            }
        }
        if !errors.is_empty() {
            return Err(SetError::Rules(errors));
        }
        let bytes = bundle.finish().map_err(|error| SetError::Bundle(error.to_string()))?;
        let program = Program::load(&bytes, &CATALOGUE).map_err(|error| SetError::Bundle(error.to_string()))?;
        for card in &mut cards {
            card.id = card.id.to_ascii_lowercase();
            card.rules = card.rules_file.as_deref().and_then(|file| program.card_by_key(&rules_key(file)));
        }
        let mut by_id = HashMap::new();
        let mut by_number = HashMap::new();
        let mut by_name = HashMap::new();
        for (i, card) in cards.iter().enumerate() {
            if by_id.insert(card.id.clone(), i).is_some() {
                return Err(SetError::DuplicateId(card.id.clone()));
            }
            if let Some(number) = &card.number {
                by_number.entry(number.to_ascii_uppercase()).or_insert(i);
            }
            by_name.entry(card.name.to_lowercase()).or_insert(i);
        }
        let mut rules_owner = vec![None; program.cards().len()];
        for (i, card) in cards.iter().enumerate() {
            if let Some(slot) = card.rules.and_then(|r| rules_owner.get_mut(r.index()))
                && slot.is_none()
            {
                *slot = Some(i);
            }
        }
        let facts = SetFacts::of(&cards, &program);
        Ok(CardSet {
            cards,
            program: Arc::new(program),
            by_id,
            by_number,
            by_name,
            rules_owner,
            runtime: OnceLock::new(),
            facts,
        })
    }

    /// Every card, in file order.
    pub fn cards(&self) -> &[CardDef] {
        &self.cards
    }

    /// The card at `idx`.
    pub fn card(&self, idx: DefIdx) -> Option<&CardDef> {
        self.cards.get(idx)
    }

    /// The compiled rules of every card.
    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }

    /// A runtime for a new game of this set: the program with the stdlib's builtins,
    /// nothing in play.
    pub(crate) fn new_runtime(&self) -> Runtime<GameState> {
        let template = self
            .runtime
            .get_or_init(|| Runtime::new(Arc::clone(&self.program), &CATALOGUE, stdlib::builtins::<GameState>()));
        template.fresh()
    }

    /// The printed card whose script is program card `rules` (what a copied ability is).
    pub fn def_of_rules(&self, rules: CardIdx) -> Option<DefIdx> {
        self.rules_owner.get(rules.index()).copied().flatten()
    }

    /// Card `idx`'s part in back-ups (`None` past the set's cards).
    pub(crate) fn backup_facts(&self, idx: DefIdx) -> Option<&BackupFacts> {
        self.facts.backups.get(idx)
    }

    /// Whether some auto of the set's program listens to `event` as a hook (`hook`) or as
    /// an event: when none does, no game of the set has a subscription
    /// `Runtime::selects_any` could find for it. True for an event past the catalogue's.
    pub(crate) fn may_listen(&self, event: EventIdx, hook: bool) -> bool {
        self.facts.listened.get(event.index()).is_none_or(|l| if hook { l.hook } else { l.event })
    }

    /// The card with this id (GUID, case-insensitive).
    pub fn by_id(&self, id: &str) -> Option<DefIdx> {
        // Ids are most often written in lower case already: no lowered copy for those.
        if !id.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.by_id.get(id).copied();
        }
        self.by_id.get(&id.to_ascii_lowercase()).copied()
    }

    /// The card with this printed number (`C013`, case-insensitive).
    pub fn by_number(&self, number: &str) -> Option<DefIdx> {
        self.by_number.get(&number.to_ascii_uppercase()).copied()
    }

    /// The first card with this name (case-insensitive).
    pub fn by_name(&self, name: &str) -> Option<DefIdx> {
        self.by_name.get(&name.to_lowercase()).copied()
    }

    /// The card a person names: a number, then a name, then an id.
    pub fn find(&self, text: &str) -> Option<DefIdx> {
        self.by_number(text).or_else(|| self.by_name(text)).or_else(|| self.by_id(text))
    }
}

/// The error for two cards whose rules files have one script key.
fn shared_rules(first: &CardDef, second: &CardDef) -> SetError {
    let files = match (first.rules_file.as_deref(), second.rules_file.as_deref()) {
        (Some(one), Some(other)) if one != other => {
            format!("name the rules files `{one}` and `{other}`, which have one script key `{}`", rules_key(one))
        }
        (file, _) => format!("both name the rules file `{}`", file.unwrap_or_default()),
    };
    SetError::SharedRules(format!(
        "cards {:?} (id {}) and {:?} (id {}) {files}: each card has a rules file of its own",
        first.name, first.id, second.name, second.id
    ))
}

/// The program key of a rules file: its stem (`C001-ryu.rules` → `C001-ryu`).
fn rules_key(file: &str) -> String {
    file.strip_suffix(".rules").unwrap_or(file).to_owned()
}

#[cfg(test)]
mod tests {
    use stdlib::names;

    use super::*;
    use crate::testing::card;

    #[test]
    fn back_up_subtypes_are_numbered_alike_when_their_names_match_ignoring_case() {
        let mut cards = vec![
            card("s-host", "S001", "Host", CardKind::Character, 500, 0),
            card("s-fighter", "S002", "Fighter", CardKind::Character, 300, 0),
            card("s-ninja", "S003", "Ninja", CardKind::Character, 300, 0),
            card("s-ninjas", "S004", "Ninjas", CardKind::Character, 300, 0),
            card("s-action", "S005", "Action", CardKind::Action, 0, 0),
        ];
        cards[0].backups = vec!["FIGHTER".to_owned(), "Ninja".to_owned(), "fighter".to_owned()];
        cards[1].subtype = Some("fighter".to_owned());
        cards[2].subtype = Some("nINJA".to_owned());
        cards[3].subtype = Some("Ninjas".to_owned());
        let set = CardSet::from_parts(cards, &[]).expect("the cards load");
        let facts = |idx| set.backup_facts(idx).expect("a card of the set").clone();
        let (host, fighter, ninja, ninjas) = (facts(0), facts(1), facts(2), facts(3));
        let (Some(f), Some(n), Some(other)) = (fighter.subtype, ninja.subtype, ninjas.subtype) else {
            panic!("characters have subtypes: {fighter:?} {ninja:?} {ninjas:?}")
        };
        assert_eq!(host.accepts, vec![f, n, f], "FIGHTER and fighter, Ninja and nINJA are one subtype each");
        assert_eq!(host.subtype, Some(f), "the Host is a Fighter (the testing default)");
        assert!(other != f && other != n, "Ninjas is a subtype of its own");
        assert_eq!(facts(4), BackupFacts { subtype: None, accepts: Vec::new(), accepted: Subtypes::default() });
        assert_eq!(set.backup_facts(5), None);
    }

    #[test]
    fn a_set_knows_which_events_and_hooks_its_autos_listen_to() {
        let mut cards = vec![
            card("l-cody", "L001", "Cody", CardKind::Character, 300, 5),
            card("l-kyosuke", "L002", "Kyosuke", CardKind::Character, 400, 0),
        ];
        cards[0].rules_file = Some("L001-cody.rules".to_owned());
        cards[1].rules_file = Some("L002-kyosuke.rules".to_owned());
        let sources = vec![
            ("L001-cody.rules".to_owned(), "auto = ?oppCanBlock:any? [[if attacker.bp > 300]]\n".to_owned()),
            ("L002-kyosuke.rules".to_owned(), "auto = ~anyBeforePayCostAction~ modCost(action, +2)\n".to_owned()),
        ];
        let set = CardSet::from_parts(cards, &sources).expect("the rules compile");
        assert!(set.may_listen(names::EV_CAN_BLOCK, true));
        assert!(!set.may_listen(names::EV_CAN_BLOCK, false), "no auto listens to canBlock as an event");
        assert!(set.may_listen(names::EV_BEFORE_PAY_COST_ACTION, false));
        assert!(!set.may_listen(names::EV_BEFORE_PAY_COST_ACTION, true));
        assert!(!set.may_listen(names::EV_BEFORE_ATTACK, true));
        assert!(!set.may_listen(names::EV_BEFORE_PAY_COST_REACTION, false));
        assert!(set.may_listen(EventIdx::new(CATALOGUE.events.len()), true), "an unknown event may be listened to");
        let plain = CardSet::from_parts(vec![card("l-plain", "L003", "Plain", CardKind::Character, 300, 0)], &[]);
        assert!(!plain.expect("the card loads").may_listen(names::EV_CAN_BLOCK, true));
    }
}
