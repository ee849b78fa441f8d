//! The catalogue indices the builtins use, computed at compile time from the catalogue's
//! own tables: renaming or removing an entry the stdlib relies on is a compile error.

use vm::bytecode::{
    AttributeIdx, CardTypeIdx, CostIdx, EventIdx, FilterKeywordIdx, FunctionIdx, VariableIdx, ZoneIdx, ZonePrefixIdx,
};
use vm::catalogue::{CostSpec, EventSpec, FunctionSpec, NamedSpec, ZoneSpec};

use crate::catalogue::{ATTRIBUTES, CARD_TYPES, COSTS, EVENTS, FILTERS, FUNCTIONS, VARIABLES, ZONE_PREFIXES, ZONES};

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

// ---- attributes (counters) ----
/// A player's HP.
pub const ATTR_HP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "hp"));
/// A player's SP.
pub const ATTR_SP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "sp"));
/// A card's BP.
pub const ATTR_BP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "bp"));
/// The SP a player lost this turn.
pub const ATTR_LOST_SP: AttributeIdx = AttributeIdx(named(ATTRIBUTES, "lostSP"));

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
/// Zone prefix `my`.
pub const PREFIX_MY: ZonePrefixIdx = ZonePrefixIdx(named(ZONE_PREFIXES, "my"));
/// Zone prefix `opp`.
pub const PREFIX_OPP: ZonePrefixIdx = ZonePrefixIdx(named(ZONE_PREFIXES, "opp"));
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

// ---- events ----
/// `removed` (object: the card).
pub const EV_REMOVED: EventIdx = EventIdx(event(EVENTS, "removed"));
/// `powerless` (object: the card).
pub const EV_POWERLESS: EventIdx = EventIdx(event(EVENTS, "powerless"));
/// `beforeDamage` (`trigger` = the source).
pub const EV_BEFORE_DAMAGE: EventIdx = EventIdx(event(EVENTS, "beforeDamage"));

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
