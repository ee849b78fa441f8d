//! The Wagic catalogue: the one table of every built-in name a Wagic card compiles to
//! (commands, costs, filter terms, zones, events, abilities, restrictions, expression
//! names), in the shape `vm::catalogue` defines, so that the shared compiler back end, the
//! `.rsb` format, the verifier and the VM serve Wagic cards exactly as they serve CFC's.
//!
//! Commands are declared once, in [`for_each_command!`](crate::for_each_command); both the
//! [`Command`] enum and the [`COMMANDS`] table are generated from it (by
//! `vm::define_commands!`, which every game's catalogue shares), so `Command as usize`
//! is the command's index in [`CATALOGUE`]`.commands`. Names follow Wagic's spelling where
//! Wagic has one; the event, zone and restriction prefixes use the names whose roles the
//! runtime knows (`my`, `opp`, `any`), which the front end writes for Wagic's `opponent`.

use vm::catalogue::{Catalogue, EventSpec, FunctionSpec, NamedSpec, RankingSpec, Roles, ZoneSpec};

mod commands;
mod costs;
mod counters;
mod subtypes;

/// Shorthand for a [`NamedSpec`] literal.
const fn named(name: &'static str, doc: &'static str) -> NamedSpec {
    NamedSpec { name, doc }
}

/// The colours of `add{...}` (`C` is colourless mana).
pub const MANA_COLOURS: &[NamedSpec] = &[
    named("W", "White mana."),
    named("U", "Blue mana."),
    named("B", "Black mana."),
    named("R", "Red mana."),
    named("G", "Green mana."),
    named("C", "Colourless mana."),
];

/// The colour words of a token's characteristics (`token(...,green)`), in
/// [`MANA_COLOURS`] order: a colour's index is its `host::Colour`.
pub const COLOUR_NAMES: [&str; 5] = ["white", "blue", "black", "red", "green"];

/// The name of the colour a question's option `value` is (an index in [`COLOUR_NAMES`],
/// the catalogue's `choosecolor`), if it is one.
pub fn colour_name(value: vm::runtime::Value) -> Option<&'static str> {
    COLOUR_NAMES.get(usize::try_from(value.as_int()?).ok()?).copied()
}

/// The name of a creature type a `choosetype` question offers (its index in
/// [`CREATURE_SUBTYPES`]), if it is one.
pub fn creature_type_name(value: vm::runtime::Value) -> Option<&'static str> {
    CREATURE_SUBTYPES.get(usize::try_from(value.as_int()?).ok()?).copied()
}

/// The comparisons of an `aslongas(...) ... >n` criterion.
pub const CRITERIA: &[NamedSpec] = &[
    named("morethan", "`>n`: more than n cards match (no criterion written: more than 0)."),
    named("lessthan", "`<n`: fewer than n cards match."),
    named("equalto", "`if type(spec)~equalto~n`: exactly n cards match."),
    named("notequalto", "Not exactly n cards match (an `if ... equalto` condition, negated)."),
];

use vm::define_commands;
crate::for_each_command!(define_commands);

/// How `movechosen` and `moveto` put cards away: moved into the zone, destroyed
/// (`destroy`: regeneration or indestructible keeps it), destroyed unable to regenerate
/// (`bury`), sacrificed (into its owner's graveyard, the `sacrificed` event raised), or
/// untapped where it stands (`movechosen` alone: a player untapping a land of theirs).
pub const CHOSEN_MOVES: &[NamedSpec] = &[
    named("move", "Moved into the zone."),
    named("destroy", "Destroyed (Wagic's `destroy`): regeneration or indestructible keeps it."),
    named("bury", "Destroyed, unable to be regenerated (Wagic's `bury`)."),
    named("sacrifice", "Sacrificed (Wagic's `sacrifice`): into its owner's graveyard, raising `sacrificed`."),
    named("untap", "Untapped, staying where it is (Wagic's `untap` given to a player: Rising Waters)."),
];

/// Whether the command's question goes to the player its request's tag names, not to the
/// source's controller: an effect of that player's own choosing (Wagic's spell given to
/// them, `ability$!...!$ opponent`), `discardchosen` and `movechosen`.
pub fn asks_its_player(command: vm::bytecode::CommandIdx) -> bool {
    [Command::DiscardChosen, Command::MoveChosen].iter().any(|asking| asking.index() == command.index())
}

/// Keyword terms inside a spec's `[...]`: states and colours, then the keyword abilities.
pub const FILTERS: &[NamedSpec] = &{
    const STATES: [NamedSpec; 20] = [
        named("tapped", "Tapped permanents."),
        named("attacking", "Attacking creatures."),
        named("blocking", "Blocking creatures."),
        named("blocked", "Attacking creatures that were blocked."),
        named("token", "Tokens."),
        named("white", "White cards."),
        named("blue", "Blue cards."),
        named("black", "Black cards."),
        named("red", "Red cards."),
        named("green", "Green cards."),
        named("multicolor", "Cards of two or more colours."),
        named("damager", "Cards that dealt damage this turn (Wagic's `damager`)."),
        named("counter{any}", "Cards with a counter of any kind on them (Wagic's `counter{any}`)."),
        named(
            "fresh",
            "Cards that came to their zone this turn (Wagic's `fresh`): entered the battlefield, were put into a \
             hand, a library or exile, or into a graveyard from the battlefield or the stack.",
        ),
        named("enchanted", "Permanents with an Aura attached (Wagic's `enchanted`)."),
        named("damaged", "Creatures dealt damage this turn (Wagic's `damaged`), until they move."),
        // Terms comparing the card with the filter's source: read where the filter is
        // resolved (`Host::has_keyword_for`), so the front end keeps them to VM filters.
        named(
            "chosentype",
            "Cards of the creature type chosen for the source (Wagic's `chosentype`, noted by the catalogue's \
             `choosetype`).",
        ),
        named(
            "share!name!",
            "Cards with the name of the card the source targets (Wagic's `share!name!`, noted by the catalogue's \
             `cardtarget`).",
        ),
        named("share!types!", "Cards sharing a subtype with the card the source targets (Wagic's `share!types!`)."),
        named("share!color!", "Cards sharing a colour with the card the source targets (Wagic's `share!color!`)."),
    ];
    // Then every keyword ability: `creature[flying]` is a creature that has it.
    let mut specs = [named("", ""); STATES.len() + ABILITY_NAMES.len()];
    let mut index = 0;
    while index < specs.len() {
        specs[index] = if index < STATES.len() {
            STATES[index]
        } else {
            named(ABILITY_NAMES[index - STATES.len()], "Cards that have this keyword ability.")
        };
        index += 1;
    }
    specs
};

/// Card properties comparable inside `[...]` (`power>=3`), then the named counters
/// (`counter{charge}`: the kinds `catalogue/counters.rs` lists).
pub const COMPARABLE_FILTERS: &[NamedSpec] = &{
    const PROPERTIES: [NamedSpec; 3] = [
        named("power", "A creature's power."),
        named("toughness", "A creature's toughness."),
        named("manacost", "A card's converted mana cost."),
    ];
    let mut specs = [named("", ""); PROPERTIES.len() + counters::COUNTER_FILTERS.len()];
    let mut index = 0;
    while index < specs.len() {
        specs[index] = if index < PROPERTIES.len() {
            PROPERTIES[index]
        } else {
            counters::COUNTER_FILTERS[index - PROPERTIES.len()]
        };
        index += 1;
    }
    specs
};

/// The zones after `|`, in Wagic's spelling. The first is where a spec without `|zone`
/// looks.
pub const ZONES: &[ZoneSpec] = &[
    ZoneSpec { name: "battlefield", is_pile: true, doc: "The permanents in play." },
    ZoneSpec { name: "hand", is_pile: true, doc: "A player's hand." },
    ZoneSpec { name: "graveyard", is_pile: true, doc: "A player's graveyard." },
    ZoneSpec { name: "library", is_pile: true, doc: "A player's library, top first." },
    ZoneSpec { name: "exile", is_pile: true, doc: "A player's exiled cards." },
    ZoneSpec { name: "stack", is_pile: false, doc: "The spells being cast." },
    // Zone groups: a spec over several zones (`target(creature|battlefield,graveyard)`), whose
    // candidates Wagic's `TargetChooserFactory` takes from each zone listed. A filter searches
    // one zone, so each group Wagic's cards write is one, named by its members in the order
    // above (`zone_members` reads them back).
    group("battlefield,graveyard"),
    group("battlefield,library"),
    group("battlefield,stack"),
    group("battlefield,graveyard,stack"),
    group("battlefield,hand,graveyard"),
    group("battlefield,hand,graveyard,stack"),
    group("battlefield,hand,graveyard,exile,stack"),
    group("battlefield,graveyard,library,exile,stack"),
    group("battlefield,hand,graveyard,library,exile,stack"),
    group("hand,graveyard"),
    group("hand,graveyard,library"),
    group("hand,graveyard,exile"),
    group("hand,graveyard,library,exile"),
];

/// A zone group of [`ZONES`]: not a pile (no card is ever put in it).
const fn group(name: &'static str) -> ZoneSpec {
    ZoneSpec { name, is_pile: false, doc: "Each card of the zones it names (a spec over several zones)." }
}

/// The zones a zone of [`ZONES`] lists its cards from: a zone group's members, in
/// [`ZONES`] order; any other zone itself.
pub fn zone_members(zone: usize) -> Vec<usize> {
    let Some(spec) = ZONES.get(zone) else { return Vec::new() };
    if !spec.name.contains(',') {
        return vec![zone];
    }
    spec.name.split(',').filter_map(|member| ZONES.iter().position(|spec| spec.name == member)).collect()
}

/// Prefixes of a zone: whose zone it is (no prefix: both players').
pub const ZONE_PREFIXES: &[NamedSpec] = &[
    named("my", "The zone of the source's controller (Wagic `my`)."),
    named("opp", "The zone of the source's controller's opponent (Wagic `opponent`)."),
    named("owner", "The zone of each target card's owner (Wagic `owner`)."),
    named("targetcontroller", "The zone of the controller of the card's target (Wagic `targetcontroller`)."),
    named(
        "targeted",
        "The zone of the player the source's spell targets (Wagic `targetedpersons`, its `playerTarget`): noted by `playertarget` as the spell resolves; the source's controller's while none is.",
    ),
];

/// The card types (Wagic's hard-coded types and supertypes).
pub const CARD_TYPES: &[NamedSpec] = &[
    named("creature", "Creatures."),
    named("artifact", "Artifacts."),
    named("enchantment", "Enchantments."),
    named("land", "Lands."),
    named("instant", "Instants."),
    named("sorcery", "Sorceries."),
    named("planeswalker", "Planeswalkers."),
    named("tribal", "Tribal cards."),
    named("legendary", "Legendary cards."),
    named("basic", "Basic lands."),
    named("snow", "Snow cards."),
    named("world", "World enchantments."),
    named("permanent", "Any permanent (artifact, creature, enchantment, land, planeswalker)."),
    named("spell", "Any card that is not a land."),
];

pub use costs::COSTS;
pub use counters::counter_name;
pub use subtypes::{CREATURE_SUBTYPES, LAND_SUBTYPES, SUBTYPES};

/// The words a card's type line may hold, numbered: [`CARD_TYPES`] then [`SUBTYPES`] (the
/// value of a `transforms` effect that adds one).
pub fn type_word(index: usize) -> Option<&'static str> {
    match index.checked_sub(CARD_TYPES.len()) {
        None => CARD_TYPES.get(index).map(|spec| spec.name),
        Some(subtype) => SUBTYPES.get(subtype).copied(),
    }
}

/// The number of `word` among the words of [`type_word`].
pub fn type_word_index(word: &str) -> Option<usize> {
    position(CARD_TYPES, word).or_else(|| SUBTYPES.iter().position(|s| *s == word).map(|i| i + CARD_TYPES.len()))
}

/// A game event.
const fn event(name: &'static str, has_object: bool, doc: &'static str) -> EventSpec {
    EventSpec { name, is_hook: false, has_object, doc }
}

/// The events of `@...:` triggers: the phases of `@each [my|opponent] phase:` and the
/// object events.
pub const EVENTS: &[EventSpec] = &[
    event("untap", false, "`@each untap`: the untap step begins."),
    event("upkeep", false, "`@each upkeep`: the upkeep step begins."),
    event("draw", false, "`@each draw`: the draw step begins."),
    event("firstmain", false, "`@each firstmain`: the first main phase begins."),
    event("combatbegins", false, "`@each combatbegins`: the beginning of combat step."),
    event("attackers", false, "`@each attackers`: attackers are declared."),
    event("blockers", false, "`@each blockers`: blockers are declared."),
    event("combatdamage", false, "`@each combatdamage`: the combat damage step."),
    event("combatends", false, "`@each combatends`: the end of combat step."),
    event("secondmain", false, "`@each secondmain`: the second main phase begins."),
    event("endofturn", false, "`@each endofturn` (`end`): the end step begins."),
    event("cleanup", false, "`@each cleanup`: the cleanup step."),
    event("movedto", true, "`@movedto(spec) from(spec)`: a card moved between zones (object: the card)."),
    event("damaged", true, "`@damaged(spec) from(spec)`: a creature or player was dealt damage (object: it)."),
    event("tapped", true, "`@tapped(spec)`: a permanent became tapped (object: it)."),
    event("untapped", true, "`@untapped(spec)`: a permanent became untapped (object: it)."),
    event("attacking", true, "`@attacking(spec)`: a creature attacks (object: it)."),
    event("blocking", true, "`@blocking(spec)`: a creature blocks (object: it)."),
    event("blocked", true, "`@blocked(spec)`: an attacking creature became blocked (object: it)."),
    event("drawn", true, "`@drawn(spec)`: a card was drawn (object: the player who drew it)."),
    event(
        "continuous",
        false,
        "Never emitted: an auto on it is a continuous effect (`aslongas`, a static `foreach`), held while its condition holds.",
    ),
    event("attached", true, "An equipment or an Aura was attached to a permanent (object: the equipment or Aura)."),
    event(
        "counters",
        true,
        "Counters were put on or removed from a card (object: the card); no trigger is compiled on it, it lets continuous effects see the change.",
    ),
    event(
        "facedup",
        true,
        "`@facedup(spec)`: a face-down permanent was turned face up (object: it); `autofaceup=` lines are its own.",
    ),
    event(
        "notblocked",
        true,
        "`@combat(notblocked)`: an attacking creature was not blocked, as blockers were declared (object: it).",
    ),
    event(
        "targeted",
        true,
        "`@targeted(spec) from(spec)`: a card became the target of a spell as it was cast or of an ability as it was activated (object: the card).",
    ),
    event(
        "vampired",
        true,
        "`@vampired(spec) from(spec)`: a creature dealt damage this turn died, once for each card that dealt it damage (object: the creature).",
    ),
    event(
        "discarded",
        true,
        "`@discarded(spec|hand)`: a card went from a hand to a graveyard, discarded (by an effect, a cost, cycling or the cleanup's hand size), madness's exile too (object: the card).",
    ),
    event(
        "cycled",
        true,
        "`@cycled(spec|hand)`: a card was cycled, discarded as its `{cycle}` cost (object: the card).",
    ),
    event(
        "sacrificed",
        true,
        "`@sacrificed(spec)`: a permanent was sacrificed, by an effect or as a cost, into its owner's graveyard (object: the card).",
    ),
    event(
        "tappedformana",
        true,
        "`@tappedformana(spec)`: a permanent was tapped for mana, by a mana ability whose cost taps it (object: the permanent).",
    ),
    event(
        "lifegained",
        true,
        "`@lifeof(player)`, `@lifefoeof(player)`, `@lifed(player)`: a player gained life (object: the player; `thatmuch`: how much).",
    ),
    event(
        "lifelost",
        true,
        "`@lifelostof(player)`, `@lifelostfoeof(player)`, `@lifeloss(player)`: a player lost life, by damage, payment or an effect (object: the player; `thatmuch`: how much).",
    ),
];

/// Whose turn a phase event fires in.
pub const EVENT_PREFIXES: &[NamedSpec] = &[
    named("my", "During the source's controller's turn (Wagic `@each my upkeep`)."),
    named("opp", "During the opponent's turn (Wagic `@each opponent upkeep`)."),
    named("any", "During either player's turn (Wagic `@each upkeep`)."),
];

/// Event suffixes with a meaning of their own.
pub const EVENT_SUFFIXES: &[NamedSpec] =
    &[named("any", "Object events: whatever the object is (the trigger's spec is tested by its condition).")];

/// The keyword abilities of `abilities=` and of an effect `flying` / `-flying`, written
/// without spaces (`first strike` is `firststrike`), as Wagic's engine lists them.
/// The keyword abilities Wagic's engine lists, written without spaces.
const ABILITY_NAMES: [&str; 120] = [
    "trample",
    "forestwalk",
    "islandwalk",
    "mountainwalk",
    "swampwalk",
    "plainswalk",
    "flying",
    "firststrike",
    "doublestrike",
    "fear",
    "flash",
    "haste",
    "lifelink",
    "reach",
    "shroud",
    "vigilance",
    "defender",
    "banding",
    "protectionfromgreen",
    "protectionfromblue",
    "protectionfromred",
    "protectionfromblack",
    "protectionfromwhite",
    "unblockable",
    "wither",
    "persist",
    "retrace",
    "exalted",
    "nofizzle",
    "shadow",
    "reachshadow",
    "foresthome",
    "islandhome",
    "mountainhome",
    "swamphome",
    "plainshome",
    "cloud",
    "cantattack",
    "mustattack",
    "cantblock",
    "doesnotuntap",
    "hexproof",
    "indestructible",
    "intimidate",
    "deathtouch",
    "horsemanship",
    "cantregen",
    "oneblocker",
    "infect",
    "poisontoxic",
    "poisontwotoxic",
    "poisonthreetoxic",
    "phantom",
    "wilting",
    "vigor",
    "changeling",
    "absorb",
    "treason",
    "unearth",
    "cantlose",
    "cantlifelose",
    "cantmilllose",
    "snowlandwalk",
    "nonbasiclandwalk",
    "strong",
    "storm",
    "phasing",
    "splitsecond",
    "weak",
    "affinityartifacts",
    "affinityplains",
    "affinityforests",
    "affinityislands",
    "affinitymountains",
    "affinityswamps",
    "affinitygreencreatures",
    "cantwin",
    "nomaxhand",
    "leyline",
    "playershroud",
    "controllershroud",
    "sunburst",
    "flanking",
    "exiledeath",
    "legendarylandwalk",
    "desertlandwalk",
    "snowforestlandwalk",
    "snowplainslandwalk",
    "snowmountainlandwalk",
    "snowislandlandwalk",
    "snowswamplandwalk",
    "canattack",
    "hydra",
    "undying",
    "poisonshroud",
    "noactivatedability",
    "notapability",
    "nomanaability",
    "onlymanaability",
    "poisondamager",
    "soulbond",
    "lure",
    "nolegend",
    "canplayfromgraveyard",
    "tokenizer",
    "mygraveexiler",
    "oppgraveexiler",
    "librarydeath",
    "shufflelibrarydeath",
    "offering",
    "evadebigger",
    "spellmastery",
    "nolifegain",
    "nolifegainopponent",
    "auraward",
    "madness",
    "protectionfromcoloredspells",
    "opponentshroud",
    "cantpaylife",
    "cantchangelife",
];

pub const ABILITIES: &[NamedSpec] = &{
    let mut specs = [named("", ""); ABILITY_NAMES.len()];
    let mut index = 0;
    while index < ABILITY_NAMES.len() {
        specs[index] = named(ABILITY_NAMES[index], "A Wagic keyword ability (see Wagic's card-code guide).");
        index += 1;
    }
    specs
};

/// How long an effect lasts.
pub const RESTRICTIONS: &[NamedSpec] = &[
    named("ueot", "Until end of turn."),
    named(
        "uynt",
        "Until the beginning of its controller's next turn (Wagic's `uynt`, of a `transforms(...)`: detain).",
    ),
];

/// Prefixes of a restriction (none is used by Wagic cards; the runtime knows `opp`).
pub const RESTRICTION_PREFIXES: &[NamedSpec] = &[named("opp", "The timer runs on the opponent's turns.")];

/// Names an expression may read.
pub const VARIABLES: &[NamedSpec] = &[
    named("me", "The source's controller (Wagic `controller`)."),
    named("opp", "The source's controller's opponent (Wagic `opponent`)."),
    named("this", "The card whose ability runs (the source)."),
    named("tgt", "The card's targets (`target=`)."),
    named("trigger", "The object of the event that triggered the ability (Wagic `trigger`)."),
    named("equipped", "The creature the source equipment is attached to (nil when none)."),
    named("enchanted", "The permanent the source Aura is attached to (nil when none)."),
    named("damagesource", "The card that dealt the damage of a `damaged` event (`from(spec)`)."),
    named("combatdamage", "Whether the damage of a `damaged` event was combat damage (`@combatdamaged`)."),
    named(
        "thatmuch",
        "How much damage a `damaged` event's source dealt, or how much life a `lifegained` or `lifelost` event's player gained or lost.",
    ),
    named("x", "The X paid for the spell being cast (`damage:X` of a spell whose mana cost has `{X}`)."),
    named(
        "prevtgt",
        "The targets of the statement before (the parts of a line after the first act on the one `target(...)` the line chose).",
    ),
    named(
        "choices",
        "The labels of the modes of a card's `choice` lines offered so far in this resolution (`choiceoption`).",
    ),
    named(
        "choice",
        "The label of the mode of a card's `choice` lines its controller chose (`chosen`), `false` when none was offered.",
    ),
    named("kicked", "1 when the source was cast with its kicker paid (`auto=kicker effect`), 0 otherwise."),
    named(
        "alternative",
        "1 when the source was cast for its alternative cost (`other=`, `auto=alternative effect`), 0 otherwise.",
    ),
    named(
        "combatfoe",
        "The other creature of a `blocking` or `blocked` event (`from(spec)`, `trigger[from]`): the attacker blocked, or the blocker.",
    ),
    named(
        "targetsource",
        "The card whose spell or ability targets the object of a `targeted` event (`from(spec)`, `trigger[from]`).",
    ),
    named(
        "vampire",
        "The card that dealt damage this turn to the creature of a `vampired` event (`from(spec)`, `trigger[from]`).",
    ),
    named(
        "lastattached",
        "The permanent the source Aura or Equipment is attached to; while the triggers of the move that ended its attachment run, the one it was attached to (Wagic's `mytgt` of its trigger, its last known attachment); nil otherwise.",
    ),
    named(
        "proliferated",
        "The permanents and players chosen by the `proliferate` resolving, while it asks which kind of counter a permanent of several kinds gets.",
    ),
];

/// Attributes an expression may read after a dot.
pub const ATTRIBUTES: &[NamedSpec] = &[
    named("power", "A creature's power."),
    named("toughness", "A creature's toughness."),
    named("manacost", "A card's converted mana cost."),
    named("controller", "A card's controller."),
];

/// Filter terms written `property:word` (`toughness:lowest`): the candidates with the
/// lowest (or highest) value, ties included (Wagic's `toughness=toughness:lowest:spec:zone`
/// when the pool is the spec's own candidates: bolster).
pub const RANKING_FILTERS: &[RankingSpec] = &[
    RankingSpec { name: "power", words: RANKING_WORDS, doc: "The creatures with the lowest or highest power." },
    RankingSpec { name: "toughness", words: RANKING_WORDS, doc: "The creatures with the lowest or highest toughness." },
    RankingSpec {
        name: "manacost",
        words: RANKING_WORDS,
        doc: "The cards with the lowest or highest converted mana cost.",
    },
];

/// The words of a ranking: `lowest` keeps the smallest values, `highest` the largest.
const RANKING_WORDS: &[NamedSpec] = &[named("lowest", "The smallest value."), named("highest", "The largest value.")];

/// Functions an expression may call: the tests a trigger's spec makes of the event's
/// object (filters of the bundle are resolved against zones; a trigger tests one object).
pub const FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "istype",
        min_args: 2,
        max_args: 2,
        doc: "`istype(card, 'goblin')`: whether the card has that type, subtype or name (`'*'`: any card).",
    },
    FunctionSpec {
        name: "hasterm",
        min_args: 2,
        max_args: 2,
        doc: "`hasterm(card, 'tapped')`: whether a keyword term of `[...]` holds for the card.",
    },
    FunctionSpec {
        name: "inzone",
        min_args: 3,
        max_args: 3,
        doc: "`inzone(card, 'battlefield', 'my')`: whether the card is in that zone (prefix `''`: either player's).",
    },
    FunctionSpec {
        name: "fromzone",
        min_args: 3,
        max_args: 3,
        doc: "`fromzone(card, 'graveyard', '')`: whether the event moved the card out of that zone.",
    },
    FunctionSpec { name: "isplayer", min_args: 1, max_args: 1, doc: "`isplayer(x)`: whether x is a player." },
    FunctionSpec {
        name: "blockercount",
        min_args: 1,
        max_args: 1,
        doc: "`blockercount(card)`: how many creatures block the card (`rampage`); 0 for anything else.",
    },
    FunctionSpec {
        name: "fresh",
        min_args: 1,
        max_args: 1,
        doc: "`fresh(card)`: whether the card entered the battlefield this turn (Wagic's `fresh`).",
    },
    FunctionSpec {
        name: "attacked",
        min_args: 1,
        max_args: 1,
        doc: "`attacked(card)`: whether the card attacked this turn (Erg Raiders' rule).",
    },
    FunctionSpec {
        name: "landsentered",
        min_args: 1,
        max_args: 1,
        doc: "`landsentered(player)`: how many lands under the player's control entered the battlefield this turn (Fastbond's rule); 0 for anything else.",
    },
    FunctionSpec {
        name: "lifetotal",
        min_args: 1,
        max_args: 1,
        doc: "`lifetotal(player)`: the player's life total (Wagic's `compare(lifetotal)`); 0 for anything else.",
    },
    FunctionSpec {
        name: "upkeeppaid",
        min_args: 1,
        max_args: 1,
        doc: "`upkeeppaid(card)`: whether the card's upkeep cost (`upcost[...]`) was paid this turn.",
    },
    FunctionSpec {
        name: "livepumped",
        min_args: 2,
        max_args: 2,
        doc: "`livepumped(card, n)`: whether a `livepump(n)` mark lasts on the card (Wagic's `nonstatic` pump numbered n is in force).",
    },
    FunctionSpec {
        name: "myturn",
        min_args: 0,
        max_args: 0,
        doc: "`myturn()`: whether it is the source's controller's turn (Wagic's `variable{controllerturn}`).",
    },
    FunctionSpec {
        name: "sorcerytime",
        min_args: 0,
        max_args: 0,
        doc: "`sorcerytime()`: whether it is a main phase of the source's controller's turn (Wagic's `restriction{assorcery}`; with no stack, a spell resolves as it is cast).",
    },
    FunctionSpec {
        name: "handsize",
        min_args: 1,
        max_args: 1,
        doc: "`handsize(player)`: how many cards the player holds in hand (Wagic's `morethanfourcards` counts beyond 4); 0 for anything else.",
    },
    FunctionSpec {
        name: "counters",
        min_args: 2,
        max_args: 2,
        doc: "`counters(card, 'charge')`: the counters of that name on the card (0 for none).",
    },
    FunctionSpec {
        name: "foreachcount",
        min_args: 2,
        max_args: 2,
        doc: "`foreachcount(card, 'charge')`: how many times Wagic's `thisforeach(counter{...})` does an effect of the card (and the count `this(counter{1/1.n})` compares): its counters of that name (`'1/1'`, `'-1/-1'`: of that power and toughness), from 0 to 1000; of a card that left the battlefield, those it had as it left (last known information).",
    },
    FunctionSpec {
        name: "wascast",
        min_args: 1,
        max_args: 1,
        doc: "`wascast(card)`: whether the card was cast: a spell on the stack, or a permanent that entered the battlefield from the stack this turn (Wagic's `if casted(this)`).",
    },
    FunctionSpec {
        name: "poisoncount",
        min_args: 1,
        max_args: 1,
        doc: "`poisoncount(player)`: the player's poison counters (Wagic's `variable{opponentpoisoncount}`); 0 for anything else.",
    },
    FunctionSpec {
        name: "manaspent",
        min_args: 2,
        max_args: 2,
        doc: "`manaspent(card, 'R')`: how much mana of that colour (`W`, `U`, `B`, `R`, `G`) was paid to cast the card, while it is on the stack or, once it resolved, on the battlefield (Wagic's `if spent({R})`); 0 for a card not cast.",
    },
    FunctionSpec {
        name: "devotion",
        min_args: 2,
        max_args: 2,
        doc: "`devotion(player, 'R')`: the player's devotion to that colour (`W`, `U`, `B`, `R`, `G`): the mana symbols of that colour in the mana costs of the permanents they control, a hybrid symbol counting for each of its colours (Wagic's `type:manaR`); 0 for anything else.",
    },
    FunctionSpec {
        name: "stored",
        min_args: 2,
        max_args: 2,
        doc: "`stored(card, 'power')` (`'toughness'`, `'manacost'`): that of the card a cost of the card's ability last sacrificed, exiled, returned, tapped or discarded, as it was as the cost was paid (Wagic's `storedpower`, read off its `storedCard` snapshot); 0 when none was.",
    },
    FunctionSpec {
        name: "raided",
        min_args: 1,
        max_args: 1,
        doc: "`raided(player)`: whether the player attacked with a creature this turn (Wagic's `if raid`).",
    },
    FunctionSpec {
        name: "powertotal",
        min_args: 1,
        max_args: 1,
        doc: "`powertotal(player)`: the total power of the creatures the player controls (Wagic's `powertotalinplay`, formidable).",
    },
    FunctionSpec {
        name: "morbid",
        min_args: 0,
        max_args: 0,
        doc: "`morbid()`: whether a creature card was put into a graveyard from the battlefield this turn (Wagic's `if morbid`).",
    },
    FunctionSpec {
        name: "attachments",
        min_args: 2,
        max_args: 2,
        doc: "`attachments(card, 'equipment')` (or `'aura'`): how many Equipment (or Auras) are attached to the card (Wagic's `this(gear)`, `this(auras)`); 0 for anything else.",
    },
    FunctionSpec {
        name: "coinflip",
        min_args: 0,
        max_args: 0,
        doc: "`coinflip()`: whether a coin flip is won, one chance in two, drawn from the host's seeded random source (Wagic's `flipacoin`, whose heads or tails called changes no chance).",
    },
    FunctionSpec {
        name: "count",
        min_args: 1,
        max_args: 1,
        doc: "`count(prevtgt)`: how many values a list holds (the targets a statement chose: the times Wagic resolves a line of several targets); 1 for a single value, 0 for none.",
    },
    FunctionSpec {
        name: "damaged",
        min_args: 1,
        max_args: 1,
        doc: "`damaged(player)`: the damage the player was dealt this turn, after prevention (Wagic's `Player::damaged`, which `bloodthirst` reads); 0 for anything else.",
    },
];

/// The Wagic catalogue.
pub static CATALOGUE: Catalogue = Catalogue {
    name: "wagic",
    commands: &COMMANDS,
    costs: COSTS,
    filters: FILTERS,
    comparable_filters: COMPARABLE_FILTERS,
    ranking_filters: RANKING_FILTERS,
    zones: ZONES,
    zone_prefixes: ZONE_PREFIXES,
    card_types: CARD_TYPES,
    subtypes: SUBTYPES,
    events: EVENTS,
    event_prefixes: EVENT_PREFIXES,
    event_suffixes: EVENT_SUFFIXES,
    abilities: ABILITIES,
    restrictions: RESTRICTIONS,
    restriction_prefixes: RESTRICTION_PREFIXES,
    variables: VARIABLES,
    selectors: SELECTORS,
    attributes: ATTRIBUTES,
    functions: FUNCTIONS,
    roles: Roles {
        target_controller: Some("controller"),
        target_opponent: Some("opponent"),
        target_source: Some("this"),
        target_player: Some("player"),
        source: Some("this"),
        targets: Some("tgt"),
        previous_targets: Some("prevtgt"),
        event_object: Some("trigger"),
        event_mine: Some("my"),
        event_opponent: Some("opp"),
        event_anyone: Some("any"),
        suffix_any_object: Some("any"),
        restriction_opponent: Some("opp"),
        zone_mine: Some("my"),
        zone_opponent: Some("opp"),
        continuous: Some("continuous"),
        ..Roles::NONE
    },
    ..Catalogue::EMPTY
};

/// Filter selectors (`::not(...)`).
pub const SELECTORS: &[NamedSpec] = &[named(
    "not",
    "Leaves out of a filter's matches the value (or the list's values) its argument gives: the front end's `target=opponent` of a spell reading the zones of the player it targets, a player other than its controller chosen as a target (`front/targeted_player.rs`).",
)];

/// Index of `name` (any case) in a list of names.
pub fn position(names: &[NamedSpec], name: &str) -> Option<usize> {
    names.iter().position(|named| named.name.eq_ignore_ascii_case(name))
}
