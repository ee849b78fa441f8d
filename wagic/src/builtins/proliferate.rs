//! `proliferate` (Wagic's `AAProliferate`), as the printed text says: "choose any number
//! of permanents and/or players with counters on them, then give each another counter of
//! a kind already there". Wagic chooses them with a target chooser (`ProliferateChooser`,
//! which shroud and hexproof refuse); Magic's proliferate targets nothing, so here the
//! controller is asked a plain question. A permanent with several kinds of counters gets
//! one of the kind the effect's controller picks, asked once for each such permanent in
//! the order chosen: the step counter says which one is being asked about, and the
//! permanents and players chosen are bound for the later questions.

use vm::runtime::{CallContext, Status, Value};

use super::{BATTLEFIELD, Res, status};
use crate::front::spec::variable;
use crate::host::{CounterKind, WagicHost};

/// The question of which permanents and players to proliferate.
pub const CHOOSE: u16 = 0;
/// The question of which kind of counter a permanent of several kinds gets: each option
/// is a list of the permanent and an index in its [`WagicHost::counter_kinds`]
/// ([`kind_option`]), so that whoever answers sees what each means.
pub const KIND: u16 = 1;

/// The permanent and the index of the kind of counter an option of [`KIND`] is.
pub fn kind_option(option: &[Value]) -> Option<(vm::runtime::CardId, usize)> {
    match *option {
        [Value::Card(card), Value::Int(index)] => Some((card, usize::try_from(index).ok()?)),
        _ => None,
    }
}

/// The most permanents and players one proliferate chooses: the step counter (a `u16`)
/// names the one asked about.
const MOST_CHOSEN: usize = u16::MAX as usize - 1;

/// `proliferate`: asks which permanents and players, then adds a counter to each.
pub(super) fn proliferate<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let step = usize::from(ctx.step());
    let (chosen, from) = if step == 0 {
        let offered = offered(ctx)?;
        let Some(answer) = ctx.answer() else {
            if offered.is_empty() {
                return Ok(Status::Failure);
            }
            let most = offered.len() as u16;
            return ctx.choose(CHOOSE, &offered, 0, most, None);
        };
        // An answer that is not offered, or offered twice, is left out.
        let mut chosen: Vec<Value> = Vec::new();
        for value in answer {
            if offered.contains(value) && !chosen.contains(value) {
                chosen.push(*value);
            }
        }
        let list = ctx.make_list(&chosen)?;
        ctx.bind(variable("proliferated"), list)?;
        (chosen, 0)
    } else {
        let chosen = match ctx.variable(variable("proliferated")) {
            Value::List(list) => ctx.list(list).to_vec(),
            _ => Vec::new(),
        };
        // The answer of the question about the permanent at `step - 1`: one of its kinds.
        let asked = chosen.get(step - 1).and_then(|value| value.as_card());
        let answered = match ctx.answer().and_then(|answer| answer.first()) {
            Some(Value::List(option)) => kind_option(ctx.list(*option)),
            _ => None,
        };
        if let (Some(card), Some((answered_card, kind))) = (asked, answered)
            && card == answered_card
        {
            let kinds = ctx.host().counter_kinds(card);
            if let Some(kind) = kinds.get(kind) {
                add_one(ctx.host(), card, kind);
            }
        }
        (chosen, step)
    };
    for (at, value) in chosen.iter().enumerate().skip(from) {
        match *value {
            Value::Player(player) if ctx.host().poison(player) > 0 => ctx.host().alter_poison(player, 1),
            Value::Card(card) => {
                let kinds = ctx.host().counter_kinds(card);
                match kinds.as_slice() {
                    [] => {}
                    [kind] => add_one(ctx.host(), card, kind),
                    several => {
                        let mut options = Vec::with_capacity(several.len());
                        for index in 0..several.len() {
                            options.push(ctx.make_list(&[Value::Card(card), Value::Int(index as i32)])?);
                        }
                        ctx.set_step((at + 1) as u16);
                        return ctx.choose(KIND, &options, 1, 1, None);
                    }
                }
            }
            _ => {}
        }
    }
    Ok(status(true))
}

/// The permanents with counters (both players', the controller's first) and the players
/// with poison counters, at most [`MOST_CHOSEN`].
fn offered<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Result<Vec<Value>, vm::runtime::Trap> {
    let controller = ctx.env().controller;
    let opponent = ctx.host().opponent(controller);
    let mut offered = Vec::new();
    for player in [controller, opponent] {
        let mut permanents = Vec::new();
        ctx.host().pile_cards(player, BATTLEFIELD, &mut permanents);
        ctx.charge(permanents.len())?;
        for permanent in permanents {
            let with_counters = permanent.as_card().is_some_and(|card| !ctx.host().counter_kinds(card).is_empty());
            if with_counters {
                offered.push(permanent);
            }
        }
    }
    for player in [controller, opponent] {
        if ctx.host().poison(player) > 0 {
            offered.push(Value::Player(player));
        }
    }
    offered.truncate(MOST_CHOSEN);
    Ok(offered)
}

/// One more counter of `kind` on `card`.
fn add_one<H: WagicHost>(host: &mut H, card: vm::runtime::CardId, kind: &CounterKind) {
    match kind {
        CounterKind::PowerToughness(power, toughness) => host.add_counters(card, *power, *toughness, 1),
        CounterKind::Named(name) => host.add_named_counters(card, name, 1),
    }
}
