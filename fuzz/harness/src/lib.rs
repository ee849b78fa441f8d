//! The bodies of the fuzz targets as plain functions: `fuzz/fuzz_targets/*.rs` call them
//! under libFuzzer, and `tests/inputs.rs` calls them on the seeds, the regressions and
//! the corpus as ordinary tests, so a crash found by fuzzing stays fixed without nightly.
//!
//! The source targets (and [`wagic()`] and the file targets) run on a 2 MiB worker stack
//! ([`WORKER_STACK`]), as an editor's or a server's thread would. The file targets' card
//! set is the example set ([`example_set`]), compiled once per process.
//!
//! | target | input | what must hold |
//! |---|---|---|
//! | [`parse`] | any bytes as a card's source | a tree and diagnostics, no panic; a clean card prints back to the same tree |
//! | [`compile`] | any bytes as source | no panic; every bundle it produces loads, verifies, disassembles and writes back to the same bytes, and compiling is deterministic |
//! | [`load`] | any bytes as a bundle | a program or an error; a program disassembles and plays on a [`board::Board`] under fuel |
//! | [`execute`] | source, `\0`, answer bytes | the card (or one generated from the bytes) plays on a board and in a game of the reference engine with valid and invalid answers under fuel; no cost takes more than was chosen |
//! | [`roundtrip`](fn@roundtrip) | bytes read as instructions | encode, decode give the same stream; as an entry it builds, and a loaded bundle keeps it and disassembles |
//! | [`wagic()`] | any bytes as a Wagic card file | every card compiles or gets one error inside the file, the one it gets alone; the bundle of those that compiled (from one file, and from two with the same cards) loads, verifies, disassembles, writes back to the same bytes and holds each key given, and compiling is deterministic |
//! | [`wagic_test`] | Wagic card file, `\0`, Wagic test file, optionally `\0` and a Wagic set file (`_cards.dat`, for the ids the test names cards by; no `\0` at all: the test, on [`WAGIC_TEST_CARDS`]) | the test reads or gets an error at a line, and runs (set, played, compared or skipped) without a panic, giving the same verdict twice |
//! | [`wagic_play()`] | Wagic card file, `\0`, deck file, `\0`, deck file, optionally `\0` and a set file | the decks read and resolve as `rsc run --lang wagic` resolves them or get errors of the documented codes at their lines; a short seeded game (8 turns) plays without a panic, the same twice |
//! | [`deck()`] | any bytes as an `.o8d` deck file | read against the example set as `rsc run` reads one: a [`game::deck::DeckError`] naming the file, or a deck of 50 known cards, at most 3 of each, that plays a short game |
//! | [`save()`] | any bytes as a saved game (`rsc run --save`) | refused with the error `rsc replay` prints, or replayed on the example set to the same verdict twice; written back, it reads back the same |
//! | [`scenario()`] | any bytes as a scenario file (`rsc test`) | refused with a message, or run on the example set to a verdict without the engine panicking; the report and the logs print |
//! | [`tally()`] | any bytes as a tally file (`rsc sim --tally-out`, CFC's or a Wagic sim's) | refused with a message, or it writes back the same, merges as `rsc sim merge` does (alone, with itself, with a copy counting no game) into a tally that reads back, and its summary and HTML report render |
//! | [`catalogue()`] | any bytes as a catalogue file (`rsc --catalogue`) | checked as `catalogue_file::load` checks one, leaking nothing: refused with diagnostics of its codes inside the file, the same twice, or written back in the documented form to a file accepted again that writes back the same; within a leak budget, loaded, its catalogue writes that file, which loads to the same `CatalogueId` |

pub mod answers;
pub mod board;
pub mod catalogue_json;
pub mod deck_file;
pub mod dictionary;
pub mod example_set;
pub mod game_play;
pub mod generate;
pub mod play;
pub mod roundtrip;
pub mod save_file;
pub mod scenario_file;
pub mod tally_file;
pub mod wagic_file;
pub mod wagic_play;

use compiler::Severity;
use compiler::session::Session;
use stdlib::CATALOGUE;
use vm::bytecode::{BundleBuilder, Program, disassemble};

use answers::Answers;

/// A target's body: it takes the input and panics on a failure.
pub type Target = fn(&[u8]);

/// Each target's name and body, in the order of the table above.
pub const TARGETS: [(&str, Target); 13] = [
    ("parse", parse),
    ("compile", compile),
    ("load", load),
    ("execute", execute),
    ("roundtrip", roundtrip),
    ("wagic", wagic),
    ("wagic_test", wagic_test),
    ("wagic_play", wagic_play),
    ("deck", deck),
    ("save", save),
    ("scenario", scenario),
    ("tally", tally),
    ("catalogue", catalogue),
];

/// The stack the source targets run on: an editor's or a server's worker thread, not the
/// main thread's 8 MiB, so that recursion a long line can drive shows up as a crash.
pub const WORKER_STACK: usize = 2 << 20;

/// Runs `body` on a thread with [`WORKER_STACK`] of stack; its panic is re-raised here.
fn on_worker_stack(body: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new().stack_size(WORKER_STACK).spawn_scoped(scope, body);
        match worker.expect("a worker thread starts").join() {
            Ok(()) => {}
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
}

/// Any bytes as a card's source: parse and check, no panic.
pub fn parse(data: &[u8]) {
    on_worker_stack(|| {
        compiler::fuzzing::parse(data, &CATALOGUE);
    });
}

/// Any bytes as a card's source (invalid UTF-8 replaced): compiling never panics, and a
/// card that compiles gives a bundle, with and without debug information, that loads,
/// disassembles and writes back exactly.
pub fn compile(data: &[u8]) {
    on_worker_stack(|| compile_on_this_thread(data));
}

fn compile_on_this_thread(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut session = Session::new(&CATALOGUE);
    for strip in [false, true] {
        let Some(bytes) = compile_text(&mut session, &text, strip) else { return };
        let again = compile_text(&mut session, &text, strip).expect("a card that compiled once compiles again");
        assert!(bytes == again, "compiling the same card twice gave different bundles");
        let program =
            Program::load(&bytes, &CATALOGUE).unwrap_or_else(|error| panic!("a built bundle fails to load: {error}"));
        let listing = disassemble(&program, &CATALOGUE);
        assert!(listing.contains("fuzz"), "the listing does not name the card:\n{listing}");
        vm::fuzzing::load_bundle(&bytes, &CATALOGUE);
    }
}

/// Compiles `text` as card `fuzz`; the bundle's bytes when it has no error.
fn compile_text(session: &mut Session<'_>, text: &str, strip: bool) -> Option<Vec<u8>> {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    bundle.set_strip(strip);
    let diagnostics = session.compile_card("fuzz", text, &mut bundle);
    if diagnostics.iter().any(|diagnostic| diagnostic.severity() == Severity::Error) {
        return None;
    }
    // A card can be too large for the format (a limit, reported as an error): not a bug.
    bundle.finish().ok()
}

/// Any bytes as a bundle: loading fails cleanly or gives a program that writes back to
/// the same bytes, disassembles, and plays under fuel with answers from the input's end.
pub fn load(data: &[u8]) {
    load_and_play(data);
}

/// [`load`], telling what the run did (`None`: the bytes are no bundle).
pub fn load_and_play(data: &[u8]) -> Option<play::Played> {
    vm::fuzzing::load_bundle(data, &CATALOGUE);
    let program = Program::load(data, &CATALOGUE).ok()?;
    let _listing = disassemble(&program, &CATALOGUE);
    let tail = &data[data.len().saturating_sub(64)..];
    Some(play::play(program, &mut Answers::new(tail)))
}

/// Source text, then a `\0`, then answer bytes (without `\0`, answers derived from the
/// source: [`answers::derived`]). A card that does not compile is replaced by one generated
/// from the input ([`generate::card`]). The card plays on the in-memory [`board::Board`]
/// ([`play::play`]), then in a short game of the reference engine ([`game_play::play`]),
/// both with decisions from the answers, under fuel.
pub fn execute(data: &[u8]) {
    on_worker_stack(|| {
        execute_and_play(data);
    });
}

/// What [`execute`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Executed {
    /// The run on the board.
    pub board: play::Played,
    /// The game (`None` if the set could not be built).
    pub game: Option<game_play::Played>,
}

/// [`execute`], telling what the run did (`None`: neither the input nor the card
/// generated from it compiles).
pub fn execute_and_play(data: &[u8]) -> Option<Executed> {
    let derived;
    let (source, rest) = match data.iter().position(|&byte| byte == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => {
            derived = answers::derived(data);
            (data, &derived[..])
        }
    };
    let mut session = Session::new(&CATALOGUE);
    let mut text = String::from_utf8_lossy(source).into_owned();
    let bytes = match compile_text(&mut session, &text, false) {
        Some(bytes) => bytes,
        None => {
            text = generate::card(&mut Answers::new(data));
            compile_text(&mut session, &text, false)?
        }
    };
    let program =
        Program::load(&bytes, &CATALOGUE).unwrap_or_else(|error| panic!("a built bundle fails to load: {error}"));
    let board = play::play(program, &mut Answers::new(rest));
    let game = game_play::play(&text, &mut Answers::new(rest));
    Some(Executed { board, game })
}

/// Bytes read as an instruction stream: see [`roundtrip::check`].
pub fn roundtrip(data: &[u8]) {
    let _loaded = roundtrip::check(data, &CATALOGUE);
}

/// Any bytes as a Wagic card file, compiled as `rsc check --lang wagic` and `rsc compile
/// --lang wagic` compile one: see [`wagic_file::check`].
pub fn wagic(data: &[u8]) {
    on_worker_stack(|| wagic_file::check(data));
}

/// The cards a `wagic_test` input without `\0` plays: a spell with a target, a creature, a
/// pump, a creature with a `{T}` ability, two basic lands, and what opens Wagic's menus: a
/// land of two basic types, a creature with several abilities, a `may` trigger, an
/// entering ability with a target and a spell whose `auto=` line names its target.
pub const WAGIC_TEST_CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Giant Growth\ntarget=creature\nauto=3/3\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Tim\nauto={T}:damage:1 target(creature,player)\nmana={2}{R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Glade\ntype=Land\nsubtype=Forest Plains\n[/card]\n\
[card]\nname=Sprite\nauto={W}:1/1\nauto={G}:2/0\nauto={R}{T}:damage:1 target(creature)\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Eye\nauto=@movedTo(creature|stack):may life:1 controller\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Fireman\nauto=damage:2 target(creature)\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Scrying\nauto=moveTo(myHand) target(land|mylibrary)\nmana={G}\ntype=Sorcery\n[/card]\n";

/// Target `wagic_test`: a Wagic test file (after the first `\0`; the whole input when
/// there is none, on [`WAGIC_TEST_CARDS`]) read and run on the cards of the card file
/// before it, as `rsc test --lang wagic` runs one: no panic, and the same verdict twice.
pub fn wagic_test(data: &[u8]) {
    on_worker_stack(|| {
        let (cards, test) = match data.iter().position(|&byte| byte == 0) {
            Some(at) => (String::from_utf8_lossy(&data[..at]).into_owned(), &data[at + 1..]),
            None => (WAGIC_TEST_CARDS.to_string(), data),
        };
        // A bundle the format cannot hold (a limit of the format) is no test to run.
        let Ok(library) = ::wagic::table::Library::compile(&[("cards.txt", cards)]) else { return };
        let library = std::sync::Arc::new(library);
        // A second `\0` starts a set file (`_cards.dat`), as `--sets` gives, for the ids the
        // test names cards by.
        let (test, sets) = match test.iter().position(|&byte| byte == 0) {
            Some(at) => {
                let file = ::wagic::sets::read(&String::from_utf8_lossy(&test[at + 1..]));
                let mut sets = ::wagic::sets::Sets::new();
                sets.add("FUZ", file);
                (&test[..at], Some(sets))
            }
            None => (test, None),
        };
        let Ok(test) = ::wagic::testfile::read(&String::from_utf8_lossy(test)) else { return };
        let first = ::wagic::runner::run_with_sets(&library, sets.as_ref(), &test);
        let second = ::wagic::runner::run_with_sets(&library, sets.as_ref(), &test);
        assert_eq!(first, second, "the same test gave two verdicts");
    });
}

/// Target `wagic_play`: a Wagic card file, `\0`, two Wagic deck files separated by `\0`,
/// optionally `\0` and a set file, read as `rsc run --lang wagic` reads them and played as
/// one short seeded game: see [`wagic_play::check`].
pub fn wagic_play(data: &[u8]) {
    on_worker_stack(|| wagic_play::check(data));
}

/// Any bytes as an `.o8d` deck file, read as `rsc run` reads one: see [`deck_file::check`].
pub fn deck(data: &[u8]) {
    on_worker_stack(|| {
        deck_file::check(data);
    });
}

/// Any bytes as a saved game, replayed as `rsc replay` replays one: see
/// [`save_file::check`].
pub fn save(data: &[u8]) {
    on_worker_stack(|| {
        save_file::check(data);
    });
}

/// Any bytes as a scenario file, run as `rsc test` runs one: see [`scenario_file::check`].
pub fn scenario(data: &[u8]) {
    on_worker_stack(|| {
        scenario_file::check(data);
    });
}

/// Any bytes as a catalogue file, checked as `rsc --catalogue` checks one, without
/// leaking: see [`catalogue_json::check`].
pub fn catalogue(data: &[u8]) {
    on_worker_stack(|| {
        catalogue_json::check(data);
    });
}

/// Any bytes as a tally file, merged as `rsc sim merge` merges one: see
/// [`tally_file::check`].
pub fn tally(data: &[u8]) {
    on_worker_stack(|| {
        tally_file::check(data);
    });
}
