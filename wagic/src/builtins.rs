//! The Wagic builtins on [`WagicHost`]: every command (one exhaustive `match` over
//! [`Command`]), the expression functions a trigger's spec compiles to, and the cost
//! symbols. Each command reports failure exactly as its catalogue `fails_when` says.
//! Moves a builtin makes are the host's to follow: it emits `movedto` and keeps the
//! runtime's cards in play in step with its battlefield.

use vm::bytecode::AbilityIdx;
use vm::bytecode::{ZoneIdx, ZoneRef};
use vm::runtime::{BuiltinFn, Builtins, CallContext, CardId, CostPhase, PlayerId, Status, Trap, TrapCode, Value};

use crate::catalogue::{self, CATALOGUE, Command};
use crate::host::{Colour, EffectCode, Token, TokenCopy, WagicHost};

mod costs;
mod counter_cost;
mod fizzle;
mod hybrid_cost;
mod pay;
mod permanents;
pub(crate) mod prevent;
pub(crate) mod proliferate;
mod snow_cost;
mod x_cost;
pub use costs::GENERIC_ORDER;
use costs::*;
pub(crate) use hybrid_cost::hybrid_ways;
use hybrid_cost::*;
pub(crate) use pay::{payer_of_tag, read_pay_cost};
mod alias;
mod choice;
mod chosen_type;
mod conditions;
mod discard;
mod functions;
mod move_chosen;
mod timed;
pub use functions::MAX_REPEATS;
use functions::*;
use timed::*;

/// The result of a builtin.
type Res = Result<Status, Trap>;

fn status(ok: bool) -> Status {
    if ok { Status::Success } else { Status::Failure }
}

fn target_cards<H: WagicHost>(ctx: &CallContext<'_, H>) -> Vec<CardId> {
    ctx.targets().iter().filter_map(|target| target.as_card()).collect()
}

/// The players a player command acts on: the player targets, each once, and the
/// controller of each card target (Wagic's rule: a card target stands for its controller),
/// once per card, as Wagic's `all(spec)` resolves the effect once on each card it matches
/// (Barbed Shocker's `all(*|opponenthand)` ... `newability[draw:1]`: a card per card).
fn target_players<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Vec<PlayerId> {
    let targets = ctx.targets().to_vec();
    let mut players = Vec::new();
    for target in targets {
        match target {
            Value::Player(player) if !players.contains(&player) => players.push(player),
            Value::Card(card) => players.push(ctx.host().controller(card)),
            _ => {}
        }
    }
    players
}

/// The zones the builtins read by number, in [`catalogue::ZONES`] order.
const BATTLEFIELD: ZoneIdx = ZoneIdx(0);
const HAND: ZoneIdx = ZoneIdx(1);
const GRAVEYARD: ZoneIdx = ZoneIdx(2);
const LIBRARY: ZoneIdx = ZoneIdx(3);
const EXILE: ZoneIdx = ZoneIdx(4);
const STACK: ZoneIdx = ZoneIdx(5);

/// Charges one unit of fuel per card of `player`'s pile `zone` and says whether it holds
/// a card, asking the host for none of its cards ([`vm::runtime::Host::pile_top_cards`]
/// with 0; its default lists the pile into the runtime's reused buffer, no allocation):
/// a builtin whose work grows with the pile (a shuffle, a cost that looks at the hand)
/// pays as the CFC builtins do ([`CallContext::charge`]), so that a loop of it is bounded
/// by the loop's budget.
fn charge_pile<H: WagicHost>(ctx: &mut CallContext<'_, H>, player: PlayerId, zone: ZoneIdx) -> Result<bool, Trap> {
    ctx.read_pile_top(player, zone, 0, |ctx, _, len| {
        ctx.charge(len)?;
        Ok(len > 0)
    })
}

/// Charges one unit of fuel per card a host primitive moved (`draw:n`, `discard:n`,
/// `deplete:n` move up to n cards, as many as the pile holds): n is the card's to write
/// and may be far more than the pile, so what was moved is paid, once moved. The cards
/// stay moved when the budget is spent; the trap ends the cascade, as after any command.
fn charge_moved<H: WagicHost>(ctx: &mut CallContext<'_, H>, moved: i32) -> Result<(), Trap> {
    ctx.charge(usize::try_from(moved).unwrap_or(0))
}

fn int_arg<H: WagicHost>(ctx: &CallContext<'_, H>, index: usize, default: i32) -> i32 {
    ctx.arg(index).as_int().unwrap_or(default)
}

/// Argument 0 times the cards of argument 1, a filter (`per`), when it is one (Wagic's
/// `type:spec:zone` amounts), counted as the effect resolves.
fn amount_per<H: WagicHost>(ctx: &mut CallContext<'_, H>, default: i32) -> Result<i32, Trap> {
    amount_times(ctx, 0, 1, default)
}

/// Argument `amount` (`default` when absent) times the cards argument `per` matches, when
/// that is a filter, counted as the effect resolves.
fn amount_times<H: WagicHost>(
    ctx: &mut CallContext<'_, H>,
    amount: usize,
    per: usize,
    default: i32,
) -> Result<i32, Trap> {
    let amount = int_arg(ctx, amount, default);
    let Value::Filter(filter) = ctx.arg(per) else { return Ok(amount) };
    let found = ctx.resolve(filter)?;
    let count = i32::try_from(ctx.list(found.candidates).len()).unwrap_or(i32::MAX);
    Ok(amount.saturating_mul(count))
}

/// `damage:n` to each target, dealt by the source or argument `from`. Damage aimed at the opponent of its controller who controls
/// a planeswalker is dealt, as its controller chooses, to that player or to one of those
/// planeswalkers (Wagic's `AADamager::resolve` opens that menu).
fn damage<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = amount_per(ctx, 0)?;
    // Argument `from`, a card, deals it in the source's place.
    let source = match ctx.arg(2) {
        Value::Card(card) => card,
        _ => ctx.env().source,
    };
    let mut targets = ctx.targets().to_vec();
    let controller = ctx.env().controller;
    let redirected = targets.iter().enumerate().find_map(|(at, target)| match *target {
        Value::Player(player) if player != controller => {
            let walkers = planeswalkers_of(ctx, player);
            (!walkers.is_empty()).then_some((at, player, walkers))
        }
        _ => None,
    });
    if let Some((at, player, walkers)) = redirected {
        let mut choices = vec![Value::Player(player)];
        choices.extend(walkers.into_iter().map(Value::Card));
        match ctx.answer().and_then(|answer| answer.first().copied()) {
            // An answer that is none of the choices leaves the damage on the player.
            Some(chosen) if choices.contains(&chosen) => targets[at] = chosen,
            Some(_) => {}
            None => return ctx.choose(0, &choices, 1, 1, None),
        }
    }
    let mut dealt = false;
    for target in targets {
        dealt |= ctx.host().deal_damage(source, target, amount);
    }
    Ok(status(dealt))
}

/// The planeswalkers `player` controls.
fn planeswalkers_of<H: WagicHost>(ctx: &mut CallContext<'_, H>, player: PlayerId) -> Vec<CardId> {
    let mut permanents = Vec::new();
    ctx.host().pile_cards(player, BATTLEFIELD, &mut permanents);
    permanents
        .into_iter()
        .filter_map(|value| value.as_card())
        .filter(|card| ctx.host().has_type_word(*card, "planeswalker"))
        .collect()
}

/// Runs `change` with `amount` on each target player ([`target_players`]); fails with
/// no player.
fn on_players<H: WagicHost>(ctx: &mut CallContext<'_, H>, amount: i32, change: fn(&mut H, PlayerId, i32)) -> Res {
    let players = target_players(ctx);
    for &player in &players {
        change(ctx.host(), player, amount);
    }
    Ok(status(!players.is_empty()))
}

fn life<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = amount_per(ctx, 0)?;
    on_players(ctx, amount, H::change_life)
}

fn alter_poison<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = int_arg(ctx, 0, 0);
    on_players(ctx, amount, H::alter_poison)
}

/// `turns:n`: each target player takes n extra turns, or skips -n.
fn turns<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = int_arg(ctx, 0, 0);
    on_players(ctx, count, H::add_turns)
}

/// The step numbered `index` in [`crate::testfile::PHASES`], if a card may skip it.
fn skippable_step(index: i32) -> Option<crate::testfile::Phase> {
    let phase = crate::testfile::PHASES.get(usize::try_from(index).ok()?)?.0;
    crate::table::skippable(phase).then_some(phase)
}

/// `skipstep(step, nextturn)`: each target player skips their next such step, or every
/// such step of their next turn (`table/phase_alter.rs`).
fn skip_step<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(phase) = skippable_step(int_arg(ctx, 0, -1)) else { return Ok(Status::Failure) };
    let scope = if int_arg(ctx, 1, 0) != 0 { crate::table::SkipScope::NextTurn } else { crate::table::SkipScope::Next };
    let players = target_players(ctx);
    for &player in &players {
        ctx.host().skip_step(player, phase, scope);
    }
    Ok(status(!players.is_empty()))
}

/// `skipsteps(step)`: each target player skips each such step while the effect lasts.
fn skip_steps<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let step = int_arg(ctx, 0, -1);
    if skippable_step(step).is_none() {
        return Ok(Status::Failure);
    }
    let players = target_players(ctx);
    for &player in &players {
        record(ctx, EffectCode::SkipSteps, Value::Player(player), step)?;
    }
    Ok(status(!players.is_empty()))
}

/// `emblem(first, count, lasts)`: each target player gets an emblem with the source's
/// emblem autos `first..first + count` (`table/emblem.rs`).
fn emblem<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let (Ok(first), Ok(count)) = (u16::try_from(int_arg(ctx, 0, -1)), u16::try_from(int_arg(ctx, 1, -1))) else {
        return Ok(Status::Failure);
    };
    let Some(lasts) = crate::table::EmblemLasts::from_code(int_arg(ctx, 2, -1)) else { return Ok(Status::Failure) };
    let source = ctx.env().source;
    let players = target_players(ctx);
    for &player in &players {
        ctx.host().make_emblem(source, player, first, count, lasts);
    }
    Ok(status(!players.is_empty()))
}

/// `extracombat(withmain, after)`: each target player has an extra combat phase in their
/// turn (`table/phase_alter.rs`).
fn extra_combat<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    use crate::table::{ExtraCombat, ExtraCombatAfter};
    let with_main = int_arg(ctx, 0, 0) != 0;
    let after = if int_arg(ctx, 1, 0) != 0 { ExtraCombatAfter::CombatEnd } else { ExtraCombatAfter::This };
    let players = target_players(ctx);
    for &player in &players {
        ctx.host().add_extra_combat(player, ExtraCombat { after, with_main });
    }
    Ok(status(!players.is_empty()))
}

/// `wingame`: each target player wins the game, if nothing keeps it from winning.
fn win_game<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let source = ctx.env().source;
    let players = target_players(ctx);
    let mut won = false;
    for &player in &players {
        won |= ctx.host().win_game(player, source);
    }
    Ok(status(won))
}

/// `lifeset:n`: each target player gains or loses the difference between n and its life.
fn life_set<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = amount_per(ctx, 0)?;
    let players = target_players(ctx);
    for &player in &players {
        let difference = amount.saturating_sub(ctx.host().life(player));
        ctx.host().change_life(player, difference);
    }
    Ok(status(!players.is_empty()))
}

fn draw<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = amount_per(ctx, 1)?;
    let mut all = true;
    for player in target_players(ctx) {
        let moved = ctx.host().draw(player, count);
        charge_moved(ctx, moved)?;
        all &= moved == count;
    }
    Ok(status(all))
}

fn discard<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = int_arg(ctx, 0, 1);
    let mut all = true;
    for player in target_players(ctx) {
        let moved = ctx.host().discard(player, count);
        charge_moved(ctx, moved)?;
        all &= moved == count;
    }
    Ok(status(all))
}

fn deplete<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = amount_per(ctx, 1)?;
    let mut all = true;
    for player in target_players(ctx) {
        let moved = ctx.host().deplete(player, count);
        charge_moved(ctx, moved)?;
        all &= moved == count;
    }
    Ok(status(all))
}

fn destroy_with<H: WagicHost>(ctx: &mut CallContext<'_, H>, can_regenerate: bool) -> Res {
    let mut any = false;
    for card in target_cards(ctx) {
        any |= ctx.host().destroy(card, can_regenerate);
    }
    Ok(status(any))
}

fn destroy<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    destroy_with(ctx, true)
}

fn bury<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    destroy_with(ctx, false)
}

fn set_tapped<H: WagicHost>(ctx: &mut CallContext<'_, H>, tapped: bool) -> Res {
    let mut any = false;
    for card in target_cards(ctx) {
        any |= ctx.host().set_tapped(card, tapped);
    }
    Ok(status(any))
}

fn tap<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    set_tapped(ctx, true)
}

fn untap<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    set_tapped(ctx, false)
}

/// The player whose zone `zone` names for `card`: `my` the source's controller, `opp`
/// that player's opponent, `targeted` the player the source targets (its controller while
/// it targets none, as Wagic's `MTGGameZone::intToZone` falls back), otherwise (`owner`,
/// none) the card's owner.
fn zone_player<H: WagicHost>(ctx: &mut CallContext<'_, H>, zone: ZoneRef, card: CardId) -> PlayerId {
    let controller = ctx.env().controller;
    match zone.prefix.map(|prefix| catalogue::ZONE_PREFIXES[prefix.index()].name) {
        Some("my") => controller,
        Some("opp") => ctx.host().opponent(controller),
        Some("targeted") => {
            let source = ctx.env().source;
            ctx.host().player_target(source).unwrap_or(controller)
        }
        _ => ctx.host().owner(card),
    }
}

fn move_to<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Value::Pile(zone) = ctx.arg(0) else { return Ok(Status::Failure) };
    let how = move_chosen::Away::of(ctx.keyword_arg(1)?, zone);
    let cards = target_cards(ctx);
    Ok(status(move_chosen::put_away(ctx, &cards, how)))
}

/// `moverandom(zone, cards)`: one card the filter matches, drawn at random, into the zone.
fn move_random<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let (Value::Pile(zone), Value::Filter(filter)) = (ctx.arg(0), ctx.arg(1)) else { return Ok(Status::Failure) };
    let found = ctx.resolve(filter)?;
    let cards: Vec<CardId> = ctx.list(found.candidates).iter().filter_map(|value| value.as_card()).collect();
    let Ok(bound @ 1..) = u32::try_from(cards.len()) else { return Ok(Status::Failure) };
    let drawn = ctx.host().random(bound);
    let Some(&card) = usize::try_from(drawn).ok().and_then(|index| cards.get(index)) else {
        return Ok(Status::Failure);
    };
    let player = zone_player(ctx, zone, card);
    Ok(status(ctx.host().move_card(card, player, zone.zone, 0)))
}

fn counter<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let (power, toughness, count) = (int_arg(ctx, 0, 0), int_arg(ctx, 1, 0), amount_times(ctx, 2, 4, 1)?);
    let cards = target_cards(ctx);
    if let Value::Str(_) = ctx.arg(3) {
        let name = string_arg(ctx, 3)?;
        for &card in &cards {
            ctx.host().add_named_counters(card, &name, count);
        }
        return Ok(status(!cards.is_empty()));
    }
    for &card in &cards {
        ctx.host().add_counters(card, power, toughness, count);
    }
    Ok(status(!cards.is_empty()))
}

fn add<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let colour = ctx.keyword_arg(0)?.unwrap_or(0);
    let count = int_arg(ctx, 1, 1);
    let source = ctx.env().source;
    let snow = ctx.host().makes_snow_mana(source);
    for player in target_players(ctx) {
        if snow {
            ctx.host().add_snow_mana(player, colour, count);
        } else {
            ctx.host().add_mana(player, colour, count);
        }
    }
    if matches!(ctx.arg(2), Value::Bool(true)) {
        ctx.host().tapped_for_mana(source);
    }
    Ok(Status::Success)
}

fn shuffle<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    for player in target_players(ctx) {
        // Shuffling moves every card of the library: paid for as reading it is.
        charge_pile(ctx, player, LIBRARY)?;
        ctx.host().shuffle_library(player);
    }
    Ok(Status::Success)
}

fn as_long_as<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Value::Filter(filter) = ctx.arg(0) else { return Ok(Status::Failure) };
    let criterion = ctx.keyword_arg(1)?.unwrap_or(0);
    let mut bound = int_arg(ctx, 2, 0);
    let found = ctx.resolve(filter)?;
    let count = i32::try_from(ctx.list(found.candidates).len()).unwrap_or(i32::MAX);
    if let Value::Filter(against) = ctx.arg(3) {
        let found = ctx.resolve(against)?;
        bound = bound.saturating_add(i32::try_from(ctx.list(found.candidates).len()).unwrap_or(i32::MAX));
    }
    Ok(status(criterion_holds(criterion, count, bound)))
}

/// Whether `count` is more than (`morethan`, the default), less than, equal to or not
/// equal to `bound`, the criterion being an index in [`catalogue::CRITERIA`].
fn criterion_holds(criterion: u16, count: i32, bound: i32) -> bool {
    match catalogue::CRITERIA.get(usize::from(criterion)).map(|named| named.name) {
        Some("lessthan") => count < bound,
        Some("equalto") => count == bound,
        Some("notequalto") => count != bound,
        _ => count > bound,
    }
}

/// `spellslastturn` (`lastturn(*|stack)~criterion~n`): whether the criterion holds for
/// the spells cast last turn.
fn spells_last_turn<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let criterion = ctx.keyword_arg(0)?.unwrap_or(0);
    let bound = int_arg(ctx, 1, 0);
    let count = ctx.host().spells_cast_last_turn();
    Ok(status(criterion_holds(criterion, count, bound)))
}

/// `holds(test)`: whether the test is true.
fn holds<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    Ok(status(matches!(ctx.arg(0), Value::Bool(true))))
}

/// `equip`, and an Aura's `enchant`: attaches the source to its target permanent.
fn equip<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let source = ctx.env().source;
    let mut attached = false;
    for card in target_cards(ctx) {
        attached |= ctx.host().attach(source, card);
    }
    Ok(status(attached))
}

/// `foreach`: the compiler turns it into a loop, so the runtime never calls this builtin;
/// it is registered (succeeding) so that the table is complete.
fn foreach<H: WagicHost>(_ctx: &mut CallContext<'_, H>) -> Res {
    Ok(Status::Success)
}

/// The index of each word of `text` in `names`; a [`TrapCode::BadArgument`] trap for a
/// word that is none of them (the front end writes only known words: a bundle made by
/// hand may not).
fn word_indices(text: &str, names: impl Fn(&str) -> Option<usize>) -> Result<Vec<u16>, Trap> {
    text.split_ascii_whitespace()
        .map(|word| names(word).and_then(|index| u16::try_from(index).ok()).ok_or(Trap::new(TrapCode::BadArgument)))
        .collect()
}

/// The keyword abilities named by the words of `text` (a token's, a copy's `with(...)`).
fn ability_indices(text: &str) -> Result<Vec<AbilityIdx>, Trap> {
    let indices = word_indices(text, |word| catalogue::position(catalogue::ABILITIES, word))?;
    Ok(indices.into_iter().map(|index| AbilityIdx::new(usize::from(index))).collect())
}

/// `token(...)*n`: n tokens for each target player, and for each target card's controller
/// (`targetcontroller` leaves the targets to the statement). One unit of fuel is taken
/// before each token is made, so that the count, which a bundle may make huge, is bounded
/// by the budget.
fn token<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let name = string_arg(ctx, 0)?;
    let types_text = string_arg(ctx, 1)?;
    let (power, toughness) = (int_arg(ctx, 2, 0), int_arg(ctx, 3, 0));
    let colours_text = string_arg(ctx, 4)?;
    let abilities_text = string_arg(ctx, 5)?;
    let count = amount_times(ctx, 6, 7, 1)?;
    let colours: Vec<Colour> =
        word_indices(&colours_text, |word| catalogue::COLOUR_NAMES.iter().position(|name| *name == word))?;
    let abilities = ability_indices(&abilities_text)?;
    let types: Vec<&str> = types_text.split_ascii_whitespace().collect();
    let source = ctx.env().source;
    let attach = int_arg(ctx, 8, 0) == 1;
    let token =
        Token { name: &name, types: &types, power, toughness, colours: &colours, abilities: &abilities, source };
    make_tokens(ctx, count, |host, player| {
        let made = host.create_token(player, &token)?;
        if attach {
            // Living weapon: attached as it is made, before any state-based action sees
            // the 0/0 Germ.
            host.attach(source, made);
        }
        Some(made)
    })
}

/// `tokencard(card)*n` (`token(id)*n`): n tokens of the card named `card` for each target
/// player, and for each target card's controller, as `token` makes them.
fn token_card<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let card = string_arg(ctx, 0)?;
    let count = amount_times(ctx, 1, 2, 1)?;
    let source = ctx.env().source;
    make_tokens(ctx, count, |host, player| host.create_card_token(player, &card, source))
}

/// `clone [with(...)] [addtype(...)]`: a token copy of each target card, for the effect's
/// controller (Wagic's `AACloner` gives it to the source's controller, whoever controls
/// the card copied). One unit of fuel is taken before each.
fn clone<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let abilities_text = string_arg(ctx, 0)?;
    let types_text = string_arg(ctx, 1)?;
    let abilities = ability_indices(&abilities_text)?;
    let types: Vec<&str> = types_text.split_ascii_whitespace().collect();
    let (controller, source) = (ctx.env().controller, ctx.env().source);
    let mut made = false;
    for card in target_cards(ctx) {
        ctx.charge(1)?;
        let copy = TokenCopy { card, abilities: &abilities, types: &types, source };
        if ctx.host().create_copy_token(controller, &copy).is_none() {
            break;
        }
        made = true;
    }
    Ok(status(made))
}

/// `count` tokens `make` puts onto the battlefield of each target player, and of each
/// target card's controller; one unit of fuel is taken before each. Making stops when the
/// host can hold no more cards.
fn make_tokens<H: WagicHost>(
    ctx: &mut CallContext<'_, H>,
    count: i32,
    mut make: impl FnMut(&mut H, PlayerId) -> Option<CardId>,
) -> Res {
    let targets = ctx.targets().to_vec();
    let mut made = false;
    'targets: for target in targets {
        let player = match target {
            Value::Player(player) => player,
            Value::Card(card) => ctx.host().controller(card),
            _ => continue,
        };
        for _ in 0..count.max(0) {
            ctx.charge(1)?;
            if make(ctx.host(), player).is_none() {
                break 'targets;
            }
            made = true;
        }
    }
    Ok(status(made))
}

/// The implementation of `command`.
pub fn command<H: WagicHost>(command: Command) -> BuiltinFn<H> {
    match command {
        Command::Damage => damage,
        Command::Life => life,
        Command::WinGame => win_game,
        Command::Proliferate => proliferate::proliferate,
        Command::CantBeTargetOf => cant_be_target_of,
        Command::AlterPoison => alter_poison,
        Command::Pay => pay::pay,
        Command::DiscardChosen => discard::discard_chosen,
        Command::MoveChosen => move_chosen::move_chosen,
        Command::LifeSet => life_set,
        Command::Draw => draw,
        Command::Discard => discard,
        Command::Deplete => deplete,
        Command::Destroy => destroy,
        Command::Bury => bury,
        Command::Tap => tap,
        Command::Untap => untap,
        Command::Pump => pump,
        Command::MoveTo => move_to,
        Command::MoveRandom => move_random,
        Command::Counter => counter,
        Command::Add => add,
        Command::Prevent => prevent,
        Command::Regenerate => regenerate,
        Command::Shuffle => shuffle,
        Command::AsLongAs => as_long_as,
        Command::Foreach => foreach,
        Command::ChoiceOption => choice::offer,
        Command::Chosen => choice::chosen,
        Command::Token => token,
        Command::TokenCard => token_card,
        Command::Clone => clone,
        Command::Turns => turns,
        Command::Equip | Command::Enchant => equip,
        Command::Control => control,
        Command::Fog => fog,
        Command::CantBeBlockedBy => cant_be_blocked_by,
        Command::CantBeBlockerOf => cant_be_blocker_of,
        Command::SpiritLink => spirit_link,
        Command::Transforms => transforms,
        Command::DivideDamage => divide_damage,
        Command::SacrificeForPower => sacrifice_for_power,
        Command::DestroyCombatOpponents => alias::destroy_combat_opponents,
        Command::LoseAbilities => lose_abilities,
        Command::Swap => switch_power_toughness,
        Command::LoseSubtypesOf => lose_subtypes_of,
        Command::Fizzle => fizzle::fizzle,
        Command::LivePump => live_pump,
        Command::GiveTrigger => give_trigger,
        Command::GiveAbility => give_ability,
        Command::Bushido => bushido,
        Command::ExtraLands => extra_lands,
        Command::HandModifier => hand_modifier,
        Command::MaxCast => max_cast,
        Command::SkipStep => skip_step,
        Command::SkipSteps => skip_steps,
        Command::ExtraCombat => extra_combat,
        Command::Emblem => emblem,
        Command::PhaseAction => phase_action,
        Command::Frozen => permanents::frozen,
        Command::RemoveFromCombat => permanents::remove_from_combat,
        Command::BottomOfLibrary => permanents::bottom_of_library,
        Command::Flip => permanents::flip,
        Command::Blink => permanents::blink,
        Command::SpellsLastTurn => spells_last_turn,
        Command::Holds => holds,
        Command::PreventDamage => prevent::prevent_damage,
        Command::ProtectionFrom => protection_from,
        Command::DoNothing => do_nothing,
        Command::PlayerTarget => player_target,
        Command::ChooseColor => choice::choose_colour,
        Command::ChosenColor => choice::colour_chosen,
        Command::ChooseType => chosen_type::choose_type,
        Command::CardTarget => chosen_type::card_target,
    }
}

/// `playertarget` (Wagic's `playerTarget`): the source targets its first target player,
/// whose zones the prefix `targeted` then names. Succeeds whatever it finds, so that a
/// spell's effects after it run.
fn player_target<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let source = ctx.env().source;
    let first = ctx.targets().iter().find_map(|target| target.as_player());
    if let Some(player) = first {
        ctx.host().set_player_target(source, player);
    }
    Ok(Status::Success)
}

/// `donothing` (Wagic's `AAFakeAbility`, whose `resolve` only returns): succeeds, changing
/// nothing.
fn do_nothing<H: WagicHost>(_ctx: &mut CallContext<'_, H>) -> Res {
    Ok(Status::Success)
}

/// Argument `index` as a string of the program ('' when it is none), charged as
/// [`CallContext::charge_text`] says: the functions below copy and compare it at each call.
pub(super) fn string_arg<H: WagicHost>(ctx: &mut CallContext<'_, H>, index: usize) -> Result<String, Trap> {
    let text = match ctx.arg(index) {
        Value::Str(idx) => ctx.program().string(idx).map(str::to_owned).unwrap_or_default(),
        _ => String::new(),
    };
    ctx.charge_text(text.len())?;
    Ok(text)
}

/// The Wagic builtin table for any host implementing [`WagicHost`]: every command,
/// function and cost of [`CATALOGUE`].
pub fn builtins<H: WagicHost>() -> Builtins<H> {
    let mut table = Builtins::new(&CATALOGUE);
    for &each in Command::ALL {
        table.command(each.index(), command::<H>(each));
    }
    let functions: [(&str, vm::runtime::FunctionFn<H>); 29] = [
        ("blockercount", blocker_count),
        ("fresh", alias::fresh),
        ("attacked", alias::attacked),
        ("landsentered", alias::lands_entered),
        ("lifetotal", life_total),
        ("upkeeppaid", upkeep_paid),
        ("livepumped", live_pumped),
        ("handsize", hand_size),
        ("myturn", my_turn),
        ("sorcerytime", sorcery_time),
        ("istype", is_type),
        ("hasterm", has_term),
        ("counters", counters),
        ("foreachcount", foreach_count),
        ("inzone", in_zone),
        ("fromzone", from_zone),
        ("isplayer", is_player),
        ("wascast", conditions::was_cast),
        ("attachments", conditions::attachments),
        ("raided", conditions::raided),
        ("manaspent", conditions::mana_spent),
        ("stored", conditions::stored),
        ("devotion", devotion),
        ("poisoncount", poison_count),
        ("morbid", conditions::morbid),
        ("powertotal", conditions::power_total),
        ("coinflip", conditions::coin_flip),
        ("damaged", conditions::damaged),
        ("count", count),
    ];
    for (name, function) in functions {
        if let Some(index) = CATALOGUE.functions.iter().position(|spec| spec.name == name) {
            table.function(index, function);
        }
    }
    for spec in CATALOGUE.costs.iter().enumerate().filter(|(_, spec)| hybrid_ways(spec.name).is_some()) {
        table.cost(spec.0, hybrid_cost);
    }
    let costs: [(&str, vm::runtime::CostFn<H>); 39] = [
        ("T", tap_cost),
        ("I", snow_cost::snow_cost),
        ("W", white),
        ("U", blue),
        ("B", black),
        ("R", red),
        ("G", green),
        ("generic", generic),
        ("S", sacrifice),
        ("Q", untap_cost),
        ("E", exile_cost),
        ("H", bounce_cost),
        ("D", discard_cost),
        ("cycle", cycle_cost),
        ("L", life_cost),
        ("C", counter_cost::counter_cost),
        ("assorcery", as_sorcery),
        ("myturnonly", my_turn_only),
        ("myupkeeponly", my_upkeep_only),
        ("limit", limit),
        ("restrictionmorethan", restriction_more_than),
        ("restrictionlessthan", restriction_less_than),
        ("restrictionequalto", restriction_equal_to),
        ("raid", raid_cost),
        ("morbid", morbid_cost),
        ("powertotalmorethan", power_total_more_than),
        ("upcost", upcost),
        ("echo", echo),
        ("cumulative", cumulative),
        ("echoend", echo_end),
        ("nextonce", next_once),
        ("turnonce", turn_once),
        ("planeswalker", counter_cost::loyalty_once),
        ("X", x_cost::x_any),
        ("XW", x_cost::x_white),
        ("XU", x_cost::x_blue),
        ("XB", x_cost::x_black),
        ("XR", x_cost::x_red),
        ("XG", x_cost::x_green),
    ];
    for (name, cost) in costs {
        if let Some(index) = CATALOGUE.costs.iter().position(|spec| spec.name == name) {
            table.cost(index, cost);
        }
    }
    table
}
