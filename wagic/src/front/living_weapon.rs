//! An Equipment's `livingweapontoken(Name,types,p/t,colours)` (Wagic's living weapon,
//! `ATokenCreator` with `aLivingWeapon`): as the Equipment enters, a token of its
//! controller's (the 0/0 black Germ the cards write) with the Equipment attached to it:
//! the catalogue's `token` with `attach` 1, an entering effect.

use compiler::ir::{Arg, Auto, Effect, Expr, Statement};

use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::Command;

/// Where `token`'s `attach` parameter is: after `count` and `per`.
const ATTACH_ARG: usize = 8;

/// Whether the line is `livingweapontoken(...)`, whatever follows.
pub(super) fn is_living_weapon(value: Piece<'_>) -> bool {
    value.trim().call("livingweapontoken").is_some()
}

impl<'i> Lowering<'i> {
    /// An Equipment's `livingweapontoken(...)` line: its entering auto.
    pub(super) fn living_weapon(&self, value: Piece<'_>) -> Result<Auto<'i>, Unsupported> {
        let value = value.trim();
        let Some((args, after)) = value.call("livingweapontoken") else {
            return Err(Unsupported::new(value, "`livingweapontoken`"));
        };
        if !self.equipment {
            return Err(Unsupported::new(value, "`livingweapontoken` on a card that is not an Equipment"));
        }
        if !after.text.trim().is_empty() {
            return Err(Unsupported::new(after.trim(), "text after `livingweapontoken(...)`"));
        }
        let mut link = self.token(args, after)?;
        let by_name = CommandIdx::new(Command::Token.index());
        let Effect::Call { command, confirm, args: token_args } = link.effect else {
            return Err(Unsupported::new(args, "`livingweapontoken` of a token by card id"));
        };
        if command != by_name {
            return Err(Unsupported::new(args, "`livingweapontoken` of a token by card id"));
        }
        let args = token_args;
        let mut args = args.to_vec();
        args.resize(ATTACH_ARG, Arg::Value(Expr::Nil));
        args.push(Arg::Value(Expr::Int(1)));
        link.effect = Effect::Call { command, confirm, args: self.arena.alloc_slice_copy(&args) };
        let statement = Statement {
            condition: None,
            target: None,
            restriction: None,
            chain: self.arena.alloc_slice_copy(&[link]),
            otherwise: None,
            span: value.span(),
        };
        Ok(Auto { hook: false, events: &[], costs: &[], statements: self.arena.alloc_slice_copy(&[statement]) })
    }
}
