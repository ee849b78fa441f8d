//! How a Wagic test ended ([`Verdict`]: passed, the first [`Difference`] from `[ASSERT]`,
//! or a [`Skip`] with its reason), and the tests Wagic's own engine is known to fail.

use std::fmt;

use super::skip;

/// How a test ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The board matched every `[ASSERT]` line.
    Passed,
    /// The board did not match: the first difference.
    Failed(Difference),
    /// The test needs what the table does not model.
    Skipped(Skip),
}

/// The first place where the board differs from `[ASSERT]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// What differs: `phase`, `player 1 life`, `player 2 graveyard`...
    pub place: String,
    /// What `[ASSERT]` says.
    pub expected: String,
    /// What the board has.
    pub actual: String,
    /// What may explain it: a value `[ASSERT]` leaves out (Wagic's default compared), and
    /// `[DO]` lines that did nothing (a click on a card not on the board, which Wagic's
    /// driver ignores), each as `line N: ...`.
    pub notes: Vec<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: expected {}, got {}", self.place, self.expected, self.actual)
    }
}

/// Why a test was skipped: a reason of a fixed set (for a tally), and the detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skip {
    /// The kind of reason, one of a few fixed sentences.
    pub reason: &'static str,
    /// This test's case of it (a card's name, a line).
    pub detail: String,
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.detail.is_empty() { f.write_str(self.reason) } else { write!(f, "{} ({})", self.reason, self.detail) }
    }
}

/// The skip of a test Wagic's authors keep in a `wontfix` folder: a known bug of Wagic's
/// own engine, left out of Wagic's `_tests.txt`, whose `[ASSERT]` Wagic does not meet
/// either (`wontfix/bravado_i190.txt` expects Bravado's `foreach(creature|myBattlefield)`
/// to count the enchanted creature's controller's creatures, where Wagic's card code counts
/// the Aura's controller's). Likewise a test of the `bugs` folder: an open issue's report,
/// also left out of `_tests.txt`, some written for an older engine
/// (`bugs/ability_stacking_i175.txt` counts three `next`s from an attackers step with no
/// attacker to the end of combat, where Wagic's engine goes there at once). `None` for any
/// other path.
pub fn known_wagic_failure(path: &std::path::Path) -> Option<Skip> {
    let folder = |name: &str| path.components().any(|part| part.as_os_str().eq_ignore_ascii_case(name));
    if folder("wontfix") {
        return Some(skip("a test Wagic marks wontfix (Wagic's engine fails it too)", ""));
    }
    if folder("bugs") {
        return Some(skip("a test of Wagic's `bugs` folder (an open issue, out of Wagic's suite)", ""));
    }
    let name = path.file_name().and_then(|name| name.to_str()).unwrap_or("");
    OUT_OF_SUITE_FAILURES
        .iter()
        .find(|(file, _)| file.eq_ignore_ascii_case(name))
        .map(|(_, why)| skip("a test outside Wagic's `_tests.txt` that Wagic's engine fails", *why))
}

/// Tests Wagic leaves out of its `_tests.txt` whose `[ASSERT]` its own engine does not
/// meet, each with why (read in Wagic's code, not guessed from a run of ours).
const OUT_OF_SUITE_FAILURES: &[(&str, &str)] = &[
    (
        "blink.txt",
        "its first move clicks Wrath of God in the second player's hand while the first player acts: no rule of \
         Wagic's takes a click on the other player's card (`GameObserver::cardClick`), so the Wrath the test \
         expects in the graveyard is never cast, nor the Grizzly Bears destroyed",
    ),
    (
        "fatal_frenzy.txt",
        "Fatal Frenzy's `dynamicability<!powerpumppow!>` names no `mytgt`: `AADynamic` reads the spell's power, 0",
    ),
    (
        "trigger_blocked.txt",
        "Brushwagg blocking: `TrCombatTrigger` fires on `WEventCardBlocked` and its `-2/2` makes it a 1/4, which \
         leaves the 3/3 Hill Giant the test expects in the graveyard alive (`trigger_blocking.txt`, in the suite, \
         is the pump's test)",
    ),
];
