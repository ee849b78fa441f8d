//! CI's bounded smoke of the fuzz targets: each target's body runs, as an ordinary test,
//! on its committed seeds (and a few truncations of each), on every kept regression input
//! in `fuzz/regressions/<target>/`, and on the shared corpus (which must be present when
//! `CI` is set). Also keeps the committed dictionary and instruction-stream seeds current.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use fuzz_harness::TARGETS;

/// Regression inputs of defects whose fix lives on another branch: the general test
/// skips them, and each has its own ignored test below until the fix reaches main.
const PENDING: &[&str] = &[];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn target(name: &str) -> fuzz_harness::Target {
    TARGETS.iter().find(|(target, _)| *target == name).map(|&(_, body)| body).expect("a known target")
}

/// The files of `dir` (none if it does not exist), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries.flatten().map(|entry| entry.path()).filter(|path| path.is_file()).collect();
    files.sort();
    files
}

/// Runs `body` on each input; returns the inputs that panicked, with the message.
fn failures(body: fuzz_harness::Target, inputs: &[(String, Vec<u8>)]) -> Vec<String> {
    let mut failed = Vec::new();
    for (name, bytes) in inputs {
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| body(bytes))) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failed.push(format!("{name}: {message}"));
        }
    }
    failed
}

fn read(path: &Path) -> (String, Vec<u8>) {
    (path.display().to_string(), std::fs::read(path).expect("a readable input"))
}

/// Each file, then its truncations at eight points (a cut inside a token, a line, a
/// section or an instruction).
fn with_truncations(paths: &[PathBuf]) -> Vec<(String, Vec<u8>)> {
    let mut inputs = Vec::new();
    for path in paths {
        let (name, bytes) = read(path);
        for k in 1..8 {
            let end = bytes.len() * k / 8;
            inputs.push((format!("{name}[..{end}]"), bytes[..end].to_vec()));
        }
        inputs.push((name, bytes));
    }
    inputs
}

fn seeds(target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir();
    match target {
        "parse" | "compile" | "execute" => {
            let mut seeds = files(&dir.join("seeds/source"));
            seeds.extend(
                files(&dir.join("../examples"))
                    .into_iter()
                    .filter(|path| path.extension().is_some_and(|e| e == "rules")),
            );
            seeds
        }
        "load" => files(&dir.join("seeds/bundle")),
        "wagic" => files(&dir.join("seeds/wagic")),
        "wagic_test" => files(&dir.join("seeds/wagic_test")),
        "wagic_play" => files(&dir.join("seeds/wagic_play")),
        // The example set's own decks and scenarios, beside the hand-written ones.
        "deck" => [files(&dir.join("seeds/deck")), files(&dir.join("../examples/decks"))].concat(),
        "scenario" => [files(&dir.join("seeds/scenario")), files(&dir.join("../examples/scenarios"))].concat(),
        "save" | "tally" | "catalogue" => files(&dir.join("seeds").join(target)),
        _ => files(&dir.join("seeds/roundtrip")),
    }
}

#[test]
fn every_target_runs_its_seeds_clean() {
    let mut failed = Vec::new();
    for (name, body) in TARGETS {
        let seeds = seeds(name);
        assert!(!seeds.is_empty(), "target {name} has no seeds");
        failed.extend(failures(body, &with_truncations(&seeds)));
    }
    assert!(failed.is_empty(), "inputs that panic:\n{}", failed.join("\n"));
}

/// The harness must reach the runtime: the examples, played with sixteen answer streams,
/// finish executions and have answers accepted and refused, and play games that accept
/// and refuse moves and end; the examples' bundle plays; a seed instruction stream loads
/// as a bundle (and so plays);
/// random bytes give generated cards that mostly check clean (running them, and the
/// defects that finds, is the fuzzers' business).
#[test]
fn execute_and_load_reach_the_runtime() {
    let mut total = fuzz_harness::play::Played::default();
    #[derive(Debug, Default)]
    struct Games {
        applied: usize,
        refused: usize,
        over: usize,
    }
    let mut games = Games::default();
    let mut add = |played: fuzz_harness::play::Played| {
        total.finished += played.finished;
        total.trapped += played.trapped;
        total.accepted += played.accepted;
        total.refused += played.refused;
    };
    for path in
        files(&fuzz_dir().join("../examples")).iter().filter(|path| path.extension().is_some_and(|e| e == "rules"))
    {
        for k in 0..16u8 {
            let mut input = read(path).1;
            input.push(0);
            input.extend(fuzz_harness::answers::derived(&[k]));
            let executed =
                fuzz_harness::execute_and_play(&input).unwrap_or_else(|| panic!("{} compiles", path.display()));
            add(executed.board);
            let game = executed.game.unwrap_or_else(|| panic!("{} makes a card set", path.display()));
            games.applied += game.applied;
            games.refused += game.refused;
            games.over += usize::from(game.over);
        }
    }
    assert!(total.finished > 0 && total.accepted > 0 && total.refused > 0, "{total:?}");
    assert!(games.applied > 1000 && games.refused > 0 && games.over > 0, "{games:?}");
    let mut session = compiler::session::Session::new(&stdlib::CATALOGUE);
    let clean = (0u32..200)
        .filter(|i| {
            let bytes = fuzz_harness::answers::derived(&i.to_le_bytes());
            let text = fuzz_harness::generate::card(&mut fuzz_harness::answers::Answers::new(&bytes));
            session.check(&text).iter().all(|diagnostic| diagnostic.severity() != compiler::Severity::Error)
        })
        .count();
    assert!(clean > 60, "only {clean} of 200 generated cards check without error");
    let bundle = std::fs::read(fuzz_dir().join("seeds/bundle/examples.rsb")).expect("the examples bundle");
    let played = fuzz_harness::load_and_play(&bundle).expect("the examples bundle loads");
    assert!(played.finished > 0, "{played:?}");
    let streams = seeds("roundtrip");
    let loaded =
        streams.iter().filter(|path| fuzz_harness::roundtrip::check(&read(path).1, &stdlib::CATALOGUE)).count();
    // Most name filters and constants of the examples' bundle, which a one-entry bundle lacks.
    assert!(loaded >= 1, "none of the {} seed streams loads as a bundle", streams.len());
}

/// The file targets must reach past their parsers: the example decks and the valid deck
/// seed pass and play; the saves `rsc run --save` wrote replay to a match, and an edited
/// one diverges; the example scenarios run on the example set and pass (their verdict is
/// what `rsc test examples/scenarios` gives); the tallies `rsc sim --tally-out` wrote are
/// read (a Wagic sim's too), as is one whose configuration was edited (its hash fixed by
/// the harness).
#[test]
fn the_file_targets_reach_past_their_parsers() {
    use fuzz_harness::{deck_file, save_file, scenario_file, tally_file};
    let seed = |path: &str| read(&fuzz_dir().join(path)).1;
    for deck in ["../examples/decks/arcana.o8d", "../examples/decks/vanguard.o8d", "seeds/deck/fifty-cards.o8d"] {
        let played = deck_file::check(&seed(deck)).unwrap_or_else(|| panic!("{deck} passes the deck rules"));
        assert!(played > 0, "{deck} plays no move");
    }
    assert_eq!(deck_file::check(&seed("seeds/deck/sections-case-entities-repeats.o8d")).map(|_| ()), Some(()));
    assert_eq!(deck_file::check(&seed("seeds/deck/four-copies.o8d")), None);
    for save in ["seeds/save/greedy-turn-limit-2.json", "seeds/save/random-seed-1-compact.json"] {
        let replayed = save_file::check(&seed(save));
        assert!(matches!(replayed, Some(Ok(game::sim::save::Replayed::Matches { .. }))), "{save}: {replayed:?}");
    }
    let edited = save_file::check(&seed("seeds/save/edited-move.json"));
    assert!(matches!(edited, Some(Ok(game::sim::save::Replayed::Diverges(_)))), "{edited:?}");
    let deck_of_49 = save_file::check(&seed("seeds/save/deck-of-49.json"));
    assert!(matches!(deck_of_49, Some(Err(game::sim::save::SaveError::Deck { seat: 1, .. }))), "{deck_of_49:?}");
    let scenarios = files(&fuzz_dir().join("../examples/scenarios"));
    assert!(scenarios.len() >= 10, "the example scenarios are found");
    for path in scenarios {
        let verdict = scenario_file::check(&read(&path).1);
        assert!(verdict.as_ref().is_some_and(|verdict| verdict.is_pass()), "{}: {verdict:?}", path.display());
    }
    for tally in [
        "seeds/tally/vanguard-arcana-6-games.json",
        "seeds/tally/stale-configuration-hash.json",
        "seeds/tally/wagic-bears-goblins-shard-3-8.json",
    ] {
        assert!(tally_file::check(&seed(tally)), "{tally} is not read as a tally");
    }
    assert!(!tally_file::check(&seed("seeds/tally/other-format.json")), "a tally of another format is read");
}

#[test]
fn every_kept_regression_runs_clean() {
    let mut failed = Vec::new();
    for (name, body) in TARGETS {
        let inputs: Vec<_> = files(&fuzz_dir().join("regressions").join(name))
            .iter()
            .filter(|path| !PENDING.iter().any(|pending| path.ends_with(pending)))
            .map(|path| read(path))
            .collect();
        failed.extend(failures(body, &inputs));
    }
    assert!(failed.is_empty(), "regression inputs that panic again:\n{}", failed.join("\n"));
}

/// The shared corpus's cards, or `None` (with a message) when it is absent outside CI.
fn corpus_cards() -> Option<Vec<PathBuf>> {
    let dir = compiler::corpus::corpus_dir()?;
    Some(files(&dir).into_iter().filter(|path| path.extension().is_some_and(|e| e == "rules")).collect())
}

#[test]
fn source_targets_run_the_corpus_clean() {
    let Some(cards) = corpus_cards() else { return };
    let inputs: Vec<_> = cards.iter().map(|path| read(path)).collect();
    let mut failed = Vec::new();
    for name in ["parse", "compile", "execute"] {
        failed.extend(failures(target(name), &inputs).into_iter().map(|failure| format!("{name} {failure}")));
    }
    assert!(failed.is_empty(), "corpus cards that panic:\n{}", failed.join("\n"));
}

#[test]
fn the_committed_dictionary_is_current() {
    let path = fuzz_dir().join("rulescript.dict");
    let generated = fuzz_harness::dictionary::dictionary();
    if std::env::var_os("UPDATE_FUZZ_SEEDS").is_some() {
        std::fs::write(&path, &generated).expect("the dictionary is writable");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == generated, "fuzz/rulescript.dict is stale: rerun with UPDATE_FUZZ_SEEDS=1");
}

#[test]
fn the_committed_wagic_dictionary_is_current() {
    let path = fuzz_dir().join("wagic.dict");
    let generated = fuzz_harness::dictionary::wagic();
    if std::env::var_os("UPDATE_FUZZ_SEEDS").is_some() {
        std::fs::write(&path, &generated).expect("the dictionary is writable");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == generated, "fuzz/wagic.dict is stale: rerun with UPDATE_FUZZ_SEEDS=1");
}

#[test]
fn the_committed_files_dictionary_is_current() {
    let path = fuzz_dir().join("files.dict");
    let generated = fuzz_harness::dictionary::files();
    if std::env::var_os("UPDATE_FUZZ_SEEDS").is_some() {
        std::fs::write(&path, &generated).expect("the dictionary is writable");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(committed == generated, "fuzz/files.dict is stale: rerun with UPDATE_FUZZ_SEEDS=1");
}

#[test]
fn the_instruction_stream_seeds_are_current() {
    let dir = fuzz_dir().join("seeds/roundtrip");
    let bundle = std::fs::read(fuzz_dir().join("seeds/bundle/examples.rsb")).expect("the examples bundle");
    let program = vm::bytecode::Program::load(&bundle, &stdlib::CATALOGUE).expect("the examples bundle loads");
    let streams: Vec<Vec<u8>> = program
        .entries()
        .iter()
        .map(|entry| vm::bytecode::ops::encode_code(entry.instrs()).expect("a loaded entry encodes"))
        .collect();
    if std::env::var_os("UPDATE_FUZZ_SEEDS").is_some() {
        std::fs::create_dir_all(&dir).expect("the seed directory is writable");
        for (i, stream) in streams.iter().enumerate() {
            std::fs::write(dir.join(format!("examples-entry-{i:02}.bin")), stream).expect("a writable seed");
        }
    }
    for (i, stream) in streams.iter().enumerate() {
        let path = dir.join(format!("examples-entry-{i:02}.bin"));
        assert!(
            std::fs::read(&path).ok().as_ref() == Some(stream),
            "{} is stale: rerun with UPDATE_FUZZ_SEEDS=1",
            path.display()
        );
    }
}

/// The seeds of the built-in catalogues, as `rsc catalogue` prints them: `(file, text)`.
fn built_in_catalogue_seeds() -> [(&'static str, String); 2] {
    [
        ("rulescript.json", catalogue_file::to_json(&stdlib::CATALOGUE)),
        ("wagic.json", catalogue_file::to_json(&wagic::CATALOGUE)),
    ]
}

#[test]
fn the_built_in_catalogue_seeds_are_current() {
    let dir = fuzz_dir().join("seeds/catalogue");
    for (file, json) in built_in_catalogue_seeds() {
        let path = dir.join(file);
        if std::env::var_os("UPDATE_FUZZ_SEEDS").is_some() {
            std::fs::write(&path, &json).expect("a writable seed");
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(committed == json, "{} is stale: rerun with UPDATE_FUZZ_SEEDS=1", path.display());
    }
}

/// The `catalogue` target gets past the checks: the built-in catalogues and the
/// hand-written small ones are accepted (and so written back and reloaded), the broken
/// ones refused.
#[test]
fn the_catalogue_target_accepts_the_good_seeds_and_refuses_the_broken() {
    let seed = |file: &str| read(&fuzz_dir().join("seeds/catalogue").join(file)).1;
    for file in ["rulescript.json", "wagic.json", "tiny.json", "minimal.json", "every-part.json"] {
        assert!(fuzz_harness::catalogue_json::check(&seed(file)), "{file} is refused");
    }
    for file in [
        "bad-names.json",
        "not-json.json",
        "params-misfit.json",
        "role-naming-nothing.json",
        "wrong-types.json",
        "surrogate-escapes.json",
    ] {
        assert!(!fuzz_harness::catalogue_json::check(&seed(file)), "{file} is accepted");
    }
}

/// Runs one kept regression input through its target.
fn regression(target_and_file: &str) {
    let (name, _) = target_and_file.split_once('/').expect("target/file");
    let bytes = std::fs::read(fuzz_dir().join("regressions").join(target_and_file)).expect("a kept input");
    target(name)(&bytes);
}

/// Found by fuzzing (`execute`, a 70-byte input taking 14 s): one character with
/// `auto = ~myHandChanges~ swapPiles(deck, oppHand)` makes the move that plays it take
/// seconds in the reference game and add 1.85 million log entries: the auto retriggers
/// itself and the engine goes on draining past the runtime's per-drain bound. The fix
/// belongs in `game/` (game-core) or the runtime's cascade bound.
#[test]
fn a_self_retriggering_auto_keeps_a_game_move_bounded() {
    regression("execute/game-self-retriggering-auto");
}

/// Found by fuzzing (`execute`, fork-mode run of 05:25): another generated card whose
/// autos cascade, one game move logging 299,999 entries (the class above).
#[test]
fn a_cascading_auto_keeps_a_game_move_bounded() {
    regression("execute/game-cascade-logs-299999-entries");
}

/// Found by fuzzing (`load`, 339,317 runs in): a bundle whose card table has a byte
/// with bit 7 set where the loader ignores that bit (offset 0x18f, `a0` read as `20`)
/// loads, and writes back with the bit cleared: a field with two encodings. The loader
/// should refuse unknown bits (`vm/src/bytecode/load.rs`).
#[test]
fn a_card_byte_with_an_unused_bit_is_refused() {
    regression("load/card-byte-with-an-unused-high-bit.rsb");
}

/// Found by fuzzing (`execute`, 06:35 run on the final main, 100,995 runs in): a generated
/// card `each(card in me.deck => each(... => swapPiles(ctrlDeck, removed)))` logged
/// 649,968 entries in one game move: a builtin moving whole piles cost one unit of fuel
/// however many cards it moved, and the engine bounded a call's steps but not what they
/// log. Now each card of a pile costs fuel (`CallContext::charge`) and a call's cascade
/// ends past `MAX_LOG_ENTRIES_PER_CALL`.
#[test]
fn one_game_move_keeps_its_log_bounded() {
    regression("execute/game-move-logs-649968-entries");
}

/// Found by the `wagic` target's first seeds: a card named `Echo#2` after two named `Echo`
/// got the key the second `Echo` had been given, and the bundle failed to build ("card 2
/// repeats an earlier card's key"): `rsc compile --lang wagic` wrote none. `CardKeys`
/// now skips a key already given.
#[test]
fn a_wagic_card_named_like_a_renamed_duplicate_gets_a_key_of_its_own() {
    regression("wagic/card-named-like-a-renamed-duplicate.txt");
}

/// Found by the `tally` target: a tally of 1e308 seconds merged with another (a copy
/// counting no game) summed to infinite seconds, written as `null`, and the merged tally did
/// not read back. Merging now stops at the largest `f64`
/// (`game/tests/it/play.rs`, `tallies_whose_seconds_add_up_past_the_largest_float_...`).
#[test]
fn a_tally_merged_past_the_largest_float_reads_back() {
    regression("tally/seconds-past-the-largest-float-when-merged.json");
}

/// Every kept input is run: each folder of `fuzz/regressions/` is named after a target
/// (`every_kept_regression_runs_clean` runs the folders of the targets only, so a misnamed
/// folder's inputs would never run), each input a test names exists, and each pending
/// input exists and has its own test.
#[test]
fn every_kept_regression_belongs_to_a_target_and_every_named_one_exists() {
    let regressions = fuzz_dir().join("regressions");
    let folders = std::fs::read_dir(&regressions).expect("fuzz/regressions/ is readable");
    let mut stray = Vec::new();
    for folder in folders.flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        if !folder.path().is_dir() || !TARGETS.iter().any(|(target, _)| *target == name) {
            stray.push(name);
        }
    }
    assert!(stray.is_empty(), "entries of fuzz/regressions/ that are no target's folder: {stray:?}");
    let source = include_str!("inputs.rs");
    let named: Vec<&str> =
        source.split("regression(\"").skip(1).filter_map(|rest| rest.split_once('"')).map(|(name, _)| name).collect();
    assert!(!named.is_empty(), "the tests naming a regression input are found");
    for name in named {
        assert!(regressions.join(name).is_file(), "fuzz/regressions/{name} is missing");
    }
    for pending in PENDING {
        assert!(regressions.join(pending).is_file(), "{pending} is missing");
        assert!(source.matches(&format!("regression(\"{pending}\")")).count() == 1, "{pending} has no test");
    }
}

/// Reproduces one input without nightly:
/// `FUZZ_TARGET=compile FUZZ_INPUT=/abs/path cargo test -p fuzz-harness --test inputs one_input -- --ignored`.
#[test]
#[ignore = "a tool: runs the input named by FUZZ_INPUT through FUZZ_TARGET"]
fn one_input() {
    let (Some(name), Some(path)) = (std::env::var_os("FUZZ_TARGET"), std::env::var_os("FUZZ_INPUT")) else {
        panic!("set FUZZ_TARGET and FUZZ_INPUT");
    };
    let bytes = std::fs::read(&path).expect("FUZZ_INPUT is readable");
    target(&name.to_string_lossy())(&bytes);
}

/// The `wagic_play` seeds reach the game: the two hand-written decks, and the decks
/// naming cards by id through a set file, play games in which spells are cast, creatures
/// attack, ended by the turn limit or a win; the game of a wheel that taps and untaps
/// itself on each is stopped (the board does not settle); decks saved with a byte order
/// mark play; every other odd deck (all but the CRLF one), a deck of unknown ids and one
/// with a card that does not compile are refused.
#[test]
fn wagic_play_seeds_reach_the_game() {
    let seed = |file: &str| std::fs::read(fuzz_dir().join("seeds/wagic_play").join(file)).expect("a seed");
    let texts = |played: &wagic::play::Played| -> Vec<String> {
        played
            .log
            .iter()
            .filter_map(|entry| match entry {
                wagic::play::Entry::Event { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    };
    for file in ["two-decks.bin", "ids-with-sets.bin", "one-deck-mirror.bin", "odd-crlf.bin"] {
        let played = fuzz_harness::wagic_play::played(&seed(file)).unwrap_or_else(|| panic!("{file} plays no game"));
        let events = texts(&played);
        assert!(!matches!(played.outcome, wagic::play::Outcome::Stopped { .. }), "{file}: {}", played.outcome);
        assert!(played.turns >= 2, "{file}: {} turns", played.turns);
        assert!(events.iter().any(|text| text.contains(" casts ")), "{file}: no spell cast:\n{}", events.join("\n"));
        assert!(events.iter().any(|text| text.contains(" attacks")), "{file}: no attack:\n{}", events.join("\n"));
    }
    let looping = fuzz_harness::wagic_play::played(&seed("looping-abilities.bin")).expect("the looping cards play");
    assert!(
        matches!(&looping.outcome, wagic::play::Outcome::Stopped { reason } if reason.contains("did not settle")),
        "the wheel that taps and untaps itself does not stop the game: {}",
        looping.outcome
    );
    assert!(fuzz_harness::wagic_play::played(&seed("odd-bom.bin")).is_some(), "odd-bom.bin plays no game");
    for file in files(&fuzz_dir().join("seeds/wagic_play")) {
        let name = file.file_name().and_then(|name| name.to_str()).unwrap_or_default().to_string();
        if name.starts_with("odd-") && !["odd-crlf.bin", "odd-bom.bin"].contains(&name.as_str())
            || name.starts_with("ids-unknown")
            || name.starts_with("deck-with")
        {
            let bytes = std::fs::read(&file).expect("a seed");
            assert!(fuzz_harness::wagic_play::played(&bytes).is_none(), "{name} plays a game");
        }
    }
}
