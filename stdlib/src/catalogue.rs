//! The Card Fighters' Clash catalogue: the one table of every built-in name a CFC card may
//! use (commands, costs, filters, zones, events and hooks, abilities, rule switches,
//! selectors, restrictions, expression names), in the shape `vm::catalogue` defines.
//!
//! Commands are declared once, in [`for_each_command!`](crate::for_each_command); both the
//! [`Command`] enum and the [`COMMANDS`] table are generated from it (by
//! `vm::define_commands!`, which every game's catalogue shares), so `Command::index`
//! is the command's index in [`CATALOGUE`]`.commands` (its builtin id). Everything else is
//! a plain list.
//!
//! Source of truth: the RuleScript reference (`shared/spec/rulescript-reference.md`),
//! §2.1 (grammar), §3.6–§3.15 (semantics) and §5.2 (what the 322 real cards use). Where the
//! reference gives a FIX (intended behaviour) the docs below describe the FIX.

use vm::catalogue::{Catalogue, CostArg, CostSpec, EventSpec, FunctionSpec, NamedSpec, RankingSpec, Roles, ZoneSpec};

/// Shorthand for a [`NamedSpec`] literal.
const fn named(name: &'static str, doc: &'static str) -> NamedSpec {
    NamedSpec { name, doc }
}

// ---------------------------------------------------------------------------------------
// Keyword sets used as command arguments
// ---------------------------------------------------------------------------------------

/// Cost types of `alterCost` and `modCost` (and of the `beforePayCost<type>` events).
pub const COST_TYPES: &[NamedSpec] = &[
    named("character", "The SP cost of playing a character card."),
    named("action", "The SP cost of playing an action card."),
    named("reaction", "The SP cost of playing a reaction card."),
    named("ua2", "The SP cost of a United Attack of two characters (one joiner)."),
    named("ua3", "The SP cost of a United Attack of three characters (two joiners)."),
];

/// Phases a player can be made to skip (`skip(draw)`).
pub const PHASES: &[NamedSpec] = &[
    named("activate", "Activate phase: unfreeze, clear markers, `activatePhase` event."),
    named("draw", "Draw phase: draw one card, `drawPhase` event."),
    named("main", "Main phase: play characters, back-ups and actions, activate abilities."),
    named("attack", "Attack phase: declare attackers and United Attacks."),
    named("counter-attack", "Counter-attack phase: the defender plays reactions and blocks."),
    named("end", "End phase: attackers freeze, combat damage, `endPhase` event."),
    named("cleanup", "Cleanup phase: KO sweep, markers removed, `ueot`/`unac` expire."),
    named("setup", "Setup: shuffle and draw the opening hand."),
];

/// View states of `pileView`.
pub const VIEW_STATES: &[NamedSpec] = &[
    named("collapsed", "Show the pile as a single collapsed stack."),
    named("pile", "Show the pile as a normal pile."),
    named("expanded", "Show every card of the pile spread out."),
];

/// Modes of `freeze`.
pub const FREEZE_MODES: &[NamedSpec] = &[named("toggle", "Toggle each target's frozen state instead of freezing it.")];

/// Destinations of `prophecy`.
pub const PROPHECY_DESTINATIONS: &[NamedSpec] = &[
    named("top", "Put the looked-at cards back on top of the pile, in the chosen order."),
    named("bottom", "Put the looked-at cards at the bottom of the pile, in the chosen order."),
];

// ---------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------

/// Calls `$callback!` with the table of every CFC command, once each, in builtin-id order.
///
/// The callback receives a comma-separated list of entries of this shape:
///
/// ```text
/// MoveTo {
///     name: "moveTo",
///     params: [req "pile": Pile, opt "position": Position, opt "reveal": Bool],
///     default_target: Nothing,
///     timed: false,
///     doc: "...",
///     fails_when: "...",
/// }
/// ```
///
/// `req`/`opt` marks a required or optional parameter; the kind is an
/// [`ArgKind`](vm::catalogue::ArgKind) variant name, with its argument in parentheses
/// (`Keyword($crate::catalogue::COST_TYPES)`, a path to a keyword set of this module);
/// `default_target` is a [`DefaultTarget`](vm::catalogue::DefaultTarget) variant name.
/// `timed` is true only for the commands whose effect a restriction (`ueot`, `unac`,
/// `uynt`) limits (§3.10); `fails_when` says when the command reports failure to `&&`/`||`
/// ("never" when it always succeeds).
#[macro_export]
macro_rules! for_each_command {
    ($callback:ident) => {
        $callback! {
            Activate {
                name: "activate",
                params: [req "card": Expr],
                default_target: Irrelevant,
                timed: false,
                doc: "Runs the whole activation (requisite, target, vars, cost, effects) of the card the expression gives, as if this card had its ability.",
                fails_when: "the expression gives no card, or that card's activation does not complete (requisite unmet, target or cost not obtained)",
            },
            AlterCost {
                name: "alterCost",
                params: [req "type": Keyword($crate::catalogue::COST_TYPES), req "change": CostChange],
                default_target: Irrelevant,
                timed: true,
                doc: "Changes the SP cost of a card type or United Attack: `n` adds n (positive = cheaper), `=n` sets the raw cost (`=-5` = pay 5), while its restriction or its source lasts.",
                fails_when: "never",
            },
            Bp {
                name: "bp",
                params: [req "amount": Amount],
                default_target: Source,
                timed: false,
                doc: "Changes each target character's BP: `+n`/`-n` adds (floor 0), `xN` multiplies, `=v` sets (rounded to 100); an expression is evaluated once.",
                fails_when: "no target is a character",
            },
            Clear {
                name: "clear",
                params: [],
                default_target: Irrelevant,
                timed: false,
                doc: "Keeps this card from being marked as activated after this activation, so a copied ■ ability can still be used this turn.",
                fails_when: "never",
            },
            CopyAbility {
                name: "copyAbility",
                params: [req "card": Expr],
                default_target: Source,
                timed: false,
                doc: "Replaces the ability of each target character with the ability the given card currently has (`powerless` for the receiver, then its autos start).",
                fails_when: "the expression gives no card with an ability, or no target is a character",
            },
            Damage {
                name: "damage",
                params: [req "amount": Expr],
                default_target: Nothing,
                timed: false,
                doc: "Deals non-combat damage to each target: a character loses that much BP, a player that much HP (after `beforeDamage` and damage modifiers).",
                fails_when: "there is no target",
            },
            Destroy {
                name: "destroy",
                params: [],
                default_target: Source,
                timed: false,
                doc: "KOs each target card: it goes to its controller's discard pile (back-ups discarded, `removed` dispatched); binds `destroyed`.",
                fails_when: "no target is a card in play (nothing was KO'd)",
            },
            DisableRule {
                name: "disableRule",
                params: [req "rule": RuleSwitch],
                default_target: Irrelevant,
                timed: true,
                doc: "Turns a game-rule switch off, for a target player or (otherwise) for both, while its restriction or its source lasts.",
                fails_when: "never",
            },
            Discard {
                name: "discard",
                params: [opt "spec": CountOrFilter],
                default_target: SourceController,
                timed: false,
                doc: "Each target player discards from hand one card, n cards, `all`, or the cards a filter picks (`<r>` = at random); binds `discarded`.",
                fails_when: "for some targeted player no card of the hand matched (or the choice was cancelled)",
            },
            Draw {
                name: "draw",
                params: [opt "count": Expr],
                default_target: SourceController,
                timed: false,
                doc: "Each target player draws that many cards (default 1), fewer if the deck runs out.",
                fails_when: "some targeted player's deck had no card to draw",
            },
            Each {
                name: "each",
                params: [req "loop": Each],
                default_target: Irrelevant,
                timed: false,
                doc: "Runs the body once per truthy element of `expr in list`, or once per card the filter matches, with the statement's targets.",
                fails_when: "never",
            },
            EnableRule {
                name: "enableRule",
                params: [req "rule": RuleSwitch, opt "value": Value],
                default_target: Irrelevant,
                timed: true,
                doc: "Turns a game-rule switch on (or sets its value), for a target player or (otherwise) for both, while its restriction or its source lasts.",
                fails_when: "never",
            },
            Freeze {
                name: "freeze",
                params: [opt "mode": Keyword($crate::catalogue::FREEZE_MODES)],
                default_target: Nothing,
                timed: false,
                doc: "Freezes each target character, or toggles its frozen state with `toggle`.",
                fails_when: "no target is a character",
            },
            Hp {
                name: "hp",
                params: [req "amount": Amount],
                default_target: SourceController,
                timed: false,
                doc: "Changes each target player's HP: `+n`/`-n` adds, `=n` sets; an expression is evaluated once.",
                fails_when: "never",
            },
            LoseAbility {
                name: "loseAbility",
                params: [],
                default_target: Nothing,
                timed: false,
                doc: "Each target character loses its ability for good (`powerless` dispatched, its autos stop).",
                fails_when: "no target is a character with an ability",
            },
            LoseLife {
                name: "loseLife",
                params: [req "amount": Int],
                default_target: SourceController,
                timed: false,
                doc: "Each target player loses that much HP (not damage: no `beforeDamage`, no modifiers); a player at 0 HP loses.",
                fails_when: "never",
            },
            ModCost {
                name: "modCost",
                params: [req "type": Keyword($crate::catalogue::COST_TYPES), req "change": Int],
                default_target: Irrelevant,
                timed: false,
                doc: "Inside a `beforePayCost<type>` auto: changes the cost being paid by n (positive = cheaper).",
                fails_when: "no cost of that type is being paid (used outside its `beforePayCost` event)",
            },
            ModDamage {
                name: "modDamage",
                params: [req "change": Int],
                default_target: Irrelevant,
                timed: false,
                doc: "Inside a `beforeDamage` auto: changes the damage about to be dealt to a player by n.",
                fails_when: "no player damage is being dealt (used outside a `beforeDamage` event)",
            },
            ModRule {
                name: "modRule",
                params: [req "rule": RuleSwitch, req "value": Value],
                default_target: Irrelevant,
                timed: true,
                doc: "Gives a game-rule switch a value (e.g. `play_char_bp_limit, 800`), for a target player or both, while its restriction or its source lasts.",
                fails_when: "never",
            },
            MovePile {
                name: "movePile",
                params: [req "from": Pile, req "to": Pile],
                default_target: Irrelevant,
                timed: false,
                doc: "Moves every card of the first pile onto the second.",
                fails_when: "the first pile is empty",
            },
            MoveRevealedTo {
                name: "moveRevealedTo",
                params: [req "pile": Pile, opt "position": Int],
                default_target: SourceController,
                timed: false,
                doc: "Reveal until: moves every card above the first target in its pile to the given pile (position 0 top, -1 bottom); with no target, the whole deck.",
                fails_when: "the searched pile is empty",
            },
            MoveTo {
                name: "moveTo",
                params: [req "pile": Pile, opt "position": Position, opt "reveal": Bool],
                default_target: Nothing,
                timed: false,
                doc: "Moves each target card to a pile (`ctrl` = the card's controller) at a position (0 top, -1 bottom, `?` ask), optionally revealed; binds `moved`.",
                fails_when: "no card was moved",
            },
            MoveToSlot {
                name: "moveToSlot",
                params: [],
                default_target: Nothing,
                timed: false,
                doc: "Moves the target character to an empty slot of its ring chosen by its controller.",
                fails_when: "there is no target character, or its ring has no empty slot",
            },
            Peek {
                name: "peek",
                params: [],
                default_target: Irrelevant,
                timed: false,
                doc: "The executing player looks at the opponent's hand.",
                fails_when: "never",
            },
            PileView {
                name: "pileView",
                params: [req "pile": Pile, req "state": Keyword($crate::catalogue::VIEW_STATES)],
                default_target: Irrelevant,
                timed: false,
                doc: "Changes how a pile is displayed (`collapsed`, `pile`, `expanded`); no effect on the game.",
                fails_when: "never",
            },
            PlayExtraChar {
                name: "playExtraChar",
                params: [],
                default_target: Irrelevant,
                timed: false,
                doc: "The executing player may play one more character card this turn.",
                fails_when: "never",
            },
            Prophecy {
                name: "prophecy",
                params: [opt "count": Int, opt "destination": Keyword($crate::catalogue::PROPHECY_DESTINATIONS)],
                default_target: SourceController,
                timed: false,
                doc: "Looks at the top n cards (default 1) of the deck and puts them back on top or at the bottom in the chosen order (destination asked if omitted).",
                fails_when: "the pile is empty, or the player closed the dialog (pile unchanged)",
            },
            RemoveFromAttack {
                name: "removeFromAttack",
                params: [],
                default_target: Nothing,
                timed: false,
                doc: "Each target attacking character stops attacking.",
                fails_when: "no target is attacking",
            },
            Reveal {
                name: "reveal",
                params: [opt "pile": Pile],
                default_target: SourceController,
                timed: false,
                doc: "Shows the target cards to every player, or with a pile, shows each target player's whole pile to the other player.",
                fails_when: "nothing was revealed (no target card, or the pile is empty)",
            },
            RndDiscard {
                name: "rndDiscard",
                params: [opt "count": Int],
                default_target: SourceController,
                timed: false,
                doc: "Each target player discards n random cards from hand (default 1); binds `discarded`.",
                fails_when: "some targeted player had no card in hand",
            },
            Shuffle {
                name: "shuffle",
                params: [opt "pile": Pile],
                default_target: SourceController,
                timed: false,
                doc: "Shuffles a pile (default the deck) of the prefix's player, else of the target player.",
                fails_when: "never",
            },
            Skip {
                name: "skip",
                params: [req "phase": Keyword($crate::catalogue::PHASES)],
                default_target: Nothing,
                timed: false,
                doc: "Each target player skips the next occurrence of that phase.",
                fails_when: "no target is a player",
            },
            Sp {
                name: "sp",
                params: [req "amount": Amount],
                default_target: SourceController,
                timed: false,
                doc: "Changes each target player's SP: `+n`/`-n` adds (floor 0, a loss records `lostSP`), `=n` sets; an expression is evaluated once.",
                fails_when: "never",
            },
            Steal {
                name: "steal",
                params: [opt "receiver": Filter],
                default_target: Nothing,
                timed: false,
                doc: "The target character loses its ability and the receiver (this card, or the card the filter picks) gets it.",
                fails_when: "no target character has an ability, or there is no receiver character",
            },
            SwapAbilities {
                name: "swapAbilities",
                params: [],
                default_target: Nothing,
                timed: false,
                doc: "Exchanges the abilities of the two target characters.",
                fails_when: "there are not two target characters with abilities",
            },
            SwapChars {
                name: "swapChars",
                params: [],
                default_target: Nothing,
                timed: false,
                doc: "Exchanges the ring slots of the two target characters.",
                fails_when: "there are not two target characters",
            },
            SwapPiles {
                name: "swapPiles",
                params: [req "first": Pile, req "second": Pile],
                default_target: Irrelevant,
                timed: false,
                doc: "Exchanges the contents of two piles.",
                fails_when: "never",
            },
            Transform {
                name: "transform",
                params: [req "card": CardRef],
                default_target: Nothing,
                timed: false,
                doc: "Each target card becomes a card of the given model (quoted id, or a card's model), keeping its slot, markers and frozen state.",
                fails_when: "the reference gives no card model, or there is no target card",
            },
            Trash {
                name: "trash",
                params: [opt "count": Int],
                default_target: SourceController,
                timed: false,
                doc: "Each target player puts the top n cards of the deck (default 1) into the discard pile; binds `trashed`.",
                fails_when: "some targeted player's deck was empty",
            },
            Turns {
                name: "turns",
                params: [req "count": Int],
                default_target: Irrelevant,
                timed: false,
                doc: "The executing player takes n extra turns after this one.",
                fails_when: "never",
            },
            Unfreeze {
                name: "unfreeze",
                params: [],
                default_target: Nothing,
                timed: false,
                doc: "Unfreezes each target character (even one that cannot unfreeze).",
                fails_when: "no target is a character",
            },
            Unite {
                name: "unite",
                params: [],
                default_target: Nothing,
                timed: false,
                doc: "Forces the target attacking characters into one United Attack (leader: the existing one, else the first target).",
                fails_when: "fewer than two targets are attacking characters",
            },
        }
    };
}

use vm::define_commands;
for_each_command!(define_commands);

impl Command {
    /// The command spelled `name` (any case).
    pub fn from_name(name: &str) -> Option<Command> {
        Command::ALL.iter().copied().find(|command| command.name().eq_ignore_ascii_case(name))
    }
}

// ---------------------------------------------------------------------------------------
// Everything else
// ---------------------------------------------------------------------------------------

pub(crate) const COSTS: &[CostSpec] = &[
    CostSpec { name: "F", arg: CostArg::None, doc: "Freeze this card (the usual cost of a ■ ability)." },
    CostSpec {
        name: "S",
        arg: CostArg::OptionalFilter,
        doc: "Sacrifice: KO this card, or the characters of your ring the filter picks; binds `sacrificed`.",
    },
    CostSpec {
        name: "D",
        arg: CostArg::OptionalCountOrFilter,
        doc: "Discard from your hand one card, n cards, or the cards the filter picks; binds `discarded`.",
    },
];

pub(crate) const FILTERS: &[NamedSpec] = &[
    named("backedup", "Characters with at least one back-up attached."),
    named("attack", "Characters with the Attack marker (solo attackers and United Attack leaders)."),
    named("uattack", "Characters in the current United Attack (leader and joiners)."),
    named("block", "Characters that are blocking (Counter-attack marker)."),
    named("blocked", "Attacking characters that have been blocked."),
    named("frozen", "Frozen characters."),
    named("fresh", "Characters that just entered the ring (Just Entered marker)."),
    named("powerful", "Cards that currently have an ability (rules)."),
    named("powerless", "Cards that currently have no ability."),
    named("abinstant", "Characters whose ability is instant (▲)."),
    named("abtrigger", "Characters whose ability is triggered (■)."),
    named("abauto", "Characters whose ability is automatic (●)."),
];

pub(crate) const COMPARABLE_FILTERS: &[NamedSpec] = &[
    named("bp", "Current BP (the BP marker in the ring, the printed BP elsewhere)."),
    named("sp", "The card's printed SP (negative: a cost, positive: a gain)."),
];

const RANKING_FILTERS: &[RankingSpec] = &[RankingSpec {
    name: "bp",
    words: &[
        named("lowest", "The candidates with the lowest BP (ties all kept)."),
        named("highest", "The candidates with the highest BP (ties all kept)."),
    ],
    doc: "The candidates whose BP ranks lowest or highest among all candidates.",
}];

pub(crate) const ZONES: &[ZoneSpec] = &[
    ZoneSpec { name: "arena", is_pile: false, doc: "Both rings (the default zone); prefixes are ignored." },
    ZoneSpec { name: "ring", is_pile: false, doc: "One player's ring of four slots." },
    ZoneSpec {
        name: "infront",
        is_pile: false,
        doc: "The opposing character facing this card (slot i faces the opponent's slot 3 - i).",
    },
    ZoneSpec { name: "hand", is_pile: true, doc: "A player's hand." },
    ZoneSpec { name: "deck", is_pile: true, doc: "A player's deck (index 0 is the top card)." },
    ZoneSpec { name: "discards", is_pile: true, doc: "A player's discard pile." },
    ZoneSpec { name: "removed", is_pile: true, doc: "A player's pile of cards removed from the game." },
];

pub(crate) const ZONE_PREFIXES: &[NamedSpec] = &[
    named("my", "The executing player's zone (also the meaning of no prefix)."),
    named("opp", "The opponent's zone."),
    named("ctrl", "The zone of the controller of the card concerned (the moved or searched card)."),
    named("same", "One ring, chosen by the player, that all chosen cards share."),
    named("any", "Either player's zone, chosen by the player."),
];

pub(crate) const CARD_TYPES: &[NamedSpec] = &[
    named("character", "Character cards: fighters with BP that occupy a ring slot."),
    named("action", "Action cards: played in your own Main phase, then discarded."),
    named("reaction", "Reaction cards: played by the defender in the Counter-attack phase."),
];

/// The distinct subtypes of the CFC characters (`cards.json`), lowercased and sorted.
const SUBTYPES: &[&str] = &[
    "agent",
    "aikido",
    "alien",
    "android",
    "artist",
    "assassin",
    "avatar",
    "beast",
    "boss",
    "boxer",
    "brute",
    "capoeira",
    "captain",
    "cursed",
    "cyborg",
    "demon",
    "detective",
    "experiment",
    "fighter",
    "gangster",
    "guardian",
    "gymnast",
    "hunter",
    "kami",
    "karateka",
    "kickboxer",
    "kung-fu",
    "magician",
    "mentor",
    "mercenary",
    "monk",
    "monster",
    "ninja",
    "pilot",
    "priest",
    "psychic",
    "robot",
    "samurai",
    "soldier",
    "spirit",
    "student",
    "sumotori",
    "swordsman",
    "taekwondo",
    "vampire",
    "warrior",
    "wrestler",
    "zombie",
];

/// A game event (`~name~`).
const fn event(name: &'static str, has_object: bool, doc: &'static str) -> EventSpec {
    EventSpec { name, is_hook: false, has_object, doc }
}

/// A hook (`?name?`): a yes/no question the auto answers.
const fn hook(name: &'static str, has_object: bool, doc: &'static str) -> EventSpec {
    EventSpec { name, is_hook: true, has_object, doc }
}

pub(crate) const EVENTS: &[EventSpec] = &[
    event("activatePhase", false, "Start of the Activate phase, after unfreezing and marker clean-up."),
    event("drawPhase", false, "Draw phase, after the draw (not when the phase is skipped)."),
    event(
        "blockPhase",
        false,
        "Start of the Counter-attack phase, after the United Attack cost (only with attackers).",
    ),
    event("endPhase", false, "End phase, after all combat."),
    event("cleanupPhase", false, "Cleanup phase, after the KO sweep and before markers are removed."),
    event("handChanges", false, "A player's hand changed."),
    event("ringChanges", false, "The number of characters in a player's ring changed."),
    event("removed", true, "A character left the table or was transformed (object: the card)."),
    event("powerless", true, "A character lost or had its ability replaced (object: the card)."),
    event("backedUp", false, "A character received a back-up (`trigger` = the backed-up character)."),
    event("beforePayCostAction", false, "An action card's cost is about to be paid (`modCost(action, n)`)."),
    event("beforePayCostReaction", false, "A reaction card's cost is about to be paid (`modCost(reaction, n)`)."),
    event("beforePayCostCharacter", false, "A character card's cost is about to be paid (`modCost(character, n)`)."),
    event("beforePayCostUa2", false, "A two-character United Attack's cost is about to be paid (`modCost(ua2, n)`)."),
    event("beforePayCostUa3", false, "A three-character United Attack's cost is about to be paid (`modCost(ua3, n)`)."),
    event("beforeDamage", false, "Non-combat damage is about to be dealt to a player (`trigger` = the source)."),
    event("playerCombatDamaged", true, "An unblocked attacker dealt combat damage to a player (object: the attacker)."),
    event("attacks", true, "A character attacks, solo or in a United Attack (object: the attacker)."),
    event("blocks", true, "A character blocks, before damage; binds `attacker`, `uaBP` (object: the blocker)."),
    event("blocked", true, "An attacker was blocked, right after `blocks` (object: the attacker)."),
    hook("canBlock", true, "May the blocker block this attacker? (object: the attacker; binds `attacker`, `blocker`)."),
    hook(
        "cancelCombatDamage",
        true,
        "Is the combat damage of this unblocked attacker cancelled? (object: the attacker).",
    ),
    hook("beforeAttack", true, "May this character attack? (object: the character)."),
    hook("beforeBlock", true, "May this character block? (object: the character)."),
    hook("beforePlayAc", true, "May this player play an action card? (object: the player)."),
    hook("beforePlayRe", true, "May this player play a reaction card? (object: the player)."),
    hook("backupLimit", true, "Does the one-back-up-per-turn limit apply to this character? (object: the character)."),
    hook(
        "preventPierce",
        true,
        "Does this blocker prevent the United Attack's piercing damage? (object: the blocker).",
    ),
    hook("playAsFresh", true, "Does this character enter the ring fresh (Just Entered)? (object: the character)."),
];

const EVENT_PREFIXES: &[NamedSpec] = &[
    named("my", "During the auto's controller's own turn (also the meaning of no prefix)."),
    named("opp", "During the opponent's turn."),
    named("any", "During either player's turn."),
];

const EVENT_SUFFIXES: &[NamedSpec] = &[
    named("this", "Object events: only when the object is this card (also the meaning of no suffix)."),
    named("fromThis", "Object events: only when this card is the object (same as `this`)."),
    named("any", "Object events: whatever the object is."),
    named("once", "The auto fires once, then stops listening."),
];

pub(crate) const ABILITIES: &[NamedSpec] = &[
    named("unblockable", "This character cannot be blocked."),
    named("cantattack", "This character cannot attack (it may still join a United Attack)."),
    named("cantblock", "This character cannot block."),
    named("unlimitedbackup", "This character ignores the one-back-up-per-turn limit."),
    named("unfreezable", "This character does not freeze after attacking."),
    named("pierce", "Excess combat damage of this blocked attacker goes to the defending player."),
    named("preventpierce", "United Attacks blocked by this character deal no piercing damage."),
    named("rush", "This character enters the ring without Just Entered (it can attack at once)."),
    named("frosted", "This character does not unfreeze in the Activate phase."),
    named("cantplayac", "This player cannot play action cards."),
    named("cantplayre", "This player cannot play reaction cards."),
];

pub(crate) const RULE_SWITCHES: &[NamedSpec] = &[
    named("ab_trigger_fresh", "■ abilities may be used by fresh characters (default false)."),
    named("ab_trigger_act", "■ abilities may be activated (default true)."),
    named("ab_instant_act", "▲ abilities may be activated (default true)."),
    named("piercing", "United Attacks and Pierce deal piercing damage (default true)."),
    named("backup_fresh", "Fresh characters may receive back-ups (default false)."),
    named(
        "play_char_bp_limit",
        "Characters with printed BP at least the lowest value set cannot be played (default none).",
    ),
    named("dmg_combat_deal", "Attacking characters deal combat damage (default true)."),
    named("attack_freeze", "Attackers freeze at the End phase (default true)."),
    named("attack", "Characters may attack (default true)."),
    named("backup_limit", "Only one back-up may be played per turn (default true)."),
    named("play_removed", "Cards may be played from the removed pile (default false)."),
];

const SELECTORS: &[NamedSpec] =
    &[named("not", "Removes from the matches every card or player in the expression's value.")];

const RESTRICTIONS: &[NamedSpec] = &[
    named("ueot", "Until the end of the controller's turn (Cleanup phase)."),
    named("unac", "Until the controller next plays an action card (or the end of the turn)."),
    named("uynt", "Until the start of the controller's next turn (Activate phase)."),
];

const RESTRICTION_PREFIXES: &[NamedSpec] = &[
    named("my", "The timer runs on the controller's turns (also the meaning of no prefix)."),
    named("opp", "The timer runs on the opponent's turns (`oppueot`: end of the opponent's turn)."),
];

pub(crate) const VARIABLES: &[NamedSpec] = &[
    named("me", "The executing player."),
    named("opp", "The executing player's opponent."),
    named("this", "The card whose rule runs (the source)."),
    named("tgt", "The rule-level targets (a list; in command arguments, the statement's first target)."),
    named(
        "prevTgt",
        "The rule-level targets when the statement has its own target clause, else the previous statement's targets.",
    ),
    named("discarded", "The cards discarded by the last `D` cost or `discard`."),
    named("sacrificed", "The cards KO'd by the last `S` cost."),
    named("destroyed", "The cards KO'd by the last `destroy`."),
    named("moved", "The cards moved by the last `moveTo`."),
    named("trashed", "The cards put into the discard pile by the last `trash`."),
    named("attacker", "The attacking character being blocked (`canBlock`, `blocks`)."),
    named("blocker", "The blocking character (`canBlock`)."),
    named("uaBP", "The total BP of the attack being blocked, leader and joiners (`blocks`)."),
    named("trigger", "The card the event is about (the object, the backed-up card, the damage source)."),
    named("alone", "Whether the executing player has exactly one character in the ring."),
    named("soloAttack", "Whether exactly one character attacks, outside a United Attack."),
    named("instant", "The ▲ ability type, to compare with `.ability`."),
    named("triggered", "The ■ ability type, to compare with `.ability`."),
    named("auto", "The ● ability type, to compare with `.ability`."),
    named("card", "Inside `X in L`: the current element of L."),
    named("char", "Inside `X in L`: whether the current element is a character card."),
    named("action", "Inside `X in L` (or `:action`): whether the card is an action card."),
    named("reaction", "Inside `X in L` (or `:reaction`): whether the card is a reaction card."),
];

pub(crate) const ATTRIBUTES: &[NamedSpec] = &[
    named("hp", "A player's HP."),
    named("sp", "A player's SP, or a card's printed SP."),
    named("hand", "A player's hand (a list of cards)."),
    named("deck", "A player's deck (a list of cards, top first)."),
    named("discards", "A player's discard pile (a list of cards)."),
    named("removed", "A player's removed pile (a list of cards)."),
    named("ring", "The characters in a player's ring (a list of cards)."),
    named("ncDamaged", "Whether a player was dealt non-combat damage this turn."),
    named("lostSP", "The SP a player lost this turn."),
    named("bp", "A card's current BP (printed BP outside the ring)."),
    named("lastBP", "The BP a card had just before it last left the ring (its current BP while there)."),
    named("ability", "A card's ability type (compare with `instant`, `triggered`, `auto`)."),
    named("controller", "The player who controls a card."),
    named("size", "The number of elements of a list."),
    named("name", "A card's name."),
    named("type", "A card's type (`character`, `action`, `reaction`)."),
];

pub(crate) const FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "flipCoin",
        min_args: 0,
        max_args: 0,
        doc: "The executing player calls a coin flip; true when the call wins.",
    },
    FunctionSpec { name: "isChar", min_args: 1, max_args: 1, doc: "Whether the value is a character card." },
    FunctionSpec {
        name: "isCharacter",
        min_args: 1,
        max_args: 1,
        doc: "Whether the value is a character card (same as `isChar`).",
    },
    FunctionSpec { name: "isAction", min_args: 1, max_args: 1, doc: "Whether the value is an action card." },
    FunctionSpec { name: "isReaction", min_args: 1, max_args: 1, doc: "Whether the value is a reaction card." },
    FunctionSpec {
        name: "inUAttack",
        min_args: 1,
        max_args: 1,
        doc: "Whether the card is in the current United Attack.",
    },
    FunctionSpec {
        name: "getTargets",
        min_args: 1,
        max_args: 1,
        doc: "Resolves a quoted target filter (with dialogs) and gives the list of matches.",
    },
    FunctionSpec { name: "abs", min_args: 1, max_args: 1, doc: "The absolute value of a number." },
    FunctionSpec { name: "min", min_args: 1, max_args: 8, doc: "The smallest of the numbers (or of one list)." },
    FunctionSpec { name: "max", min_args: 1, max_args: 8, doc: "The largest of the numbers (or of one list)." },
];

/// The Card Fighters' Clash catalogue.
// CFC fills every list today, so clippy finds `..Catalogue::EMPTY` needless; it is there so
// that a field added to `Catalogue` takes its default here too (not `expect`: the lint
// stops firing then).
#[allow(clippy::needless_update)]
pub static CATALOGUE: Catalogue = Catalogue {
    name: "cfc",
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
    rule_switches: RULE_SWITCHES,
    selectors: SELECTORS,
    restrictions: RESTRICTIONS,
    restriction_prefixes: RESTRICTION_PREFIXES,
    variables: VARIABLES,
    attributes: ATTRIBUTES,
    functions: FUNCTIONS,
    roles: Roles {
        target_controller: Some("me"),
        target_opponent: Some("opp"),
        target_source: Some("this"),
        target_player: Some("player"),
        source: Some("this"),
        targets: Some("tgt"),
        previous_targets: Some("prevTgt"),
        event_object: Some("trigger"),
        event_mine: Some("my"),
        event_opponent: Some("opp"),
        event_anyone: Some("any"),
        suffix_source: Some("this"),
        suffix_from_source: Some("fromThis"),
        suffix_any_object: Some("any"),
        suffix_once: Some("once"),
        restriction_opponent: Some("opp"),
        zone_mine: Some("my"),
        zone_opponent: Some("opp"),
        zone_either: Some("any"),
        zone_same: Some("same"),
        ..Roles::NONE
    },
    ..Catalogue::EMPTY
};
