//! Every card of the corpus, compiled and played on a busy board with the stdlib: every
//! action activated (answering each question with the first candidates), every auto
//! started, and the phase events emitted. Every card must compile, and every run must
//! reach a completion the spec allows: no trap, no refused answer.

use stdlib::names::{DECK, DISCARDS, HAND, REMOVED};
use vm::bytecode::CardIdx;
use vm::runtime::{Completion, Event, Failure, Outcome, RequestKind, ResumeError, Runtime, Trap, Value};

use crate::support::*;

/// A board with four characters a side (the first with card 0's rules), hands, decks,
/// discards and removed piles.
fn board(source_is_character: bool) -> (RecordingBoard, vm::runtime::CardId) {
    let mut host = RecordingBoard::new();
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

/// Drives an outcome to its end, answering with the first candidates (a `[[may]]` or a
/// confirmation with yes); the completion, or why it did not complete.
fn finish(
    runtime: &mut Runtime<RecordingBoard>,
    host: &mut RecordingBoard,
    mut outcome: Outcome,
) -> Result<Completion, String> {
    for _ in 0..64 {
        let exec = match outcome {
            Outcome::Done(completion) => return Ok(completion),
            Outcome::Suspended(exec) => exec,
        };
        let request = exec.request();
        let candidates = exec.candidates().to_vec();
        let n = usize::from(request.min.max(1).min(request.max)).min(candidates.len());
        let answer: Vec<Value> = match request.kind {
            RequestKind::May | RequestKind::Confirm(_) => vec![Value::Bool(true)],
            _ => candidates[..n].to_vec(),
        };
        outcome = match runtime.resume(host, exec, &answer) {
            Ok(outcome) => outcome,
            Err(ResumeError::Trap(trap)) => return Err(format!("trap after an answer: {trap}")),
            Err(error) => return Err(format!("answer {answer:?} to {request:?} refused: {error}")),
        };
    }
    Err("more than 64 questions".to_owned())
}

/// Compiles one corpus card; its errors when it does not compile.
fn compile_card(key: &str, source: &str) -> Result<vm::bytecode::Program, String> {
    let mut session = compiler::Session::new(&stdlib::CATALOGUE);
    let mut bundle = vm::bytecode::BundleBuilder::new(&stdlib::CATALOGUE);
    let diagnostics = session.compile_card(key, source, &mut bundle);
    let errors: Vec<_> = diagnostics.iter().filter(|d| d.severity() == compiler::Severity::Error).collect();
    if !errors.is_empty() {
        return Err(format!("{errors:?}"));
    }
    let bytes = bundle.finish().map_err(|error| format!("{error:?}"))?;
    vm::bytecode::Program::load(&bytes, &stdlib::CATALOGUE).map_err(|error| error.to_string())
}

/// What the runs of one card ended with.
#[derive(Default)]
struct Tally {
    faults: Vec<String>,
    completions: Vec<(String, Completion)>,
}

impl Tally {
    /// Drives `result` to its completion and records it, or records the fault.
    fn record(
        &mut self,
        key: &str,
        what: &str,
        result: Result<Outcome, Trap>,
        runtime: &mut Runtime<RecordingBoard>,
        host: &mut RecordingBoard,
    ) -> Option<Completion> {
        match result.map_err(|trap| format!("trap: {trap}")).and_then(|outcome| finish(runtime, host, outcome)) {
            Ok(completion) => {
                self.completions.push((format!("{key} {what}"), completion));
                Some(completion)
            }
            Err(fault) => {
                self.faults.push(format!("{key} {what}: {fault}"));
                None
            }
        }
    }
}

/// Every corpus card compiles, and on a busy board every action, every auto started on
/// entering play and every phase event runs to a completion: no trap, no refused answer,
/// no question left open. Completions are checked: activations end in success or in a
/// failure the spec allows (requisite, target, cost, first condition false); no card
/// with an action reports that it has none.
#[test]
fn every_corpus_card_plays_to_a_completion() {
    let Some(dir) = compiler::corpus::corpus_dir() else { return };
    let paths = compiler::corpus::rules_files(&dir);
    let mut tally = Tally::default();
    let mut not_compiling = Vec::new();
    let (mut played, mut calls, mut activations, mut successes) = (0, 0, 0, 0);
    for path in &paths {
        let source = std::fs::read_to_string(path).unwrap();
        let key = path.file_stem().unwrap().to_string_lossy().into_owned();
        let program = match compile_card(&key, &source) {
            Ok(program) => program,
            Err(errors) => {
                not_compiling.push(format!("{key}: {errors}"));
                continue;
            }
        };
        played += 1;
        let is_char = key.starts_with('C');
        let actions = program.cards()[0].actions.len();
        let mut runtime = Runtime::new(program, &stdlib::CATALOGUE, stdlib::builtins::<RecordingBoard>());
        let (mut host, source) = board(is_char);
        if is_char {
            if let Err(trap) = runtime.enter_play(&mut host, source, CardIdx(0)) {
                tally.faults.push(format!("{key} enter_play: {trap}"));
            }
            let outcome = runtime.run_events(&mut host);
            tally.record(&key, "autos", outcome, &mut runtime, &mut host);
        }
        for _ in 0..actions {
            let outcome = runtime.activate(&mut host, source, CardIdx(0), P0);
            let completion = tally.record(&key, "activate", outcome, &mut runtime, &mut host);
            activations += 1;
            match completion {
                None => {}
                Some(Completion::Success) => successes += 1,
                Some(Completion::Failure(
                    Failure::RequisitesNotMet
                    | Failure::RuleTargetNotFound
                    | Failure::CostNotPaid
                    | Failure::NoTargets
                    | Failure::NoEffect,
                )) => {}
                Some(other) => tally.faults.push(format!("{key} activate: completed with {other:?}")),
            }
        }
        for name in ["activatePhase", "drawPhase", "endPhase", "cleanupPhase"] {
            let event = runtime.event_index(name).unwrap();
            for player in [P0, P1] {
                runtime.emit(Event::new(event, player));
                let outcome = runtime.run_events(&mut host);
                tally.record(&key, name, outcome, &mut runtime, &mut host);
            }
        }
        calls += host.log.len();
    }
    println!(
        "{played} corpus cards played, {activations} activations ({successes} successes), {calls} primitive calls"
    );
    assert!(not_compiling.is_empty(), "corpus cards that do not compile: {not_compiling:#?}");
    assert!(tally.faults.is_empty(), "{} faults: {:#?}", tally.faults.len(), tally.faults);
    assert!(played > 250, "only {played} cards played");
    assert!(calls > 2 * played, "the cards did something: {calls} primitive calls");
    assert!(successes * 2 > activations, "most activations succeed: {successes} of {activations}");
}
