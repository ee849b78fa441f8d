//! Fixed work for counting the VM's instructions under callgrind: `run_effects WHAT N`
//! runs one of the runtime benchmarks' workloads N times (`WHAT` is `dispatch` (10,000
//! turns of a counting loop), `round_trip`, `host_call`, `events` or `suspend`), and `run_effects disas` prints their bytecode.
//!
//! `valgrind --tool=callgrind target/release/examples/run_effects round_trip 100000`

use benches::embed::{self, Board};
use vm::bytecode::CardIdx;
use vm::runtime::{CardId, Event, Outcome, PlayerId};

const ROUND_TRIP: &str = "action = bp(+500)\n";
const CHOICE: &str = "action = bp(+500) target(<1>character@myRing)\n";
const AUTO: &str = "auto = ~endPhase~ bp(+1)\n";

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_default();
    let n: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let seventeen = embed::repeated_bp(17);
    let sources: [(&str, &str); 4] =
        [("round_trip", ROUND_TRIP), ("host_call", &seventeen), ("suspend", CHOICE), ("events", AUTO)];
    let program = embed::compile(&sources);
    if what == "disas" {
        print!("{}", vm::bytecode::disassemble(&program, &stdlib::CATALOGUE));
        return;
    }
    let mut rt = embed::runtime(program);
    let mut board = Board::new(16);
    let me = PlayerId(0);
    match what.as_str() {
        "round_trip" | "host_call" => {
            let card = CardIdx(if what == "round_trip" { 0 } else { 1 });
            for _ in 0..n {
                rt.activate(&mut board, CardId(0), card, me).expect("the effect runs");
            }
        }
        "suspend" => {
            for _ in 0..n {
                let outcome = rt.activate(&mut board, CardId(0), CardIdx(2), me).expect("the effect runs");
                let Outcome::Suspended(exec) = outcome else { panic!("the effect asks for a target") };
                let first = exec.candidates()[0];
                let copy = exec.clone();
                rt.cancel(exec);
                rt.resume(&mut board, copy, &[first]).expect("the answer is valid");
            }
        }
        "dispatch" => {
            let mut rt = embed::runtime(embed::counting_loop(10_000));
            rt.set_fuel(u64::from(u32::MAX));
            for _ in 0..n {
                rt.activate(&mut board, CardId(0), CardIdx(0), me).expect("the loop runs");
            }
        }
        "events" => {
            for id in 0..8 {
                rt.enter_play(&mut board, CardId(id), CardIdx(3)).expect("the card enters play");
            }
            let end_phase = rt.event_index("endPhase").expect("the catalogue has endPhase");
            for _ in 0..n {
                rt.emit(Event::new(end_phase, me));
                rt.run_events(&mut board).expect("the autos run");
            }
        }
        _ => eprintln!("usage: run_effects dispatch|round_trip|host_call|suspend|events|disas [N]"),
    }
    println!("{:?}", &board.cards[..2]);
}
