//! The one table from catalogue ids to implementations: [`builtins`] registers every
//! command (one exhaustive `match` over [`Command`]), every expression function
//! ([`Function`]) and every cost component ([`CostKind`]). Adding a command to
//! `for_each_command!` makes the `match` below fail to compile until it is implemented.

use vm::runtime::{BuiltinFn, Builtins, CallContext, CostFn, FunctionFn, Status};

use crate::commands::{Res, abilities, cards, counters, rules, turns};
use crate::host::CfcHost;
use crate::{CATALOGUE, Command, costs, functions};

/// An expression function of the catalogue, in catalogue order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Function {
    /// `flipCoin()`.
    FlipCoin,
    /// `isChar(v)`.
    IsChar,
    /// `isCharacter(v)`.
    IsCharacter,
    /// `isAction(v)`.
    IsAction,
    /// `isReaction(v)`.
    IsReaction,
    /// `inUAttack(card)`.
    InUAttack,
    /// `getTargets(filter)`.
    GetTargets,
    /// `abs(n)`.
    Abs,
    /// `min(...)`.
    Min,
    /// `max(...)`.
    Max,
}

impl Function {
    /// Every function, in catalogue order (checked by a test against the catalogue).
    pub const ALL: &'static [Function] = &[
        Function::FlipCoin,
        Function::IsChar,
        Function::IsCharacter,
        Function::IsAction,
        Function::IsReaction,
        Function::InUAttack,
        Function::GetTargets,
        Function::Abs,
        Function::Min,
        Function::Max,
    ];

    /// The name the catalogue gives it.
    pub fn name(self) -> &'static str {
        match self {
            Function::FlipCoin => "flipCoin",
            Function::IsChar => "isChar",
            Function::IsCharacter => "isCharacter",
            Function::IsAction => "isAction",
            Function::IsReaction => "isReaction",
            Function::InUAttack => "inUAttack",
            Function::GetTargets => "getTargets",
            Function::Abs => "abs",
            Function::Min => "min",
            Function::Max => "max",
        }
    }
}

/// A cost component of the catalogue, in catalogue order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CostKind {
    /// `F`.
    Freeze,
    /// `S`.
    Sacrifice,
    /// `D`.
    Discard,
}

impl CostKind {
    /// Every cost component, in catalogue order (checked by a test against the catalogue).
    pub const ALL: &'static [CostKind] = &[CostKind::Freeze, CostKind::Sacrifice, CostKind::Discard];

    /// The letter the catalogue gives it.
    pub fn name(self) -> &'static str {
        match self {
            CostKind::Freeze => "F",
            CostKind::Sacrifice => "S",
            CostKind::Discard => "D",
        }
    }
}

/// `each(...)`: the compiler turns `each` into a loop, so the runtime never calls this
/// builtin; it is registered (as a no-op that succeeds) so the table is complete.
pub fn each<H: CfcHost>(_ctx: &mut CallContext<'_, H>) -> Res {
    Ok(Status::Success)
}

/// The implementation of `command`.
pub fn command<H: CfcHost>(command: Command) -> BuiltinFn<H> {
    match command {
        Command::Activate => turns::activate,
        Command::AlterCost => rules::alter_cost,
        Command::Bp => counters::bp,
        Command::Clear => turns::clear,
        Command::CopyAbility => abilities::copy_ability,
        Command::Damage => counters::damage,
        Command::Destroy => cards::destroy,
        Command::DisableRule => rules::disable_rule,
        Command::Discard => cards::discard,
        Command::Draw => cards::draw,
        Command::Each => each,
        Command::EnableRule => rules::enable_rule,
        Command::Freeze => turns::freeze,
        Command::Hp => counters::hp,
        Command::LoseAbility => abilities::lose_ability,
        Command::LoseLife => counters::lose_life,
        Command::ModCost => rules::mod_cost,
        Command::ModDamage => rules::mod_damage,
        Command::ModRule => rules::mod_rule,
        Command::MovePile => cards::move_pile,
        Command::MoveRevealedTo => cards::move_revealed_to,
        Command::MoveTo => cards::move_to,
        Command::MoveToSlot => turns::move_to_slot,
        Command::Peek => cards::peek,
        Command::PileView => turns::pile_view,
        Command::PlayExtraChar => turns::play_extra_char,
        Command::Prophecy => cards::prophecy,
        Command::RemoveFromAttack => turns::remove_from_attack,
        Command::Reveal => cards::reveal,
        Command::RndDiscard => cards::rnd_discard,
        Command::Shuffle => cards::shuffle,
        Command::Skip => turns::skip,
        Command::Sp => counters::sp,
        Command::Steal => abilities::steal,
        Command::SwapAbilities => abilities::swap_abilities,
        Command::SwapChars => turns::swap_chars,
        Command::SwapPiles => cards::swap_piles,
        Command::Transform => abilities::transform,
        Command::Trash => cards::trash,
        Command::Turns => turns::turns,
        Command::Unfreeze => turns::unfreeze,
        Command::Unite => turns::unite,
    }
}

/// The implementation of `function`.
pub fn function<H: CfcHost>(function: Function) -> FunctionFn<H> {
    match function {
        Function::FlipCoin => functions::flip_coin,
        Function::IsChar | Function::IsCharacter => functions::is_char,
        Function::IsAction => functions::is_action,
        Function::IsReaction => functions::is_reaction,
        Function::InUAttack => functions::in_uattack,
        Function::GetTargets => functions::get_targets,
        Function::Abs => functions::abs,
        Function::Min => functions::min,
        Function::Max => functions::max,
    }
}

/// The implementation of `cost`.
pub fn cost<H: CfcHost>(cost: CostKind) -> CostFn<H> {
    match cost {
        CostKind::Freeze => costs::freeze,
        CostKind::Sacrifice => costs::sacrifice,
        CostKind::Discard => costs::discard,
    }
}

/// The CFC builtin table for any host implementing [`CfcHost`]: every command, function
/// and cost of [`CATALOGUE`].
pub fn builtins<H: CfcHost>() -> Builtins<H> {
    let mut table = Builtins::new(&CATALOGUE);
    for &c in Command::ALL {
        table.command(c.index(), command::<H>(c));
    }
    for (i, &f) in Function::ALL.iter().enumerate() {
        table.function(i, function::<H>(f));
    }
    for (i, &c) in CostKind::ALL.iter().enumerate() {
        table.cost(i, cost::<H>(c));
    }
    table
}
