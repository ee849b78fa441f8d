//! Every card of the corpus, compiled and played on a busy board with the stdlib: every
//! action activated (answering each question with the first candidates), every auto
//! started, and the phase events emitted. No builtin may trap or make an invalid request.

use std::path::PathBuf;

use stdlib::names::{DECK, DISCARDS, HAND, REMOVED};
use vm::bytecode::CardIdx;
use vm::runtime::{Event, Outcome, RequestKind, Runtime, Trap, TrapCode, Value};

use crate::support::*;

fn corpus_dir() -> PathBuf {
    match std::env::var_os("RULESCRIPT_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus/cfc")),
    }
}

/// A board with four characters a side (the first with card 0's rules), hands, decks,
/// discards and removed piles.
fn board(source_is_character: bool) -> (RecordingHost, vm::runtime::CardId) {
    let mut host = RecordingHost::new();
    for (p, player) in [P0, P1].into_iter().enumerate() {
        for slot in 0..4u8 {
            let name = format!("c{p}{slot}");
            let card = host.character(&name, player, slot, 300 + 200 * i32::from(slot));
            host.cards[card.0 as usize].rules = Some(CardIdx(0));
        }
        host.card(&format!("h{p}a"), ACTION, player, HAND);
        host.card(&format!("h{p}r"), REACTION, player, HAND);
        host.card(&format!("h{p}c"), CHARACTER, player, HAND);
        for i in 0..5 {
            host.card(&format!("d{p}{i}"), if i % 2 == 0 { CHARACTER } else { ACTION }, player, DECK);
        }
        host.card(&format!("x{p}a"), ACTION, player, DISCARDS);
        host.card(&format!("x{p}c"), CHARACTER, player, DISCARDS);
        host.card(&format!("r{p}"), REACTION, player, REMOVED);
    }
    let source = if source_is_character {
        host.id("c00")
    } else {
        let card = host.card("source", ACTION, P0, HAND);
        host.cards[card.0 as usize].rules = Some(CardIdx(0));
        card
    };
    host.card_mut("c01").attack = AttackRole::Leader;
    host.card_mut("c11").frozen = true;
    (host, source)
}

use stdlib::host::AttackRole;

/// Drives an outcome to its end, answering with the first candidates.
fn finish(rt: &mut Runtime<RecordingHost>, host: &mut RecordingHost, mut outcome: Outcome) -> Result<(), String> {
    for _ in 0..64 {
        let exec = match outcome {
            Outcome::Done(_) => return Ok(()),
            Outcome::Suspended(exec) => exec,
        };
        let request = exec.request();
        let candidates = exec.candidates().to_vec();
        let n = usize::from(request.min.max(1).min(request.max)).min(candidates.len());
        let answer: Vec<Value> = match request.kind {
            RequestKind::May | RequestKind::Confirm(_) => vec![Value::Bool(true)],
            _ => candidates[..n].to_vec(),
        };
        outcome = match rt.resume(host, exec, &answer) {
            Ok(outcome) => outcome,
            Err(error) => return Err(format!("resume: {error:?}")),
        };
    }
    Err("more than 64 questions".to_owned())
}

fn stdlib_fault(trap: &Trap) -> bool {
    matches!(trap.code, TrapCode::BadRequest | TrapCode::MissingBuiltin | TrapCode::ListLimit)
}

#[test]
fn every_corpus_card_plays_without_a_builtin_fault() {
    let dir = corpus_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("corpus not found at {}, skipping", dir.display());
        return;
    };
    let mut paths: Vec<PathBuf> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "rules")).collect();
    paths.sort();
    let mut faults = Vec::new();
    let mut other = Vec::new();
    let (mut played, mut skipped, mut calls) = (0, 0, 0);
    for path in &paths {
        let source = std::fs::read_to_string(path).unwrap();
        let key = path.file_stem().unwrap().to_string_lossy().into_owned();
        let Some(program) = try_compile(&key, &source) else {
            skipped += 1;
            continue;
        };
        played += 1;
        let is_char = key.starts_with('C');
        let actions = program.cards()[0].actions.len();
        let mut rt = Runtime::new(program, &stdlib::CATALOGUE, stdlib::builtins::<RecordingHost>());
        let (mut host, source) = board(is_char);
        let record = |what: &str, result: Result<(), Trap>, faults: &mut Vec<String>, other: &mut Vec<String>| {
            if let Err(trap) = result {
                let line = format!("{key} {what}: {trap:?}");
                if stdlib_fault(&trap) { faults.push(line) } else { other.push(line) }
            }
        };
        if is_char {
            let r = rt.enter_play(&mut host, source, CardIdx(0));
            record("enter_play", r, &mut faults, &mut other);
            let r = rt
                .run_events(&mut host)
                .and_then(|o| finish(&mut rt, &mut host, o).map_err(|_| Trap::new(TrapCode::Host)));
            record("autos", r, &mut faults, &mut other);
        }
        for _ in 0..actions.max(1) {
            match rt.activate(&mut host, source, CardIdx(0), P0) {
                Ok(outcome) => {
                    if let Err(e) = finish(&mut rt, &mut host, outcome) {
                        faults.push(format!("{key} activate: {e}"));
                    }
                }
                Err(trap) => record("activate", Err(trap), &mut faults, &mut other),
            }
        }
        for name in ["activatePhase", "drawPhase", "endPhase", "cleanupPhase"] {
            let event = rt.event_index(name).unwrap();
            for player in [P0, P1] {
                rt.emit(Event::new(event, player));
                let r = rt
                    .run_events(&mut host)
                    .and_then(|o| finish(&mut rt, &mut host, o).map_err(|_| Trap::new(TrapCode::Host)));
                record(name, r, &mut faults, &mut other);
            }
        }
        calls += host.log.len();
    }
    println!("{played} corpus cards played, {skipped} not compiling, {calls} primitive calls; other traps: {other:#?}");
    assert!(calls > 2 * played, "the cards did something: {calls} primitive calls");
    assert!(faults.is_empty(), "builtin faults: {faults:#?}");
    assert!(played > 250, "only {played} cards played");
}

fn try_compile(key: &str, source: &str) -> Option<vm::bytecode::Program> {
    std::panic::catch_unwind(|| compile(&[(key, source)])).ok()
}
