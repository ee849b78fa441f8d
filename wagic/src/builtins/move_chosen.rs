//! `movechosen:n`: cards a player chooses among their own and moves or destroys (Wagic writes it as a
//! spell given to that player, `ability$!notatarget(creature|mybattlefield) sacrifice!$
//! opponent`: an edict). Each target player in turn is asked for n of their cards the
//! filter matches; the builtin's step counter remembers whose turn it is and whether a
//! card moved, across the suspensions.

use vm::bytecode::ZoneRef;
use vm::runtime::{CallContext, CardId, PlayerId, Value};

use super::{BATTLEFIELD, Res, int_arg, status, target_players, zone_player};
use crate::host::WagicHost;

/// The step counter's bit set once a card moved (the command succeeds).
const MOVED: u16 = 1;

/// `movechosen:n among zone`: each target player chooses n of their own cards `among`
/// matches and puts them into `zone`; a player with n such cards or fewer moves them all
/// unasked. With `fewest` below n (a player who "may" put a card onto the battlefield),
/// each player with such a card is asked, and may choose as few as `fewest`.
pub(super) fn move_chosen<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = usize::try_from(int_arg(ctx, 0, 1)).unwrap_or(0);
    let fewest = usize::try_from(int_arg(ctx, 4, i32::try_from(count).unwrap_or(i32::MAX))).unwrap_or(0).min(count);
    let (Value::Filter(among), Value::Pile(zone)) = (ctx.arg(1), ctx.arg(2)) else {
        return Ok(status(false));
    };
    let how = Away::of(ctx.keyword_arg(3)?, zone);
    let players = target_players(ctx);
    let step = ctx.step();
    let mut moved = step & MOVED != 0;
    let mut next = usize::from(step >> 1);
    if let Some(answer) = ctx.answer() {
        let chosen: Vec<CardId> = answer.iter().filter_map(|value| value.as_card()).collect();
        if let Some(&player) = players.get(next) {
            // An answer naming a card not the player's, or one the filter does not match,
            // moves nothing: the host's answer is not trusted.
            let theirs = candidates(ctx, among, player)?;
            let chosen: Vec<CardId> =
                chosen.into_iter().filter(|card| theirs.contains(&Value::Card(*card))).take(count).collect();
            moved |= put_away(ctx, &chosen, how);
        }
        next += 1;
    }
    while let Some(&player) = players.get(next) {
        let theirs = candidates(ctx, among, player)?;
        if theirs.is_empty() || (theirs.len() <= count && fewest == count) {
            let all: Vec<CardId> = theirs.iter().filter_map(|value| value.as_card()).collect();
            moved |= put_away(ctx, &all, how);
            next += 1;
            continue;
        }
        // Both numbers are small: at most two players, and a count under the cards found.
        let at = u16::try_from(next).unwrap_or(u16::MAX >> 1);
        ctx.set_step((at << 1) | u16::from(moved));
        let most = u16::try_from(count.min(theirs.len())).unwrap_or(u16::MAX);
        let least = u16::try_from(fewest).unwrap_or(u16::MAX).min(most);
        let whose = u16::try_from(player.0).unwrap_or(u16::MAX);
        return ctx.choose(whose, &theirs, least, most, None);
    }
    Ok(status(moved))
}

/// The cards `among` matches that are `player`'s: the permanents they control, the cards
/// of their own other zones.
fn candidates<H: WagicHost>(
    ctx: &mut CallContext<'_, H>,
    among: vm::bytecode::FilterIdx,
    player: PlayerId,
) -> Result<Vec<Value>, vm::runtime::Trap> {
    let found = ctx.resolve(among)?;
    let listed = ctx.list(found.candidates).to_vec();
    Ok(listed
        .into_iter()
        .filter(|value| {
            value.as_card().is_some_and(|card| match ctx.host().locate(card) {
                Some((_, zone)) if zone == BATTLEFIELD => ctx.host().controller(card) == player,
                Some((whose, _)) => whose == player,
                None => false,
            })
        })
        .collect())
}

/// How the chosen cards go: the `how` of [`crate::catalogue::CHOSEN_MOVES`].
#[derive(Clone, Copy)]
pub(super) enum Away {
    /// Into the zone (of each card's owner, or the player the zone names).
    Move(ZoneRef),
    /// Destroyed; whether it may regenerate.
    Destroy { can_regenerate: bool },
    /// Sacrificed: into its owner's graveyard, raising `sacrificed`.
    Sacrifice,
    /// Untapped where it is.
    Untap,
}

impl Away {
    pub(super) fn of(how: Option<u16>, zone: ZoneRef) -> Away {
        match how {
            Some(1) => Away::Destroy { can_regenerate: true },
            Some(2) => Away::Destroy { can_regenerate: false },
            Some(3) => Away::Sacrifice,
            Some(4) => Away::Untap,
            _ => Away::Move(zone),
        }
    }
}

/// Puts `cards` away as `how` says; whether one went.
pub(super) fn put_away<H: WagicHost>(ctx: &mut CallContext<'_, H>, cards: &[CardId], how: Away) -> bool {
    let mut gone = false;
    for &card in cards {
        gone |= match how {
            Away::Move(zone) => {
                let player = zone_player(ctx, zone, card);
                ctx.host().move_card(card, player, zone.zone, 0)
            }
            Away::Destroy { can_regenerate } => ctx.host().destroy(card, can_regenerate),
            Away::Sacrifice => {
                ctx.host().sacrifice(card);
                true
            }
            Away::Untap => ctx.host().set_tapped(card, false),
        };
    }
    gone
}
