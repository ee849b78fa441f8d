//! The catalogue file's JSON form: one serde struct per `vm::catalogue` type, read and
//! written by the same derive, so the reader and the writer cannot disagree. A name is a
//! [`Word`], which remembers where the file wrote it.

use serde::de::{Error as _, Unexpected};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

/// The `format` every catalogue file names: the form's version.
pub const FORMAT: &str = "rsc-catalogue/1";

/// A name as the file wrote it: its text, and the address of its first byte in the text
/// being read (0 for a name to be written), which [`Word::offset`] turns into a place.
#[derive(Debug, Default, Clone)]
pub(crate) struct Word {
    pub(crate) text: String,
    address: usize,
    /// How many bytes the file spent on it, quotes and escapes included.
    raw_len: usize,
}

impl Word {
    pub(crate) fn new(text: &str) -> Word {
        Word { text: text.to_owned(), address: 0, raw_len: 0 }
    }

    /// The byte offset of the name's opening quote in `file`, the text it was read from.
    pub(crate) fn offset(&self, file: &str) -> usize {
        self.address.wrapping_sub(file.as_ptr() as usize).min(file.len())
    }

    /// The bytes of `file` that wrote the name, quotes included.
    pub(crate) fn span(&self, file: &str) -> compiler::Span {
        let start = self.offset(file);
        compiler::Span::new(start, start.saturating_add(self.raw_len).min(file.len()))
    }
}

impl Serialize for Word {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Word {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Word, D::Error> {
        // Borrowed from the text being read: its address is its place in the file.
        let raw: &'de RawValue = Deserialize::deserialize(deserializer)?;
        let json = raw.get();
        let text: String = serde_json::from_str(json).map_err(|_| {
            let unexpected = match json.as_bytes().first() {
                // A string whose escapes give no text: half a UTF-16 surrogate pair, which
                // serde_json reads past as JSON but cannot decode.
                Some(b'"') => {
                    return D::Error::invalid_value(
                        Unexpected::Other("a string escaping half a surrogate pair (`\\ud800`)"),
                        &"a name (a string)",
                    );
                }
                Some(b'{') => Unexpected::Map,
                Some(b'[') => Unexpected::Seq,
                Some(b't' | b'f') => Unexpected::Other("boolean"),
                Some(b'n') => Unexpected::Unit,
                _ => Unexpected::Other("number"),
            };
            D::Error::invalid_type(unexpected, &"a name (a string)")
        })?;
        Ok(Word { text, address: json.as_ptr() as usize, raw_len: json.len() })
    }
}

/// The whole file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CatalogueForm {
    pub(crate) format: Word,
    pub(crate) name: Word,
    #[serde(default)]
    pub(crate) commands: Vec<CommandForm>,
    #[serde(default)]
    pub(crate) costs: Vec<CostForm>,
    #[serde(default)]
    pub(crate) filters: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) comparable_filters: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) ranking_filters: Vec<RankingForm>,
    #[serde(default)]
    pub(crate) zones: Vec<ZoneForm>,
    #[serde(default)]
    pub(crate) zone_prefixes: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) card_types: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) subtypes: Vec<Word>,
    #[serde(default)]
    pub(crate) events: Vec<EventForm>,
    #[serde(default)]
    pub(crate) event_prefixes: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) event_suffixes: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) abilities: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) rule_switches: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) selectors: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) restrictions: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) restriction_prefixes: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) variables: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) attributes: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) functions: Vec<FunctionForm>,
    #[serde(default)]
    pub(crate) roles: RolesForm,
}

/// `vm::catalogue::NamedSpec`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NamedForm {
    pub(crate) name: Word,
    #[serde(default)]
    pub(crate) doc: String,
}

/// `vm::catalogue::CommandSpec`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CommandForm {
    pub(crate) name: Word,
    #[serde(default)]
    pub(crate) params: Vec<ParamForm>,
    pub(crate) default_target: DefaultTargetForm,
    #[serde(default)]
    pub(crate) timed: bool,
    #[serde(default)]
    pub(crate) doc: String,
    #[serde(default)]
    pub(crate) fails_when: String,
}

/// `vm::catalogue::ParamSpec`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ParamForm {
    pub(crate) name: Word,
    pub(crate) kind: ArgKindForm,
    #[serde(default)]
    pub(crate) optional: bool,
}

/// `vm::catalogue::ArgKind`, spelled as its variants: `"Expr"`, `{"Keyword": [...]}`.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) enum ArgKindForm {
    Int,
    Expr,
    Amount,
    CostChange,
    Filter,
    CountOrFilter,
    Pile,
    Position,
    Bool,
    Keyword(Vec<NamedForm>),
    RuleSwitch,
    CardRef,
    Each,
    Value,
}

/// `vm::catalogue::DefaultTarget`.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub(crate) enum DefaultTargetForm {
    Source,
    SourceController,
    Nothing,
    Irrelevant,
}

/// `vm::catalogue::CostSpec`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CostForm {
    pub(crate) name: Word,
    #[serde(default)]
    pub(crate) arg: CostArgForm,
    #[serde(default)]
    pub(crate) doc: String,
}

/// `vm::catalogue::CostArg`.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub(crate) enum CostArgForm {
    #[default]
    None,
    OptionalFilter,
    OptionalCountOrFilter,
}

/// `vm::catalogue::RankingSpec`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RankingForm {
    pub(crate) name: Word,
    pub(crate) words: Vec<NamedForm>,
    #[serde(default)]
    pub(crate) doc: String,
}

/// `vm::catalogue::ZoneSpec`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ZoneForm {
    pub(crate) name: Word,
    #[serde(default)]
    pub(crate) is_pile: bool,
    #[serde(default)]
    pub(crate) doc: String,
}

/// `vm::catalogue::EventSpec`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EventForm {
    pub(crate) name: Word,
    #[serde(default)]
    pub(crate) is_hook: bool,
    #[serde(default)]
    pub(crate) has_object: bool,
    #[serde(default)]
    pub(crate) doc: String,
}

/// `vm::catalogue::FunctionSpec`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FunctionForm {
    pub(crate) name: Word,
    pub(crate) min_args: u8,
    pub(crate) max_args: u8,
    #[serde(default)]
    pub(crate) doc: String,
}

/// `vm::catalogue::Roles`: every role is written, `null` for a part the game does not have,
/// so that a file shows every part there is; a role left out is `null`.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RolesForm {
    #[serde(default)]
    pub(crate) target_controller: Option<Word>,
    #[serde(default)]
    pub(crate) target_opponent: Option<Word>,
    #[serde(default)]
    pub(crate) target_source: Option<Word>,
    #[serde(default)]
    pub(crate) target_player: Option<Word>,
    #[serde(default)]
    pub(crate) source: Option<Word>,
    #[serde(default)]
    pub(crate) targets: Option<Word>,
    #[serde(default)]
    pub(crate) previous_targets: Option<Word>,
    #[serde(default)]
    pub(crate) event_object: Option<Word>,
    #[serde(default)]
    pub(crate) event_mine: Option<Word>,
    #[serde(default)]
    pub(crate) event_opponent: Option<Word>,
    #[serde(default)]
    pub(crate) event_anyone: Option<Word>,
    #[serde(default)]
    pub(crate) suffix_source: Option<Word>,
    #[serde(default)]
    pub(crate) suffix_from_source: Option<Word>,
    #[serde(default)]
    pub(crate) suffix_any_object: Option<Word>,
    #[serde(default)]
    pub(crate) suffix_once: Option<Word>,
    #[serde(default)]
    pub(crate) restriction_opponent: Option<Word>,
    #[serde(default)]
    pub(crate) zone_mine: Option<Word>,
    #[serde(default)]
    pub(crate) zone_opponent: Option<Word>,
    #[serde(default)]
    pub(crate) zone_either: Option<Word>,
    #[serde(default)]
    pub(crate) zone_same: Option<Word>,
    #[serde(default)]
    pub(crate) continuous: Option<Word>,
}

impl RolesForm {
    /// Every role as `(field, name)`, in the order of `vm::catalogue::Roles`.
    pub(crate) fn all(&self) -> [(&'static str, Option<&Word>); 21] {
        let RolesForm {
            target_controller,
            target_opponent,
            target_source,
            target_player,
            source,
            targets,
            previous_targets,
            event_object,
            event_mine,
            event_opponent,
            event_anyone,
            suffix_source,
            suffix_from_source,
            suffix_any_object,
            suffix_once,
            restriction_opponent,
            zone_mine,
            zone_opponent,
            zone_either,
            zone_same,
            continuous,
        } = self;
        [
            ("target_controller", target_controller.as_ref()),
            ("target_opponent", target_opponent.as_ref()),
            ("target_source", target_source.as_ref()),
            ("target_player", target_player.as_ref()),
            ("source", source.as_ref()),
            ("targets", targets.as_ref()),
            ("previous_targets", previous_targets.as_ref()),
            ("event_object", event_object.as_ref()),
            ("event_mine", event_mine.as_ref()),
            ("event_opponent", event_opponent.as_ref()),
            ("event_anyone", event_anyone.as_ref()),
            ("suffix_source", suffix_source.as_ref()),
            ("suffix_from_source", suffix_from_source.as_ref()),
            ("suffix_any_object", suffix_any_object.as_ref()),
            ("suffix_once", suffix_once.as_ref()),
            ("restriction_opponent", restriction_opponent.as_ref()),
            ("zone_mine", zone_mine.as_ref()),
            ("zone_opponent", zone_opponent.as_ref()),
            ("zone_either", zone_either.as_ref()),
            ("zone_same", zone_same.as_ref()),
            ("continuous", continuous.as_ref()),
        ]
    }
}
