//! `alias=N`: Wagic's engine runs the rule its C++ code keeps for the number N
//! (`AbilityFactory::addAbilities`, `TargetChooserFactory`, and a few numbers read
//! elsewhere), and a card with no lines of its own reads the lines of the card whose id
//! is N. The rules compiled are 1194 and 129767 (`aura.rs`), Fireball's 1291
//! (`dividedamage`) and Soulblast's 130369 (`sacrificeforpower`); an alias naming
//! no rule, on a card with lines of its own, only names the card (Lhurgoyf's 1111, Urza's
//! Mine's 4192, which `variable{urzatron}` reads): nothing to compile.

use compiler::ir::{Arg, Effect, Link, Statement};
use vm::bytecode::CommandIdx;

use super::Lowering;
use super::piece::Piece;
use crate::catalogue::Command;
use crate::reader::CardBlock;

/// The alias numbers Wagic's engine has a rule for: the cases of `addAbilities`, those of
/// `TargetChooserFactory::createTargetChooser`, and the numbers its other code tests
/// (`countByAlias`, `hasAlias` aside from Urza's lands, a damage's, a zone move's and the
/// AI's).
const RULES: &[u32] = &[
    1092, 1095, 1102, 1103, 1113, 1114, 1117, 1124, 1139, 1140, 1142, 1143, 1152, 1156, 1159, 1167, 1176, 1191, 1194,
    1202, 1209, 1215, 1224, 1227, 1231, 1243, 1257, 1282, 1288, 1291, 1312, 1335, 1336, 1337, 1338, 1339, 1344, 1351,
    1358, 2732, 3410, 10544, 48132, 74534, 89092, 89114, 109736, 111057, 129698, 129750, 129767, 129774, 130369,
    130553, 135262, 185709, 401847,
];

/// Whether `value` is a number naming no rule of Wagic's engine.
pub(super) fn is_marker(value: &str) -> bool {
    value.trim().parse::<u32>().is_ok_and(|number| number != 0 && !RULES.contains(&number))
}

/// Whether the card has lines of its own on the battlefield (`auto=`, `anyzone=`): Wagic
/// reads the aliased card's lines only for a card without.
pub(super) fn has_own_text(block: &CardBlock<'_>) -> bool {
    block.fields.iter().any(|field| field.key.eq_ignore_ascii_case("auto") || field.key.eq_ignore_ascii_case("anyzone"))
}

impl<'i> Lowering<'i> {
    /// A spell's alias rule compiled as one call of `command` with `args`, on the spell's
    /// targets (`target=`): Fireball's `dividedamage` of the X paid, Soulblast's
    /// `sacrificeforpower`.
    pub(super) fn alias_rule(&self, at: Piece<'_>, command: Command, args: &[Arg<'i>]) -> Statement<'i> {
        let effect = Effect::Call {
            command: CommandIdx::new(command.index()),
            confirm: false,
            args: self.arena.alloc_slice_copy(args),
        };
        Statement {
            condition: None,
            target: None,
            restriction: None,
            chain: self.arena.alloc_slice_copy(&[Link { operator: None, effect }]),
            otherwise: None,
            span: at.span(),
        }
    }
}
