//! A reader for Wagic's behaviour test files (`Res/test/*.txt`), read as Wagic's
//! `TestSuiteGame::load` reads them: `[INIT]` a phase name and the board (`[PLAYER1]`,
//! `[PLAYER2]`: `hand:`, `inplay:`, `graveyard:`, `library:`, `exile:`, `manapool:`,
//! `life:` lines, cards by name or by Wagic id, `*` for any card), `[DO]` the moves one a
//! line, `[ASSERT]` the expected board in the same shape, `[END]`. Lines are compared
//! in lower case, as Wagic lowercases them; `#` lines and blank lines are skipped, and the
//! lines before `[INIT]` and after `[END]` are ignored, as Wagic ignores them.
//!
//! A test file is untrusted input: it is read in one pass over at most
//! [`MAX_TEST_BYTES`], never panics, and what cannot be read (an unknown phase, a life
//! that is not a number, a mana symbol, a missing section) is a [`ReadError`] with its
//! line. A player line Wagic itself ignores (no `:` or `=`, an unknown key) is kept in
//! [`PlayerState::ignored`], so that a runner can tell.

use std::fmt;

/// The largest test file read (Wagic's largest is under 4 KiB).
pub const MAX_TEST_BYTES: usize = 1 << 20;

/// The most cards one zone line may name (Wagic's test decks hold at most 100 cards).
pub const MAX_CARDS_PER_LINE: usize = 1000;

/// The phases of a turn, in order, with the names Wagic's `PhaseRing::phaseStrToInt`
/// reads (several names for some).
pub const PHASES: &[(Phase, &[&str])] = &[
    (Phase::Untap, &["untap"]),
    (Phase::Upkeep, &["upkeep"]),
    (Phase::Draw, &["draw"]),
    (Phase::FirstMain, &["firstmain", "mainphase"]),
    (Phase::CombatBegin, &["combatbegin", "combatbegins"]),
    (Phase::CombatAttackers, &["combatattackers"]),
    (Phase::CombatBlockers, &["combatblockers"]),
    (Phase::CombatDamage, &["combatdamage"]),
    (Phase::CombatEnd, &["combatend", "combatends"]),
    (Phase::SecondMain, &["secondmain"]),
    (Phase::EndOfTurn, &["endofturn", "end"]),
    (Phase::Cleanup, &["cleanup"]),
];

/// A phase of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// `untap`.
    Untap,
    /// `upkeep`.
    Upkeep,
    /// `draw`.
    Draw,
    /// `firstmain` (`mainphase`).
    FirstMain,
    /// `combatbegin` (`combatbegins`).
    CombatBegin,
    /// `combatattackers`.
    CombatAttackers,
    /// `combatblockers`.
    CombatBlockers,
    /// `combatdamage`.
    CombatDamage,
    /// `combatend` (`combatends`).
    CombatEnd,
    /// `secondmain`.
    SecondMain,
    /// `endofturn` (`end`).
    EndOfTurn,
    /// `cleanup`.
    Cleanup,
}

impl Phase {
    /// The phase a name (lower case) stands for.
    pub fn named(name: &str) -> Option<Phase> {
        PHASES.iter().find(|(_, names)| names.contains(&name)).map(|(phase, _)| *phase)
    }

    /// Its first name.
    pub fn name(self) -> &'static str {
        PHASES.iter().find(|(phase, _)| *phase == self).map_or("", |(_, names)| names[0])
    }

    /// The phase after it in a turn (`Cleanup` is followed by the next turn's `Untap`).
    pub fn next(self) -> Phase {
        let index = PHASES.iter().position(|(phase, _)| *phase == self).unwrap_or(0);
        PHASES[(index + 1) % PHASES.len()].0
    }

    /// The name of the event a trigger `@each <phase>` listens to (the catalogue's).
    pub fn event(self) -> &'static str {
        match self {
            Phase::CombatBegin => "combatbegins",
            Phase::CombatAttackers => "attackers",
            Phase::CombatBlockers => "blockers",
            Phase::CombatEnd => "combatends",
            phase => phase.name(),
        }
    }

    /// Whether it is a main phase (spells at sorcery speed, lands).
    pub fn is_main(self) -> bool {
        matches!(self, Phase::FirstMain | Phase::SecondMain)
    }
}

/// A zone a test names, in the order Wagic compares them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    /// `graveyard:`.
    Graveyard,
    /// `library:` (the last card named is the top).
    Library,
    /// `hand:`.
    Hand,
    /// `inplay:` or `battlefield:`.
    Battlefield,
    /// `exile:` or `removedfromgame:`.
    Exile,
}

impl Zone {
    /// Every zone, in the order Wagic sets and compares them.
    pub const ALL: [Zone; 5] = [Zone::Graveyard, Zone::Library, Zone::Hand, Zone::Battlefield, Zone::Exile];

    /// The zone a key (lower case) names.
    pub fn keyed(key: &str) -> Option<Zone> {
        Some(match key {
            "graveyard" => Zone::Graveyard,
            "library" => Zone::Library,
            "hand" => Zone::Hand,
            "inplay" | "battlefield" => Zone::Battlefield,
            "exile" | "removedfromgame" => Zone::Exile,
            _ => return None,
        })
    }

    /// Its key in a test file.
    pub fn key(self) -> &'static str {
        match self {
            Zone::Graveyard => "graveyard",
            Zone::Library => "library",
            Zone::Hand => "hand",
            Zone::Battlefield => "inplay",
            Zone::Exile => "exile",
        }
    }
}

/// A card a zone line names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardRef {
    /// By name (lower case).
    Name(String),
    /// By Wagic id (a set file's `id=`; negative: a token).
    Id(i64),
    /// `*`: any card (only counted).
    Any,
}

impl CardRef {
    /// A card as a line writes it: a number is an id (as Wagic's `Rules::getMTGId`
    /// reads one), `*` any card, anything else a name.
    pub fn read(text: &str) -> CardRef {
        let text = text.trim();
        if text == "*" {
            return CardRef::Any;
        }
        match text.parse::<i64>() {
            Ok(id) if id != 0 => CardRef::Id(id),
            _ => CardRef::Name(text.to_string()),
        }
    }
}

impl fmt::Display for CardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardRef::Name(name) => f.write_str(name),
            CardRef::Id(id) => write!(f, "{id}"),
            CardRef::Any => f.write_str("*"),
        }
    }
}

/// A mana pool, in [`crate::catalogue::MANA_COLOURS`] order (W, U, B, R, G, colourless).
pub type Mana = [i32; 6];

/// Writes a pool as Wagic writes a cost: `{2}{R}`, `{0}` for an empty pool.
pub fn mana_text(mana: &Mana) -> String {
    let mut text = String::new();
    if mana[5] > 0 {
        text.push_str(&format!("{{{}}}", mana[5]));
    }
    for (index, letter) in ["W", "U", "B", "R", "G"].iter().enumerate() {
        for _ in 0..mana[index].clamp(0, 100) {
            text.push_str(&format!("{{{letter}}}"));
        }
        if mana[index] > 100 {
            text.push_str(&format!("({}x{{{letter}}})", mana[index]));
        }
    }
    if text.is_empty() { "{0}".into() } else { text }
}

/// Reads a mana cost or pool (`{2}{R}{R}`, `{0}`): `None` for a symbol other than a
/// number, `W`, `U`, `B`, `R`, `G` or `C` (`{X}`, hybrid, phyrexian...). A `}` with no `{`
/// is skipped, as Wagic skips it.
pub fn read_mana(text: &str) -> Option<Mana> {
    let mut mana = [0i32; 6];
    let mut rest = text.trim();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('}') {
            rest = after.trim_start();
            continue;
        }
        let inner = rest.strip_prefix('{')?;
        let close = inner.find('}')?;
        let symbol = inner[..close].trim().to_ascii_lowercase();
        rest = inner[close + 1..].trim_start();
        let slot = match symbol.as_str() {
            "w" => 0,
            "u" => 1,
            "b" => 2,
            "r" => 3,
            "g" => 4,
            "c" => 5,
            number => {
                let count: i32 = number.parse().ok().filter(|count: &i32| *count >= 0)?;
                mana[5] = mana[5].checked_add(count)?;
                continue;
            }
        };
        mana[slot] = mana[slot].checked_add(1)?;
    }
    Some(mana)
}

/// One player's part of `[INIT]` or `[ASSERT]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// `life:` (20 when absent).
    pub life: Option<i32>,
    /// `poisoncount:` (0 when absent).
    pub poison: Option<i32>,
    /// `manapool:` (empty when absent).
    pub mana: Option<Mana>,
    /// The cards of each zone, in the order written (several lines add up).
    pub zones: Vec<(Zone, Vec<CardRef>)>,
    /// The lines Wagic ignores or that set what no table models (`avatar:`, a line with
    /// no `:`), with their line numbers.
    pub ignored: Vec<(u32, String)>,
}

impl PlayerState {
    /// The cards named in `zone`.
    pub fn cards(&self, zone: Zone) -> Vec<&CardRef> {
        self.zones.iter().filter(|(z, _)| *z == zone).flat_map(|(_, cards)| cards).collect()
    }

    fn read_line(&mut self, line: &str, number: u32) -> Result<(), ReadError> {
        let limiter = line.find('=').or_else(|| line.find(':'));
        let Some(limiter) = limiter else {
            self.ignored.push((number, line.to_string()));
            return Ok(());
        };
        let (key, value) = (line[..limiter].trim(), &line[limiter + 1..]);
        if let Some(zone) = Zone::keyed(key) {
            let cards: Vec<CardRef> =
                value.split(',').filter(|card| !card.trim().is_empty()).map(CardRef::read).collect();
            if cards.len() > MAX_CARDS_PER_LINE {
                return Err(ReadError::new(number, format!("more than {MAX_CARDS_PER_LINE} cards on one line")));
            }
            self.zones.push((zone, cards));
            return Ok(());
        }
        let number_of = |what: &str| {
            value
                .trim()
                .parse::<i32>()
                .map_err(|_| ReadError::new(number, format!("{what} `{}` is not a number", value.trim())))
        };
        match key {
            "life" => self.life = Some(number_of("life")?),
            "poisoncount" => self.poison = Some(number_of("poison count")?),
            "manapool" => {
                let mana = read_mana(value)
                    .ok_or_else(|| ReadError::new(number, format!("mana pool `{}` cannot be read", value.trim())))?;
                self.mana = Some(mana);
            }
            _ => self.ignored.push((number, line.to_string())),
        }
        Ok(())
    }
}

/// `[INIT]` or `[ASSERT]`: a phase and both players.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct State {
    /// The phase (the last phase line of the section); none when no line names one.
    pub phase: Option<Phase>,
    /// `[PLAYER1]` and `[PLAYER2]`.
    pub players: [PlayerState; 2],
}

/// One `[DO]` line: its number and its text, lower case and trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Its line in the file.
    pub line: u32,
    /// What it says.
    pub text: String,
}

/// A test file, read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TestFile {
    /// `[INIT]`.
    pub init: State,
    /// `[DO]`, in order.
    pub moves: Vec<Move>,
    /// `[ASSERT]`.
    pub expected: State,
    /// The switches written anywhere (`summoningsickness`, `forceability`, `seed N`,
    /// `aicalls N`, `momir`), with their line numbers.
    pub switches: Vec<(u32, String)>,
}

/// What in a test file cannot be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The line (from 1).
    pub line: u32,
    /// What is wrong.
    pub message: String,
}

impl ReadError {
    fn new(line: u32, message: impl Into<String>) -> ReadError {
        ReadError { line, message: message.into() }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ReadError {}

/// The sections, in the order a file has them (Wagic's `load` states -1 to 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Section {
    Before,
    InitPhase,
    InitPlayer1,
    InitPlayer2,
    Do,
    AssertPhase,
    AssertPlayer1,
    AssertPlayer2,
    After,
}

/// Reads a test file.
pub fn read(source: &str) -> Result<TestFile, ReadError> {
    if source.len() > MAX_TEST_BYTES {
        return Err(ReadError::new(1, format!("the file is larger than {MAX_TEST_BYTES} bytes")));
    }
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let mut test = TestFile::default();
    let mut section = Section::Before;
    let mut last_line = 0u32;
    // The first heading met out of its place: the line, the heading, the one due.
    let mut misplaced: Option<(u32, String, &'static str)> = None;
    for (index, raw) in source.split('\n').enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let line = raw.trim_end_matches('\r');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        last_line = number;
        let line = line.to_lowercase();
        let trimmed = line.trim();
        if trimmed == "summoningsickness"
            || trimmed == "forceability"
            || trimmed == "momir"
            || line.starts_with("seed ")
            || line.starts_with("aicalls ")
        {
            test.switches.push((number, trimmed.to_string()));
            continue;
        }
        let (next, heading) = match (section, trimmed) {
            (Section::Before, "[init]") => (Section::InitPhase, true),
            (Section::InitPhase, "[player1]") => (Section::InitPlayer1, true),
            (Section::InitPlayer1, "[player2]") => (Section::InitPlayer2, true),
            (Section::InitPlayer2, "[do]") => (Section::Do, true),
            (Section::Do, "[assert]") => (Section::AssertPhase, true),
            (Section::AssertPhase, "[player1]") => (Section::AssertPlayer1, true),
            (Section::AssertPlayer1, "[player2]") => (Section::AssertPlayer2, true),
            (Section::AssertPlayer2, "[end]") => (Section::After, true),
            (section, _) => (section, false),
        };
        if heading {
            section = next;
            continue;
        }
        if misplaced.is_none() && HEADINGS.contains(&trimmed) && section != Section::After {
            // Wagic reads a heading out of its place as a line of the section it is in:
            // the file is kept only if the heading due comes later.
            misplaced = Some((number, raw.trim().to_string(), due(section)));
        }
        match section {
            Section::Before | Section::After => {}
            Section::InitPhase | Section::AssertPhase => {
                let Some(phase) = Phase::named(trimmed) else {
                    // A player's line (`life:20`) or a heading here: a heading was left out.
                    if trimmed.contains(':') || HEADINGS.contains(&trimmed) {
                        return Err(ReadError::new(number, out_of_place(trimmed, due(section))));
                    }
                    return Err(ReadError::new(number, unknown_phase(trimmed)));
                };
                let state = if section == Section::InitPhase { &mut test.init } else { &mut test.expected };
                state.phase = Some(phase);
            }
            Section::InitPlayer1 => test.init.players[0].read_line(&line, number)?,
            Section::InitPlayer2 => test.init.players[1].read_line(&line, number)?,
            Section::AssertPlayer1 => test.expected.players[0].read_line(&line, number)?,
            Section::AssertPlayer2 => test.expected.players[1].read_line(&line, number)?,
            Section::Do => test.moves.push(Move { line: number, text: trimmed.to_string() }),
        }
    }
    if section == Section::After {
        return Ok(test);
    }
    if let Some((line, heading, due)) = misplaced {
        return Err(ReadError::new(line, out_of_place(&heading, due)));
    }
    Err(ReadError::new(last_line.max(1), format!("the file ends before {}", due(section))))
}

/// The section headings, lower case.
const HEADINGS: &[&str] = &["[init]", "[player1]", "[player2]", "[do]", "[assert]", "[end]"];

/// The heading due after `section`.
fn due(section: Section) -> &'static str {
    match section {
        Section::Before => "[INIT]",
        Section::InitPhase => "[INIT]'s [PLAYER1]",
        Section::InitPlayer1 => "[INIT]'s [PLAYER2]",
        Section::InitPlayer2 => "[DO]",
        Section::Do => "[ASSERT]",
        Section::AssertPhase => "[ASSERT]'s [PLAYER1]",
        Section::AssertPlayer1 => "[ASSERT]'s [PLAYER2]",
        Section::AssertPlayer2 | Section::After => "[END]",
    }
}

/// The error of a line where a heading is due.
fn out_of_place(written: &str, due: &str) -> String {
    format!(
        "`{written}` where {due} is due ([INIT] and [ASSERT] each need a [PLAYER1] and a [PLAYER2] line, \
         even with nothing under them)"
    )
}

/// The error of a phase name Wagic does not know: the phase meant, or the list.
fn unknown_phase(written: &str) -> String {
    let names = PHASES.iter().flat_map(|(_, names)| names.iter().copied());
    match crate::front::did_you_mean(written, names) {
        Some(hint) => format!("`{written}` is not a phase Wagic knows: {hint}"),
        None => {
            let names: Vec<&str> = PHASES.iter().map(|(_, names)| names[0]).collect();
            format!("`{written}` is not a phase Wagic knows (its phases: {})", names.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHOCK: &str = "#a comment\n[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n\
                         inplay:Grizzly Bears,129471\n[DO]\nShock\nGrizzly Bears\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n\
                         graveyard:Shock\nmanapool:{0}\n[PLAYER2]\ngraveyard:Grizzly Bears,*\nlife:20\n[END]\n";

    #[test]
    fn a_test_file_is_read_in_lower_case_with_its_sections() {
        let test = read(SHOCK).expect("reads");
        assert_eq!(test.init.phase, Some(Phase::FirstMain));
        assert_eq!(test.init.players[0].cards(Zone::Hand), [&CardRef::Name("shock".into())]);
        assert_eq!(test.init.players[0].mana, Some([0, 0, 0, 1, 0, 0]));
        assert_eq!(
            test.init.players[1].cards(Zone::Battlefield),
            [&CardRef::Name("grizzly bears".into()), &CardRef::Id(129471)]
        );
        let moves: Vec<(u32, &str)> = test.moves.iter().map(|m| (m.line, m.text.as_str())).collect();
        assert_eq!(moves, [(10, "shock"), (11, "grizzly bears")]);
        assert_eq!(test.expected.players[0].mana, Some([0; 6]));
        assert_eq!(test.expected.players[1].cards(Zone::Graveyard)[1], &CardRef::Any);
        assert_eq!(test.expected.players[1].life, Some(20));
    }

    #[test]
    fn what_cannot_be_read_is_an_error_at_its_line() {
        let bad_phase = SHOCK.replace("[ASSERT]\nFIRSTMAIN", "[ASSERT]\nFIRSTMAYN");
        assert_eq!(
            read(&bad_phase).unwrap_err().to_string(),
            "line 13: `firstmayn` is not a phase Wagic knows: did you mean `firstmain`?"
        );
        let bad_life = SHOCK.replace("life:20", "life:twenty");
        assert_eq!(read(&bad_life).unwrap_err().to_string(), "line 19: life `twenty` is not a number");
        let bad_mana = SHOCK.replace("manapool:{R}", "manapool:{X}");
        assert_eq!(read(&bad_mana).unwrap_err().to_string(), "line 6: mana pool `{x}` cannot be read");
        let cut = &SHOCK[..SHOCK.find("[ASSERT]").unwrap()];
        assert_eq!(read(cut).unwrap_err().to_string(), "line 11: the file ends before [ASSERT]");
        assert_eq!(read("").unwrap_err().to_string(), "line 1: the file ends before [INIT]");
    }

    /// An [INIT] with no [PLAYER2] was `the file ends before [DO]`, at the last line,
    /// though the file has a [DO]; a misspelt phase got no hint.
    #[test]
    fn a_heading_out_of_its_place_is_the_error() {
        let no_player2 = SHOCK.replacen("[PLAYER2]\ninplay:Grizzly Bears,129471\n", "", 1);
        assert_eq!(
            read(&no_player2).unwrap_err().to_string(),
            "line 7: `[DO]` where [INIT]'s [PLAYER2] is due ([INIT] and [ASSERT] each need a [PLAYER1] and a \
             [PLAYER2] line, even with nothing under them)"
        );
        let no_assert_player1 = SHOCK.replace("[ASSERT]\nFIRSTMAIN\n[PLAYER1]\n", "[ASSERT]\nFIRSTMAIN\n");
        let error = read(&no_assert_player1).unwrap_err().to_string();
        assert!(error.starts_with("line 14: `graveyard:shock` where [ASSERT]'s [PLAYER1] is due"), "{error}");
        // Out of its place but followed by the heading due, Wagic keeps the file, as here.
        let late = SHOCK.replace("[PLAYER2]\ninplay", "[DO]\n[PLAYER2]\ninplay");
        assert!(read(&late).is_ok());
        let typo = SHOCK.replace("[INIT]\nFIRSTMAIN", "[INIT]\nFIRSTMAN");
        assert_eq!(
            read(&typo).unwrap_err().to_string(),
            "line 3: `firstman` is not a phase Wagic knows: did you mean `firstmain`?"
        );
        let far = SHOCK.replace("[INIT]\nFIRSTMAIN", "[INIT]\nMAIN1");
        let error = read(&far).unwrap_err().to_string();
        assert!(
            error.starts_with("line 3: `main1` is not a phase Wagic knows (its phases: untap, upkeep, draw,"),
            "{error}"
        );
    }

    #[test]
    fn lines_wagic_ignores_are_kept_aside() {
        let test = read(&SHOCK.replace("manapool:{0}", "manapool{0}\navatar:baka.jpg")).expect("reads");
        assert_eq!(test.expected.players[0].mana, None);
        let ignored: Vec<&str> = test.expected.players[0].ignored.iter().map(|(_, line)| line.as_str()).collect();
        assert_eq!(ignored, ["manapool{0}", "avatar:baka.jpg"]);
    }

    #[test]
    fn mana_is_read_as_wagic_writes_it() {
        assert_eq!(read_mana("{2}{R}{r}"), Some([0, 0, 0, 2, 0, 2]));
        assert_eq!(read_mana("{0}"), Some([0; 6]));
        assert_eq!(read_mana("{2}}"), Some([0, 0, 0, 0, 0, 2]));
        assert_eq!(read_mana("{c}{W}{10}"), Some([1, 0, 0, 0, 0, 11]));
        assert_eq!(read_mana("{X}{R}"), None);
        assert_eq!(read_mana("{W/U}"), None);
        assert_eq!(read_mana("R"), None);
        assert_eq!(read_mana("{99999999999}"), None);
        assert_eq!(mana_text(&[0, 0, 0, 2, 0, 1]), "{1}{R}{R}");
        assert_eq!(mana_text(&[0; 6]), "{0}");
    }
}
