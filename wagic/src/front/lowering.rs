//! The state of one card's lowering, which every `front/*.rs` lowers its constructs with:
//! the arena, the specs, the cards known by name and what the line being lowered met.

use bumpalo::Bump;
use compiler::Span;
use compiler::ir::{Action, Auto, Effect, Link, Statement};
use vm::bytecode::CommandIdx;

use super::Known;
use super::given;
use super::piece::Piece;
use super::restrictions::ActivationLimit;
use super::spec::SpecLowering;
use crate::catalogue::Command;

pub(super) struct Lowering<'i> {
    pub(super) arena: &'i Bump,
    /// The cards `token(id)` and `flip(Name)` name, when known.
    pub(super) known: Known<'i>,
    pub(super) specs: SpecLowering<'i>,
    /// The activation limits (`asSorcery`, `myTurnOnly`, `restriction{...}`) met in the
    /// line being lowered: they are written among the effect's words but are conditions
    /// of its activation.
    pub(super) activation_limits: std::cell::RefCell<Vec<ActivationLimit<'i>>>,
    /// Whether the line being lowered wrote `oneShot` (after an `aslongas(...)` effect).
    pub(super) one_shot: std::cell::Cell<bool>,
    /// Where the line being lowered wrote `this(test) flip(...)`: refused on a
    /// permanent's own line, whose test Wagic checks again whenever the game changes.
    pub(super) this_flip: std::cell::Cell<Option<Span>>,
    /// The line's `fog to(...)` and `fog from(...)`: Wagic's one-shot prevention until
    /// end of turn (`APreventDamageTypesUEOT`), checked once the line is lowered.
    pub(super) fog_seen: std::cell::Cell<super::prevent::FogSeen>,
    /// The card is an instant or a sorcery.
    pub(super) spell: bool,
    /// The card is an instant.
    pub(super) instant: bool,
    /// The card is an instant or a sorcery without `target=`: a line's card effect acts
    /// on the spell itself (Wagic's default target of a card effect is its source).
    pub(super) spell_untargeted: bool,
    /// The card is an Equipment: its lines' card effects act on the equipped creature.
    pub(super) equipment: bool,
    /// Whether the line being lowered is an `autohand=` line, whose card effect acts on
    /// the card in hand itself, a spell's too.
    pub(super) in_hand_line: std::cell::Cell<bool>,
    /// Whether the line being lowered is an activated `autograveyard=` line
    /// (`graveyard.rs`), whose card effects act on the card in the graveyard.
    pub(super) in_graveyard_line: std::cell::Cell<bool>,
    /// Whether the graveyard line being lowered grants an ability by `transforms(...)
    /// forever`, which only its card's own may.
    pub(super) forever_grant: std::cell::Cell<bool>,
    /// The one type every permanent the card may be attached to has (`creature` for an
    /// Equipment, `land` for an Aura of lands, `*` for an Aura of any permanent), for
    /// `teach(spec)`: `None` when it has none, or is no Aura or Equipment.
    pub(super) attached_type: Option<String>,
    /// The card is an instant or a sorcery whose mana cost has one `{X}`: `damage:X` is
    /// the X paid.
    pub(super) x_spell: bool,
    /// The card is a permanent whose mana cost has one `{X}`.
    pub(super) x_permanent: bool,
    /// Whether the line being lowered is a permanent's entering effect, where `X` is the X
    /// paid for it.
    pub(super) x_entering: std::cell::Cell<bool>,
    /// Whether the line being lowered read the X paid.
    pub(super) x_used: std::cell::Cell<bool>,
    /// Whether the effect being lowered is an activated ability's whose cost has `{X}`:
    /// `X` is the X paid for it.
    pub(super) x_cost: std::cell::Cell<bool>,
    /// Whether the statement being lowered has a `transforms(...)` `newability[...]` whose
    /// effect names a zone by whose it is (`moveTo(mybattlefield)`): Wagic reads it as the
    /// transformed card's controller's (`transforms.rs`).
    pub(super) newability_relative: std::cell::Cell<bool>,
    /// Whether the statement whose effects are being lowered has targets of its own
    /// (`target(...)`, `all(...)`, a player word): a prevention's `from(mytgt)` stands for
    /// them (`prevent.rs`).
    pub(super) statement_targeted: std::cell::Cell<bool>,
    /// Whether an earlier `&&` part of the line chooses the one `target(...)` the parts
    /// share (`0/0 target(creature) && fog from(mytgt)`): a later part acts on it, so its
    /// `mytgt` stands for it (`prevent.rs`).
    pub(super) line_target_before: std::cell::Cell<bool>,
    /// Whether the statement whose effects are being lowered has a target that may be a
    /// card (not only `controller` or `opponent`): Wagic's amounts of a player or a card
    /// (`phandcount`, `power`) read that card's then (`amount.rs`).
    pub(super) statement_card_target: std::cell::Cell<bool>,
    /// Whether the statement being lowered has a `newability[pay[[cost]] ...]`, whose
    /// payer is its one target's controller (`transforms.rs`).
    pub(super) paid_new_ability: std::cell::Cell<bool>,
    /// The card is an instant or a sorcery whose `target=` has a count (`<2>creature`).
    pub(super) spell_targets_several: bool,
    /// Whether the statement whose effect is being lowered ends at the end of the turn
    /// (`ueot`): a `transforms(...) ueot`'s new ability timed `ueot` too ends with it.
    pub(super) until_end_of_turn: std::cell::Cell<bool>,
    /// The triggered abilities the card gives other cards (`transforms((,newability[@...]))
    /// ueot` on a target: `transforms.rs`), in the order their `givetrigger(n)` number
    /// them: hook autos after all the card's others, the last numbered 0.
    pub(super) given_triggers: std::cell::RefCell<Vec<Auto<'i>>>,
    /// The abilities of the emblems the card makes (`emblem.rs`), in the order their
    /// `emblem(first, count, lasts)` number them: autos after its graveyard ones.
    pub(super) emblem_autos: std::cell::RefCell<Vec<Auto<'i>>>,
    /// Where a triggered or activated ability is given to other cards for longer than the
    /// turn, with the refusal's message: only a lord's line, an Aura's or an Equipment's
    /// static line may (`line.rs`, `aura.rs` take it then); one left is refused
    /// (`transforms.rs`).
    pub(super) lasting_given: std::cell::Cell<Option<(Span, &'static str)>>,
    /// The activated abilities the card gives by `transforms((,newability[{cost}:effect]))`
    /// (`transforms.rs`), each with its text, in the order their `giveability(n)` number
    /// them: given actions after its taught ones, the last numbered 0.
    pub(super) given_actions: std::cell::RefCell<Vec<(Action<'i>, String)>>,
    /// The chains of the card's `nonstatic` counted pumps, in their numbers' order, with
    /// where each is written: each is held by a continuous auto (`counted_pump.rs`).
    pub(super) live_pumps: std::cell::RefCell<Vec<(Span, &'i [Link<'i>])>>,
    /// The card is an instant or sorcery whose `target=` is among its controller's cards
    /// only (`creature|mygraveyard`): their controller is the spell's.
    pub(super) spell_target_mine: bool,
    /// Whether the line being lowered is an auto on a `damaged` event, where Wagic's
    /// `trigger[from]` is the damage's source (`WEventDamage`), not the damaged object.
    pub(super) damage_trigger: std::cell::Cell<bool>,
    /// Whose life change the line being lowered triggers on (`@lifeof(player)`...), when
    /// it does: its `thatmuch` is how much (`trigger.rs`).
    pub(super) life_trigger: std::cell::Cell<Option<super::trigger::LifePlayer>>,
    /// Whether the line being lowered has a cost that sacrifices, exiles, returns, taps or
    /// discards a card (`{S(spec)}`, `{E}`...): Wagic's `storedpower` of its effect is that
    /// card's (`amount.rs`).
    pub(super) stored_cost: std::cell::Cell<bool>,
    /// Whether the activated line being lowered sacrifices its own card (`{S}`), noting no
    /// other card, and reads that card's amount in a `dynamicability`: the amount is the
    /// snapshot its cost took (`dynamic.rs`).
    pub(super) sacrificed_source: std::cell::Cell<bool>,
    /// Whether the effect being lowered is an activated ability's (after its cost).
    pub(super) activated_line: std::cell::Cell<bool>,
    /// Whether the statement about to be lowered may choose a `dynamicability`'s one-card
    /// target and leave its effect to statements after it (a line of one `&&` part):
    /// taken by [`Lowering::statement`] as it starts.
    pub(super) dynamic_split: std::cell::Cell<bool>,
    /// The statements a `dynamicability` statement left to follow it (`dynamic_choice.rs`),
    /// taken by the line lowering it.
    pub(super) dynamic_after: std::cell::RefCell<Vec<Statement<'i>>>,
    /// On a line of `blocking` or `blocked` events, whether Wagic's `trigger[from]` is the
    /// other creature of the pair (`WEventCardBlocked`'s opponent, the event's `combatfoe`),
    /// or is not one thing (an `attacking` event among them, whose `trigger[from]` is the
    /// attacker); `None` on any other line.
    pub(super) combat_foe: std::cell::Cell<Option<bool>>,
    /// The variable Wagic's `trigger[from]` is on a line of a `targeted` event (the
    /// targeting spell's or ability's card, `WEventTarget`'s source) or a `vampired` one
    /// (the card that dealt the damage, `WEventVampire`'s source).
    pub(super) trigger_from: std::cell::Cell<Option<&'static str>>,
    /// Whether the trigger last read has `turnlimited` (its auto costs `turnonce`).
    pub(super) turn_limited: std::cell::Cell<bool>,
    /// Whether the trigger last read is `@combat(attackedalone)` (Wagic's
    /// `TrCardAttackedAlone`): an `attacking` trigger whose effect runs only when that
    /// creature is the one attacker.
    pub(super) attacked_alone: std::cell::Cell<bool>,
    /// Whether the trigger last read has `once` (Wagic's `mOnce`: it fires once while its
    /// card is in play; its auto costs `nextonce`).
    pub(super) once: std::cell::Cell<bool>,
    /// The arguments of the `movechosen` the effect word `movechosen` stands for, set by a
    /// statement given to another player (`given.rs`) just before its effect is lowered:
    /// the count, the cards it is chosen among, the zone they go to and how (the index in
    /// `catalogue::CHOSEN_MOVES`). Taken once, so a card writing `movechosen` itself finds
    /// none.
    pub(super) chosen_move: std::cell::Cell<Option<given::ChosenMove<'i>>>,
    /// Whether Wagic's `targetedplayer` is the opponent on this card (`targeted_player.rs`).
    pub(super) targeted_opponent: bool,
    /// The card is an instant or sorcery targeting a player (`target=player`): Wagic's
    /// `targetedplayer` is that player, its statements' default target.
    pub(super) spell_targets_player: bool,
    /// The card is an Aura: `@each targetcontroller` is the enchanted permanent's
    /// controller's.
    pub(super) aura: bool,
    /// Whose the player word `targetcontroller` is, on this card.
    pub(super) target_controller: TargetController,
    /// Whether the card's printed text (`text=`) has the word "may": a move onto the
    /// battlefield given to another player is then theirs to decline (`given.rs`).
    pub(super) printed_may: bool,
    /// Whether one of the card's `auto=` lines puts its controller's own card onto the
    /// battlefield without `may` (Show and Tell's `moveto(ownerbattlefield)
    /// notatarget(...)`): a target its controller must take.
    pub(super) own_battlefield_move: bool,
    /// Whether a part of the effect being lowered is a permanent's static effect done
    /// once per `thisforeach(...)` count, which a continuous effect counts again after
    /// every change (`thisforeach.rs`).
    pub(super) counted_static: std::cell::Cell<bool>,
    /// The card whose `thisforeach(...)` counts are read: `None` for the source, the
    /// catalogue variable `enchanted` or `equipped` on a line `teach(...)` gives that
    /// permanent (Wagic's `ATeach` makes it the ability's source).
    pub(super) foreach_subject: std::cell::Cell<Option<&'static str>>,
    /// Whether the abilities being lowered are given to Equipment (Puresteel Paladin's
    /// `lord(equipment|mybattlefield) transforms((,newability[{0}:rehook ...]))`): `rehook`
    /// and `equip` in them attach the Equipment that has them, as its own would.
    pub(super) given_to_equipment: std::cell::Cell<bool>,
    /// Where a later `&&` part under a wrapper of its own lasts without an end, on the
    /// line being lowered (`part_wrapper.rs`): refused on a permanent's own line.
    pub(super) part_lasting: std::cell::Cell<Option<Span>>,
}

/// Whose Wagic's player word `targetcontroller` is: the controller of the ability's target
/// (`getPlayerFromTarget`), which is the card's chosen target or, on an Aura, the
/// enchanted permanent.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum TargetController {
    /// On an Aura: the enchanted permanent's controller.
    Enchanted,
    /// On an instant or sorcery whose `target=` is one card: that card's controller (its
    /// owner once it left the battlefield, as the board keeps it).
    SpellTarget,
    /// Elsewhere: not compiled.
    Refused,
}

/// A statement calling `command` without arguments.
pub(super) fn call_statement<'i>(arena: &'i Bump, command: Command, at: Piece<'_>) -> Statement<'i> {
    let command = CommandIdx::new(command.index());
    let link = Link { operator: None, effect: Effect::Call { command, confirm: false, args: &[] } };
    Statement {
        condition: None,
        target: None,
        restriction: None,
        chain: arena.alloc_slice_copy(&[link]),
        otherwise: None,
        span: at.span(),
    }
}
