//! Expression functions: `flipCoin`, `isChar`, `isCharacter`, `isAction`, `isReaction`,
//! `inUAttack`, `getTargets`, `abs`, `min`, `max`. Each sets its value with [`CallContext::set_result`]; a wrong
//! argument gives nil (spec §3.15: a failed evaluation is nil).

use vm::bytecode::CardTypeIdx;
use vm::runtime::{CallContext, Status, Trap, Value};

use crate::CATALOGUE;
use crate::commands::Res;
use crate::host::CfcHost;
use crate::names::{ACTION, CHARACTER, KW_UATTACK, REACTION};

/// `flipCoin()`: true on a won call (one chance in two, from the game's generator).
pub fn flip_coin<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let won = ctx.host().random(2) == 0;
    ctx.set_result(Value::Bool(won));
    Ok(Status::Success)
}

/// `isChar(v)` / `isCharacter(v)`: whether the value (or a one-card list) is a character card.
/// Inside `X in L`, the compiler turns the name `char` into `isChar(card)`.
pub fn is_char<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    is_card_type(ctx, CHARACTER)
}

/// `isAction(v)`: whether the value (or a one-card list) is an action card. The compiler
/// turns the name `action` into `isAction(card)` inside `X in L`, and the event suffix
/// `:action` into `isAction(trigger)`.
pub fn is_action<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    is_card_type(ctx, ACTION)
}

/// `isReaction(v)`: whether the value (or a one-card list) is a reaction card (`reaction`
/// inside `X in L`, the suffix `:reaction`).
pub fn is_reaction<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    is_card_type(ctx, REACTION)
}

fn is_card_type<H: CfcHost>(ctx: &mut CallContext<'_, H>, card_type: CardTypeIdx) -> Res {
    let card = match ctx.arg(0) {
        Value::Card(card) => Some(card),
        Value::List(list) => match ctx.list(list) {
            [Value::Card(card)] => Some(*card),
            _ => None,
        },
        _ => None,
    };
    let result = card.is_some_and(|card| ctx.host().card_type(card) == Some(card_type));
    ctx.set_result(Value::Bool(result));
    Ok(Status::Success)
}

/// `inUAttack(card)`: whether the card is in the current United Attack.
pub fn in_uattack<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let object = ctx.arg(0);
    let result = matches!(object, Value::Card(_)) && ctx.host().has_keyword(object, KW_UATTACK);
    ctx.set_result(Value::Bool(result));
    Ok(Status::Success)
}

/// `getTargets(filter)`: the matches of a filter, asking the player when it has a choice.
/// A filter value is resolved by the runtime. A quoted filter (a string: the corpus writes
/// `getTargets('"Engokogeki"s@myDiscards')`) is read at run time by [`QuotedFilter`],
/// which knows the simple shape `[<n>] type[s] [@[prefix]zone]`; anything else gives nil.
pub fn get_targets<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    if let Some(answer) = ctx.answer() {
        let answer = answer.to_vec();
        let list = ctx.make_list(&answer)?;
        ctx.set_result(list);
        return Ok(Status::Success);
    }
    match ctx.arg(0) {
        Value::Filter(f) => {
            let found = ctx.resolve(f)?;
            if found.choose {
                return ctx.choose_from(0, found.candidates, found.min, found.max, None);
            }
            ctx.set_result(Value::List(found.candidates));
        }
        Value::Str(s) => {
            // Charged as the runtime charges a filter it resolves: the text read, then
            // every card of the zone searched (`vm::runtime::CallContext::charge`).
            let text_len = ctx.program().string(s).map_or(0, str::len);
            ctx.charge_text(text_len)?;
            let Some(filter) = ctx.program().string(s).and_then(QuotedFilter::parse) else {
                ctx.set_result(Value::Nil);
                return Ok(Status::Success);
            };
            let env = ctx.env();
            let mut found = Vec::new();
            ctx.host().zone_cards(&env, filter.zone, &mut found);
            ctx.charge(found.len())?;
            found.retain(|&value| filter.matches(ctx.host(), value));
            match filter.count {
                Some(n) if found.len() > usize::from(n) => return ctx.choose(0, &found, n, n, None),
                None if !filter.plural && found.len() > 1 => return ctx.choose(0, &found, 1, 1, None),
                _ => {}
            }
            let list = ctx.make_list(&found)?;
            ctx.set_result(list);
        }
        _ => ctx.set_result(Value::Nil),
    }
    Ok(Status::Success)
}

/// The type of a [`QuotedFilter`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuotedType {
    /// `*`: any card.
    Any,
    /// `"Name"`: cards with that name.
    Name(String),
    /// A card type (`character`).
    CardType(CardTypeIdx),
    /// A subtype (`ninja`).
    Subtype(vm::bytecode::SubtypeIdx),
}

/// A quoted target filter of the simple shape `[<n>] type[s] [@[prefix]zone]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotedFilter {
    /// `<n>`: how many to choose.
    pub count: Option<u16>,
    /// The card type, subtype, name or `*`.
    pub ty: QuotedType,
    /// A plural (`s`): every match, nothing asked.
    pub plural: bool,
    /// Where to search (default `arena`).
    pub zone: vm::bytecode::ZoneRef,
}

impl QuotedFilter {
    /// Parses `text`; `None` when it is not of the simple shape.
    pub fn parse(text: &str) -> Option<QuotedFilter> {
        use vm::bytecode::{CardTypeIdx, SubtypeIdx, ZoneIdx, ZonePrefixIdx, ZoneRef};
        let mut rest = text.trim();
        let mut count = None;
        if let Some(after) = rest.strip_prefix('<') {
            let (n, after) = after.split_once('>')?;
            count = Some(n.trim().parse::<u16>().ok()?);
            rest = after.trim_start();
        }
        let (ty_text, zone_text) = match rest.split_once('@') {
            Some((ty, zone)) => (ty.trim(), Some(zone.trim())),
            None => (rest, None),
        };
        let (ty, plural) = if let Some(after) = ty_text.strip_prefix('"') {
            let (name, suffix) = after.split_once('"')?;
            let plural = match suffix {
                "" => false,
                "s" | "S" => true,
                _ => return None,
            };
            (QuotedType::Name(name.to_owned()), plural)
        } else if let Some(suffix) = ty_text.strip_prefix('*') {
            (QuotedType::Any, suffix.eq_ignore_ascii_case("s"))
        } else {
            let lower = ty_text.to_ascii_lowercase();
            let word = |w: &str| -> Option<QuotedType> {
                if let Some(i) = CATALOGUE.card_types.iter().position(|t| t.name == w) {
                    return Some(QuotedType::CardType(CardTypeIdx::new(i)));
                }
                CATALOGUE.subtypes.iter().position(|t| *t == w).map(|i| QuotedType::Subtype(SubtypeIdx::new(i)))
            };
            match (word(&lower), lower.strip_suffix('s').and_then(word)) {
                (Some(ty), _) => (ty, false),
                (None, Some(ty)) => (ty, true),
                (None, None) => return None,
            }
        };
        let zone = match zone_text {
            None => ZoneRef { prefix: None, zone: ZoneIdx(0) },
            Some(text) => {
                let lower = text.to_ascii_lowercase();
                let zone_of = |z: &str| CATALOGUE.zones.iter().position(|spec| spec.name == z).map(ZoneIdx::new);
                match zone_of(&lower) {
                    Some(zone) => ZoneRef { prefix: None, zone },
                    None => CATALOGUE.zone_prefixes.iter().enumerate().find_map(|(i, prefix)| {
                        let zone = zone_of(lower.strip_prefix(prefix.name)?)?;
                        Some(ZoneRef { prefix: Some(ZonePrefixIdx::new(i)), zone })
                    })?,
                }
            }
        };
        Some(QuotedFilter { count, ty, plural, zone })
    }

    /// Whether a candidate matches the type.
    pub fn matches<H: CfcHost>(&self, host: &H, value: Value) -> bool {
        let Value::Card(card) = value else { return false };
        match &self.ty {
            QuotedType::Any => true,
            QuotedType::Name(name) => host.card_name_is(card, name),
            QuotedType::CardType(ty) => host.card_type(card) == Some(*ty),
            QuotedType::Subtype(subtype) => host.card_subtype_is(card, *subtype),
        }
    }
}

/// `abs(n)`.
pub fn abs<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let result = ctx.arg(0).as_int().map_or(Value::Nil, |n| Value::Int(n.saturating_abs()));
    ctx.set_result(result);
    Ok(Status::Success)
}

/// The integers of the arguments, or of the one list argument; `None` if one is not. A
/// list is read whole: a unit of fuel per element (the arguments are at most 255, within
/// the call's unit).
fn numbers<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Result<Option<Vec<i32>>, Trap> {
    let args: Vec<Value> = match (ctx.argc(), ctx.arg(0)) {
        (1, Value::List(list)) => {
            ctx.charge(ctx.list(list).len())?;
            ctx.list(list).to_vec()
        }
        _ => (0..ctx.argc()).map(|i| ctx.arg(i)).collect(),
    };
    Ok(args.into_iter().map(Value::as_int).collect())
}

/// `min(a, b, ...)` or `min(list)`.
pub fn min<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let result = numbers(ctx)?.and_then(|ns| ns.into_iter().min()).map_or(Value::Nil, Value::Int);
    ctx.set_result(result);
    Ok(Status::Success)
}

/// `max(a, b, ...)` or `max(list)`.
pub fn max<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let result = numbers(ctx)?.and_then(|ns| ns.into_iter().max()).map_or(Value::Nil, Value::Int);
    ctx.set_result(result);
    Ok(Status::Success)
}
