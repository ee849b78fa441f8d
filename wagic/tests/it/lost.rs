//! The runner on hand-written cards of what a permanent stops matching: a lord's effect
//! on a creature that no longer matches its spec; checked by what it does to the board.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;

/// The cards of these tests (their own library, apart from the runner's other cards).
const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Paladin\nmana={1}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Crusader\nauto=lord(creature[white]) 1/1\nmana={W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Whiten\ntarget=creature\nauto=transforms((,white)) ueot\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Blueify\ntarget=creature\nauto=transforms((,blue)) ueot\nmana={U}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("lost.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn a_lords_effect_follows_what_its_spec_matches_now() {
    // Crusader pumps the white Paladin to 3/3: Shock does not kill it.
    let pumped = test(
        "[PLAYER1]\nhand:Shock\ninplay:Crusader,Paladin\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\nPaladin\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Crusader,Paladin\ngraveyard:Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&pumped), Verdict::Passed);
    // Made blue, the Paladin is no longer white: 2/2, Shock kills it.
    let blue = test(
        "[PLAYER1]\nhand:Blueify,Shock\ninplay:Crusader,Paladin\nmanapool:{U}{R}\n[PLAYER2]\n",
        "Blueify\nPaladin\nShock\nPaladin\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Crusader\ngraveyard:Blueify,Shock,Paladin\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&blue), Verdict::Passed);
    // Made white, the green Bears are pumped too: Shock leaves them.
    let white = test(
        "[PLAYER1]\nhand:Whiten,Shock\ninplay:Crusader,Grizzly Bears\nmanapool:{W}{R}\n[PLAYER2]\n",
        "Whiten\nGrizzly Bears\nShock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Crusader,Grizzly Bears\ngraveyard:Whiten,Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&white), Verdict::Passed);
}
