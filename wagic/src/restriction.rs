//! `otherrestriction=` (Wagic's `allowedToAltCast`, `AbilityFactory::parseCastRestrictions`):
//! when a card's alternative cost (`other=`) may be paid. The restrictions compiled are
//! counts, comma-separated, each of which must hold: `type(spec)~morethan~n`,
//! `~lessthan~n` or `~equalto~n`, the cards the spec matches (Wagic's
//! `countValidTargets`, protections aside) against n. The front end checks the text
//! ([`check`]); the runner counts on the board as the card is cast ([`holds`]), reading
//! the spec as the front end reads it.

use vm::bytecode::{ComparableIdx, FilterKeywordIdx};
use vm::runtime::{CardId, Host, PlayerId, Value};

use crate::catalogue;
use crate::front::Unsupported;
use crate::front::piece::Piece;
use crate::front::spec::{self, Spec, TermTest};
use crate::host::WagicHost;
use crate::table::Board;

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
    let refused = |piece: Piece<'_>| Unsupported::new(piece, CONSTRUCT);
    let pieces = value.trim().split_top(",");
    if pieces.len() > MAX_PARTS {
        return Err(refused(value));
    }
    let mut parts = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let piece = piece.trim();
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
            || spec.count != spec::Count::One
            || spec.other
            || matches!(zone_prefix, Some("owner" | "targetcontroller" | "targeted"))
            || zone.split(',').any(|member| member == "stack")
        {
            return Err(refused(spec_piece));
        }
        parts.push(Part { spec, criterion, number });
    }
    Ok(parts)
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
    parts.iter().all(|part| {
        let count = count(board, &part.spec, player);
        let count = i32::try_from(count).unwrap_or(i32::MAX);
        match part.criterion {
            Criterion::MoreThan => count > part.number,
            Criterion::LessThan => count < part.number,
            Criterion::EqualTo => count == part.number,
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
    }
}
