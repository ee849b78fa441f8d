//! Ability keywords (spec §3.9): what each `+keyword` / `abilities = keyword` does once the
//! runtime has recorded it as an [`EffectKind::Ability`] effect. The runtime keeps the
//! grants (with their restriction timers); the game asks this module, at the moments §3.9
//! names, what the abilities in force answer ([`hook_answer`]) or whether an object has a
//! state ability ([`has_ability`]).

use vm::bytecode::{AbilityIdx, EventIdx};
use vm::runtime::{Effect, EffectKind, Value};

use crate::CATALOGUE;

/// An ability keyword of the catalogue, in catalogue order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ability {
    /// `unblockable`: hook `canBlock` (object: the attacker) answers no.
    Unblockable,
    /// `cantattack`: hook `beforeAttack` answers no (joining a United Attack stays allowed:
    /// the game does not ask when the character joins).
    CantAttack,
    /// `cantblock`: hook `beforeBlock` answers no.
    CantBlock,
    /// `unlimitedbackup`: hook `backupLimit` answers no (the limit does not apply).
    UnlimitedBackup,
    /// `unfreezable`: a state — the attacker does not freeze at the End phase.
    Unfreezable,
    /// `pierce`: a state — excess combat damage of this blocked attacker goes to the player.
    Pierce,
    /// `preventpierce`: hook `preventPierce` (object: the blocker) answers yes.
    PreventPierce,
    /// `rush`: hook `playAsFresh` answers no (no Just Entered).
    Rush,
    /// `frosted`: a state — skipped by the Activate-phase unfreeze.
    Frosted,
    /// `cantplayac`: hook `beforePlayAc` (object: the player) answers no.
    CantPlayAc,
    /// `cantplayre`: hook `beforePlayRe` (object: the player) answers no.
    CantPlayRe,
}

/// What an ability does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    /// It answers the hook named `hook` about its holder with `answer`.
    Hook {
        /// The hook's catalogue name.
        hook: &'static str,
        /// The answer.
        answer: bool,
    },
    /// A state the game reads with [`has_ability`].
    State,
}

impl Ability {
    /// Every ability, in catalogue order (checked by a test against the catalogue).
    pub const ALL: &'static [Ability] = &[
        Ability::Unblockable,
        Ability::CantAttack,
        Ability::CantBlock,
        Ability::UnlimitedBackup,
        Ability::Unfreezable,
        Ability::Pierce,
        Ability::PreventPierce,
        Ability::Rush,
        Ability::Frosted,
        Ability::CantPlayAc,
        Ability::CantPlayRe,
    ];

    /// The ability with catalogue index `idx`.
    pub fn from_index(idx: AbilityIdx) -> Option<Ability> {
        Ability::ALL.get(idx.index()).copied()
    }

    /// Its catalogue index.
    pub fn index(self) -> AbilityIdx {
        AbilityIdx::new(self as usize)
    }

    /// Its catalogue name.
    pub fn name(self) -> &'static str {
        CATALOGUE.abilities[self as usize].name
    }

    /// What it does.
    pub fn behaviour(self) -> Behaviour {
        let hook = |hook, answer| Behaviour::Hook { hook, answer };
        match self {
            Ability::Unblockable => hook("canBlock", false),
            Ability::CantAttack => hook("beforeAttack", false),
            Ability::CantBlock => hook("beforeBlock", false),
            Ability::UnlimitedBackup => hook("backupLimit", false),
            Ability::PreventPierce => hook("preventPierce", true),
            Ability::Rush => hook("playAsFresh", false),
            Ability::CantPlayAc => hook("beforePlayAc", false),
            Ability::CantPlayRe => hook("beforePlayRe", false),
            Ability::Unfreezable | Ability::Pierce | Ability::Frosted => Behaviour::State,
        }
    }
}

/// What the abilities in force answer to hook `hook` about `object`, reduced as §3.12
/// says (in recording order, stopping at the first no); `None` when none answers. The
/// game combines it with `Runtime::ask` (the autos' answers).
pub fn hook_answer(effects: &[Effect], hook: EventIdx, object: Value) -> Option<bool> {
    let name = CATALOGUE.events.get(hook.index())?.name;
    let mut answer = None;
    for effect in effects {
        let EffectKind::Ability { target, ability } = effect.kind else { continue };
        if target != object {
            continue;
        }
        if let Some(Behaviour::Hook { hook, answer: a }) = Ability::from_index(ability).map(Ability::behaviour)
            && hook == name
        {
            answer = Some(a);
            if !a {
                break;
            }
        }
    }
    answer
}

/// Whether `object` has `ability` among the effects in force.
pub fn has_ability(effects: &[Effect], object: Value, ability: Ability) -> bool {
    let wanted = ability.index();
    effects.iter().any(|effect| effect.kind == EffectKind::Ability { target: object, ability: wanted })
}
