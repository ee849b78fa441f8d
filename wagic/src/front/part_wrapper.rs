//! A wrapper `lord(spec)`, `foreach(spec)` or `aslongas(spec)` where Wagic reads one and
//! the line's head reading (`statement.rs`) does not: written without a space before its
//! effect (`lord(artifact|myBattlefield)indestructible`, `foreach(spell|myBattlefield):draw:1`:
//! Wagic reads the effect from the `)` on, and its keywords are found past a `:`),
//! nested (`aslongas(*[instant]|mygraveyard)aslongas(*[sorcery]|mygraveyard) trample`), or
//! first in a later `&&` part (`lord(elf) 3/3 && lord(elf) trample ueot`): Wagic splits a
//! line at `&&` before it reads these words, so each part has its own. Each is lowered as
//! the same wrapper at a line's head is. A line `aslongas(spec){cost}:effect` is an
//! activated ability that exists while the count holds: its count a condition of
//! activation. The wrappers themselves ([`Wrapper`]) are declared here.

use compiler::ir::{Filter, Statement, TypeTerm};

use super::piece::Piece;
use super::restrictions::ActivationLimit;
use super::statement::is_lasting;
use super::{Line, Lowering, Unsupported, spec};

/// A prefix applying to the whole effect of a line.
#[derive(Clone, Copy)]
pub(super) enum Wrapper<'s> {
    /// `lord(spec)`, `all(spec)`, `target(spec)` written before the effect: its target.
    Target(Piece<'s>, &'static str),
    /// `foreach(spec)`.
    Foreach(Piece<'s>),
    /// `aslongas(spec)`.
    AsLongAs(Piece<'s>),
    /// `this(variable{...}>0)`: a turn test on the source (`this.rs`).
    This(Piece<'s>),
}

/// The wrapper a word at a line's head (or a part's) is, written with a space before its
/// effect; `None` for another word.
pub(super) fn head_wrapper(word: Piece<'_>) -> Option<Wrapper<'_>> {
    for (name, kind) in [("lord", "lord"), ("all", "all"), ("target", "target"), ("notatarget", "target")] {
        if let Some((args, after)) = word.call(name)
            && after.text.is_empty()
        {
            return Some(Wrapper::Target(args, kind));
        }
    }
    if let Some((args, after)) = word.call("foreach")
        && after.text.is_empty()
    {
        return Some(Wrapper::Foreach(args));
    }
    if let Some((args, after)) = word.call("aslongas")
        && after.text.is_empty()
    {
        return Some(Wrapper::AsLongAs(args));
    }
    if let Some((args, after)) = word.call("this")
        && after.text.is_empty()
    {
        return Some(Wrapper::This(args));
    }
    None
}

/// Whether a statement is a lord's over Equipment alone (`lord(equipment|mybattlefield)`):
/// the abilities it gives are an Equipment's, which `rehook` and `equip` attach.
pub(super) fn lords_equipment(wrapper: Option<Wrapper<'_>>) -> bool {
    let Some(Wrapper::Target(spec, "lord")) = wrapper else { return false };
    let spec = spec.text.trim().to_ascii_lowercase();
    spec.split('|').next().is_some_and(|kind| kind.trim() == "equipment")
}

/// The refusal of a wrapper before a cost other than a line's `aslongas(spec){cost}:effect`
/// (which [`Lowering::counted_activation`] lowers).
const BEFORE_A_COST: &str = "`lord(...)`, `foreach(...)` or `aslongas(...)` before a cost (an activated ability that exists while a count holds)";

/// The wrappers read here, by their word.
fn wrapper_call(word: Piece<'_>) -> Option<(Wrapper<'_>, Piece<'_>)> {
    if let Some((args, after)) = word.call("lord") {
        return Some((Wrapper::Target(args, "lord"), after));
    }
    if let Some((args, after)) = word.call("foreach") {
        return Some((Wrapper::Foreach(args), after));
    }
    word.call("aslongas").map(|(args, after)| (Wrapper::AsLongAs(args), after))
}

/// The effect written right after a wrapper's `)` (`after`, not empty): from there, past a
/// `:`. `None` when it does not start an effect word.
fn unspaced_effect(after: Piece<'_>) -> Result<Option<Piece<'_>>, Unsupported> {
    let effect = match after.strip_prefix(":") {
        Some(effect) => effect.trim(),
        None => after,
    };
    if effect.text.starts_with('{') {
        return Err(Unsupported::new(after, BEFORE_A_COST));
    }
    let starts_an_effect = effect.text.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '+');
    Ok(starts_an_effect.then_some(effect))
}

/// `lord(spec)effect`, `foreach(spec)effect`, `aslongas(spec)effect` or the same with a
/// `:` after the `)`, first in a line: the wrapper and where its effect starts (in the word:
/// the line goes on after it).
pub(super) fn unspaced<'s>(first: Piece<'s>) -> Result<Option<(Wrapper<'s>, Piece<'s>)>, Unsupported> {
    let Some((wrapper, after)) = wrapper_call(first) else { return Ok(None) };
    if after.text.is_empty() {
        return Ok(None);
    }
    Ok(unspaced_effect(after)?.map(|effect| (wrapper, effect)))
}

/// A further `aslongas(spec)` after the line's (spaced or not): its spec and where the
/// line goes on after it (the rest of `rest`, which `first` begins, or a piece of `first`
/// where the line goes on).
pub(super) fn nested_aslongas<'s>(
    rest: Piece<'s>,
    first: Piece<'s>,
) -> Result<Option<(Piece<'s>, Piece<'s>)>, Unsupported> {
    let Some((args, after)) = first.call("aslongas") else { return Ok(None) };
    if after.text.is_empty() {
        return Ok(Some((args, rest.from(first.text.len() + (first.start - rest.start)).trim())));
    }
    Ok(unspaced_effect(after)?.map(|effect| (args, effect)))
}

impl<'i> Lowering<'i> {
    /// The wrapper a later `&&` part begins with, and the part after it; `None` when it
    /// begins with none, or with a spaced `foreach(...)` that the part's statement counts
    /// already (on a line whose own wrapper is none or a target).
    pub(super) fn part_wrapper<'s>(
        &self,
        part: Piece<'s>,
        line_wrapper: Option<Wrapper<'s>>,
    ) -> Result<Option<(Wrapper<'s>, Piece<'s>)>, Unsupported> {
        let part = part.trim();
        let Some(first) = part.words().first().copied() else { return Ok(None) };
        let Some((wrapper, after)) = wrapper_call(first) else { return Ok(None) };
        let effect = if after.text.is_empty() {
            let counted_by_the_statement =
                matches!(wrapper, Wrapper::Foreach(_)) && matches!(line_wrapper, None | Some(Wrapper::Target(..)));
            if counted_by_the_statement {
                return Ok(None);
            }
            part.from(first.text.len()).trim()
        } else {
            match unspaced_effect(after)? {
                Some(effect) => part.from(effect.start - part.start),
                None => return Ok(None),
            }
        };
        if let Some(Wrapper::Target(_, "target")) = line_wrapper {
            // Wagic chooses the line's target for every part: whether a part with a
            // wrapper of its own acts on it is not compiled.
            return Err(Unsupported::new(
                first,
                "`lord(...)`, `foreach(...)` or `aslongas(...)` in an `&&` part after the line's `target(...)`",
            ));
        }
        if effect.text.is_empty() {
            return Err(Unsupported::new(part, "line without an effect"));
        }
        Ok(Some((wrapper, effect)))
    }

    /// Notes a later `&&` part's statement under a wrapper of its own when it lasts
    /// without an end: on a permanent's own line it would be applied once as the permanent
    /// enters, not held as a lord's or a condition's (`Lowering::line_parts` refuses it).
    pub(super) fn note_part_lasting(&self, statement: &Statement<'_>, part: Piece<'_>) {
        let lasting = statement.chain.iter().any(|link| is_lasting(&link.effect));
        if lasting && statement.restriction.is_none() && self.part_lasting.get().is_none() {
            self.part_lasting.set(Some(part.span()));
        }
    }

    /// Each statement's chain run only while the cards of each nested `aslongas(spec)`
    /// number more than none, as the line's own `aslongas(...)` does (its count checked
    /// first). A one-shot effect is refused (Helm of Kaldra's token, whose Equipment
    /// would stay unattached), and so is a criterion (`>n`), which Wagic gives every
    /// nested one.
    pub(super) fn nested_counts(
        &self,
        nested: &[Piece<'_>],
        statements: &mut [Statement<'i>],
        rest: Piece<'_>,
    ) -> Result<(), Unsupported> {
        let Some(&first) = nested.first() else { return Ok(()) };
        if rest.words().iter().any(|word| word.text.starts_with(['>', '<'])) {
            return Err(Unsupported::new(first, "nested `aslongas(...)` with a criterion (`>n`, `<n`)"));
        }
        for statement in statements.iter_mut() {
            if !statement.chain.iter().any(|link| is_lasting(&link.effect)) {
                return Err(Unsupported::new(first, "nested `aslongas(...)` of a one-shot effect"));
            }
            for &spec_piece in nested {
                statement.chain = self.counted_first(spec_piece, "morethan", 0, statement.chain)?;
            }
        }
        Ok(())
    }

    /// The filter a `foreach(spec)` counts, without the source when `other` is written
    /// (Wagic's `lordIncludeSelf`: Squirrel Mob's `foreach(squirrel|battlefield) 1/1 other`).
    pub(super) fn count_filter(
        &self,
        spec_piece: Piece<'_>,
        without_source: bool,
    ) -> Result<&'i Filter<'i>, Unsupported> {
        let filter = self.specs.filter(&spec::read(spec_piece)?, true)?;
        if !without_source {
            return Ok(filter);
        }
        let types: Vec<TypeTerm<'i>> =
            filter.types.iter().map(|term| TypeTerm { exclude_source: true, ..*term }).collect();
        Ok(self.arena.alloc(Filter { types: self.arena.alloc_slice_copy(&types), ..*filter }))
    }

    /// A line `aslongas(spec){cost}:effect [>n|<n]` (Temple of the False God's
    /// `aslongas(land|myBattlefield){T}:add{2} >4`, "activate only if you control five or
    /// more lands"): Wagic's `AAsLongAs` holds the activated ability while the count does,
    /// which is the ability with the count as a condition of its activation (the costs
    /// `restrictionmorethan` and `restrictionlessthan`, as `restriction{type(spec)~...~n}`
    /// is). `None` for another line.
    pub(super) fn counted_activation(&self, value: Piece<'_>) -> Result<Option<Line<'i>>, Unsupported> {
        let value = value.trim();
        let Some((spec_piece, after)) = value.call("aslongas") else { return Ok(None) };
        let after = after.trim();
        if !after.text.starts_with('{') {
            return Ok(None);
        }
        let words = value.words();
        let last = words.last().copied().filter(|word| word.text.starts_with(['>', '<']));
        let (cost, count) = match last {
            Some(word) => {
                let count: u16 =
                    word.text[1..].parse().map_err(|_| Unsupported::new(word, "criterion with a computed value"))?;
                let cost = if word.text.starts_with('>') { "restrictionmorethan" } else { "restrictionlessthan" };
                (cost, count)
            }
            None => ("restrictionmorethan", 0),
        };
        let end = last.map_or(value.text.len(), |word| word.start - value.start);
        let ability = value.slice(after.start - value.start, end).trim();
        let read = spec::read(spec_piece)?;
        if !matches!(read.count, spec::Count::One) {
            return Err(Unsupported::new(spec_piece, BEFORE_A_COST));
        }
        let counted = self.specs.filter(&read, true)?;
        let filter = self.arena.alloc(Filter { qty: Some(vm::bytecode::Qty::Exact(count)), ..*counted });
        let line = self.line_parts(ability)?;
        if !matches!(line, Line::Activated { .. }) {
            return Err(Unsupported::new(after, BEFORE_A_COST));
        }
        let written = "aslongas(...){cost}:effect";
        let limit = ActivationLimit { cost, count: None, filter: Some(filter), written, span: spec_piece.span() };
        self.activation_limits.borrow_mut().push(limit);
        Ok(Some(line))
    }
}
