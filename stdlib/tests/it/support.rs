//! The test board (`stdlib::testing`'s `RecordingBoard`, which logs every primitive call
//! as text), card lookups by name, and `Game`, which compiles one card from source and runs
//! it with the stdlib on that board.

use compiler::Severity;
use compiler::session::Session;
use stdlib::{CATALOGUE, builtins};
use vm::bytecode::{BundleBuilder, CardIdx, Program};
use vm::runtime::{CardId, Completion, Execution, Outcome, PlayerId, Runtime, Value};

pub use stdlib::names::{ACTION, CHARACTER, REACTION};
pub use stdlib::testing::{Board, Card, P0, P1, RecordingBoard, describe};

/// Card lookups by name, for tests that name their cards (a missing name fails the test).
pub trait ByName {
    fn id(&self, name: &str) -> CardId;
    fn card_ref(&self, name: &str) -> &Card;
    fn card_mut(&mut self, name: &str) -> &mut Card;
}

impl ByName for Board {
    fn id(&self, name: &str) -> CardId {
        self.find(name).unwrap_or_else(|| panic!("no card {name}"))
    }

    fn card_ref(&self, name: &str) -> &Card {
        &self.cards[self.id(name).0 as usize]
    }

    fn card_mut(&mut self, name: &str) -> &mut Card {
        let id = self.id(name);
        &mut self.cards[id.0 as usize]
    }
}

/// A compiled program and a runtime with the stdlib's builtins, plus the board.
pub struct Game {
    pub runtime: Runtime<RecordingBoard>,
    pub host: RecordingBoard,
}

/// Compiles cards (key, source) into one program; panics on a compile error.
pub fn compile(cards: &[(&str, &str)]) -> Program {
    let mut session = Session::new(&CATALOGUE);
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for (key, source) in cards {
        let diagnostics = session.compile_card(key, source, &mut bundle);
        let errors: Vec<_> = diagnostics.iter().filter(|d| d.severity() == Severity::Error).collect();
        assert!(errors.is_empty(), "{key} does not compile: {errors:?}");
    }
    let bytes = bundle.finish().expect("the bundle builds");
    Program::load(&bytes, &CATALOGUE).expect("the bundle loads")
}

impl Game {
    /// A game whose bundle holds `source` as card 0 (and `others` after it).
    pub fn new(source: &str) -> Game {
        Game::with(&[source])
    }

    pub fn with(sources: &[&str]) -> Game {
        let keys: Vec<String> = (0..sources.len()).map(|i| format!("card{i}")).collect();
        let cards: Vec<(&str, &str)> = keys.iter().map(String::as_str).zip(sources.iter().copied()).collect();
        let program = compile(&cards);
        Game { runtime: Runtime::new(program, &CATALOGUE, builtins::<RecordingBoard>()), host: RecordingBoard::new() }
    }

    /// `player` activates `card` (rules: bundle card 0).
    pub fn activate(&mut self, card: CardId, player: PlayerId) -> Outcome {
        self.host.cards[card.0 as usize].rules.get_or_insert(CardIdx(0));
        let rules = self.host.cards[card.0 as usize].rules.unwrap();
        self.runtime.activate(&mut self.host, card, rules, player).expect("no trap")
    }

    /// Activates and expects it to finish without asking anything.
    pub fn run(&mut self, card: CardId, player: PlayerId) -> Completion {
        match self.activate(card, player) {
            Outcome::Done(done) => done,
            Outcome::Suspended(exec) => panic!("unexpected request {:?}: {:?}", exec.request(), exec.candidates()),
        }
    }

    /// Answers a suspended execution.
    pub fn answer(&mut self, exec: Execution, answer: &[Value]) -> Outcome {
        match self.runtime.resume(&mut self.host, exec, answer) {
            Ok(outcome) => outcome,
            Err(error) => panic!("resume refused: {error:?}"),
        }
    }

    /// Answers with cards by name.
    pub fn answer_cards(&mut self, exec: Execution, names: &[&str]) -> Outcome {
        let values: Vec<Value> = names.iter().map(|name| Value::Card(self.host.id(name))).collect();
        self.answer(exec, &values)
    }

    /// The log lines of the stdlib primitives (no `zone` lookups), emptied.
    pub fn log(&mut self) -> Vec<String> {
        self.host.take_log()
    }
}

/// The execution of a suspended outcome.
pub fn suspended(outcome: Outcome) -> Execution {
    match outcome {
        Outcome::Suspended(exec) => exec,
        Outcome::Done(done) => panic!("expected a request, finished with {done:?}"),
    }
}

/// The completion of a finished outcome.
pub fn done(outcome: Outcome) -> Completion {
    match outcome {
        Outcome::Done(done) => done,
        Outcome::Suspended(exec) => panic!("unexpected request {:?}", exec.request()),
    }
}
