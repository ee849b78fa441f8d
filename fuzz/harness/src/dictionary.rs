//! The libFuzzer dictionaries: the language's (`fuzz/rulescript.dict`): every name of the
//! stdlib catalogue, the language's keywords and property keys, its punctuation, and a
//! few compound forms (`~myEndPhase~`, `@oppRing`, `+1+1+1+1`) that mutations rarely
//! assemble by themselves; and Wagic card files' (`fuzz/wagic.dict`, [`wagic()`]): every
//! name of the Wagic catalogue, the block keys and the words the front end reads or
//! refuses by name; and the game's files' (`fuzz/files.dict`, [`files()`], for the `deck`,
//! `save`, `scenario` and `tally` targets): the tags, keys and words of `.o8d` decks,
//! saved games, scenarios and tallies, the moves, phases and rule switches, and the
//! example set's card names, numbers and ids. Generated here; a test keeps the committed
//! files equal to them.

use game::scenario::expect::{PLAYER_KEYS, SLOT_ATTRIBUTES};
use stdlib::CATALOGUE;
use stdlib::catalogue::{COST_TYPES, PHASES, VIEW_STATES};

/// A card's property keys (`action = ...`).
const PROPERTY_KEYS: &[&str] = &["target", "action", "auto", "abilities", "requisite", "vars", "label"];

const KEYWORDS: &[&str] = &[
    "to", "from", "if", "elif", "else", "may", "in", "all", "and", "or", "not", "true", "false", "nil", "target?",
    "this", "tgt", "prevTgt", "me", "opp",
];

const PUNCTUATION: &[&str] = &[
    " = ", "{", "}", "[[", "]]", "[", "]", "(", ")", "<", ">", "<1>", "<,2>", "<0,2>", "<r>", "@", "~", "==", "!=",
    "<=", ">=", "&", "&&", "||", ";", ":", ": ", ",", ".", "+", "-", "*", "/", "?", "#", "=>", "'", "\"", "\n", "\r\n",
    "\u{feff}", "x2", "+1+1+1+1", "*2*2*2*2", ".0.0.0.0", "((((", "))))", "[[if ", "[[may]] ",
];

/// The dictionary's entries, one a line, in libFuzzer's quoted form.
pub fn dictionary() -> String {
    let mut words: Vec<String> = Vec::new();
    let named = [
        CATALOGUE.filters,
        CATALOGUE.comparable_filters,
        CATALOGUE.zone_prefixes,
        CATALOGUE.card_types,
        CATALOGUE.event_prefixes,
        CATALOGUE.event_suffixes,
        CATALOGUE.abilities,
        CATALOGUE.rule_switches,
        CATALOGUE.selectors,
        CATALOGUE.restrictions,
        CATALOGUE.restriction_prefixes,
        CATALOGUE.variables,
        CATALOGUE.attributes,
        COST_TYPES,
        PHASES,
        VIEW_STATES,
    ];
    words.extend(named.iter().flat_map(|table| table.iter().map(|spec| spec.name.to_owned())));
    words.extend(CATALOGUE.commands.iter().map(|spec| format!("{}(", spec.name)));
    words.extend(CATALOGUE.costs.iter().map(|spec| format!("{{{}", spec.name)));
    words.extend(CATALOGUE.functions.iter().map(|spec| format!("{}(", spec.name)));
    for spec in CATALOGUE.ranking_filters {
        words.extend(spec.words.iter().map(|word| format!("{}:{}", spec.name, word.name)));
    }
    words.extend(CATALOGUE.subtypes.iter().map(|&name| name.to_owned()));
    for spec in CATALOGUE.zones {
        words.push(spec.name.to_owned());
        words
            .extend(CATALOGUE.zone_prefixes.iter().map(|prefix| format!("@{}{}", prefix.name, capitalised(spec.name))));
    }
    for spec in CATALOGUE.events {
        words.push(format!("~{}~", spec.name));
        words.extend(
            CATALOGUE.event_prefixes.iter().map(|prefix| format!("~{}{}~", prefix.name, capitalised(spec.name))),
        );
    }
    words.extend(PROPERTY_KEYS.iter().map(|key| format!("{key} = ")));
    words.extend(KEYWORDS.iter().map(|&word| word.to_owned()));
    words.extend(PUNCTUATION.iter().map(|&word| word.to_owned()));
    render(words, "fuzz_harness::dictionary")
}

/// The words of Wagic's deck files (`wagic::play::deck`) and the separator of the
/// `wagic_test` and `wagic_play` targets' parts.
const WAGIC_DECK_SYNTAX: &[&str] =
    &["\0", "#NAME:", "#DESC:", " *", " (", "4x ", "1000 ", "[meta]\n", "primitive=", "id="];

/// The words of a Wagic block's syntax, outside the catalogue's names.
const WAGIC_SYNTAX: &[&str] = &[
    "[card]\n",
    "[/card]\n",
    "\r\n",
    "\r",
    "\n",
    "\u{feff}",
    "=",
    "#",
    "grade=",
    "&&",
    "{T}",
    "{S(",
    "{D}",
    "{X}",
    "{1}",
    "{2}{R}",
    ":",
    "@",
    "@each my ",
    "@each opponent ",
    "@movedto(",
    "@moveto(",
    ") from(",
    "|mybattlefield",
    "|opponentbattlefield",
    "|battlefield",
    "|mygraveyard",
    "|myhand",
    "|mylibrary",
    "target(",
    "target(creature,player)",
    "lord(",
    "all(",
    "foreach(",
    "thisforeach(",
    "aslongas(",
    "token(",
    ",creature ",
    ",1/1,",
    ",green)",
    "*3",
    "<upto:2>",
    "other ",
    "[",
    "]",
    "[-",
    ";",
    "&",
    ">=",
    "<=",
    ">2",
    "<3",
    "(",
    ")",
    "((",
    "))",
    ",",
    "/",
    "+1/+1",
    "-1/-1",
    "1/1",
    "may ",
    "ueot",
    "controller",
    "opponent",
    "targetcontroller",
    "player",
    "this",
    "trigger",
    "x",
    "X/X",
    "add{G}",
    "damage:",
    "life:",
    "draw:",
    "name(",
    "!",
    "$",
];

/// The block keys the front end reads (described, compiled, or refused by name).
const WAGIC_KEYS: &[&str] = &[
    "name",
    "text",
    "mana",
    "type",
    "subtype",
    "power",
    "toughness",
    "color",
    "grade",
    "rarity",
    "id",
    "auto",
    "abilities",
    "target",
];

/// The Wagic dictionary's entries (`fuzz/wagic.dict`), one a line, in libFuzzer's quoted form.
pub fn wagic() -> String {
    use wagic::CATALOGUE;
    use wagic::front::vocabulary;
    let mut words: Vec<String> = Vec::new();
    let named = [
        CATALOGUE.filters,
        CATALOGUE.comparable_filters,
        CATALOGUE.zone_prefixes,
        CATALOGUE.card_types,
        CATALOGUE.event_prefixes,
        CATALOGUE.event_suffixes,
        CATALOGUE.abilities,
        CATALOGUE.restrictions,
        CATALOGUE.variables,
        CATALOGUE.attributes,
        wagic::catalogue::MANA_COLOURS,
        wagic::catalogue::CRITERIA,
    ];
    words.extend(named.iter().flat_map(|table| table.iter().map(|spec| spec.name.to_owned())));
    words.extend(CATALOGUE.commands.iter().map(|spec| spec.name.to_owned()));
    words.extend(CATALOGUE.costs.iter().map(|spec| spec.name.to_owned()));
    words.extend(CATALOGUE.functions.iter().map(|spec| spec.name.to_owned()));
    words.extend(CATALOGUE.zones.iter().map(|spec| spec.name.to_owned()));
    words.extend(CATALOGUE.events.iter().map(|spec| spec.name.to_owned()));
    words.extend(wagic::catalogue::COLOUR_NAMES.iter().map(|&name| name.to_owned()));
    // A few subtypes only: the whole list (hundreds) would drown the other words.
    words.extend(CATALOGUE.subtypes.iter().take(32).map(|&name| name.to_owned()));
    words.extend(vocabulary::EFFECTS.iter().chain(vocabulary::TRIGGERS).map(|&word| word.to_owned()));
    words.extend(WAGIC_KEYS.iter().chain(vocabulary::KEYS).map(|key| format!("\n{key}=")));
    words.extend(WAGIC_SYNTAX.iter().chain(WAGIC_DECK_SYNTAX).map(|&word| word.to_owned()));
    render(words, "fuzz_harness::dictionary::wagic")
}

/// `words` without repeats, as a libFuzzer dictionary generated by `generator`.
fn render(mut words: Vec<String>, generator: &str) -> String {
    let mut seen = std::collections::BTreeSet::new();
    words.retain(|word| !word.is_empty() && seen.insert(word.clone()));
    let mut out = format!("# Generated by {generator} (see fuzz/README.md): do not edit.\n");
    for word in words {
        out.push('"');
        for byte in word.bytes() {
            match byte {
                b'"' | b'\\' => out.push_str(&format!("\\x{byte:02x}")),
                0x20..=0x7e => out.push(char::from(byte)),
                _ => out.push_str(&format!("\\x{byte:02x}")),
            }
        }
        out.push_str("\"\n");
    }
    out
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// The words of the game's files outside the example set and the catalogue: `.o8d` tags,
/// the JSON keys and values of saved games and tallies, the moves, scenario keys and
/// answers, and JSON, TOML and XML punctuation.
const FILE_WORDS: &[&str] = &[
    // `.o8d` decks.
    "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>",
    "<deck game=\"\">",
    "</deck>",
    "<section name=\"Main\" shared=\"False\">",
    "</section>",
    "<card qty=\"3\" id=\"",
    "\">",
    "</card>",
    "\"/>",
    " qty=\"",
    " id=\"",
    "&amp;",
    "&lt;",
    "&#x41;",
    "&unknown;",
    "<!--",
    "-->",
    "<![CDATA[",
    "]]>",
    "<!DOCTYPE deck>",
    "\u{feff}",
    // Saved games and tallies.
    "\"format\": \"rsc-game/1\"",
    "\"format\": \"rsc-tally/1\"",
    "\"engine\"",
    "\"set\"",
    "\"path\"",
    "\"hash\"",
    "\"decks\"",
    "\"name\"",
    "\"cards\"",
    "\"seed\"",
    "\"turn_limit\"",
    "\"players\"",
    "\"random\"",
    "\"greedy\"",
    "\"scripted\"",
    "\"steps\"",
    "\"seat\"",
    "\"move\"",
    "\"outcome\"",
    "\"trace_hash\"",
    "\"configuration\"",
    "\"configuration_hash\"",
    "\"all_decks\"",
    "\"games_per_pair\"",
    "\"check\"",
    "\"ranges\"",
    "\"card_names\"",
    "\"refused_decks\"",
    "\"seconds\"",
    "\"jobs\"",
    "\"stopped\"",
    "\"tally\"",
    "\"games\"",
    "\"wins\"",
    "\"played\"",
    "\"matchups\"",
    "\"meetings\"",
    "\"draws\"",
    "\"trapped_games\"",
    "\"stalled\"",
    "\"errors\"",
    "\"total_turns\"",
    "\"total_decisions\"",
    "\"longest\"",
    "\"lengths\"",
    "\"plays\"",
    "\"first_deck_curve\"",
    "\"trapped_list\"",
    "\"turn_limit_list\"",
    "\"stopped_list\"",
    "\"index\"",
    "\"error\"",
    "\"trap\"",
    "{\"PlayCharacter\":{\"hand\":0,\"slot\":0}}",
    "{\"PlayCard\":{\"hand\":0}}",
    "{\"Backup\":{\"hand\":0,\"slot\":0}}",
    "{\"Activate\":{\"slot\":0}}",
    "{\"Attack\":{\"slot\":0}}",
    "{\"Join\":{\"slot\":0}}",
    "{\"Block\":{\"slot\":0}}",
    "{\"PlayRemoved\":{\"pos\":0,\"slot\":0}}",
    "\"Pass\"",
    "{\"Pick\":0}",
    "\"Confirm\"",
    "18446744073709551615",
    "4294967295",
    "-1",
    "1e308",
    "null",
    "true",
    "false",
    "[]",
    "{}",
    // Scenarios.
    "name = ",
    "cards = \"..\"",
    "cards = \"corpus\"",
    "expect_failure = ",
    "[setup]",
    "[[step]]",
    "turn = ",
    "active = \"opp\"",
    "phase = ",
    "seed = ",
    "rules = { ",
    "you.",
    "opp.",
    "hp = ",
    "sp = ",
    "hand = [",
    "deck = [",
    "discards = [",
    "removed = [",
    "chars_played = ",
    "backups_played = ",
    "s0 = ",
    "s1 = ",
    "s2 = ",
    "s3 = ",
    "{ card = \"",
    "bp = ",
    "fresh = true",
    "frozen = true",
    "attacking = true",
    "united = true",
    "blocking = \"s1\"",
    "activated = true",
    "backups = [",
    "by = \"opp\"",
    "play = ",
    "\"hand.0\"",
    "from = \"removed\"",
    "slot = ",
    "backup = \"s0\"",
    "activate = \"s0\"",
    "attack = \"s0\"",
    "join = \"s1\"",
    "leader = \"s0\"",
    "block = \"s0\"",
    "attacker = \"s0\"",
    "pass = true",
    "advance = ",
    "answers = [",
    "refused = true",
    "refused_answer = true",
    "expect = { ",
    "log = [",
    "log_lacks = [",
    "\"yes\"",
    "\"no\"",
    "\"you\"",
    "\"opp\"",
    "\"me\"",
    "\"top\"",
    "\"bottom\"",
    "\"opp.s0\"",
    "\"you.s1\"",
    "\"empty\"",
    "\"winner\" = ",
    // Punctuation.
    " = ",
    "\"",
    "'''",
    "\"\"\"",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\n",
    "\r\n",
    "#",
];

/// The game's files' dictionary (`fuzz/files.dict`), one entry a line, in libFuzzer's
/// quoted form.
pub fn files() -> String {
    let mut words: Vec<String> = FILE_WORDS.iter().map(|&word| word.to_owned()).collect();
    for phase in ["activate", "draw", "main", "attack", "counter-attack", "end", "cleanup"] {
        words.push(format!("\"{phase}\""));
    }
    words.extend(CATALOGUE.rule_switches.iter().map(|spec| spec.name.to_owned()));
    for side in ["you", "opp"] {
        // The scenario format's own key lists, with slot 0 for the slot keys.
        let slot_keys = std::iter::once("s0".to_owned()).chain(SLOT_ATTRIBUTES.iter().map(|attr| format!("s0.{attr}")));
        let keys = PLAYER_KEYS.iter().map(|&key| key.to_owned()).chain(slot_keys).chain(["rules.piercing".to_owned()]);
        words.extend(keys.map(|key| format!("\"{side}.{key}\" = ")));
    }
    for card in crate::example_set::set().cards() {
        words.push(card.name.clone());
        words.extend(card.number.clone());
        words.push(card.id.clone());
    }
    render(words, "fuzz_harness::dictionary::files")
}
