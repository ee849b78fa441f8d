//! Fixed work for instruction counting: compiles the corpus a given number of times, so
//! `valgrind --tool=callgrind` gives a repeatable per-card cost whatever the machine is doing.
//!
//! `cargo build --release -p benches --example compile_passes`
//! `valgrind --tool=callgrind target/release/examples/compile_passes compile 10`
//! (phases: `tokenize`, `check`, `compile`, `compile_file_by_file`; the first pass warms the session and is included;
//! `load` decodes and verifies the stripped corpus bundle, compiled once beforehand.)

use std::hint::black_box;

use benches::{corpus_dir, load_cards};
use compiler::session::{Session, SourceFile};
use vm::bytecode::{BundleBuilder, Program};

fn main() {
    let mut arguments = std::env::args().skip(1);
    let phase = arguments.next().unwrap_or_else(|| "compile".to_owned());
    let passes: usize = arguments.next().and_then(|text| text.parse().ok()).unwrap_or(10);
    let Some(dir) = corpus_dir() else { return };
    let cards = load_cards(&dir);
    let mut session = Session::new(&stdlib::CATALOGUE);
    let (mut tokens, mut diagnostics) = (Vec::new(), Vec::new());
    let bundle = (phase == "load").then(|| {
        let files: Vec<SourceFile<'_>> =
            cards.iter().map(|card| SourceFile { key: &card.key, file: &card.key, source: &card.source }).collect();
        let mut bundle = BundleBuilder::with_capacity(&stdlib::CATALOGUE, cards.len());
        bundle.set_strip(true);
        session.compile_files(&files, &mut bundle);
        bundle.finish().expect("the corpus bundle builds")
    });
    for _ in 0..passes {
        match phase.as_str() {
            "tokenize" => {
                for card in &cards {
                    diagnostics.clear();
                    compiler::lexer::tokenize(black_box(&card.source), &mut tokens, &mut diagnostics);
                }
            }
            "check" => {
                for card in &cards {
                    black_box(session.parse(black_box(&card.source)).diagnostics);
                }
            }
            "compile" => {
                let files: Vec<SourceFile<'_>> = cards
                    .iter()
                    .map(|card| SourceFile { key: &card.key, file: &card.key, source: &card.source })
                    .collect();
                let mut bundle = BundleBuilder::with_capacity(&stdlib::CATALOGUE, cards.len());
                bundle.set_strip(true);
                black_box(session.compile_files(black_box(&files), &mut bundle));
                black_box(bundle);
            }
            "compile_file_by_file" => {
                let mut bundle = BundleBuilder::with_capacity(&stdlib::CATALOGUE, cards.len());
                bundle.set_strip(true);
                for card in &cards {
                    black_box(session.compile_file(&card.key, &card.key, black_box(&card.source), &mut bundle));
                }
                black_box(bundle);
            }
            "load" => {
                let bytes = bundle.as_deref().unwrap_or_default();
                black_box(Program::load(black_box(bytes), &stdlib::CATALOGUE).is_ok());
            }
            other => {
                eprintln!("unknown phase {other}: use tokenize, check, compile, compile_file_by_file or load");
                std::process::exit(2);
            }
        }
    }
    println!("{phase}: {passes} passes over {} cards", cards.len());
}
