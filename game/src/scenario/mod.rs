//! Scenarios: hand-written TOML card tests (setup, steps, expectations) run against the
//! engine, for card authors and for the test suite. The format is in [`format`](mod@format); `rsc
//! test` and the workspace's tests run them with [`run_file`] and print [`Report`]s.
//!
//! A scenario fails with a readable report: the file, the step, and for each expectation
//! that does not hold the expected and the actual value. A question the scenario did not
//! answer, or an answer that is not legal, fails it too and lists the legal answers
//! (strict mode). A scenario marked `expect_failure = "reason"` documents an engine defect:
//! it still runs, passes while it fails, and fails once it starts passing.

pub mod expect;
pub mod format;
pub mod run;
pub mod sets;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::bounded::{self, ReadError};

pub use format::ScenarioFile;
pub use sets::{SetCache, SetLoad, corpus_dir};

/// Largest scenario file read.
pub const MAX_SCENARIO_BYTES: u64 = 1 << 20;

/// One thing that did not go as the scenario says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The step (0-based), `None` for the setup.
    pub step: Option<usize>,
    /// The step's move in scenario words.
    pub step_text: String,
    /// What was checked, or what went wrong.
    pub what: String,
    /// The expected value.
    pub expected: Option<String>,
    /// The actual value.
    pub actual: Option<String>,
    /// A further hint (what is missing from a pile...).
    pub note: Option<String>,
    /// Where the game went when the step moved it to another phase or turn (`pass` past
    /// an Attack phase with nobody to attack, a setup phase that runs on to Main).
    pub reached: Option<String>,
}

impl Mismatch {
    /// A setup that could not be built.
    pub fn at_setup(what: String) -> Mismatch {
        Mismatch { step: None, step_text: String::new(), what, expected: None, actual: None, note: None, reached: None }
    }

    /// A step that could not be carried out.
    pub fn at_step(index: usize, step: &format::StepSpec, what: String) -> Mismatch {
        Mismatch {
            step: Some(index),
            step_text: step.describe(),
            what,
            expected: None,
            actual: None,
            note: None,
            reached: None,
        }
    }

    /// An expectation that does not hold (the step is filled in by the caller).
    pub fn value(key: &str, expected: String, actual: String) -> Mismatch {
        Mismatch {
            step: None,
            step_text: String::new(),
            what: key.to_string(),
            expected: Some(expected),
            actual: Some(actual),
            note: None,
            reached: None,
        }
    }

    /// An expectation key the format does not know.
    pub fn unknown_key(key: &str, known: &str) -> Mismatch {
        let mut mismatch = Mismatch::at_setup(format!("unknown expectation `{key}`"));
        mismatch.note = Some(format!("known: {known}"));
        mismatch
    }
}

/// How a scenario ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Everything held.
    Passed,
    /// Something did not hold.
    Failed(Vec<Mismatch>),
    /// It failed as its `expect_failure` says (a known engine defect).
    KnownFailure {
        /// The reason the file gives.
        reason: String,
        /// What failed.
        mismatches: Vec<Mismatch>,
    },
    /// It is marked `expect_failure` but passed: the mark must go.
    UnexpectedPass(String),
    /// Not run: its card set is not on this machine (the corpus).
    Skipped(String),
}

impl Verdict {
    /// Counts as passed (a known failure does).
    pub fn is_pass(&self) -> bool {
        matches!(self, Verdict::Passed | Verdict::KnownFailure { .. })
    }
}

/// A scenario file and how it went.
#[derive(Debug, Clone)]
pub struct Report {
    /// The file.
    pub file: PathBuf,
    /// The scenario's name.
    pub name: String,
    /// How it went.
    pub verdict: Verdict,
    /// The game's log, the setup's part first and then each step's, as far as it ran.
    pub log: Vec<StepLog>,
}

/// The log entries of the setup or of one step (`rsc test --log`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepLog {
    /// The step (0-based), `None` for the setup (the procedures it runs on to the first
    /// decision: `phase = "activate"` runs on into the Main phase).
    pub step: Option<usize>,
    /// The step's move in scenario words.
    pub step_text: String,
    /// Its log entries, in order.
    pub lines: Vec<String>,
}

impl fmt::Display for StepLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(step) => writeln!(f, "  step {} ({})", step + 1, self.step_text)?,
            None => writeln!(f, "  setup")?,
        }
        if self.lines.is_empty() {
            writeln!(f, "    (no log entry)")?;
        }
        for line in &self.lines {
            writeln!(f, "    {line}")?;
        }
        Ok(())
    }
}

/// A scenario file that could not be read or parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file.
    pub file: PathBuf,
    /// Why, with the TOML error's line and column.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.message)
    }
}

impl std::error::Error for LoadError {}

/// Parses scenario text, and refuses what the format does not know: a scenario with no
/// step that moves or checks anything, an unknown expectation key.
pub fn parse(text: &str) -> Result<ScenarioFile, String> {
    let scenario: ScenarioFile = toml::from_str(text).map_err(|error| error.to_string().trim_end().to_string())?;
    if !scenario.steps.iter().any(|step| step.moves() || step.checks()) {
        return Err("the scenario has no step that moves or checks anything: add a `[[step]]` \
             with a move (`play`, `attack`, `pass`...) or an `expect`"
            .into());
    }
    // A misspelt phase or rule switch is the file's error, as a misspelt key is, not a
    // scenario that fails.
    let setup = &scenario.setup;
    run::parse_phase(&setup.phase).map_err(|message| format!("setup: {message}"))?;
    for name in setup.rules.keys().chain(setup.you.rules.keys()).chain(setup.opp.rules.keys()) {
        if !stdlib::CATALOGUE.rule_switches.iter().any(|rule| rule.name.eq_ignore_ascii_case(name)) {
            let known: Vec<&str> = stdlib::CATALOGUE.rule_switches.iter().map(|rule| rule.name).collect();
            return Err(format!("setup: unknown rule switch `{name}` (known: {})", known.join(", ")));
        }
    }
    for (index, step) in scenario.steps.iter().enumerate() {
        for key in step.expect.keys() {
            expect::check_key(key).map_err(|message| match line_of_key(text, key) {
                Some(line) => format!("step {} (line {line}): {message}", index + 1),
                None => format!("step {}: {message}", index + 1),
            })?;
        }
        if let Some(phase) = &step.advance {
            run::parse_phase(phase).map_err(|message| format!("step {}: {message}", index + 1))?;
        }
    }
    Ok(scenario)
}

/// The line (from 1) where `key` is first written as a quoted TOML key (`"you.hp" =`), for
/// an error about it; `None` when it is not written so.
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    let quoted = format!("{key:?}");
    let at = text.match_indices(&quoted).map(|(at, _)| at).find(|&at| {
        text.get(at + quoted.len()..).is_some_and(|rest| rest.trim_start_matches([' ', '\t']).starts_with('='))
    })?;
    Some(text[..at].matches('\n').count() + 1)
}

/// Reads and parses a scenario file.
pub fn load(file: &Path) -> Result<ScenarioFile, LoadError> {
    let error = |message: String| LoadError { file: file.to_path_buf(), message };
    let text = bounded::read_text(file, MAX_SCENARIO_BYTES).map_err(|failure| match failure {
        ReadError::Io(e) => error(format!("cannot read: {e}")),
        ReadError::TooLarge(size) => error(format!("{size}, more than the {MAX_SCENARIO_BYTES} a scenario may have")),
    })?;
    parse(&text).map_err(|message| error(format!("malformed scenario: {message}")))
}

/// Runs one scenario file (its card set taken from `sets`). A `cards` folder that is not
/// a card set is the file's error, as a malformed file is.
pub fn run_file(file: &Path, sets: &mut SetCache) -> Result<Report, LoadError> {
    let scenario = load(file)?;
    if let SetLoad::Missing(why) = sets.get(file, &scenario.cards) {
        return Err(LoadError { file: file.to_path_buf(), message: format!("`cards = {:?}`: {why}", scenario.cards) });
    }
    Ok(run_scenario(file, &scenario, sets))
}

/// Runs a parsed scenario.
pub fn run_scenario(file: &Path, scenario: &ScenarioFile, sets: &mut SetCache) -> Report {
    match sets.get(file, &scenario.cards) {
        SetLoad::CorpusAbsent(why) => Report {
            file: file.to_path_buf(),
            name: name_of(file, scenario),
            verdict: Verdict::Skipped(why),
            log: Vec::new(),
        },
        SetLoad::Missing(why) | SetLoad::Broken(why) => {
            report(file, scenario, Err(vec![Mismatch::at_setup(why)]), Vec::new())
        }
        SetLoad::Loaded(set) => run_on_set(file, scenario, &set),
    }
}

/// Runs a parsed scenario on `set`, whatever its `cards` names (the `scenario` fuzz target
/// runs any text on the example set).
pub fn run_on_set(file: &Path, scenario: &ScenarioFile, set: &std::sync::Arc<crate::CardSet>) -> Report {
    let mut log = Vec::new();
    // The engine must not panic on any input; if it does, that is this scenario's failure,
    // not the end of the whole run.
    let run = std::panic::AssertUnwindSafe(|| run::run_steps(scenario, set, &mut log));
    let outcome = std::panic::catch_unwind(run).unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Err(vec![Mismatch::at_setup(format!("{ENGINE_PANICKED}: {message}"))])
    });
    report(file, scenario, outcome, log)
}

/// How the failure of a scenario whose run panicked starts.
pub const ENGINE_PANICKED: &str = "the engine panicked";

/// The scenario's name: its `name`, else the file's stem.
fn name_of(file: &Path, scenario: &ScenarioFile) -> String {
    scenario
        .name
        .clone()
        .unwrap_or_else(|| file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default())
}

/// The report of a scenario that ran (or whose set could not be loaded), as its
/// `expect_failure` reads the outcome.
fn report(file: &Path, scenario: &ScenarioFile, outcome: Result<(), Vec<Mismatch>>, log: Vec<StepLog>) -> Report {
    let verdict = match (outcome, &scenario.expect_failure) {
        (Ok(()), None) => Verdict::Passed,
        (Err(mismatches), None) => Verdict::Failed(mismatches),
        (Err(mismatches), Some(reason)) => Verdict::KnownFailure { reason: reason.clone(), mismatches },
        (Ok(()), Some(reason)) => Verdict::UnexpectedPass(reason.clone()),
    };
    Report { file: file.to_path_buf(), name: name_of(file, scenario), verdict, log }
}

/// The scenario files a path names: the file itself, or every `*.toml` under a folder
/// (sorted, so runs are in a fixed order).
pub fn collect_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    if path.is_dir() {
        let mut stack = vec![path.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir)? {
                let entry = entry?;
                let kind = entry.file_type()?;
                let entry_path = entry.path();
                if kind.is_dir() {
                    stack.push(entry_path);
                } else if entry_path.extension().is_some_and(|ext| ext == "toml") {
                    out.push(entry_path);
                }
            }
        }
        out.sort();
    } else {
        std::fs::metadata(path)?;
        out.push(path.to_path_buf());
    }
    Ok(out)
}

impl Mismatch {
    /// `  step 2 (attack = "s0")` or `  setup`.
    fn write_heading(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(step) => writeln!(f, "  step {} ({})", step + 1, self.step_text),
            None => writeln!(f, "  setup"),
        }
    }

    /// What does not hold, without the heading.
    fn write_body(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "    {}", self.what)?;
        if let Some(expected) = &self.expected {
            writeln!(f, "      expected: {expected}")?;
        }
        if let Some(actual) = &self.actual {
            let mut lines = actual.lines();
            writeln!(f, "      actual:   {}", lines.next().unwrap_or(""))?;
            for line in lines {
                writeln!(f, "                {line}")?;
            }
        }
        if let Some(note) = &self.note {
            writeln!(f, "      note:     {note}")?;
        }
        if let Some(reached) = &self.reached {
            writeln!(f, "      reached:  {reached}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_heading(f)?;
        self.write_body(f)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.display();
        match &self.verdict {
            Verdict::Passed => writeln!(f, "ok      {file}"),
            Verdict::Skipped(why) => writeln!(f, "skipped {file}: {why}"),
            Verdict::KnownFailure { reason, .. } => writeln!(f, "known   {file}: expected failure: {reason}"),
            Verdict::UnexpectedPass(reason) => writeln!(
                f,
                "FAIL    {file} — {}\n  marked `expect_failure = {reason:?}` but it passes now: remove the mark",
                self.name
            ),
            Verdict::Failed(mismatches) => {
                writeln!(f, "FAIL    {file} — {}", self.name)?;
                // The mismatches of one step under one heading.
                let mut heading: Option<(Option<usize>, &str)> = None;
                for mismatch in mismatches {
                    let this = (mismatch.step, mismatch.step_text.as_str());
                    if heading != Some(this) {
                        mismatch.write_heading(f)?;
                        heading = Some(this);
                    }
                    mismatch.write_body(f)?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::format::{Answer, Side, SlotSpec};
    use super::*;

    #[test]
    fn the_documented_example_parses() {
        let text = r#"
name = "Gai Tendo gets 200 BP when it attacks alone"
[setup]
phase = "attack"
you.s0 = "C174"
opp.s0 = { card = "Ryu", bp = 500, frozen = true }
[[step]]
attack = "s0"
[[step]]
advance = "counter-attack"
answers = ["opp.s1", "yes", 2, ["C013", "Ryu"], []]
expect = { "you.s0.bp" = 900 }
"#;
        let scenario = parse(text).unwrap();
        assert_eq!(scenario.cards, "corpus");
        assert_eq!(scenario.setup.turn, 2);
        assert_eq!(scenario.setup.active, Side::You);
        assert!(matches!(&scenario.setup.opp.s0, Some(SlotSpec::Full(d)) if d.bp == Some(500) && d.frozen));
        assert_eq!(scenario.steps.len(), 2);
        assert_eq!(scenario.steps[0].describe(), "attack = \"s0\"");
        assert_eq!(
            scenario.steps[1].answers,
            [
                Answer::Text("opp.s1".into()),
                Answer::Text("yes".into()),
                Answer::Int(2),
                Answer::Many(vec![Answer::Text("C013".into()), Answer::Text("Ryu".into())]),
                Answer::Many(vec![]),
            ]
        );
    }

    #[test]
    fn errors_name_the_line_and_unknown_keys_are_refused() {
        let error = parse("name = \"x\"\n[setup\n").unwrap_err();
        assert!(error.contains("line 2"), "{error}");
        let error = parse("[[step]]\natack = \"s0\"\n").unwrap_err();
        assert!(error.contains("unknown field `atack`"), "{error}");
        let error = parse("[setup]\nactive = \"them\"\n").unwrap_err();
        assert!(error.contains("unknown variant `them`"), "{error}");
    }

    #[test]
    fn a_missing_card_set_is_a_failure_naming_it() {
        let scenario = parse("cards = \"no-such-set\"\n[[step]]\npass = true\n").unwrap();
        let report = run_scenario(Path::new("dir/x.toml"), &scenario, &mut SetCache::default());
        match report.verdict {
            Verdict::Failed(mismatches) => {
                assert!(mismatches[0].what.contains("no-such-set is not a card set"), "{mismatches:?}")
            }
            other => panic!("{other:?}"),
        }
    }

    /// Issue 29: a scenario that neither moves nor checks anything, or names an expectation
    /// the format does not know, is malformed (before, an empty file passed and an unknown
    /// key failed as a mismatch, exit 1 instead of 2).
    #[test]
    fn an_empty_scenario_or_an_unknown_expectation_is_malformed() {
        for text in ["", "name = \"x\"\n", "[[step]]\n[[step]]\nanswers = []\n"] {
            let error = parse(text).unwrap_err();
            assert!(error.contains("no step that moves or checks anything"), "{text:?}: {error}");
        }
        let error = parse("[[step]]\npass = true\n[[step]]\nexpect = { \"you.hpp\" = 1 }\n").unwrap_err();
        assert!(
            error.starts_with(
                "step 2 (line 4): unknown expectation `you.hpp`: did you mean `you.hp`? (known: phase, turn"
            ),
            "{error}"
        );
        for key in ["you.s4.bp", "you.s0.colour", "you.rules.no_such_switch", "them.hp", "you.s0.bp.x"] {
            let text = format!("[[step]]\nexpect = {{ {key:?} = 1 }}\n");
            assert!(parse(&text).unwrap_err().contains(&format!("unknown expectation `{key}`")), "{key}");
        }
        for key in ["you.chars_played", "opp.backups_played", "you.s3.lacks", "you.rules.play_char_bp_limit"] {
            let text = format!("[[step]]\nexpect = {{ {key:?} = 1 }}\n");
            assert!(parse(&text).is_ok(), "{key}");
        }
    }

    /// `prophecy` without a destination asks top (0) or bottom (1): the answers `"top"` and
    /// `"bottom"` name them, as they name `moveTo`'s 0 and -1 (`banish-bottom.toml`).
    #[test]
    fn top_and_bottom_answer_a_prophecys_destination() {
        use crate::set::{CardKind, CardSet};
        use crate::testing::card;
        let mut cards = vec![
            card("x-a", "X001", "Ant", CardKind::Character, 100, 0),
            card("x-b", "X002", "Bee", CardKind::Character, 200, 0),
            card("x-c", "X003", "Cat", CardKind::Character, 300, 0),
            card("x-o", "X004", "Oracle", CardKind::Action, 0, 0),
        ];
        cards[3].rules_file = Some("oracle.rules".into());
        let sources = [("oracle.rules".to_string(), "action = prophecy(2)\n".to_string())];
        let set = std::sync::Arc::new(CardSet::from_parts(cards, &sources).expect("the test set compiles"));
        let text = |answers: &str| {
            format!(
                "[setup]\nyou.hand = [\"Oracle\"]\nyou.deck = [\"Ant\", \"Bee\", \"Cat\"]\n\
                 [[step]]\nplay = \"Oracle\"\nanswers = {answers}\n\
                 expect = {{ \"you.deck\" = [\"Cat\", \"Bee\", \"Ant\"] }}\n"
            )
        };
        let scenario = parse(&text("[\"bottom\", [\"Bee\", \"Ant\"]]")).unwrap();
        assert_eq!(run::run_steps(&scenario, &set, &mut Vec::new()), Ok(()));
        let scenario = parse(&text("[\"top\", [\"Bee\", \"Ant\"]]")).unwrap();
        let mismatches = run::run_steps(&scenario, &set, &mut Vec::new()).unwrap_err();
        assert_eq!(mismatches[0].actual.as_deref(), Some("[Ant (X001), Bee (X002), Cat (X003)]"));
        let scenario = parse(&text("[]")).unwrap();
        let mismatches = run::run_steps(&scenario, &set, &mut Vec::new()).unwrap_err();
        assert!(
            mismatches[0].what.ends_with("choose a position by you, exactly 1 of: \"top\" (0), \"bottom\" (1)"),
            "{}",
            mismatches[0].what
        );
    }
}
