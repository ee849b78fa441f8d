//! The `&&` parts of a line and its one `target(...)`: Wagic chooses the targets once for
//! the whole line and resolves the whole line once per target chosen (`TargetAbility::
//! resolve` runs its ability for each), a part naming no target of its own acting on the
//! target, a part naming one (`all(this)`, `controller`) on its own.
//!
//! Lowered, the first part chooses; a later part sharing the target acts on the part
//! before's targets (the catalogue's `prevtgt`), and a later part with a target of its own
//! acts on it. With several targets (`<anyamount>`, `<2>`, `<upto:3>`), a later part with
//! its own target is done once per target chosen: its amounts multiplied by the count of
//! the first part's targets (Gorger Wurm's Devour, `sacrifice && counter(1/1,1) all(this)`),
//! so it must come right after the part choosing them.

use compiler::ir::{Expr, Filter, Statement, Target, TypeAtom, TypeTerm};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};

/// Whether a later part names a target of its own that Wagic reads in it alone: a
/// `target(...)`, an `all(...)`, a player (`controller`, `opponent`) or a phase alteration
/// (`nextphasealter(...)`, whose player is inside). Not `lord(...)`, nor
/// `targetcontroller` (whose target is the line's).
pub(super) fn names_its_own_target(part: Piece<'_>) -> bool {
    part.words().iter().any(|word| {
        let lower = word.text.to_ascii_lowercase();
        ["target(", "notatarget(", "all(", "nextphasealter(", "phasealter("].iter().any(|call| lower.starts_with(call))
            || ["controller", "opponent"].contains(&lower.as_str())
    })
}

/// Whether a statement chooses its targets (a filter with a count).
fn chooses(statement: &Statement<'_>) -> bool {
    matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some())
}

/// Whether a statement chooses several targets (a count other than one).
fn chooses_several(statement: &Statement<'_>) -> bool {
    matches!(statement.target, Some(Target::Filter { filter, .. })
        if filter.qty.is_some_and(|qty| qty != vm::bytecode::Qty::Exact(1)))
}

/// Whether a filter is `all(this)`: the source alone, no count, no term.
fn is_this_alone(filter: &Filter<'_>) -> bool {
    filter.qty.is_none()
        && filter.terms.is_empty()
        && filter.selector.is_none()
        && filter.pick.is_none()
        && matches!(filter.types, [TypeTerm { atom: TypeAtom::This, negate: false, .. }])
}

impl<'i> Lowering<'i> {
    /// The statements of a line whose one `target(...)` its parts share: the first
    /// chooses it, each later one acts on the previous one's targets (the catalogue's
    /// `prevtgt`, which the runtime binds to them). A statement of `owns` (by index) keeps
    /// the target its part names; the sharing ones must come before it, for `prevtgt` to
    /// be the line's targets. Refused when another part has a target of its own, or a
    /// condition, which would choose or skip apart.
    pub(super) fn share_target(
        &self,
        piece: Piece<'_>,
        statements: &mut [Statement<'i>],
        owns: &[bool],
        wrapped: bool,
    ) -> Result<(), Unsupported> {
        let refused = || Unsupported::new(piece, "`&&` parts sharing one `target(...)`");
        let owns_at = |index: usize| owns.get(index).copied().unwrap_or(false);
        let sharing: Vec<usize> = (0..statements.len()).filter(|&index| !owns_at(index)).collect();
        let shared = || sharing.iter().filter_map(|&index| statements.get(index));
        let choosers = shared().filter(|statement| chooses(statement)).count();
        // A `target(...)` written before the effect (`wrapped`) is every part's: the same.
        let one_written = choosers == 1 && shared().all(|statement| statement.target.is_none() || chooses(statement));
        let all_wrapped = wrapped && choosers == sharing.len();
        if !(one_written || all_wrapped) || statements.iter().any(|statement| statement.condition.is_some()) {
            return Err(refused());
        }
        if let Some(first_own) = (0..statements.len()).find(|&index| owns_at(index))
            && sharing.iter().any(|&index| index > first_own)
        {
            return Err(Unsupported::new(
                piece,
                "`&&` part sharing the line's `target(...)` after a part with a target of its own",
            ));
        }
        let Some(target) = shared().find_map(|statement| statement.target.filter(|_| chooses(statement))) else {
            return Err(refused());
        };
        // Wagic resolves a line of several targets once per target (Jaddi Lifestrider's
        // `life:2` for each creature tapped); a later part here acts on them all at once.
        if sharing.len() > 1
            && !matches!(target, Target::Filter { filter, .. } if filter.qty == Some(vm::bytecode::Qty::Exact(1)))
        {
            return Err(Unsupported::new(piece, "`&&` parts sharing a `target(...)` of several cards"));
        }
        let previous = self.arena.alloc(Expr::Var(spec::variable("prevtgt")));
        for (position, &index) in sharing.iter().enumerate() {
            if let Some(statement) = statements.get_mut(index) {
                statement.target =
                    Some(if position == 0 { target } else { Target::Expr { value: previous, optional: false } });
            }
        }
        Ok(())
    }

    /// A line whose first part chooses several targets and whose later part has a target
    /// of its own: Wagic does that part once per target chosen, here once with its
    /// amounts multiplied by their count (`count(prevtgt)`, read right after the choice).
    /// A line of one part, or whose first part does not choose several, is left as it is.
    pub(super) fn once_per_target(
        &self,
        piece: Piece<'_>,
        statements: &mut [Statement<'i>],
    ) -> Result<(), Unsupported> {
        let Some((first, later)) = statements.split_first_mut() else { return Ok(()) };
        if later.is_empty() || !chooses_several(first) {
            return Ok(());
        }
        let previous = spec::variable("prevtgt");
        let shares = |statement: &Statement<'_>| matches!(statement.target, Some(Target::Expr { value: Expr::Var(var), .. }) if *var == previous);
        if later.iter().all(shares) {
            // Parts acting on the targets themselves, refused with several of them
            // (`share_target`); none here.
            return Ok(());
        }
        let [part] = later else {
            return Err(Unsupported::new(
                piece,
                "more than one `&&` part after a `target(...)` of several cards (each done once per target)",
            ));
        };
        // A spell's own targets (`target=`) would stand for `prevtgt` as its target is
        // chosen (the runtime's rule targets).
        if (self.spell && !self.spell_untargeted) || part.condition.is_some() || part.otherwise.is_some() {
            return Err(Unsupported::new(
                piece,
                "`&&` part done once per target of a `target(...)` of several cards, on a spell with `target=` or with a condition",
            ));
        }
        // The runtime's `Target` of a filter rebinds `prevtgt` (to the source, for an
        // auto) before the part's amounts are read: `all(this)` is the source while it
        // is on the battlefield, set as the part's targets without a filter; a player
        // (`controller`) is one already.
        match part.target {
            Some(Target::Expr { .. }) => {}
            Some(Target::Filter { filter, .. }) if is_this_alone(filter) => {
                let this = Expr::Var(spec::variable("this"));
                let on_battlefield = self.specs.call("inzone", &[this, Expr::Str("battlefield"), Expr::Str("")]);
                let value = self.arena.alloc(Expr::And(self.arena.alloc(on_battlefield), self.arena.alloc(this)));
                part.target = Some(Target::Expr { value, optional: true });
            }
            _ => {
                return Err(Unsupported::new(
                    piece,
                    "`&&` part done once per target of a `target(...)` of several cards, on a target other than \
                     `all(this)` or a player",
                ));
            }
        }
        let count = self.specs.call("count", &[Expr::Var(previous)]);
        part.chain = self.repeated(part.chain, count, piece, "`&&` part done once per target of several")?;
        Ok(())
    }
}
