//! A permanent's cost change: `lord(spec|zones) altercost(colour, ±n)` ("Red spells you
//! cast cost {1} less to cast", Ruby Medallion; "Artifact spells your opponents cast cost
//! {2} more", Aura of Silence), maybe after `this(tapped)`, `this(untapped)` or
//! `this(counter{0/0.n.name})` (Cloud Key's chosen type). Wagic's `ALord` gives each card
//! its spec matches in the zones named an `AAlterCost`, which adds `n` of the colour to the
//! card's increased or reduced mana cost while the permanent is in play
//! (`MTGCardInstance::computeNewCost`).
//!
//! The front end reads and checks the line ([`read`], [`Lowering::cost_change`]) and
//! compiles nothing of it: the card's printed lines keep it
//! ([`crate::table::Printed::cost_changes`]), and the table applies every change in force
//! as it works out what casting a card costs (`table/cost_change.rs`).

use super::piece::Piece;
use super::spec::{self, TermTest};
use super::{Lowering, Unsupported};
use crate::catalogue;

/// What compiles.
const CONSTRUCT: &str = "`altercost` other than `lord(spec|zones) altercost(colour, ±n)` on a permanent, maybe after `this(tapped)`, `this(untapped)` or `this(counter{0/0.n.name})`";

/// The zones a cost change's spec may name: those a card is cast from, or waits in.
const ZONES: [&str; 4] = ["hand", "graveyard", "library", "exile"];

/// When a permanent's cost change holds, besides the permanent being on the battlefield
/// with its abilities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CostCondition {
    /// Always.
    Always,
    /// `this(tapped)`: while it is tapped.
    Tapped,
    /// `this(untapped)`: while it is untapped.
    Untapped,
    /// `this(counter{0/0.n.name})`: while at least `at_least` counters of that name are on it.
    Counters {
        /// The counters' name (any case).
        name: String,
        /// How many at least (one or more).
        at_least: i32,
    },
}

/// One `lord(spec) altercost(colour, n)` line, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostChange {
    /// The lord's spec as written (`*[red]|myhand,mylibrary,mygraveyard,myexile`): the cards
    /// whose cost changes, `my` and `opponent` being the permanent's controller's.
    pub spec: String,
    /// The [`crate::testfile::Mana`] slot changed: 0 to 4 white, blue, black, red, green;
    /// 5 generic (`colorless`).
    pub slot: usize,
    /// How much: more when positive, less when negative.
    pub amount: i32,
    /// When it holds.
    pub condition: CostCondition,
}

/// Whether an `auto=` line is a cost change (it names `altercost`): such a line is
/// [`read`] whole, or refused whole.
pub fn is_cost_change(value: Piece<'_>) -> bool {
    value.text.as_bytes().windows(b"altercost".len()).any(|window| window.eq_ignore_ascii_case(b"altercost"))
}

/// Reads a cost change line; an [`Unsupported`] naming the construct for any other form
/// (`thisforeach(...)`, `chooseatype`, `ueot` after it, a computed amount).
pub fn read(value: Piece<'_>) -> Result<CostChange, Unsupported> {
    let refused = |piece: Piece<'_>| Unsupported::new(piece, CONSTRUCT);
    let mut rest = value.trim();
    let mut condition = CostCondition::Always;
    if let Some((args, after)) = rest.call("this") {
        condition = this_condition(args).ok_or_else(|| refused(args))?;
        rest = after.trim();
    }
    // A word other than `this(...)` before the lord (`thisforeach(...)`, `chooseatype`),
    // or one after `altercost(...)` (`ueot`, `chooseend`), is named.
    let named = |word: Piece<'_>, place: &str| {
        let written = spec::leading_word(word.text);
        Unsupported::new(word, &format!("`{written}` {place} `lord(...) altercost(...)`"))
    };
    let Some((spec_piece, after)) = rest.call("lord") else {
        let first = rest.words().first().copied().unwrap_or(rest);
        return Err(if first.starts_with_word("lord") { refused(rest) } else { named(first, "before") });
    };
    let Some((args, after)) = after.trim().call("altercost") else { return Err(refused(after.trim())) };
    if let Some(word) = after.trim().words().first() {
        return Err(named(*word, "after"));
    }
    let [colour, amount] = args.split_top(",")[..] else { return Err(refused(args)) };
    let colour_word = colour.trim().text.to_ascii_lowercase();
    let slot = ["white", "blue", "black", "red", "green", "colorless"]
        .iter()
        .position(|name| *name == colour_word)
        .ok_or_else(|| {
            Unsupported::new(colour.trim(), &format!("`altercost` colour `{}`", spec::leading_word(&colour_word)))
        })?;
    let amount_text: String = amount.text.chars().filter(|c| !c.is_whitespace()).collect();
    let amount = amount_text
        .parse::<i32>()
        .ok()
        .filter(|amount| (-20..=20).contains(amount) && *amount != 0)
        .ok_or_else(|| Unsupported::new(amount.trim(), "`altercost` amount other than a number from -20 to 20"))?;
    Ok(CostChange { spec: spec_piece.trim().text.to_string(), slot, amount, condition })
}

/// The condition of `this(args)` a cost change reads, if it is one of them.
fn this_condition(args: Piece<'_>) -> Option<CostCondition> {
    let text: String = args.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    match text.as_str() {
        "tapped" => return Some(CostCondition::Tapped),
        "untapped" => return Some(CostCondition::Untapped),
        _ => {}
    }
    let inside = text.strip_prefix("counter{")?.strip_suffix('}')?;
    let parts = super::counters::counter_parts(inside);
    let [pt, at_least, name] = parts.as_slice() else { return None };
    let at_least = at_least.parse::<i32>().ok().filter(|n| *n >= 1)?;
    let plain_name = !name.is_empty() && name.bytes().all(|byte| byte.is_ascii_alphanumeric());
    (*pt == "0/0" && plain_name).then(|| CostCondition::Counters { name: (*name).to_string(), at_least })
}

/// The cost changes of a card's `auto=` lines that read (the table applies them); a line
/// that does not is left out (its card does not compile).
pub fn cost_changes(block: &crate::reader::CardBlock<'_>) -> Vec<CostChange> {
    block
        .fields
        .iter()
        .filter(|field| field.key.eq_ignore_ascii_case("auto"))
        .map(|field| Piece::new(field.value, 0))
        .filter(|value| is_cost_change(*value))
        .filter_map(|value| read(value).ok())
        .collect()
}

impl Lowering<'_> {
    /// Checks a permanent's cost change line: its form ([`read`]), and its spec as the
    /// table matches it against a card outside the battlefield: cards in the zones a card
    /// is cast from or waits in, of the controller's (`my`), the opponent's or both, told by
    /// their types, subtypes or name, colours, keyword abilities, power, toughness or mana
    /// value. Nothing is compiled.
    pub(super) fn cost_change(&self, value: Piece<'_>, is_spell: bool) -> Result<(), Unsupported> {
        if is_spell {
            return Err(Unsupported::new(value.trim(), "`altercost` on an instant or sorcery"));
        }
        read(value)?;
        let mut rest = value.trim();
        if let Some((_, after)) = rest.call("this") {
            rest = after.trim();
        }
        let Some((spec_piece, _)) = rest.call("lord") else { return Err(Unsupported::new(rest, CONSTRUCT)) };
        let spec = spec::read(spec_piece)?;
        self.specs.filter(&spec, true)?;
        let spec_refused = |what: &str| Unsupported::new(spec_piece.trim(), &format!("`altercost` of a spec {what}"));
        let Some((prefix, zone)) = spec.zone else { return Err(spec_refused("over the battlefield")) };
        let prefix = prefix.map(|index| catalogue::ZONE_PREFIXES[index].name);
        if matches!(prefix, Some("owner" | "targetcontroller")) {
            return Err(spec_refused("of the zones of the target's owner or controller"));
        }
        let members = catalogue::zone_members(zone);
        if members.iter().any(|member| !ZONES.contains(&catalogue::ZONES[*member].name)) {
            return Err(spec_refused("over the battlefield or the stack"));
        }
        if spec.other || spec.count != spec::Count::One {
            return Err(spec_refused("with `other` or a count"));
        }
        for word in &spec.types {
            let lower = word.text.to_ascii_lowercase();
            if ["this", "player", "controller", "opponent", "permanent"].contains(&lower.as_str()) {
                return Err(spec_refused(&format!("of `{}`", spec::leading_word(&lower))));
            }
        }
        for term in spec.terms.iter().flatten() {
            let readable = match term.test {
                TermTest::Type(_) => true,
                TermTest::Keyword(index) => {
                    let name = catalogue::FILTERS[index].name;
                    catalogue::COLOUR_NAMES.contains(&name)
                        || name == "multicolor"
                        || catalogue::CATALOGUE.abilities.iter().any(|ability| ability.name == name)
                }
                TermTest::Compare(index, ..) => {
                    ["power", "toughness", "manacost"].contains(&catalogue::COMPARABLE_FILTERS[index].name)
                }
                TermTest::Rank { .. } | TermTest::OfSource(_) | TermTest::CompareComputed(..) => false,
            };
            if !readable {
                return Err(spec_refused(
                    "term other than a type, a colour, a keyword ability, power, toughness or mana value",
                ));
            }
        }
        Ok(())
    }
}
