//! Words of Wagic's card code that the front end does not compile yet: a card using one is
//! refused with E0100 as any unsupported construct, but gets no `did you mean` (Wagic's
//! `token` is not a typo of the ability `tokenizer`, nor `pay` of `tap`). Only the words
//! that name a construct are listed (keywords, not card data). Beside them, the keys that
//! are compiled and the help that lists them.

/// Effects of an `auto=` line (`transforms((...))`, `choice`, `token` without its
/// parentheses), and the words
/// that read as one where the front end does not take them (`and!(...)!`, the `first` of
/// `first strike`, a `foreach(...)` after the effect).
pub const EFFECTS: &[&str] = &[
    "ability",
    "all",
    "and",
    "aslongas",
    "double",
    "first",
    "foreach",
    "lord",
    "may",
    "name",
    "notatarget",
    "target",
    "activate",
    "activatechooseacolor",
    "activatechooseatype",
    "becomes",
    "bloodthirst",
    "bushido",
    "cantbeblockerof",
    "cantbesacrified",
    "castcard",
    "choice",
    "chooseacolor",
    "chooseatype",
    "combatspiritlink",
    "combattoughness",
    "copy",
    "countershroud",
    "cumulativeupcost",
    "cumulativeupcostmulti",
    "dynamicability",
    "emblem",
    "equip",
    "evolve",
    "exchangelife",
    "fading",
    "flanker",
    "flashback",
    "flip",
    "flipacoin",
    "if",
    "ifnot",
    "imprint",
    "kicked",
    "libraryeater",
    "lifeset",
    "maxplay",
    "moverandom",
    "mypoolsave",
    "newhook",
    "newtarget",
    "nextphasealter",
    "ninjutsu",
    "pay",
    "phaseaction",
    "phasealter",
    "phaseout",
    "rampage",
    "reject",
    "removeallcounters",
    "replacedraw",
    "sacrifice",
    "swap",
    "teach",
    "thisforeach",
    "token",
    "transforms",
    "twist",
    "upcost",
    "upcostmulti",
    "vanishing",
    "wingame",
    "zerocast",
];

/// Triggers after `@` (`@targeted(...)`, `@damageof(...)`).
pub const TRIGGERS: &[&str] = &[
    "combatdamaged",
    "combatdamagefoeof",
    "combatdamageof",
    "counteradded",
    "cycled",
    "damagefoeof",
    "damageof",
    "discarded",
    "drawfoeof",
    "drawof",
    "lifefoeof",
    "lifelostfoeof",
    "lifelostof",
    "lifeof",
    "next",
    "noncombatdamagefoeof",
    "sacrificed",
    "tappedformana",
    "targeted",
    "vampired",
];

/// The keys of a card block that are compiled.
pub const COMPILED_KEYS: &[&str] = &[
    "auto",
    "abilities",
    "target",
    "autograveyard",
    "autohand",
    "autoexile",
    "kicker",
    "buyback",
    "flashback",
    "retrace",
    "other",
    "otherrestriction",
    "restriction",
    "facedown",
    "autofacedown",
    "autofaceup",
    "autostack",
];

/// The help of a key not compiled: the keys that are.
pub const COMPILED_KEYS_HELP: &str = "the keys compiled are `auto`, `abilities`, `target`, `autograveyard` (abilities in \
     the graveyard: activated, triggered, static, one-shot), `autohand` (cycling), `autoexile` (madness's line), `kicker`, `buyback`, `suspend(N)`, \
     `flashback`, `retrace`, `other` (a mana cost), `autostack` (cascade) and morph's `facedown`, `autofacedown` and `autofaceup`; `name`, \
     `text`, `mana`, `type`, `subtype`, `power` and `toughness` describe the card";

/// Keys of a card block (`kicker=`, `autohand=`).
pub const KEYS: &[&str] = &[
    "alias",
    "anyzone",
    "autoexile",
    "autofacedown",
    "autograveyard",
    "autohand",
    "autostack",
    "buyback",
    "dredge",
    "facedown",
    "flashback",
    "kicker",
    "other",
    "otherrestriction",
    "restriction",
    "suspend",
];

/// `did you mean` for `written` among `known`, unless `written` is one of Wagic's own
/// words in `wagic_words` (then it is no typo).
pub fn suggest_unless_wagic<'n>(
    written: &str,
    wagic_words: &[&str],
    known: impl IntoIterator<Item = &'n str>,
) -> Option<String> {
    let lower = written.to_ascii_lowercase();
    if wagic_words.contains(&lower.as_str()) {
        return None;
    }
    compiler::diagnostics::suggest(&lower, known)
}

/// Words of a spec's `[...]` terms (Wagic's `TargetChooserFactory`) not compiled yet.
pub const SPEC_TERMS: &[&str] = &[
    "attached",
    "backname",
    "blockable",
    "chosencolor",
    "chosenname",
    "chosentype",
    "cmana",
    "colorless",
    "controllerdamager",
    "counter",
    "damaged",
    "damager",
    "discarded",
    "dredgeable",
    "enchanted",
    "equipped",
    "escaped",
    "evictname",
    "foretold",
    "fresh",
    "geared",
    "hasbackside",
    "hasconvoke",
    "hasflashback",
    "haskicker",
    "haspartner",
    "hastoxic",
    "hasx",
    "iscommander",
    "isflipped",
    "kicked",
    "lastnamechosen",
    "leveler",
    "manab",
    "manag",
    "manar",
    "manau",
    "manaw",
    "modified",
    "numofcols",
    "opponentdamager",
    "pairable",
    "partname",
    "permanent",
    "preyname",
    "recent",
    "ringbearer",
    "share",
    "storedname",
    "zpos",
];

/// The keys of a card block that only describe the card (read by a game, not compiled).
pub(super) const DESCRIPTION_KEYS: &[&str] =
    &["name", "text", "mana", "type", "subtype", "power", "toughness", "color", "grade", "rarity", "id"];

/// Whether `key` only describes the card (lowering never refuses its line).
pub fn describes_only(key: &str) -> bool {
    DESCRIPTION_KEYS.iter().any(|description| description.eq_ignore_ascii_case(key))
}
