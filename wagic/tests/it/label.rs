//! A label `name(...)` after another word of its effect (Reef Shaman's `{T}:ueot name(land
//! becomes a plains) loseabilities && ...`): Wagic erases the first `name(...)` of each part
//! before reading it (`parseMagicLine`), and takes the line's first as the ability's label.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Shaman\n\
auto={T}:ueot name(land becomes a plains) loseabilities && losesubtypesof(land) && transforms((plains)) target(land)\n\
auto={T}:ueot name(land becomes an island) loseabilities && losesubtypesof(land) && transforms((island)) target(land)\n\
mana={U}\ntype=Creature\npower=0\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("label.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

/// The label of each ability of a card.
fn labels(card: &str) -> Vec<Option<String>> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    ir.actions.iter().map(|action| action.label.map(str::to_string)).collect()
}

#[test]
fn a_label_after_a_word_is_the_abilitys_and_no_effect() {
    let named = "auto={T}:ueot name(land becomes a plains) loseabilities && losesubtypesof(land) && \
                 transforms((plains)) target(land)\ntype=Artifact";
    let unnamed = "auto={T}:ueot loseabilities && losesubtypesof(land) && transforms((plains)) target(land)\n\
                   type=Artifact";
    assert_eq!(ir_of(named), ir_of(unnamed));
    assert_eq!(labels(named).last(), Some(&Some("land becomes a plains".to_string())));
    // A label of a later part is erased too; the line's label is the first.
    let later = "auto={T}:name(first) tap target(creature) && ueot name(second) 1/1 target(creature)\ntype=Artifact";
    assert_eq!(error_of(later), None);
    assert_eq!(labels(later).last(), Some(&Some("first".to_string())));
    // Written with a blank before its parenthesis, it is no label.
    assert_eq!(
        error_of("auto={T}:ueot name (plains) loseabilities target(land)\ntype=Artifact").as_deref(),
        Some("unsupported: effect `name`")
    );
}

#[test]
fn the_target_land_is_of_the_type_chosen_until_end_of_turn() {
    // "{T}: Target land becomes the basic land type of your choice until end of turn."
    let init = "[PLAYER1]\ninplay:Forest,Shaman\n[PLAYER2]\n";
    let plains = "FIRSTMAIN\n[PLAYER1]\ninplay:Forest,Shaman\nmanapool:{W}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shaman\nchoice 0\nForest\nForest\n", plains), Verdict::Passed);
    let island = "FIRSTMAIN\n[PLAYER1]\ninplay:Forest,Shaman\nmanapool:{U}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shaman\nchoice 1\nForest\nForest\n", island), Verdict::Passed);
    // A Forest again the next turn.
    let forest = "FIRSTMAIN\n[PLAYER1]\ninplay:Forest,Shaman\nmanapool:{G}\n[PLAYER2]\n";
    let moves = "Shaman\nchoice 1\nForest\neot\neot\nnext\nnext\nnext\nForest\n";
    assert_eq!(verdict(init, moves, forest), Verdict::Passed);
}
