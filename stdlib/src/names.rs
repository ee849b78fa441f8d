//! The catalogue indices the builtins use, computed at compile time from the catalogue's
//! own tables: renaming or removing an entry the stdlib relies on is a compile error.

use vm::bytecode::{
    AttributeIdx, CardTypeIdx, ComparableIdx, CostIdx, EventIdx, FilterKeywordIdx, FunctionIdx, VariableIdx, ZoneIdx,
    ZonePrefixIdx,
};
use vm::catalogue::{CostSpec, EventSpec, FunctionSpec, NamedSpec, ZoneSpec};

use crate::catalogue::{
    ATTRIBUTES, CARD_TYPES, COMPARABLE_FILTERS, COST_TYPES, COSTS, EVENTS, FILTERS, FUNCTIONS, VARIABLES,
    ZONE_PREFIXES, ZONES,
};

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

macro_rules! index_in {
    ($fn:ident, $ty:ty) => {
        const fn $fn(list: &[$ty], name: &str) -> u32 {
            let mut i = 0;
            while i < list.len() {
                if same(list[i].name, name) {
                    return i as u32;
                }
                i += 1;
            }
            panic!("name missing from the CFC catalogue")
        }
    };
}

index_in!(named, NamedSpec);
index_in!(zone, ZoneSpec);
index_in!(event, EventSpec);
index_in!(function, FunctionSpec);
index_in!(cost, CostSpec);

// ---- variables ----
/// `discarded`.
pub const VAR_DISCARDED: VariableIdx = VariableIdx(named(VARIABLES, "discarded"));
/// `sacrificed`.
pub const VAR_SACRIFICED: VariableIdx = VariableIdx(named(VARIABLES, "sacrificed"));
/// `destroyed`.
pub const VAR_DESTROYED: VariableIdx = VariableIdx(named(VARIABLES, "destroyed"));
/// `moved`.
pub const VAR_MOVED: VariableIdx = VariableIdx(named(VARIABLES, "moved"));
/// `trashed`.
pub const VAR_TRASHED: VariableIdx = VariableIdx(named(VARIABLES, "trashed"));
/// `trigger`.
pub const VAR_TRIGGER: VariableIdx = VariableIdx(named(VARIABLES, "trigger"));
/// `attacker`: the attacking character being blocked.
pub const VAR_ATTACKER: VariableIdx = VariableIdx(named(VARIABLES, "attacker"));
/// `blocker`: the blocking character.
pub const VAR_BLOCKER: VariableIdx = VariableIdx(named(VARIABLES, "blocker"));
/// `uaBP`: the total BP of the attack being blocked.
pub const VAR_UA_BP: VariableIdx = VariableIdx(named(VARIABLES, "uaBP"));

/// `me`: the player the effect runs for.
pub const VAR_ME: VariableIdx = VariableIdx(named(VARIABLES, "me"));
/// `opp`: their opponent.
pub const VAR_OPP: VariableIdx = VariableIdx(named(VARIABLES, "opp"));
/// `alone`: whether `me` has one character.
pub const VAR_ALONE: VariableIdx = VariableIdx(named(VARIABLES, "alone"));
/// `soloAttack`: whether one character attacks alone.
pub const VAR_SOLO_ATTACK: VariableIdx = VariableIdx(named(VARIABLES, "soloAttack"));
/// `instant`: the ability-type constant.
pub const VAR_INSTANT: VariableIdx = VariableIdx(named(VARIABLES, "instant"));
/// `triggered`: the ability-type constant.
pub const VAR_TRIGGERED: VariableIdx = VariableIdx(named(VARIABLES, "triggered"));
/// `auto`: the ability-type constant.
pub const VAR_AUTO: VariableIdx = VariableIdx(named(VARIABLES, "auto"));

// ---- attributes ----
/// A player's HP.
pub const ATTR_HP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "hp"));
/// A player's SP.
pub const ATTR_SP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "sp"));
/// A card's BP.
pub const ATTR_BP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "bp"));
/// The SP a player lost this turn.
pub const ATTR_LOST_SP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "lostSP"));
/// `size`: a list's length.
pub const ATTR_SIZE: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "size"));
/// `ncDamaged`: whether a player took non-combat damage this turn.
pub const ATTR_NC_DAMAGED: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "ncDamaged"));
/// `hand`: a player's hand.
pub const ATTR_HAND: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "hand"));
/// `deck`: a player's deck.
pub const ATTR_DECK: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "deck"));
/// `discards`: a player's discard pile.
pub const ATTR_DISCARDS: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "discards"));
/// `removed`: a player's removed pile.
pub const ATTR_REMOVED: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "removed"));
/// `ring`: a player's ring characters.
pub const ATTR_RING: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "ring"));
/// `lastBP`: a character's BP when it last left the ring.
pub const ATTR_LAST_BP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "lastBP"));
/// `controller`: a card's controller.
pub const ATTR_CONTROLLER: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "controller"));
/// `ability`: a card's ability type.
pub const ATTR_ABILITY: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "ability"));

// ---- zones ----
/// Both rings.
pub const ARENA: ZoneIdx = ZoneIdx(zone(ZONES, "arena"));
/// A player's ring.
pub const RING: ZoneIdx = ZoneIdx(zone(ZONES, "ring"));
/// A player's hand.
pub const HAND: ZoneIdx = ZoneIdx(zone(ZONES, "hand"));
/// A player's deck.
pub const DECK: ZoneIdx = ZoneIdx(zone(ZONES, "deck"));
/// A player's discard pile.
pub const DISCARDS: ZoneIdx = ZoneIdx(zone(ZONES, "discards"));
/// A player's removed pile.
pub const REMOVED: ZoneIdx = ZoneIdx(zone(ZONES, "removed"));
/// The character facing the source.
pub const INFRONT: ZoneIdx = ZoneIdx(zone(ZONES, "infront"));
/// Zone prefix `my`.
pub const PREFIX_MY: ZonePrefixIdx = ZonePrefixIdx(named(ZONE_PREFIXES, "my"));
/// Zone prefix `opp`.
pub const PREFIX_OPP: ZonePrefixIdx = ZonePrefixIdx(named(ZONE_PREFIXES, "opp"));
/// Zone prefix `any`.
pub const PREFIX_ANY: ZonePrefixIdx = ZonePrefixIdx(named(ZONE_PREFIXES, "any"));
/// Zone prefix `same`.
pub const PREFIX_SAME: ZonePrefixIdx = ZonePrefixIdx(named(ZONE_PREFIXES, "same"));
/// Zone prefix `ctrl`.
pub const PREFIX_CTRL: ZonePrefixIdx = ZonePrefixIdx(named(ZONE_PREFIXES, "ctrl"));

// ---- card types and filter keywords ----
/// Character cards.
pub const CHARACTER: CardTypeIdx = CardTypeIdx(named(CARD_TYPES, "character"));
/// Card type `action`.
pub const ACTION: CardTypeIdx = CardTypeIdx(named(CARD_TYPES, "action"));
/// Card type `reaction`.
pub const REACTION: CardTypeIdx = CardTypeIdx(named(CARD_TYPES, "reaction"));
/// Filter keyword `attack` (solo attackers and UA leaders).
pub const KW_ATTACK: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "attack"));
/// Filter keyword `uattack` (every card of the current United Attack).
pub const KW_UATTACK: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "uattack"));
/// `backedup`.
pub const KW_BACKEDUP: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "backedup"));
/// `block`.
pub const KW_BLOCK: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "block"));
/// `blocked`.
pub const KW_BLOCKED: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "blocked"));
/// `frozen`.
pub const KW_FROZEN: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "frozen"));
/// `fresh`.
pub const KW_FRESH: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "fresh"));
/// `powerful`.
pub const KW_POWERFUL: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "powerful"));
/// `powerless`.
pub const KW_POWERLESS: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "powerless"));
/// `abinstant`.
pub const KW_ABINSTANT: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "abinstant"));
/// `abtrigger`.
pub const KW_ABTRIGGER: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "abtrigger"));
/// `abauto`.
pub const KW_ABAUTO: FilterKeywordIdx = FilterKeywordIdx(named(FILTERS, "abauto"));
/// `bp`: a card's BP, compared by filters and ranked.
pub const CMP_BP: ComparableIdx = ComparableIdx(named(COMPARABLE_FILTERS, "bp"));
/// `sp`: a card's SP.
pub const CMP_SP: ComparableIdx = ComparableIdx(named(COMPARABLE_FILTERS, "sp"));

// ---- events ----
/// `removed` (object: the card).
pub const EV_REMOVED: EventIdx = EventIdx(event(EVENTS, "removed"));
/// `powerless` (object: the card).
pub const EV_POWERLESS: EventIdx = EventIdx(event(EVENTS, "powerless"));
/// `beforeDamage` (`trigger` = the source).
pub const EV_BEFORE_DAMAGE: EventIdx = EventIdx(event(EVENTS, "beforeDamage"));
/// `activatePhase`: start of the Activate phase.
pub const EV_ACTIVATE_PHASE: EventIdx = EventIdx(event(EVENTS, "activatePhase"));
/// `drawPhase`: the Draw phase.
pub const EV_DRAW_PHASE: EventIdx = EventIdx(event(EVENTS, "drawPhase"));
/// `blockPhase`: the Counter-Attack (block) phase.
pub const EV_BLOCK_PHASE: EventIdx = EventIdx(event(EVENTS, "blockPhase"));
/// `endPhase`: the End phase.
pub const EV_END_PHASE: EventIdx = EventIdx(event(EVENTS, "endPhase"));
/// `cleanupPhase`: the Cleanup phase.
pub const EV_CLEANUP_PHASE: EventIdx = EventIdx(event(EVENTS, "cleanupPhase"));
/// `handChanges`: a player's hand changed.
pub const EV_HAND_CHANGES: EventIdx = EventIdx(event(EVENTS, "handChanges"));
/// `ringChanges`: a player's ring changed.
pub const EV_RING_CHANGES: EventIdx = EventIdx(event(EVENTS, "ringChanges"));
/// `attacks`: a character attacks.
pub const EV_ATTACKS: EventIdx = EventIdx(event(EVENTS, "attacks"));
/// `blocks`: a character blocks.
pub const EV_BLOCKS: EventIdx = EventIdx(event(EVENTS, "blocks"));
/// `blocked`: an attacker is blocked.
pub const EV_BLOCKED: EventIdx = EventIdx(event(EVENTS, "blocked"));
/// `backedUp`: a character was backed up.
pub const EV_BACKED_UP: EventIdx = EventIdx(event(EVENTS, "backedUp"));
/// `playerCombatDamaged`: a player took combat damage.
pub const EV_PLAYER_COMBAT_DAMAGED: EventIdx = EventIdx(event(EVENTS, "playerCombatDamaged"));
/// `playAsFresh`: hook: may a character be played fresh.
pub const EV_PLAY_AS_FRESH: EventIdx = EventIdx(event(EVENTS, "playAsFresh"));
/// `backupLimit`: hook: may a character be backed up past the limit.
pub const EV_BACKUP_LIMIT: EventIdx = EventIdx(event(EVENTS, "backupLimit"));
/// `beforeAttack`: hook: may a character attack.
pub const EV_BEFORE_ATTACK: EventIdx = EventIdx(event(EVENTS, "beforeAttack"));
/// `beforeBlock`: hook: may a character block.
pub const EV_BEFORE_BLOCK: EventIdx = EventIdx(event(EVENTS, "beforeBlock"));
/// `canBlock`: hook: may this blocker block this attacker.
pub const EV_CAN_BLOCK: EventIdx = EventIdx(event(EVENTS, "canBlock"));
/// `beforePlayAc`: hook: may a player play an action.
pub const EV_BEFORE_PLAY_AC: EventIdx = EventIdx(event(EVENTS, "beforePlayAc"));
/// `beforePlayRe`: hook: may a player play a reaction.
pub const EV_BEFORE_PLAY_RE: EventIdx = EventIdx(event(EVENTS, "beforePlayRe"));
/// `cancelCombatDamage`: hook: is an attack's combat damage cancelled.
pub const EV_CANCEL_COMBAT_DAMAGE: EventIdx = EventIdx(event(EVENTS, "cancelCombatDamage"));
/// `preventPierce`: hook: does a blocker stop a United Attack's pierce.
pub const EV_PREVENT_PIERCE: EventIdx = EventIdx(event(EVENTS, "preventPierce"));

// ---- functions ----
/// `flipCoin`.
pub const FN_FLIP_COIN: FunctionIdx = FunctionIdx(function(FUNCTIONS, "flipCoin"));
/// `isChar`.
pub const FN_IS_CHAR: FunctionIdx = FunctionIdx(function(FUNCTIONS, "isChar"));
/// `isCharacter`.
pub const FN_IS_CHARACTER: FunctionIdx = FunctionIdx(function(FUNCTIONS, "isCharacter"));
/// `inUAttack`.
pub const FN_IN_UATTACK: FunctionIdx = FunctionIdx(function(FUNCTIONS, "inUAttack"));
/// `getTargets`.
pub const FN_GET_TARGETS: FunctionIdx = FunctionIdx(function(FUNCTIONS, "getTargets"));
/// `abs`.
pub const FN_ABS: FunctionIdx = FunctionIdx(function(FUNCTIONS, "abs"));
/// `min`.
pub const FN_MIN: FunctionIdx = FunctionIdx(function(FUNCTIONS, "min"));
/// `max`.
pub const FN_MAX: FunctionIdx = FunctionIdx(function(FUNCTIONS, "max"));
/// The number of functions.
pub const FUNCTION_COUNT: usize = FUNCTIONS.len();

// ---- costs ----
/// `F`: freeze this card.
pub const COST_F: CostIdx = CostIdx(cost(COSTS, "F"));
/// `S`: sacrifice.
pub const COST_S: CostIdx = CostIdx(cost(COSTS, "S"));
/// `D`: discard.
pub const COST_D: CostIdx = CostIdx(cost(COSTS, "D"));
/// The number of cost components.
pub const COST_COUNT: usize = COSTS.len();

// ---- cost types (index in `COST_TYPES`) and their `beforePayCost<Type>` events ----
/// `character`: playing a character card.
pub const COST_TYPE_CHARACTER: u16 = named(COST_TYPES, "character") as u16;
/// `action`: playing an action card.
pub const COST_TYPE_ACTION: u16 = named(COST_TYPES, "action") as u16;
/// `reaction`: playing a reaction card.
pub const COST_TYPE_REACTION: u16 = named(COST_TYPES, "reaction") as u16;
/// `ua2`: a United Attack of two characters.
pub const COST_TYPE_UA2: u16 = named(COST_TYPES, "ua2") as u16;
/// `ua3`: a United Attack of three characters.
pub const COST_TYPE_UA3: u16 = named(COST_TYPES, "ua3") as u16;
/// `beforePayCostCharacter`.
pub const EV_BEFORE_PAY_COST_CHARACTER: EventIdx = EventIdx(event(EVENTS, "beforePayCostCharacter"));
/// `beforePayCostAction`.
pub const EV_BEFORE_PAY_COST_ACTION: EventIdx = EventIdx(event(EVENTS, "beforePayCostAction"));
/// `beforePayCostReaction`.
pub const EV_BEFORE_PAY_COST_REACTION: EventIdx = EventIdx(event(EVENTS, "beforePayCostReaction"));
/// `beforePayCostUa2`.
pub const EV_BEFORE_PAY_COST_UA2: EventIdx = EventIdx(event(EVENTS, "beforePayCostUa2"));
/// `beforePayCostUa3`.
pub const EV_BEFORE_PAY_COST_UA3: EventIdx = EventIdx(event(EVENTS, "beforePayCostUa3"));
