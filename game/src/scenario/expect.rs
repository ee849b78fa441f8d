//! Expectations: one key of a step's `expect` table (`"you.hp"`, `"opp.s0.bp"`,
//! `"you.hand"`, `"you.rules.attack"`, `"winner"`...) checked against the game, giving a
//! [`Mismatch`] with the expected and the actual value when it does not hold.

use std::collections::HashMap;

use toml::Value as Toml;

use super::Mismatch;
use super::format::Side;
use super::run::{card_label, card_matches};
use crate::engine::Game;
use crate::state::{CardRef, Phase, RING_SLOTS, Role, Seat};

/// The rule switches and their value when no effect set them.
const RULE_DEFAULTS: &[(&str, bool)] = &[
    ("ab_trigger_fresh", false),
    ("ab_trigger_act", true),
    ("ab_instant_act", true),
    ("piercing", true),
    ("backup_fresh", false),
    ("dmg_combat_deal", true),
    ("attack_freeze", true),
    ("attack", true),
    ("backup_limit", true),
    ("play_removed", false),
];

/// Every key an expectation may use, for the message about an unknown one.
const KEYS: &str = "phase, turn, active, winner, <side>.hp, .sp, .lost_sp, .nc_damaged, .extra_turns, \
     .chars_per_turn, .chars_played, .backups_played, .skips, .hand, .deck, .discards, .removed, .sN, \
     .sN.card, .sN.bp, .sN.last_bp, .sN.frozen, .sN.fresh, .sN.attacking, .sN.united, .sN.activated, \
     .sN.backups, .sN.abilities, .sN.lacks, .rules.<switch> (side: you, opp)";

/// What an expectation key names.
enum Key<'a> {
    Phase,
    Turn,
    Active,
    Winner,
    Player { seat: Seat, what: PlayerKey<'a> },
}

/// A key of one player (`you.` or `opp.`).
enum PlayerKey<'a> {
    Hp,
    Sp,
    LostSp,
    NcDamaged,
    ExtraTurns,
    CharsPerTurn,
    CharsPlayed,
    BackupsPlayed,
    Skips,
    Pile(&'a str),
    Rule(&'a str),
    Slot { index: usize, attr: &'a [&'a str] },
}

/// A player's own expectation keys (`you.<key>`, `opp.<key>`), besides the slots'.
pub const PLAYER_KEYS: &[&str] = &[
    "hp",
    "sp",
    "lost_sp",
    "nc_damaged",
    "extra_turns",
    "chars_per_turn",
    "chars_played",
    "backups_played",
    "skips",
    "hand",
    "deck",
    "discards",
    "removed",
];

/// The attributes of a slot's character (`sN.<attr>`); none names the card.
pub const SLOT_ATTRIBUTES: &[&str] =
    &["card", "bp", "last_bp", "frozen", "fresh", "attacking", "united", "activated", "backups", "abilities", "lacks"];

/// Checks that `key` is one the format knows, without a game: a file with an unknown key
/// is malformed. The message names the key and lists the known ones.
pub fn check_key(key: &str) -> Result<(), String> {
    let parts: Vec<&str> = key.split('.').collect();
    parse_key(&parts).map(|_| ()).map_err(|known| match suggest_key(key) {
        Some(close) => format!("unknown expectation `{key}`: did you mean `{close}`? (known: {known})"),
        None => format!("unknown expectation `{key}` (known: {known})"),
    })
}

/// A known key close to `key` (`you.discard` for `you.discards`).
fn suggest_key(key: &str) -> Option<String> {
    // No known key is near a long one, and the distance costs its length per candidate.
    if key.len() > 40 {
        return None;
    }
    let mut known: Vec<String> = ["phase", "turn", "active", "winner"].map(String::from).to_vec();
    for side in ["you", "opp"] {
        known.extend(PLAYER_KEYS.iter().map(|what| format!("{side}.{what}")));
        for slot in 0..RING_SLOTS {
            known.push(format!("{side}.s{slot}"));
            known.extend(SLOT_ATTRIBUTES.iter().map(|attr| format!("{side}.s{slot}.{attr}")));
        }
    }
    let help = compiler::diagnostics::suggest(key, known.iter().map(String::as_str))?;
    Some(help.trim_start_matches("did you mean `").trim_end_matches("`?").to_string())
}

/// What `parts` (a key split at its dots) names, or the list of known keys to suggest.
fn parse_key<'a>(parts: &'a [&'a str]) -> Result<Key<'a>, &'static str> {
    Ok(match parts {
        ["phase"] => Key::Phase,
        ["turn"] => Key::Turn,
        ["active"] => Key::Active,
        ["winner"] => Key::Winner,
        [side, rest @ ..] => {
            let seat = match *side {
                "you" => Seat::FIRST,
                "opp" => Seat::SECOND,
                _ => return Err(KEYS),
            };
            let what = match rest {
                ["hp"] => PlayerKey::Hp,
                ["sp"] => PlayerKey::Sp,
                ["lost_sp"] => PlayerKey::LostSp,
                ["nc_damaged"] => PlayerKey::NcDamaged,
                ["extra_turns"] => PlayerKey::ExtraTurns,
                ["chars_per_turn"] => PlayerKey::CharsPerTurn,
                ["chars_played"] => PlayerKey::CharsPlayed,
                ["backups_played"] => PlayerKey::BackupsPlayed,
                ["skips"] => PlayerKey::Skips,
                [pile @ ("hand" | "deck" | "discards" | "removed")] => PlayerKey::Pile(pile),
                ["rules", rule] if stdlib::CATALOGUE.rule_switches.iter().any(|r| r.name == *rule) => {
                    PlayerKey::Rule(rule)
                }
                ["rules", _] => return Err("a rule switch (attack, piercing, backup_limit, play_char_bp_limit...)"),
                [slot, attr @ ..] if slot.len() == 2 && slot.starts_with('s') => {
                    let index = slot[1..].parse::<usize>().ok().filter(|&i| i < RING_SLOTS).ok_or(KEYS)?;
                    if attr.len() > 1 || attr.first().is_some_and(|a| !SLOT_ATTRIBUTES.contains(a)) {
                        return Err(KEYS);
                    }
                    PlayerKey::Slot { index, attr }
                }
                _ => return Err(KEYS),
            };
            Key::Player { seat, what }
        }
        _ => return Err(KEYS),
    })
}

/// Checks one expectation; `None` when it holds.
pub fn check_expectation(game: &Game, key: &str, expected: &Toml) -> Option<Mismatch> {
    let parts: Vec<&str> = key.split('.').collect();
    let state = game.state();
    let what = match parse_key(&parts) {
        Ok(what) => what,
        Err(known) => return Some(Mismatch::unknown_key(key, known)),
    };
    let (seat, what) = match what {
        Key::Phase => {
            let actual = phase_name(state.phase);
            let wanted = expected.as_str().and_then(Phase::parse);
            return (wanted != Some(state.phase)).then(|| Mismatch::value(key, show(expected), actual.into()));
        }
        Key::Turn => return compare_int(key, expected, i64::from(state.turn)),
        Key::Active => return compare_str(key, expected, Side::of(state.active).name()),
        Key::Winner => {
            let actual = match game.outcome() {
                None => "none".to_string(),
                Some(outcome) => match outcome.winner {
                    Some(seat) => Side::of(seat).name().to_string(),
                    None => "draw".to_string(),
                },
            };
            return compare_str(key, expected, &actual);
        }
        Key::Player { seat, what } => (seat, what),
    };
    let player = &state.players[usize::from(seat)];
    match what {
        PlayerKey::Hp => compare_int(key, expected, i64::from(player.hp)),
        PlayerKey::Sp => compare_int(key, expected, i64::from(player.sp)),
        PlayerKey::LostSp => compare_int(key, expected, i64::from(player.lost_sp)),
        PlayerKey::NcDamaged => compare_bool(key, expected, player.nc_damaged),
        PlayerKey::ExtraTurns => compare_int(key, expected, i64::from(player.extra_turns)),
        PlayerKey::CharsPerTurn => compare_int(key, expected, i64::from(player.chars_per_turn)),
        PlayerKey::CharsPlayed => compare_int(key, expected, i64::from(player.chars_played)),
        PlayerKey::BackupsPlayed => compare_int(key, expected, i64::from(player.backups_played)),
        PlayerKey::Skips => {
            let actual: Vec<String> = player.skips.iter().map(|&p| phase_name(p).to_string()).collect();
            let wanted: Option<Vec<Phase>> =
                expected.as_array().map(|a| a.iter().filter_map(|v| v.as_str().and_then(Phase::parse)).collect());
            (wanted.as_deref() != Some(player.skips.as_slice()))
                .then(|| Mismatch::value(key, show(expected), format!("{actual:?}")))
        }
        PlayerKey::Pile(pile) => {
            let cards = match pile {
                "hand" => &player.hand,
                "deck" => &player.deck,
                "discards" => &player.discards,
                _ => &player.removed,
            };
            check_pile(game, key, expected, cards)
        }
        PlayerKey::Rule(rule) => {
            if let Some(n) = expected.as_integer() {
                let actual = state.rule_min(rule, seat);
                return (actual.map(i64::from) != Some(n))
                    .then(|| Mismatch::value(key, n.to_string(), format!("{actual:?}")));
            }
            let Some(&(_, default)) = RULE_DEFAULTS.iter().find(|(name, _)| *name == rule) else {
                return Some(Mismatch::value(key, show(expected), format!("`{rule}` is not an on/off switch")));
            };
            compare_bool(key, expected, state.rule_on(rule, seat, default))
        }
        PlayerKey::Slot { index, attr } => check_slot(game, key, expected, player.ring[index], attr),
    }
}

pub(crate) fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Activate => "activate",
        Phase::Draw => "draw",
        Phase::Main => "main",
        Phase::Attack => "attack",
        Phase::CounterAttack => "counter-attack",
        Phase::End => "end",
        Phase::Cleanup => "cleanup",
    }
}

/// A TOML value as a reader wrote it.
fn show(value: &Toml) -> String {
    match value {
        Toml::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

fn compare_int(key: &str, expected: &Toml, actual: i64) -> Option<Mismatch> {
    (expected.as_integer() != Some(actual)).then(|| {
        let mismatch = Mismatch::value(key, show(expected), actual.to_string());
        if expected.is_integer() { mismatch } else { with_kind_note(mismatch, key, "a whole number", expected) }
    })
}

fn compare_bool(key: &str, expected: &Toml, actual: bool) -> Option<Mismatch> {
    (expected.as_bool() != Some(actual)).then(|| {
        let mismatch = Mismatch::value(key, show(expected), actual.to_string());
        if expected.is_bool() { mismatch } else { with_kind_note(mismatch, key, "`true` or `false`", expected) }
    })
}

/// The note of an expectation written as the wrong kind of value (`"500"` for `500`), which
/// would otherwise read `expected: "500"`, `actual: 500`.
fn with_kind_note(mut mismatch: Mismatch, key: &str, wanted: &str, expected: &Toml) -> Mismatch {
    let quoted = if expected.is_str() { " written without quotes" } else { "" };
    mismatch.note = Some(format!("`{key}` takes {wanted}{quoted}: {} is a {}", show(expected), expected.type_str()));
    mismatch
}

fn compare_str(key: &str, expected: &Toml, actual: &str) -> Option<Mismatch> {
    let holds = expected.as_str().is_some_and(|s| s.eq_ignore_ascii_case(actual));
    (!holds).then(|| Mismatch::value(key, show(expected), format!("{actual:?}")))
}

fn names(game: &Game, cards: &[CardRef]) -> String {
    let list: Vec<String> = cards.iter().map(|&c| card_label(game, c)).collect();
    format!("[{}]", list.join(", "))
}

fn strings(value: &Toml) -> Option<Vec<&str>> {
    value.as_array()?.iter().map(Toml::as_str).collect()
}

/// Removes from `left` one card matching each name (the first of the pile that is left, as
/// [`card_matches`] matches: by number or name, in any case); gives the names that matched
/// none. The pile is indexed by those keys once: looking through it for each name took 20 s
/// for a scenario's pile of 40,000 cards.
fn take_matching<'a>(game: &Game, left: &mut Vec<CardRef>, wanted: &[&'a str]) -> Vec<&'a str> {
    // Each key's cards by their place in the pile, with how far its list has been taken.
    let mut by_key: HashMap<String, (usize, Vec<usize>)> = HashMap::new();
    for (place, &card) in left.iter().enumerate() {
        if let Some(def) = game.state().def(card) {
            by_key.entry(def.name.to_ascii_lowercase()).or_default().1.push(place);
            if let Some(number) = &def.number {
                by_key.entry(number.to_ascii_lowercase()).or_default().1.push(place);
            }
        }
    }
    let mut taken = vec![false; left.len()];
    let mut missing = Vec::new();
    for name in wanted {
        let found = by_key.get_mut(&name.trim().to_ascii_lowercase()).and_then(|(next, places)| {
            while let Some(&place) = places.get(*next) {
                *next += 1;
                if taken.get(place) == Some(&false) {
                    return Some(place);
                }
            }
            None
        });
        match found.and_then(|place| taken.get_mut(place)) {
            Some(is_taken) => *is_taken = true,
            None => missing.push(*name),
        }
    }
    let mut places = taken.into_iter();
    left.retain(|_| places.next() == Some(false));
    missing
}

/// A pile: a list (exact, in order: top first), or `{ set = [...] }` (any order),
/// `{ contains = [...] }`, `{ count = n }`, `{ top = [...] }`, `{ bottom = [...] }`.
fn check_pile(game: &Game, key: &str, expected: &Toml, cards: &[CardRef]) -> Option<Mismatch> {
    let actual = names(game, cards);
    let wrong = |extra: Option<String>| {
        let mut mismatch = Mismatch::value(key, show(expected), actual.clone());
        mismatch.note = extra;
        Some(mismatch)
    };
    if let Some(list) = strings(expected) {
        let in_order =
            list.len() == cards.len() && list.iter().zip(cards).all(|(name, &c)| card_matches(game, c, name));
        if in_order {
            return None;
        }
        let mut left = cards.to_vec();
        let missing = take_matching(game, &mut left, &list);
        let note = if missing.is_empty() && left.is_empty() {
            "the same cards in another order".to_string()
        } else {
            format!("missing: {missing:?}; unexpected: {}", names(game, &left))
        };
        return wrong(Some(note));
    }
    let Some(table) = expected.as_table() else {
        return wrong(Some("a pile is a list of cards or a table { set, contains, count, top, bottom }".into()));
    };
    for (how, value) in table {
        let holds = match (how.as_str(), value) {
            ("count", Toml::Integer(n)) => cards.len() as i64 == *n,
            ("set" | "contains", value) => {
                let Some(list) = strings(value) else { return wrong(Some(format!("`{how}` takes a list of cards"))) };
                let mut left = cards.to_vec();
                let missing = take_matching(game, &mut left, &list);
                if !missing.is_empty() || (how == "set" && !left.is_empty()) {
                    return wrong(Some(format!("missing: {missing:?}; unexpected: {}", names(game, &left))));
                }
                true
            }
            ("top" | "bottom", value) => {
                let Some(list) = strings(value) else { return wrong(Some(format!("`{how}` takes a list of cards"))) };
                if list.len() > cards.len() {
                    false
                } else {
                    let part = if how == "top" { &cards[..list.len()] } else { &cards[cards.len() - list.len()..] };
                    list.iter().zip(part).all(|(name, &c)| card_matches(game, c, name))
                }
            }
            _ => return wrong(Some(format!("unknown pile check `{how}` (set, contains, count, top, bottom)"))),
        };
        if !holds {
            return wrong(None);
        }
    }
    None
}

/// A ring slot: `"empty"` or the card, or one attribute of its character.
fn check_slot(game: &Game, key: &str, expected: &Toml, card: Option<CardRef>, attr: &[&str]) -> Option<Mismatch> {
    let state = game.state();
    let actual_name = card.map_or_else(|| "empty".to_string(), |c| card_label(game, c));
    if attr.is_empty() || attr == ["card"] {
        let holds = match (expected.as_str(), card) {
            (Some(name), None) => name.eq_ignore_ascii_case("empty"),
            (Some(name), Some(c)) => card_matches(game, c, name),
            (None, _) => false,
        };
        return (!holds).then(|| Mismatch::value(key, show(expected), actual_name));
    }
    let Some(card) = card else {
        return Some(Mismatch::value(key, show(expected), "the slot is empty".into()));
    };
    let Some(c) = state.card(card) else {
        return Some(Mismatch::value(key, show(expected), "no such card".into()));
    };
    match attr {
        ["bp"] => compare_int(key, expected, i64::from(c.bp)),
        ["last_bp"] => compare_int(key, expected, i64::from(c.last_bp)),
        ["frozen"] => compare_bool(key, expected, c.frozen),
        ["fresh"] => compare_bool(key, expected, c.fresh),
        ["attacking"] => compare_bool(key, expected, c.role != Role::None),
        ["united"] => compare_bool(key, expected, c.united),
        ["activated"] => compare_bool(key, expected, c.activated),
        ["backups"] => match expected {
            Toml::Integer(_) => compare_int(key, expected, c.backups.len() as i64),
            _ => check_pile(game, key, expected, &c.backups),
        },
        [which @ ("abilities" | "lacks")] => {
            let mut has: Vec<&str> = stdlib::keywords::Ability::ALL
                .iter()
                .filter(|&&a| state.has_ability(card, a))
                .map(|a| a.name())
                .collect();
            // The ■/▲/● ability it has now, by its printed name: its own, a copied one
            // (`copyAbility`), none once it lost its abilities.
            let named = c.rules.and_then(|rules| {
                let set = game.set();
                set.card(set.def_of_rules(vm::bytecode::CardIdx(rules))?)?.ability_name.as_deref()
            });
            has.extend(named);
            let Some(list) = strings(expected) else {
                return Some(Mismatch::value(
                    key,
                    show(expected),
                    "a list of ability keywords or ability names is expected".into(),
                ));
            };
            let want_present = *which == "abilities";
            let holds = list.iter().all(|name| has.iter().any(|h| h.eq_ignore_ascii_case(name)) == want_present);
            (!holds).then(|| Mismatch::value(key, show(expected), format!("{actual_name} has {has:?}")))
        }
        _ => Some(Mismatch::unknown_key(key, KEYS)),
    }
}
