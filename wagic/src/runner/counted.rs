//! A target with a count (`target=<2>creature`, `<upto:2>land[basic]|mylibrary`,
//! `<anyamount>plains|mybattlefield`), chosen as Wagic's target chooser chooses it in a
//! test: each click on a legal target adds it (a second click on it takes it back, as
//! `toggleTarget` does), and the choice is complete once it holds the count
//! (`gameStateBasedEffects`); an ability's is also complete once it holds every legal
//! target (`ActionLayer::Update`), a spell's is not. A click on the spell or ability's own
//! card ends an `upto:` or `anyamount` choice that holds one target or more, and so does a
//! `next` an `anyamount` one (`userRequestNextGamePhase`, which then leaves the phase as it
//! is). A spell with `<n>` and fewer than `n` legal targets waits for ever (`targetMin`):
//! it is never cast, its mana never paid.
//!
//! The runner counts the legal targets itself, so as to know what Wagic asks where the
//! runtime takes its targets without asking (as many as the count, or fewer): it reads
//! only a spec of type words (each with at most one `[word]`, no other term, the first
//! after `other` at most: any card but the source) and one zone,
//! and checks its count against the runtime's candidates whenever the runtime asks.
//! A spell's count of the X paid (`<prex>`, `<castx>`, `<x>`) is the X the runner foresees
//! it pays (all the mana left once the rest of the cost is paid), checked once it is paid.
//! Anything else keeps the skip "a target with a count".

use vm::runtime::{CardId, PlayerId, Value};

use super::{BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, P0, P1};
use crate::table::Board;

/// A counted target as the runner plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Counted {
    /// `<n>` (not `upto:`, not `anyamount`): exactly the count, no fewer.
    pub(super) exact: bool,
    /// The count (`usize::MAX` for `anyamount`).
    pub(super) count: usize,
    /// The targets Wagic allows now (the spec's cards, less those it refuses).
    pub(super) legal: usize,
    /// An activated ability's target (not a spell's): complete with every legal target.
    pub(super) ability: bool,
}

impl Counted {
    /// The targets whose clicks complete the choice (`usize::MAX` when no number of
    /// clicks does: a spell's `anyamount`, or its `upto:n` with fewer than `n` legal).
    pub(super) fn expected(&self) -> usize {
        if self.ability { self.count.min(self.legal) } else { self.count }
    }

    /// The clicks Wagic asks when the runtime took the targets without asking (it takes
    /// them all when there are no more than the count).
    pub(super) fn owed(&self) -> usize {
        self.count.min(self.legal)
    }

    /// Whether `next` ends the choice (a spell's `anyamount`).
    pub(super) fn ends_with_next(&self) -> bool {
        !self.ability && self.count == usize::MAX
    }

    /// Whether Wagic's choice can ever complete: `<n>` needs `n` legal targets, the
    /// others one.
    pub(super) fn completes(&self) -> bool {
        if self.exact { self.legal >= self.count } else { self.legal >= 1 }
    }
}

/// The spec of the one counted target among a card's `target=` and `auto=` lines (`None`
/// when there is none, or several targets besides it).
pub(super) fn spec_of<'a>(target: &'a str, autos: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut found = Vec::new();
    if !target.trim().is_empty() {
        found.push(target.trim());
    }
    for auto in autos {
        let lower = auto.to_ascii_lowercase();
        for (at, _) in lower.match_indices("target(") {
            let inner = &auto[at + "target(".len()..];
            let close = inner.find(')')?;
            found.push(inner[..close].trim());
        }
    }
    match found.as_slice() {
        [spec] if spec.starts_with('<') => Some(spec),
        _ => None,
    }
}

/// The spec of the one target of an `auto=` line without a count (`None` when it names
/// none, several, or one with a count).
pub(super) fn single_spec(auto: &str) -> Option<&str> {
    let lower = auto.to_ascii_lowercase();
    let mut found = lower.match_indices("target(").map(|(at, _)| at);
    let at = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let inner = &auto[at + "target(".len()..];
    let spec = inner[..inner.find(')')?].trim();
    (!spec.starts_with('<')).then_some(spec)
}

/// The counted target `spec` of `source`'s spell or ability, controlled by `controller`,
/// on this board; `None` for a spec the runner does not read.
pub(super) fn read(board: &Board, spec: &str, source: CardId, controller: PlayerId, ability: bool) -> Option<Counted> {
    read_paying(board, spec, source, controller, ability, None)
}

/// [`read`] of a spell that will be paid `x` for its `{X}` (`None`: no X is paid), the
/// count of a spec counting the X paid (`<prex>`, `<castx>`, `<x>`).
pub(super) fn read_paying(
    board: &Board,
    spec: &str,
    source: CardId,
    controller: PlayerId,
    ability: bool,
    x: Option<usize>,
) -> Option<Counted> {
    let spec = spec.trim().to_ascii_lowercase();
    let inner = spec.strip_prefix('<')?;
    let close = inner.find('>')?;
    let (amount, rest) = (inner[..close].trim(), inner[close + 1..].trim());
    let number = |text: &str| match text.trim() {
        "prex" | "castx" | "x" => x,
        written => written.parse().ok(),
    };
    let (exact, count) = if amount == "anyamount" {
        (false, usize::MAX)
    } else if let Some(written) = amount.strip_prefix("upto:") {
        (false, number(written)?)
    } else {
        (true, number(amount)?)
    };
    if count == 0 {
        return None;
    }
    let (body, zone) = match rest.split_once('|') {
        Some((body, zone)) => (body.trim(), zone_of(zone.trim(), controller)?),
        None => (rest, (None, BATTLEFIELD)),
    };
    // `other creature`: any but the source (Devour's `<anyamount>other creature`).
    let (body, other) = match body.strip_prefix("other ") {
        Some(rest) => (rest.trim(), true),
        None => (body, false),
    };
    let alternatives = body.split(',').map(alternative).collect::<Option<Vec<_>>>()?;
    if alternatives.is_empty() {
        return None;
    }
    let (owner, zone) = zone;
    let players: Vec<PlayerId> = match owner {
        Some(player) => vec![player],
        None => vec![P0, P1],
    };
    let mut legal = 0usize;
    for player in players {
        for card in board.zone(player, zone) {
            let (types, colours) = (board.types(card), board.colours(card));
            // A `[word]` is a type word or a colour (`*[black]`), `[-word]` its negation.
            let matches = alternatives.iter().any(|(word, term)| {
                (*word == "*" || types.contains(word))
                    && term.is_none_or(|(negated, term)| (types.contains(&term) || colours.contains(&term)) != negated)
            });
            let value = Value::Card(card);
            if matches && !(other && card == source) && !super::targeting::refused(board, source, controller, value) {
                legal += 1;
            }
        }
    }
    Some(Counted { exact, count, legal, ability })
}

/// Whether a target `spec` (no count) surely has no legal target on this board: no card
/// in the zone it names has the type word of any of its alternatives (their `[...]` terms
/// aside, which can only narrow them). `false` when the runner cannot tell (a player, a
/// zone or a word it does not read).
pub(super) fn surely_untargetable(board: &Board, spec: &str, controller: PlayerId) -> bool {
    let spec = spec.trim().to_ascii_lowercase();
    let (body, zone) = match spec.split_once('|') {
        Some((body, zone)) => match zone_of(zone.trim(), controller) {
            Some(zone) => (body.trim(), zone),
            None => return false,
        },
        None => (spec.as_str(), (None, BATTLEFIELD)),
    };
    let mut words = Vec::new();
    for alternative in body.split(',') {
        let word = alternative.split('[').next().unwrap_or("").trim();
        let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphabetic());
        if !(word == "*" || plain) || matches!(word, "player" | "opponent" | "controller" | "other" | "this") {
            return false;
        }
        words.push(word);
    }
    let (owner, zone) = zone;
    let players = match owner {
        Some(player) => vec![player],
        None => vec![P0, P1],
    };
    !players.into_iter().flat_map(|player| board.zone(player, zone)).any(|card| {
        let types = board.types(card);
        words.iter().any(|word| *word == "*" || types.contains(word))
    })
}

/// Whether a counted target's `spec` counts the X paid (`<prex>`, `<upto:castx>`).
pub(super) fn counts_x(spec: &str) -> bool {
    let spec = spec.trim().to_ascii_lowercase();
    let amount = spec.strip_prefix('<').and_then(|inner| Some(&inner[..inner.find('>')?])).unwrap_or("");
    let amount = amount.strip_prefix("upto:").unwrap_or(amount).trim();
    ["prex", "castx", "x"].contains(&amount)
}

/// One alternative of a spec: a type word and at most one `[word]` or `[-word]` (the term
/// and whether it is negated); `None` for any other form (players, `other`, comparisons,
/// several terms).
fn alternative(text: &str) -> Option<(&str, Option<(bool, &str)>)> {
    let text = text.trim();
    let (word, term) = match text.split_once('[') {
        Some((word, term)) => {
            let term = term.strip_suffix(']')?.trim();
            let negated = term.strip_prefix('-').map(str::trim);
            (word.trim(), Some((negated.is_some(), negated.unwrap_or(term))))
        }
        None => (text, None),
    };
    let plain = |word: &str| !word.is_empty() && word.chars().all(|c| c.is_ascii_alphabetic());
    let fits = (word == "*" || plain(word)) && term.is_none_or(|(_, term)| plain(term));
    let player = matches!(word, "player" | "opponent" | "controller" | "other");
    (fits && !player).then_some((word, term))
}

/// The player (none: both) and zone a spec's `|zone` names, for a source controlled by
/// `controller`.
fn zone_of(text: &str, controller: PlayerId) -> Option<(Option<PlayerId>, vm::bytecode::ZoneIdx)> {
    let opponent = if controller == P0 { P1 } else { P0 };
    let (owner, zone) = if let Some(zone) = text.strip_prefix("my") {
        (Some(controller), zone)
    } else if let Some(zone) = text.strip_prefix("opponent") {
        (Some(opponent), zone)
    } else {
        (None, text)
    };
    let zone = match zone {
        "battlefield" | "inplay" => BATTLEFIELD,
        "graveyard" => GRAVEYARD,
        "library" => LIBRARY,
        "hand" => HAND,
        "exile" => EXILE,
        _ => return None,
    };
    Some((owner, zone))
}

/// Skips a request of the runtime whose legal candidates are not the runner's count, or
/// whose most is not the clicks that complete Wagic's choice.
pub(super) fn check_request(
    board: &Board,
    execution: &vm::runtime::Execution,
    plan: Counted,
    line: u32,
    text: &str,
) -> Result<(), super::Skip> {
    let env = execution.env();
    let legal = execution
        .candidates()
        .iter()
        .filter(|&&target| !super::targeting::refused(board, env.source, env.controller, target))
        .count();
    let most = usize::from(execution.request().max);
    if legal != plan.legal || most < plan.owed() {
        return Err(super::skip(
            "a target with a count whose legal targets the runner and the runtime count apart",
            super::at(line, text),
        ));
    }
    Ok(())
}

impl super::Run<'_> {
    /// A move while a spell or ability waits for its counted target's clicks.
    pub(super) fn answer_counted(
        &mut self,
        mut waiting: super::Pending,
        plan: Counted,
        line: u32,
        text: &str,
    ) -> Result<Option<super::Pending>, super::Skip> {
        let env = waiting.execution.env();
        // The spell's own card is on the stack, where no other move looks for a card.
        let source_named = match self.move_id {
            Some(id) => super::ids::wagic_id(&self.table, &self.wagic_ids, env.source) == Some(id),
            None => self.table.board.get(env.source).is_some_and(|c| c.printed.name.to_lowercase() == text),
        };
        let target = match self.named(text) {
            _ if source_named => Value::Card(env.source),
            Some(target) => target,
            None => return Err(super::skip("a move names no card on the board", super::at(line, text))),
        };
        let done = if target == Value::Card(env.source) {
            // The card itself: ends an `upto:` or `anyamount` choice holding a target.
            if plan.exact || waiting.chosen.is_empty() {
                return Ok(Some(waiting));
            }
            true
        } else {
            if super::targeting::refused(&self.table.board, env.source, env.controller, target) {
                return Ok(Some(waiting));
            }
            if let Some(at) = waiting.chosen.iter().position(|chosen| *chosen == target) {
                waiting.chosen.remove(at);
                return Ok(Some(waiting));
            }
            if !waiting.execution.candidates().contains(&target) {
                return Err(super::skip("a target the model does not offer", super::at(line, text)));
            }
            waiting.chosen.push(target);
            waiting.chosen.len() >= plan.expected()
        };
        if !done {
            return Ok(Some(waiting));
        }
        self.finish_counted(waiting, line, text)
    }

    /// The counted target's choice is complete: the spell or ability goes on with it.
    pub(super) fn finish_counted(
        &mut self,
        mut waiting: super::Pending,
        line: u32,
        text: &str,
    ) -> Result<Option<super::Pending>, super::Skip> {
        let chosen = std::mem::take(&mut waiting.chosen);
        let mut clicks = waiting.clicks;
        // Every click owed is answered: the choice is complete.
        clicks.answered = clicks.named;
        let step =
            self.table.resume(waiting.execution, &chosen).map_err(|error| super::table_skip(error, line, text))?;
        self.after(step, waiting.spell, clicks, line, text)
    }
}

/// Whether an `auto=` line of a spell with a counted target acts on more than its target:
/// Wagic runs the whole line once per target (`AbilityFactory::addAbilities`' loop over a
/// spell's targets), so an `all(...)`, a player's effect or a later `&&` part runs that
/// many times, where the compiled line runs once.
pub(super) fn acts_beyond_target(auto: &str) -> bool {
    let auto = auto.to_ascii_lowercase();
    ["&&", "all(", "controller", "opponent", "foreach", "player"].iter().any(|word| auto.contains(word))
}
