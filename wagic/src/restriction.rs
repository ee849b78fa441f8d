//! `otherrestriction=` (Wagic's `allowedToAltCast`, `AbilityFactory::parseCastRestrictions`):
//! when a card's alternative cost (`other=`) may be paid. The restrictions compiled are
//! counts, comma-separated, each of which must hold: `type(spec)~morethan~n`,
//! `~lessthan~n` or `~equalto~n`, the cards the spec matches (Wagic's
//! `countValidTargets`, protections aside) against n. The front end checks the text
//! ([`check`]); the runner counts on the board as the card is cast ([`holds`]), reading
//! the spec as the front end reads it.
//!
//! `restriction=` (Wagic's `allowedToCast`): when a card may be cast for its mana cost
//! (with its kicker or not). Besides the counts, a part may say when: `myturnonly`,
//! `opponentturnonly`, `assorcery`, or a step of the turn as Wagic's
//! `AbilityFactory::parseRestriction` reads it (`blockersonly`, `opponentblockersonly`,
//! `myupkeeponly`: Wagic's phase code names); `turn:n`, not before the game's n-th turn
//! (Serra Avenger's `turn:7`, a suspend card's `turn:200`). Some cards write their
//! printed restriction in words Wagic passes over (it then casts them at any time); those
//! are read as printed: `during battle` (combat), `before battle damage`, `during my
//! turn`, `during opponent turn`, `control snow land`, `control two or more vampires`,
//! `control less creatures`. The front end checks the text ([`check_cast`]), the game
//! and the runner ask [`cast_allowed`] as a card is cast.

use vm::bytecode::{ComparableIdx, FilterKeywordIdx};
use vm::runtime::{CardId, Host, PlayerId, Value};

use crate::catalogue;
use crate::front::Unsupported;
use crate::front::piece::Piece;
use crate::front::spec::{self, Spec, TermTest};
use crate::host::WagicHost;
use crate::table::Board;
use crate::testfile::Phase;

/// What compiles.
const CONSTRUCT: &str = "`otherrestriction` other than `type(spec)~morethan|lessthan|equalto~n`, comma-separated";

/// The most restrictions one card's line joins.
const MAX_PARTS: usize = 8;

/// How a count compares with its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Criterion {
    MoreThan,
    LessThan,
    EqualTo,
}

/// One `type(spec)~criterion~n`.
struct Part<'s> {
    spec: Spec<'s>,
    criterion: Criterion,
    number: i32,
}

/// Reads the restrictions of an `otherrestriction=` value.
fn parts(value: Piece<'_>) -> Result<Vec<Part<'_>>, Unsupported> {
    let pieces = value.trim().split_top(",");
    if pieces.len() > MAX_PARTS {
        return Err(Unsupported::new(value, CONSTRUCT));
    }
    pieces.into_iter().map(|piece| count_part(piece.trim(), CONSTRUCT)).collect()
}

/// Reads one `type(spec)~criterion~n`; `construct` names what compiles when it is not one.
fn count_part<'s>(piece: Piece<'s>, construct: &str) -> Result<Part<'s>, Unsupported> {
    let refused = |piece: Piece<'_>| Unsupported::new(piece, construct);
    {
        let [count, criterion, number] = piece.split_top("~")[..] else { return Err(refused(piece)) };
        let Some((spec_piece, after)) = count.trim().call("type") else { return Err(refused(piece)) };
        if !after.text.trim().is_empty() {
            return Err(refused(piece));
        }
        let criterion = match criterion.trim().text.to_ascii_lowercase().as_str() {
            "morethan" => Criterion::MoreThan,
            "lessthan" => Criterion::LessThan,
            "equalto" => Criterion::EqualTo,
            _ => return Err(refused(piece)),
        };
        let number: i32 = number.trim().text.parse().map_err(|_| refused(piece))?;
        let spec = spec::read(spec_piece)?;
        // Cards only, counted whole: no player, no `this`, no count, no `other`.
        let card_words = spec.types.iter().all(|word| {
            let lower = word.text.to_ascii_lowercase();
            !["player", "this", "mytgt", "controller", "opponent"].contains(&lower.as_str())
        });
        let zone_prefix = spec.zone.and_then(|(prefix, _)| prefix).map(|index| catalogue::ZONE_PREFIXES[index].name);
        let zone = spec.zone.map_or("battlefield", |(_, zone)| catalogue::ZONES[zone].name);
        // A ranking (`toughness=toughness:lowest:...`) keeps the tied cards, which this
        // count does not tell.
        let ranked = spec.terms.iter().flatten().any(|term| matches!(term.test, TermTest::Rank { .. }));
        if !card_words
            || ranked
            || spec::reads_the_source(&spec)
            || spec::reads_a_computed_value(&spec)
            || spec.count != spec::Count::One
            || spec.other
            || matches!(zone_prefix, Some("owner" | "targetcontroller" | "targeted"))
            || zone.split(',').any(|member| member == "stack")
        {
            return Err(refused(spec_piece));
        }
        Ok(Part { spec, criterion, number })
    }
}

/// Checks an `otherrestriction=` value: each part's form, and its spec as a filter would
/// read it (`check_spec`: a word that is no type, term or name is refused).
pub fn check(value: Piece<'_>, check_spec: impl Fn(&Spec<'_>) -> Result<(), Unsupported>) -> Result<(), Unsupported> {
    for part in parts(value)? {
        check_spec(&part.spec)?;
    }
    Ok(())
}

/// Whether every restriction of `text` holds now for `player`, who casts the card
/// (`my` and `opponent` are theirs); `false` for a text [`check`] refuses.
pub fn holds(board: &Board, text: &str, player: PlayerId) -> bool {
    let Ok(parts) = parts(Piece::new(text, 0)) else { return false };
    parts.iter().all(|part| part.holds(board, player))
}

impl Part<'_> {
    /// Whether the count holds now for `player`.
    fn holds(&self, board: &Board, player: PlayerId) -> bool {
        let count = i32::try_from(count(board, &self.spec, player)).unwrap_or(i32::MAX);
        match self.criterion {
            Criterion::MoreThan => count > self.number,
            Criterion::LessThan => count < self.number,
            Criterion::EqualTo => count == self.number,
        }
    }
}

/// What compiles of `restriction=`.
const CAST_CONSTRUCT: &str = "`restriction` other than `type(spec)~morethan|lessthan|equalto~n`, a turn or a step \
     (`myturnonly`, `blockersonly`, `opponentupkeeponly`...), `turn:n` or one of the phrases cards write, \
     comma-separated";

/// Wagic's phase code names (`Constants::MTGPhaseCodeNames`), of the steps a turn has here.
const PHASE_CODES: [(&str, Phase); 12] = [
    ("untap", Phase::Untap),
    ("upkeep", Phase::Upkeep),
    ("draw", Phase::Draw),
    ("firstmain", Phase::FirstMain),
    ("combatbegins", Phase::CombatBegin),
    ("attackers", Phase::CombatAttackers),
    ("blockers", Phase::CombatBlockers),
    ("combatdamage", Phase::CombatDamage),
    ("combatends", Phase::CombatEnd),
    ("secondmain", Phase::SecondMain),
    ("end", Phase::EndOfTurn),
    ("cleanup", Phase::Cleanup),
];

/// The main phases (`assorcery`).
const MAIN_PHASES: [Phase; 2] = [Phase::FirstMain, Phase::SecondMain];

/// Combat (`during battle`).
const COMBAT: [Phase; 5] =
    [Phase::CombatBegin, Phase::CombatAttackers, Phase::CombatBlockers, Phase::CombatDamage, Phase::CombatEnd];

/// A turn before its combat damage step (Berserk's `before battle damage`).
const BEFORE_DAMAGE: [Phase; 7] = [
    Phase::Untap,
    Phase::Upkeep,
    Phase::Draw,
    Phase::FirstMain,
    Phase::CombatBegin,
    Phase::CombatAttackers,
    Phase::CombatBlockers,
];

/// One part of a `restriction=` value.
enum CastPart<'s> {
    /// A count that must hold.
    Count(Part<'s>),
    /// During the turns of the caster (`Some(true)`), of their opponent (`Some(false)`) or
    /// anyone's (`None`), in one of `phases` (any when empty).
    During { mine: Option<bool>, phases: &'static [Phase] },
    /// Not before the game's n-th turn (from 1).
    FromTurn(u32),
    /// The caster controls fewer creatures than their opponent.
    FewerCreatures,
}

/// When a card is cast: the step and the game's turn (from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CastTime {
    pub phase: Phase,
    pub turn: u32,
}

/// Reads one part of a `restriction=` value.
fn cast_part(piece: Piece<'_>) -> Result<CastPart<'_>, Unsupported> {
    let words = piece.text.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    let during = |mine, phases| Ok(CastPart::During { mine, phases });
    let control = |count: &'static str| count_part(Piece::new(count, 0), CAST_CONSTRUCT).map(CastPart::Count);
    match words.as_str() {
        "myturnonly" | "during my turn" => return during(Some(true), &[]),
        "opponentturnonly" | "during opponent turn" => return during(Some(false), &[]),
        "assorcery" => return during(Some(true), &MAIN_PHASES),
        "during battle" => return during(None, &COMBAT),
        "before battle damage" => return during(None, &BEFORE_DAMAGE),
        "control snow land" => return control("type(land[snow]|mybattlefield)~morethan~0"),
        "control two or more vampires" => return control("type(vampire|mybattlefield)~morethan~1"),
        "control less creatures" => return Ok(CastPart::FewerCreatures),
        _ => {}
    }
    if let Some(number) = words.strip_prefix("turn:") {
        return number.parse().map(CastPart::FromTurn).map_err(|_| Unsupported::new(piece, CAST_CONSTRUCT));
    }
    if let Some(step) = words.strip_suffix("only") {
        let (mine, code) = match (step.strip_prefix("my"), step.strip_prefix("opponent")) {
            (Some(code), _) => (Some(true), code),
            (_, Some(code)) => (Some(false), code),
            _ => (None, step),
        };
        if let Some((_, phase)) = PHASE_CODES.iter().find(|(name, _)| *name == code) {
            return during(mine, std::slice::from_ref(phase));
        }
    }
    count_part(piece, CAST_CONSTRUCT).map(CastPart::Count)
}

/// Reads the parts of a `restriction=` value.
fn cast_parts(value: Piece<'_>) -> Result<Vec<CastPart<'_>>, Unsupported> {
    let pieces = value.trim().split_top(",");
    if pieces.len() > MAX_PARTS {
        return Err(Unsupported::new(value, CAST_CONSTRUCT));
    }
    pieces.into_iter().map(|piece| cast_part(piece.trim())).collect()
}

/// Checks a `restriction=` value: each part's form, and each count's spec as a filter
/// would read it.
pub fn check_cast(
    value: Piece<'_>,
    check_spec: impl Fn(&Spec<'_>) -> Result<(), Unsupported>,
) -> Result<(), Unsupported> {
    for part in cast_parts(value)? {
        if let CastPart::Count(part) = part {
            check_spec(&part.spec)?;
        }
    }
    Ok(())
}

/// Whether `player` may cast a card with the `restriction=` value `text` now (`true` for
/// none); `false` for a text [`check_cast`] refuses.
pub fn cast_allowed(board: &Board, text: &str, player: PlayerId, now: CastTime) -> bool {
    if text.is_empty() {
        return true;
    }
    let Ok(parts) = cast_parts(Piece::new(text, 0)) else { return false };
    parts.iter().all(|part| match part {
        CastPart::Count(part) => part.holds(board, player),
        CastPart::During { mine, phases } => {
            mine.is_none_or(|mine| (board.active == player) == mine)
                && (phases.is_empty() || phases.contains(&now.phase))
        }
        CastPart::FromTurn(turn) => now.turn >= *turn,
        CastPart::FewerCreatures => {
            let creatures = |owner| {
                board
                    .zone(owner, crate::table::BATTLEFIELD)
                    .into_iter()
                    .filter(|&card| board.has_type_word(card, "creature"))
                    .count()
            };
            creatures(player) < creatures(board.opponent(player))
        }
    })
}

/// Whether some card matches `target`, a card's `target=` spec (an Aura's), for `player`
/// who casts it; `None` for a spec this count does not read (a player, `this`, a count):
/// the caller then does not judge.
pub fn some_target(board: &Board, target: &str, player: PlayerId) -> Option<bool> {
    let spec = spec::read(Piece::new(target, 0)).ok()?;
    let card_words = spec.types.iter().all(|word| {
        let lower = word.text.to_ascii_lowercase();
        !["player", "this", "mytgt", "controller", "opponent"].contains(&lower.as_str())
    });
    let zone_prefix = spec.zone.and_then(|(prefix, _)| prefix).map(|index| catalogue::ZONE_PREFIXES[index].name);
    if !card_words
        || spec.count != spec::Count::One
        || spec.other
        || spec::reads_the_source(&spec)
        || spec::reads_a_computed_value(&spec)
        || matches!(zone_prefix, Some("owner" | "targetcontroller" | "targeted"))
    {
        return None;
    }
    Some(count(board, &spec, player) > 0)
}

/// The cards the spec matches, in its zone of the players its prefix names.
fn count(board: &Board, spec: &Spec<'_>, player: PlayerId) -> usize {
    let (prefix, zone) = spec.zone.map_or((None, 0), |(prefix, zone)| (prefix, zone));
    let prefix = prefix.map(|index| catalogue::ZONE_PREFIXES[index].name);
    let zone = vm::bytecode::ZoneIdx::new(zone);
    let opponent = board.opponent(player);
    let players: &[PlayerId] = match prefix {
        Some("my") => &[player],
        Some("opp") => &[opponent],
        _ => &[crate::table::P0, crate::table::P1],
    };
    let types: Vec<String> = spec.types.iter().map(|word| word.text.to_ascii_lowercase()).collect();
    players
        .iter()
        .flat_map(|&owner| board.zone(owner, zone))
        .filter(|&card| {
            let typed = types.iter().any(|word| word == "*" || board.has_type_word(card, word));
            let termed = spec.terms.is_empty()
                || spec
                    .terms
                    .iter()
                    .any(|group| group.iter().all(|term| term.negated != holds_term(board, card, term.test)));
            typed && termed
        })
        .count()
}

/// Whether one term of `[...]` holds for the card.
fn holds_term(board: &Board, card: CardId, test: TermTest<'_>) -> bool {
    match test {
        TermTest::Keyword(index) => board.has_keyword(Value::Card(card), FilterKeywordIdx::new(index)),
        TermTest::Compare(index, op, value) => {
            board.property(Value::Card(card), ComparableIdx::new(index)).is_some_and(|actual| op.holds(actual, value))
        }
        TermTest::Type(word) => board.has_type_word(card, &word.text.to_ascii_lowercase()),
        // A ranking among a spec's own candidates keeps one of them when there is one: what
        // `some_target` asks (`parts` refuses it in a count).
        TermTest::Rank { .. } => true,
        // Refused by `parts`: no source is read here, nor a value computed.
        TermTest::OfSource(_) | TermTest::CompareComputed(..) => false,
    }
}
