//! The board's state: [`Card`]s, [`Player`]s and the effects in force, with the moves
//! every rule goes through ([`Board::place`]) and the characteristics the effects change
//! (power, toughness, keyword abilities).

use std::collections::HashMap;
use std::sync::Arc;

use vm::bytecode::{ZoneIdx, ZoneRef};
use vm::runtime::{CardId, Env, Host, PlayerId, Value};

use super::effects::{AbilityEntry, Effects};
use super::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, P0, P1, Printed, STACK};
use crate::catalogue;
use crate::host::{EffectCode, WagicHost};

/// The protections from a colour the table models (the damage of a source of the colour
/// is prevented), each with its colour.
pub const COLOUR_PROTECTIONS: [(&str, &str); 5] = [
    ("protectionfromwhite", "white"),
    ("protectionfromblue", "blue"),
    ("protectionfromblack", "black"),
    ("protectionfromred", "red"),
    ("protectionfromgreen", "green"),
];

/// The id of the `transforms(...) forever` changes among [`Board::effects`]: no effect of
/// the runtime has it (ids count up from 0), nor the table's own until end of turn
/// ([`super::TABLE_UNTIL_END_OF_TURN`]), so none ends them; a card's move does.
pub const FOREVER: u32 = u32::MAX - 1;

/// One card on the board.
#[derive(Debug, Clone)]
pub struct Card {
    /// What is printed on it.
    pub printed: Printed,
    /// Who owns it (whose hand, graveyard, library and exile it goes to).
    pub owner: PlayerId,
    /// Who controls it on the battlefield (in a graveyard, in exile or on the stack: who did
    /// as it left the battlefield; in a hand or a library: its owner).
    pub controller: PlayerId,
    /// Where it is.
    pub zone: ZoneIdx,
    /// Order within the zone (lowest first: the top of a library).
    pub order: i64,
    /// Whether it is tapped.
    pub tapped: bool,
    /// Damage marked on it this turn.
    pub damage: i32,
    /// Its `+p/+t` counters, summed.
    pub counters: (i32, i32),
    /// Its named counters (power and toughness 0/0: `charge`, `level`...).
    pub named: super::counters::NamedCounters,
    /// The counters (`counters`, `named`) it had as it last left the battlefield, until it
    /// enters it again: the last known information an effect of it counts after it left
    /// (a sacrificed Torch Song's verse counters, a dead Modular creature's +1/+1 counters).
    pub left_with: Option<((i32, i32), super::counters::NamedCounters)>,
    /// Where it was before its last move.
    pub moved_from: Option<(PlayerId, ZoneIdx)>,
    /// Made by `token(...)`: no card of the library, no rules of the program, unless it
    /// is a token of a card (`copies_card`).
    pub token: bool,
    /// A token that ceased to exist ([`super::GONE`]): the zone it left the battlefield for
    /// (what the game's log tells of it).
    pub gone_to: Option<ZoneIdx>,
    /// A token `token(id)` made of a card of the library (Wagic's token by id): it has the
    /// card's printed characteristics and the program's rules of its name.
    pub copies_card: bool,
    /// Its face while it is face down (morph, `morph.rs`): `printed` is then a 2/2
    /// creature with no name, colour or types, and the card has no rules.
    pub face_down: Option<Box<Printed>>,
    /// The card whose ability made it, when it is a token.
    pub made_by: Option<CardId>,
    /// Declared as an attacker this combat.
    pub attacking: bool,
    /// The attacker it blocks this combat.
    pub blocking: Option<CardId>,
    /// The creature this equipment is attached to.
    pub attached: Option<CardId>,
    /// Activations of its ability this turn (`limit:n`).
    pub activations: i32,
    /// Its upkeep cost (`upcost[...]`) was paid this turn.
    pub upkeep_paid: bool,
    /// Its echo (`upcost[...;next upkeep]`) came due since it entered.
    pub echo_done: bool,
    /// Its `@next phase` trigger fired since it entered.
    pub next_done: bool,
    /// It came to its zone this turn (Wagic's `fresh`, cleared as the turn ends): entered
    /// the battlefield, or was put into a hand, a library or exile, or into a graveyard from
    /// the battlefield or the stack (as `MTGUnearthRule::receiveEvent` marks it: not a
    /// card discarded or milled).
    pub fresh: bool,
    /// `frozen`: it does not untap during its controller's next untap step (Wagic's
    /// `frozen`, cleared by that step, or as it moves).
    pub frozen: bool,
    /// It attacked this turn (Erg Raiders' rule).
    pub attacked: bool,
    /// The mana paid to cast it, as a pool holds it (white, blue, black, red, green,
    /// colourless), while it is on the stack and, once it resolved, on the battlefield
    /// (Wagic's `getManaUsedToCast`, which `if spent({R})` reads); none once it moves
    /// again, or when it was not cast.
    pub spent: crate::testfile::Mana,
    /// The player its spell last targeted (Wagic's `playerTarget`, noted by the catalogue's
    /// `playertarget` as the spell resolves), whose zones the prefix `targeted` names;
    /// none once it moves.
    pub player_target: Option<PlayerId>,
    /// The colour chosen for it (Wagic's `chooseacolor`, noted by the catalogue's
    /// `choosecolor` as it enters or its ability resolves), which its `chosencolor` reads;
    /// none once it moves.
    pub chosen_colour: Option<crate::host::Colour>,
    /// The creature type chosen for it (Wagic's `chooseatype`, an index in the catalogue's
    /// subtypes, noted by `choosetype`), which its specs' `[chosentype]` read; none once it
    /// moves.
    pub chosen_type: Option<u16>,
    /// The card its spell targets (Wagic's `card->target`, noted by `cardtarget` as it
    /// resolves), which its specs' `[share!...!]` compare with; none once it moves.
    pub card_target: Option<CardId>,
    /// Its own face while it is flipped or transformed into another card (`flip.rs`):
    /// `printed` is then that card's, until it leaves the battlefield.
    pub unflipped: Option<Box<Printed>>,
    /// The power, toughness and converted mana cost, as they were then, of the card a cost
    /// of its ability last sacrificed, exiled, returned, tapped or discarded (Wagic's
    /// `storedCard`, a snapshot), which the ability's `storedpower` reads.
    pub stored: Option<[i32; 3]>,
}

impl Card {
    /// Whether its rules are the program's card of its name: not a token's (but a token
    /// of a card's), nor a face-down card's.
    pub fn has_rules(&self) -> bool {
        (!self.token || self.copies_card) && self.face_down.is_none()
    }

    /// A card as it first comes to the table: `owner`'s and controlled by them, in `zone`,
    /// untapped, undamaged, without counters, and no flag of a turn set.
    pub fn new(printed: Printed, owner: PlayerId, zone: ZoneIdx) -> Card {
        Card {
            printed,
            owner,
            controller: owner,
            zone,
            order: 0,
            tapped: false,
            damage: 0,
            counters: (0, 0),
            named: super::counters::NamedCounters::default(),
            left_with: None,
            moved_from: None,
            token: false,
            gone_to: None,
            copies_card: false,
            face_down: None,
            made_by: None,
            attacking: false,
            blocking: None,
            attached: None,
            activations: 0,
            upkeep_paid: false,
            echo_done: false,
            next_done: false,
            fresh: false,
            frozen: false,
            attacked: false,
            spent: [0; 6],
            player_target: None,
            chosen_colour: None,
            chosen_type: None,
            card_target: None,
            unflipped: None,
            stored: None,
        }
    }
}

/// One player.
#[derive(Debug, Clone, Default)]
pub struct Player {
    /// Life total.
    pub life: i32,
    /// Mana pool, in [`crate::catalogue::MANA_COLOURS`] order (W, U, B, R, G, colourless).
    pub mana: [i32; 6],
    /// Of the pool's mana, how much of each colour a snow permanent made (`{i}` pays with
    /// it): at most the pool's, any other mana taken as spent first ([`Board::snow_mana`]).
    pub snow: [i32; 6],
    /// Poison counters (`table/poison.rs`): ten or more lose the game.
    pub poison: i32,
    /// Extra turns to take after this one (`turns:+n`, `table/turns.rs`).
    pub extra_turns: u32,
    /// Turns to skip (`turns:-n`).
    pub skipped_turns: u32,
    /// Steps to skip and extra combat phases (`nextphasealter`, `table/phase_alter.rs`).
    pub phase_alters: super::PhaseAlters,
}

/// The board: cards, players and the effects in force.
#[derive(Debug)]
pub struct Board {
    /// Every card, by `CardId` number (cards are never removed).
    pub cards: Vec<Card>,
    /// The two players.
    pub players: [Player; 2],
    /// The printed characteristics of the library's cards, by name: those of the tokens
    /// `token(id)` makes of a card (none on a board made without a library).
    pub printed_cards: Arc<HashMap<String, Printed>>,
    /// Timed effects in force: id, code, target, value.
    pub effects: Effects,
    /// Whether some card gave another a triggered ability (a `givetrigger` effect began):
    /// only then does the table look for them (`given_triggers.rs`).
    pub gave_triggers: bool,
    /// Whether some card gave another an activated ability (a `giveability` effect began).
    pub gave_abilities: bool,
    /// Abilities in force: id, card, ability name.
    pub abilities: Effects<AbilityEntry>,
    /// Cards moved since the table last emitted `movedto`.
    pub moved: Vec<CardId>,
    /// The attachments those moves ended (the Aura or Equipment, the permanent it was
    /// attached to), at most `MAX_DETACHED_KEPT`: the table hands them on to
    /// [`Board::detached`] as it emits the moves.
    pub detaching: Vec<(CardId, CardId)>,
    /// The attachments ended by the moves whose `movedto` the table emitted last, for the
    /// triggers those moves and the events emitted with them run: Wagic's `mytgt` of an
    /// Aura's or an Equipment's trigger is what it was attached to (its last known
    /// attachment) while it falls off (`lastattached`).
    pub detached: Vec<(CardId, CardId)>,
    /// The other object events since the table last emitted them: the event's name
    /// (`tapped`, `untapped`, `damaged`, `drawn`), its player and its object.
    pub events: Vec<(&'static str, PlayerId, Value)>,
    /// The damage dealt since the table last emitted `damaged`: the event's player, what
    /// was dealt damage, the source, how much, and whether it was combat damage.
    pub damage_dealt: Vec<(PlayerId, Value, CardId, i32, bool)>,
    /// The life totals changed since the table last emitted `lifegained` and `lifelost`:
    /// the player and by how much (below 0: lost), by damage, payment or effect alike.
    pub life_changed: Vec<(PlayerId, i32)>,
    /// The cards that became targets since the table last emitted `targeted`: each with
    /// the card whose spell or ability targets it.
    pub targeted: Vec<(CardId, CardId)>,
    /// Whether the damage being dealt is combat damage (the runner sets it as it strikes).
    pub combat_damage: bool,
    /// Whose turn it is.
    pub active: PlayerId,
    /// Whether it is a main phase with nothing on the stack.
    pub main_phase: bool,
    /// Whether it is the upkeep step (`myUpkeepOnly`).
    pub upkeep: bool,
    /// The X paid for the last spell cast or ability activated with `{X}` in its cost (the
    /// catalogue's `x`).
    pub x_paid: i32,
    /// The X chosen for the ability being activated, which its `{X}` cost pays
    /// ([`crate::WagicHost::x_chosen`]); `None` when none was chosen.
    pub x_chosen: Option<i32>,
    /// The card last cast with its kicker paid, while it resolves (the catalogue's
    /// `kicked`, true for that card's own abilities).
    pub kicked: Option<CardId>,
    /// The spells on the stack cast with flashback: exiled as they leave it
    /// (`flashback.rs`).
    pub flashed_back: Vec<CardId>,
    /// The spells on the stack cast with their buyback paid: each returns to its owner's
    /// hand as it resolves (`buyback.rs`).
    pub bought_back: Vec<CardId>,
    /// The cards suspended in exile, in the order they were (`suspend.rs`).
    pub suspended: Vec<CardId>,
    /// The cards with madness discarded into exile, waiting for their owner's choice to
    /// cast them for their madness cost (`madness.rs`).
    pub maddened: Vec<CardId>,
    /// The creatures cast by suspend, on the stack or the battlefield: they have haste
    /// (`suspend.rs`).
    pub hasted: Vec<CardId>,
    /// The blocks of the combat that is ending (blocker, attacker), kept for the end of
    /// combat's event after the blocks are cleared (`combat_opponents`).
    pub ended_blocks: Vec<(CardId, CardId)>,
    /// The card last cast for its alternative cost, while it resolves (the catalogue's
    /// `alternative`).
    pub alternative: Option<CardId>,
    /// Each player attacked with a creature this turn (Wagic's `raidcount`: its `raid`).
    pub raided: [bool; 2],
    /// A creature card was put into a graveyard from the battlefield this turn (Wagic's
    /// `morbid`, which looks for one among the cards the graveyards saw this turn).
    pub creature_died: bool,
    /// The damage each player was dealt this turn (Wagic's `Player::damageCount`, which
    /// `bloodthirst` reads).
    pub damaged: [i32; 2],
    pub(super) next_order: i64,
    pub(super) seed: u32,
    /// Cards the libraries held when they were shuffled, summed: the work of the
    /// shuffles (a real shuffle moves every card of the library).
    pub cards_shuffled: usize,
    /// Each player tried to draw a card from an empty library (a loss in a game:
    /// [`crate::play`]).
    pub drew_from_empty: [bool; 2],
    /// The card whose `wingame` made each player lose (Wagic's `setLoser`: the other
    /// player won the game; a loss in a game: [`crate::play`]).
    pub lost_to: [Option<CardId>; 2],
    /// The cards that dealt damage this turn (Wagic's `damager`: its `damageToOpponent`,
    /// `damageToController`, `damageToCreature`), until they move or the turn ends.
    pub damagers: Vec<CardId>,
    /// The creatures dealt damage this turn, each with the card that dealt it (once per
    /// pair: Wagic's `MTGVampireRule`), until they move or the turn ends.
    pub victims: Vec<(CardId, CardId)>,
    /// The creatures that died since the table last emitted `vampired`, each with a card
    /// that dealt it damage this turn.
    pub vampired: Vec<(CardId, CardId)>,
    /// Creatures with persist put into a graveyard from the battlefield, with the counters
    /// they had, until the table returns them (`dies.rs`).
    pub(super) persisting: Vec<(CardId, (i32, i32))>,
    /// The phase actions waiting on cards (`table/phase_actions.rs`), at most
    /// `MAX_PHASE_ACTIONS`; those on a card end as it moves.
    pub phase_actions: Vec<(CardId, crate::host::PhaseAction)>,
    /// The cards exiled by `(blink)` waiting to return (`blink.rs`), at most
    /// [`super::blink::MAX_BLINKED`].
    pub(super) blinked: Vec<super::blink::Blinked>,
    /// What the board met that it does not model (a card with too many kinds of named
    /// counters), until the table reports it.
    pub(super) unmodelled: Option<&'static str>,
    /// The permanents flipped into another card (`flip.rs`) whose rules the table has not
    /// changed yet.
    pub(super) flipped: Vec<CardId>,
    /// The emblems cards' effects asked for, which the table has not made yet
    /// (`emblem.rs`).
    pub(super) emblems_asked: Vec<super::emblem::EmblemAsked>,
    /// The emblems in force (`emblem.rs`).
    pub emblems: Vec<super::emblem::Emblem>,
    /// Each flip since a game's log last looked: the permanent and the name it had (at most
    /// 1024; the runner never looks, and keeps the first ones).
    pub transformed: Vec<(CardId, String)>,
    /// The cards put on the stack (spells cast) this turn and last turn, by both players
    /// (Wagic's `seenThisTurn` and `seenLastTurn` of the stacks): the end of a turn moves
    /// the first to the second.
    pub spells_cast: [i32; 2],
    /// Each card put on the stack this turn and the player whose stack it went on (at
    /// most 1024): what a `maxCast` limit counts (`crate::cast_limit`).
    pub cast_this_turn: Vec<(PlayerId, CardId)>,
    /// The zone lists [`Board::zone`] made since a card last changed zone, order or
    /// controller: every such change forgets them (`zone_lists.rs`).
    pub(super) zone_lists: super::zone_lists::ZoneLists,
    /// Whether the continuous autos' refresh running reads what the board's summary for
    /// them leaves out (`settled.rs`).
    pub(super) continuous_reads: super::settled::ContinuousReads,
}

/// The most ended attachments [`Board::detaching`] keeps (moves between two emissions are
/// bounded by the rounds of settling; more are not kept).
pub(super) const MAX_DETACHED_KEPT: usize = 1024;

/// The most phase actions waiting at once (a game has a handful; more are not kept).
pub const MAX_PHASE_ACTIONS: usize = 1024;

/// The most cards put on the stack in a turn that [`Board::cast_this_turn`] keeps (a
/// `maxCast` count stops there, far past any limit a card writes).
const MAX_CAST_KEPT: usize = 1024;

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// Notes the mana paid to cast `card`, a spell just put on the stack: the pool before
    /// the payment less the pool after it.
    pub fn note_spent(&mut self, card: CardId, before: crate::testfile::Mana, after: crate::testfile::Mana) {
        if let Some(c) = self.get_mut(card) {
            c.spent = std::array::from_fn(|slot| before[slot].saturating_sub(after[slot]).max(0));
        }
    }

    /// The permanent `source` is attached to, or, while the triggers of the move that
    /// ended its attachment run, the one it was attached to (the catalogue's
    /// `lastattached`).
    pub fn last_attached(&self, source: CardId) -> Option<CardId> {
        let ended = || self.detached.iter().find(|(from, _)| *from == source).map(|&(_, target)| target);
        WagicHost::attached(self, source).or_else(ended)
    }

    /// Notes that a creature attacks: it attacked this turn (Wagic's `attacked`), and so
    /// did its controller (Wagic's `raid`).
    pub fn note_attack(&mut self, card: CardId) {
        let Some(c) = self.get_mut(card) else { return };
        c.attacked = true;
        let controller = c.controller;
        self.raided[usize::from(controller != P0)] = true;
    }

    /// An empty board: both players at 20 life with empty pools, `P0`'s main phase.
    pub fn new() -> Board {
        Board {
            cards: Vec::new(),
            players: std::array::from_fn(|_| Player { life: 20, ..Player::default() }),
            printed_cards: Arc::default(),
            effects: Effects::default(),
            gave_triggers: false,
            gave_abilities: false,
            abilities: Effects::default(),
            moved: Vec::new(),
            detaching: Vec::new(),
            detached: Vec::new(),
            events: Vec::new(),
            damage_dealt: Vec::new(),
            life_changed: Vec::new(),
            targeted: Vec::new(),
            combat_damage: false,
            active: P0,
            main_phase: true,
            upkeep: false,
            x_paid: 0,
            x_chosen: None,
            kicked: None,
            flashed_back: Vec::new(),
            bought_back: Vec::new(),
            suspended: Vec::new(),
            maddened: Vec::new(),
            hasted: Vec::new(),
            ended_blocks: Vec::new(),
            alternative: None,
            raided: [false; 2],
            creature_died: false,
            damaged: [0; 2],
            next_order: 0,
            seed: 1,
            cards_shuffled: 0,
            drew_from_empty: [false; 2],
            lost_to: [None; 2],
            damagers: Vec::new(),
            victims: Vec::new(),
            vampired: Vec::new(),
            persisting: Vec::new(),
            phase_actions: Vec::new(),
            blinked: Vec::new(),
            unmodelled: None,
            flipped: Vec::new(),
            emblems_asked: Vec::new(),
            emblems: Vec::new(),
            transformed: Vec::new(),
            spells_cast: [0; 2],
            cast_this_turn: Vec::new(),
            zone_lists: super::zone_lists::ZoneLists::default(),
            continuous_reads: super::settled::ContinuousReads::default(),
        }
    }

    /// Seeds the numbers the cards' random effects draw (`Host::random`: a discard at
    /// random); a board starts seeded with 1.
    pub fn reseed(&mut self, seed: u32) {
        self.seed = seed;
    }

    /// The card with this handle.
    ///
    /// # Panics
    ///
    /// For a handle this board never gave ([`Board::get`] does not panic).
    pub fn card(&self, card: CardId) -> &Card {
        &self.cards[card.0 as usize]
    }

    /// The card with this handle, if the board gave it.
    pub fn get(&self, card: CardId) -> Option<&Card> {
        self.cards.get(card.0 as usize)
    }

    pub(super) fn get_mut(&mut self, card: CardId) -> Option<&mut Card> {
        self.cards.get_mut(card.0 as usize)
    }

    /// The player with this handle (the second for any other number).
    pub(super) fn player_mut(&mut self, player: PlayerId) -> &mut Player {
        &mut self.players[usize::from(player.0 != 0)]
    }

    /// The player with this handle (the second for any other number).
    pub fn player(&self, player: PlayerId) -> &Player {
        &self.players[usize::from(player.0 != 0)]
    }

    /// Printed power (or the base power a `transforms` set last), counters and pumps (0 for an
    /// unknown handle), switched with the toughness by a `swap`.
    pub fn power(&self, card: CardId) -> i32 {
        if self.switched(card) { self.unswitched_toughness(card) } else { self.unswitched_power(card) }
    }

    /// Printed toughness (or the base a `transforms` set last), counters and pumps (0 for an
    /// unknown handle), switched with the power by a `swap`.
    pub fn toughness(&self, card: CardId) -> i32 {
        if self.switched(card) { self.unswitched_power(card) } else { self.unswitched_toughness(card) }
    }

    /// Whether an odd number of `swap` effects is on the card: its power and toughness are
    /// switched after every other change, whenever that began (Magic's layer 7d: a +1/+0
    /// pump after the switch adds to the toughness).
    fn switched(&self, card: CardId) -> bool {
        self.effects.any_of_on(card, super::effects::code_bit(EffectCode::SwitchPowerToughness))
            && self.effects.on(card).filter(|(_, code, _, _)| *code == EffectCode::SwitchPowerToughness).count() % 2
                == 1
    }

    fn unswitched_power(&self, card: CardId) -> i32 {
        let Some(c) = self.get(card) else { return 0 };
        let base = self.latest(EffectCode::SetPower, card).unwrap_or(c.printed.power);
        base.saturating_add(c.counters.0).saturating_add(self.sum(EffectCode::Power, card))
    }

    fn unswitched_toughness(&self, card: CardId) -> i32 {
        let Some(c) = self.get(card) else { return 0 };
        let base = self.latest(EffectCode::SetToughness, card).unwrap_or(c.printed.toughness);
        base.saturating_add(c.counters.1).saturating_add(self.sum(EffectCode::Toughness, card))
    }

    fn sum(&self, code: EffectCode, card: CardId) -> i32 {
        // The index of kinds per card answers first: a creature without a pump of that
        // code is not read through its other effects (a token's many lords).
        if !self.effects.any_of_on(card, super::effects::code_bit(code)) {
            return 0;
        }
        self.effects
            .on(card)
            .filter(|(_, c, _, _)| *c == code)
            .fold(0i32, |sum, (_, _, _, value)| sum.saturating_add(*value))
    }

    /// The value of the latest effect `code` on the card (the effects are kept in the
    /// order they began).
    fn latest(&self, code: EffectCode, card: CardId) -> Option<i32> {
        if !self.effects.any_of_on(card, super::effects::code_bit(code)) {
            return None;
        }
        self.effects.on(card).rev().find(|(_, c, _, _)| *c == code).map(|e| e.3)
    }

    /// Taps `land` for one mana of `colour` (a [`crate::catalogue::MANA_COLOURS`] index)
    /// into `player`'s pool, as its mana ability does: `tappedformana` hears it; a snow
    /// land's mana is snow mana.
    pub fn tap_for_mana(&mut self, land: CardId, player: PlayerId, colour: usize) {
        WagicHost::set_tapped(self, land, true);
        let snow = self.has_type(land, "snow");
        self.add_to_pool(player, colour, 1, snow);
        WagicHost::tapped_for_mana(self, land);
    }

    /// Adds `count` mana of `colour` to `player`'s pool, snow mana when `snow`. The snow
    /// mana noted is first cut to what the pool holds: the pool may have been spent or
    /// emptied since.
    pub fn add_to_pool(&mut self, player: PlayerId, colour: usize, count: i32, snow: bool) {
        let colour = colour.min(5);
        let Player { mana, snow: snow_mana, .. } = self.player_mut(player);
        for (noted, held) in snow_mana.iter_mut().zip(mana.iter()) {
            *noted = (*noted).min(*held).max(0);
        }
        mana[colour] = mana[colour].saturating_add(count);
        if snow {
            snow_mana[colour] = snow_mana[colour].saturating_add(count);
        }
    }

    /// The snow mana of `colour` in `player`'s pool: what snow permanents made, less what
    /// the pool no longer holds (a payment spends other mana first).
    pub fn snow_mana(&self, player: PlayerId, colour: usize) -> i32 {
        let Player { mana, snow, .. } = self.player(player);
        let colour = colour.min(5);
        snow[colour].min(mana[colour]).max(0)
    }

    /// The colours a land of a basic land type taps for (a Forest, a dual land), as
    /// [`crate::catalogue::MANA_COLOURS`] indices; none for another card.
    pub fn basic_land_colours(&self, card: CardId) -> Vec<usize> {
        // Asked of every permanent as moves are listed: most are no land, and their types
        // are not listed.
        if !self.has_type(card, "land") {
            return Vec::new();
        }
        let types = self.types(card);
        let basic = super::BASIC_LAND_TYPES.iter().enumerate().filter(|(_, basic)| types.contains(basic));
        basic.map(|(colour, _)| colour).collect()
    }

    /// The card's type words (lower case): printed, then changed by the effects in the
    /// order they began (`transforms` adds, `losesubtypesof(land)` takes away the land
    /// subtypes the card has by then).
    pub fn types(&self, card: CardId) -> Vec<&str> {
        let Some(c) = self.get(card) else { return Vec::new() };
        let mut types: Vec<&str> = c.printed.types.iter().map(String::as_str).collect();
        for (_, code, _, value) in self.effects.on(card) {
            match code {
                EffectCode::AddType => {
                    if let Some(word) = usize::try_from(*value).ok().and_then(catalogue::type_word)
                        && !types.contains(&word)
                    {
                        types.push(word);
                    }
                }
                EffectCode::LoseSubtypes => types.retain(|word| !catalogue::LAND_SUBTYPES.contains(word)),
                _ => {}
            }
        }
        types
    }

    /// Whether `word` is among the card's type words ([`Board::types`]), read without
    /// listing them: a lord's filter asks it of every creature at each refresh.
    pub fn has_type(&self, card: CardId, word: &str) -> bool {
        let Some(c) = self.get(card) else { return false };
        let mut has = c.printed.types.iter().any(|printed| printed == word);
        if !self.effects.any_of_on(card, super::type_words::TYPE_CHANGES) {
            return has;
        }
        let mut land_subtype = None;
        for (_, code, _, value) in self.effects.on(card) {
            match code {
                EffectCode::AddType if !has => {
                    has = usize::try_from(*value).ok().and_then(catalogue::type_word) == Some(word);
                }
                EffectCode::LoseSubtypes if has => {
                    has = !*land_subtype.get_or_insert_with(|| catalogue::LAND_SUBTYPES.contains(&word));
                }
                EffectCode::RemoveTypes if has => has = !super::type_words::removed_by_removetypes(word),
                _ => {}
            }
        }
        has
    }

    /// Whether a `loseabilities` effect is on the card: its own activated and triggered
    /// abilities do nothing.
    pub fn lost_abilities(&self, card: CardId) -> bool {
        self.effects.any_of_on(card, super::effects::code_bit(EffectCode::LoseAbilities))
    }

    /// The card's colours: printed, then changed by `transforms` effects in the order they
    /// began (a set replaces them, an add adds to them).
    pub fn colours(&self, card: CardId) -> Vec<&'static str> {
        let Some(c) = self.get(card) else { return Vec::new() };
        let mut colours = c.printed.colours.clone();
        let changes =
            super::effects::code_bit(EffectCode::SetColours) | super::effects::code_bit(EffectCode::AddColours);
        if !self.effects.any_of_on(card, changes) {
            return colours;
        }
        for (_, code, _, mask) in self.effects.on(card) {
            if !matches!(code, EffectCode::SetColours | EffectCode::AddColours) {
                continue;
            }
            if *code == EffectCode::SetColours {
                colours.clear();
            }
            for (bit, name) in catalogue::COLOUR_NAMES.iter().enumerate() {
                if mask & (1 << bit) != 0 && !colours.contains(name) {
                    colours.push(name);
                }
            }
        }
        colours
    }

    /// Whether `colour` (a [`catalogue::COLOUR_NAMES`] word) is among the card's colours
    /// ([`Board::colours`]), read without listing them: a filter's colour asks it of every
    /// creature (Darkest Hour makes each of a board of tokens black).
    pub fn has_colour(&self, card: CardId, colour: &str) -> bool {
        let Some(c) = self.get(card) else { return false };
        let mut has = c.printed.colours.contains(&colour);
        let changes =
            super::effects::code_bit(EffectCode::SetColours) | super::effects::code_bit(EffectCode::AddColours);
        if !self.effects.any_of_on(card, changes) {
            return has;
        }
        let bit = catalogue::COLOUR_NAMES.iter().position(|name| *name == colour);
        let in_mask = |mask: i32| bit.is_some_and(|bit| mask & (1 << bit) != 0);
        for (_, code, _, mask) in self.effects.on(card) {
            match code {
                EffectCode::SetColours => has = in_mask(*mask),
                EffectCode::AddColours => has |= in_mask(*mask),
                _ => {}
            }
        }
        has
    }

    /// The untap step of `player` (Wagic's `MTGInPlay::untapAll`): each of their
    /// permanents untaps, but one with `doesnotuntap`, and one `frozen`, which thaws
    /// instead (tapped or not: `frozen` holds for one untap step).
    pub fn untap_step(&mut self, player: PlayerId) {
        for card in self.zone(player, BATTLEFIELD) {
            if self.has_ability(card, "doesnotuntap") {
                continue;
            }
            match self.get_mut(card) {
                Some(c) if c.frozen => c.frozen = false,
                Some(_) => {
                    WagicHost::set_tapped(self, card, false);
                }
                None => {}
            }
        }
    }

    /// Whether no activated ability of the card may be activated (Wagic's
    /// `noactivatedability`, detain's: `GenericActivatedAbility::isReactingToClick` refuses
    /// every one of a card that has it, mana abilities too): a permanent that has it.
    pub fn activations_forbidden(&self, card: CardId) -> bool {
        self.get(card).is_some_and(|c| c.zone == BATTLEFIELD) && self.has_ability(card, "noactivatedability")
    }

    /// Whether the card has the keyword ability `name`, printed on a token or granted.
    pub fn has_ability(&self, card: CardId, name: &str) -> bool {
        self.get(card).is_some_and(|c| c.printed.abilities.contains(&name))
            || self.abilities.on(card).any(|(_, _, ability)| *ability == name)
            || (name == "haste" && self.hasted_by_suspend(card))
    }

    /// The names of `player`'s cards in `zone`, in order.
    pub fn names(&self, player: PlayerId, zone: ZoneIdx) -> Vec<String> {
        self.zone(player, zone).into_iter().filter_map(|card| self.get(card)).map(|c| c.printed.name.clone()).collect()
    }

    /// `player`'s cards in `zone` (a zone group: in each of its zones), in order.
    pub fn zone(&self, player: PlayerId, zone: ZoneIdx) -> Vec<CardId> {
        let members = catalogue::zone_members(zone.index());
        if members.len() > 1 {
            // A zone group: each member's cards, member after member.
            return members.into_iter().flat_map(|member| self.zone(player, ZoneIdx::new(member))).collect();
        }
        self.zone_of_one(player, zone)
    }

    /// The players whose zone `zone` (with its prefix) is for an effect run in `env`: `my`
    /// the source's controller's, `opp` their opponent's, `targeted` the zone of the player
    /// the source targets (Wagic's `playerTarget`; its controller's while it targets none,
    /// as Wagic's `MTGGameZone::intToZone` falls back), any other both players'.
    pub fn zone_players(&self, env: &Env, zone: ZoneRef) -> Vec<PlayerId> {
        match zone.prefix.map(|prefix| catalogue::ZONE_PREFIXES[prefix.index()].name) {
            Some("my") => vec![env.controller],
            Some("opp") => vec![self.opponent(env.controller)],
            Some("targeted") => {
                vec![self.get(env.source).and_then(|c| c.player_target).unwrap_or(env.controller)]
            }
            _ => vec![P0, P1],
        }
    }

    /// Whose zone a card is in: its controller's battlefield, its owner's other zones.
    pub(super) fn zone_player(&self, card: &Card) -> PlayerId {
        if card.zone == BATTLEFIELD { card.controller } else { card.owner }
    }

    /// Notes `card` cast by `player` this turn, for the `maxCast` limits.
    pub(super) fn note_cast(&mut self, player: PlayerId, card: CardId) {
        if self.cast_this_turn.len() < MAX_CAST_KEPT {
            self.cast_this_turn.push((player, card));
        }
    }

    /// Moves a card to its owner's `zone` (to its owner's battlefield), as a game would.
    pub fn move_to(&mut self, card: CardId, zone: ZoneIdx) {
        if let Some(owner) = self.get(card).map(|c| c.owner) {
            self.place(card, owner, zone, -1);
        }
    }

    /// Puts a card into `player`'s `zone` (`position` 0 of a library: its top); the
    /// table emits `movedto` for it. Nothing for an unknown handle.
    pub fn place(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) {
        // A discard is the move asked, whatever replaces its destination (`card_events.rs`).
        self.note_discard(card, zone);
        // `librarydeath`, Rest in Peace, `exiledeath`, persist: see `dies.rs`.
        let (zone, position) = self.flashback_destination(card, zone, position);
        self.forget_buyback(card, zone);
        self.forget_suspend(card, zone);
        self.forget_madness(card, zone);
        // Madness first, as Wagic replaces a discard's destination before any other.
        let (zone, position) = self.madness_destination(card, zone, position);
        let (zone, position) = self.replaced_destination(card, zone, position);
        self.note_persist(card, zone);
        if zone != BATTLEFIELD && zone != STACK {
            // A face-down card leaving the battlefield or the stack is revealed (rule 708.9).
            self.turn_face_up(card);
        }
        if zone != BATTLEFIELD {
            // A flipped card is its own card again once it leaves (`flip.rs`).
            self.unflip(card);
        }
        let Some(c) = self.get(card) else { return };
        let from = (self.zone_player(c), c.zone);
        self.next_order += 1;
        let order = if position == 0 && zone == LIBRARY { -self.next_order } else { self.next_order };
        // A card that moves is a new object: equipment attached to it falls off, and an
        // equipment that moves is attached to nothing. Each attachment ended is kept for
        // the move's triggers (`detached`).
        for (index, other) in self.cards.iter_mut().enumerate() {
            let source = CardId(index as u32);
            let ended = match other.attached {
                Some(target) if target == card => Some((source, target)),
                Some(target) if source == card => Some((source, target)),
                _ => None,
            };
            if let Some(ended) = ended {
                if other.attached == Some(card) {
                    other.attached = None;
                }
                if self.detaching.len() < MAX_DETACHED_KEPT {
                    self.detaching.push(ended);
                }
            }
        }
        // A `transforms(...) forever` change ends as its card becomes a new object; so do a
        // `loseabilities` and a `losesubtypesof` as it enters the battlefield anew (leaving,
        // it still has lost its abilities: its triggers on leaving do not fire, as in Wagic).
        let entering = zone == BATTLEFIELD;
        if self.effects.any_on(card) {
            self.effects.retain(|(id, code, target, _)| {
                let lost = matches!(code, EffectCode::LoseAbilities | EffectCode::LoseSubtypes | EffectCode::LivePump);
                // An ability given to the card is the old object's.
                let given = matches!(code, EffectCode::GivenTrigger | EffectCode::GivenAbility);
                !(*target == Value::Card(card) && (*id == FOREVER || given || (entering && lost)))
            });
        }
        // So do the keyword abilities of a `transforms(...) forever`.
        if self.abilities.on(card).any(|(id, ..)| *id == FOREVER) {
            self.abilities.retain(|(id, target, _)| !(*id == FOREVER && *target == Value::Card(card)));
        }
        // A card that moves is a new object: it dealt no damage this turn.
        self.damagers.retain(|damager| *damager != card);
        // Nor is a phase action waiting on it any more, nor one of its `sourceinplay`; a
        // spell's delayed draw is its controller's, whatever becomes of the card.
        self.phase_actions.retain(|(on, action)| {
            (*on != card
                || matches!(action.action, crate::host::PhaseAction::DRAW | crate::host::PhaseAction::OPPONENT_DRAWS))
                && !(action.source_in_play && action.source == card)
        });
        // Nor does it wait to return from a `(blink)`; a source leaving the battlefield
        // brings back what it exiled `forsrc` (`blink.rs`).
        self.note_blink_move(card, from.1);
        if from.1 == BATTLEFIELD
            && zone == GRAVEYARD
            && self.get(card).is_some_and(|c| c.printed.types.iter().any(|t| t == "creature"))
        {
            self.creature_died = true;
        }
        // A creature dealt damage this turn that dies is `vampired` by each card that
        // dealt it (Wagic's `WEventVampire`); moved anywhere, it is a new object.
        if from.1 == BATTLEFIELD && zone == GRAVEYARD {
            let died = self.victims.iter().filter(|(victim, _)| *victim == card);
            self.vampired.extend(died);
        }
        self.victims.retain(|(victim, _)| *victim != card);
        if zone == STACK && from.1 != STACK {
            self.spells_cast[0] = self.spells_cast[0].saturating_add(1);
            self.note_cast(player, card);
        }
        let Some(c) = self.get_mut(card) else { return };
        c.attached = None;
        c.activations = 0;
        c.upkeep_paid = false;
        c.echo_done = false;
        c.next_done = false;
        c.frozen = false;
        c.moved_from = Some(from);
        if !(entering && from.1 == STACK) {
            c.spent = [0; 6];
        }
        if entering || from.1 != zone {
            c.fresh = match zone {
                GRAVEYARD => from.1 == BATTLEFIELD || from.1 == STACK,
                STACK => false,
                _ => true,
            };
        }
        c.attacked = false;
        c.player_target = None;
        c.chosen_colour = None;
        c.chosen_type = None;
        c.card_target = None;
        c.zone = zone;
        c.order = order;
        if zone == BATTLEFIELD {
            c.controller = player;
            c.left_with = None;
        } else {
            // In a graveyard, in exile or on the stack a card keeps the controller it had
            // as it left the battlefield (last known information: a stolen creature
            // sacrificed for its own ability is still its thief's as the ability
            // resolves); in a hand or a library it is its owner's again, once its own
            // leaving has been seen (the table's settling hands it back after the
            // events of the move: Delusions of Mediocrity's controller loses the life).
            if (zone == HAND || zone == LIBRARY) && from.1 != BATTLEFIELD {
                c.controller = c.owner;
            }
            c.tapped = false;
            c.attacking = false;
            c.blocking = None;
            c.damage = 0;
            if from.1 == BATTLEFIELD {
                c.left_with = Some((c.counters, std::mem::take(&mut c.named)));
            }
            c.counters = (0, 0);
            c.named = super::counters::NamedCounters::default();
        }
        self.moved.push(card);
        self.zone_lists.forget();
    }
}
