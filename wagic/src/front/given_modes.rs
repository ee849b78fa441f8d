//! `ability$!choice A _ choice B!$ controller`: Wagic's menu of the lines of a spell given
//! to the card's controller, each a `choice`, from which the controller takes one as it
//! resolves (`ATargetedAbilityCreator` casting a card whose lines are `MayAbility`s that
//! must be taken). Lowered as a card's own `choice` lines are (`choice.rs`): each mode
//! offered, then each guarded by whether it was chosen.

use compiler::ir::Statement;

use super::given::{Given, SOURCE_WORDS, without_name};
use super::part_wrapper::Wrapper;
use super::piece::Piece;
use super::{Lowering, Unsupported};

/// The modes of `ability$!choice A _ choice B!$ controller` (`lines`, each a `choice`;
/// `at` the whole form): the card's controller chooses one, as a card's `choice` lines
/// are chosen (`choice.rs`). Refused by name: a mode whose words change with the source
/// (the spell, not the card: `damage`, `this`, `stored`), and modes of mana (`add{G}`),
/// which the game's mana abilities do not ask.
pub(super) fn controllers_modes<'s>(lines: &[Piece<'s>], at: Piece<'s>) -> Result<Given<'s>, Unsupported> {
    let mut modes = Vec::with_capacity(lines.len());
    for line in lines {
        let mode = line.trim().from("choice".len()).trim();
        let lower = mode.text.to_ascii_lowercase();
        if let Some(word) = SOURCE_WORDS.iter().find(|word| lower.contains(**word)) {
            return Err(Unsupported::new(mode, &format!("`ability$!...!$` with `{word}`")));
        }
        if without_name(mode).words().first().is_some_and(|first| first.text.to_ascii_lowercase().starts_with("add")) {
            return Err(Unsupported::new(
                at,
                "`ability$!...!$` given to `controller` with modes of mana (`choice add{G} _ choice add{R}`)",
            ));
        }
        modes.push(mode);
    }
    Ok(Given::Modes { modes, at })
}

impl<'i> Lowering<'i> {
    /// The statements of `ability$!choice A _ choice B!$ controller` (`modes`, each after
    /// its `choice`; `at` the whole form): each offered, then each guarded by whether the
    /// controller chose it, as a card's `choice` lines are (`choice.rs`). Refused with a
    /// word around it, and on an instant or a sorcery, whose one run holds the card's own
    /// modes, which the same question would answer.
    pub(super) fn given_modes(
        &self,
        modes: &[Piece<'_>],
        at: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
    ) -> Result<&'i [Statement<'i>], Unsupported> {
        if wrapper.is_some() {
            return Err(Unsupported::new(at, "`ability$!choice ... _ choice ...!$ controller` with a word around it"));
        }
        if self.spell {
            return Err(Unsupported::new(
                at,
                "`ability$!choice ... _ choice ...!$ controller` on an instant or sorcery",
            ));
        }
        let mut lowered: Vec<super::choice::Mode<'i>> = Vec::with_capacity(modes.len());
        for mode in modes {
            let mode = self.choice_mode(super::choice::ModeLine::plain(*mode), &lowered)?;
            lowered.push(mode);
        }
        self.modal(&lowered, at)
    }
}
