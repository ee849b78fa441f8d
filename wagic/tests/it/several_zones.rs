//! Specs over several zones (`target(creature|myhand,mygraveyard)`): the candidates come
//! from each zone listed, as Wagic's `TargetChooserFactory` takes them, and the effect acts
//! on the one chosen; zones of different owners, a set of zones no zone group names, a
//! trigger's spec and a destination over several zones stay refused by name.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// Triassic Egg as Wagic's card file writes it, and a test card that gives it its two
/// hatchling counters (the Egg's own `{3}{T}` gives one a turn).
const CARDS: &str = "[card]\nname=Triassic Egg\nauto={3}{T}:counter(0/0,1,Hatchling)\n\
auto={C(0/0,-2,Hatchling)}{S}:moveTo(myBattlefield) target(creature|myhand,mygraveyard)\nmana={4}\n\
type=Artifact\n[/card]\n\
[card]\nname=Incubator\nauto={0}:counter(0/0,2,Hatchling) target(artifact)\nmana={0}\ntype=Artifact\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Elf\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("zones.txt", CARDS, test)
}

/// Triassic Egg: "Remove two hatchling counters from Triassic Egg, Sacrifice Triassic Egg:
/// You may put a creature card from your hand or graveyard onto the battlefield." With the
/// Elf in hand and the Bears in the graveyard, either may be chosen, and only the one
/// chosen is put onto the battlefield.
#[test]
fn a_target_over_hand_and_graveyard_is_taken_from_either() {
    let init = "[PLAYER1]\ninplay:Triassic Egg,Incubator\nhand:Elf\ngraveyard:Grizzly Bears\n[PLAYER2]\n";
    let moves = |chosen: &str| format!("Incubator\nTriassic Egg\nTriassic Egg\n{chosen}\n");
    let from_graveyard = test(
        init,
        &moves("Grizzly Bears"),
        "FIRSTMAIN\n[PLAYER1]\ninplay:Incubator,Grizzly Bears\nhand:Elf\ngraveyard:Triassic Egg\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&from_graveyard), Verdict::Passed);
    let from_hand = test(
        init,
        &moves("Elf"),
        "FIRSTMAIN\n[PLAYER1]\ninplay:Incubator,Elf\ngraveyard:Grizzly Bears,Triassic Egg\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&from_hand), Verdict::Passed);
}

#[test]
fn zones_wagic_lists_in_any_order_and_case_are_one_spec() {
    // Eight zone lists the card files write, each a zone group.
    for zones in [
        "myhand,mylibrary,mygraveyard,myexile",
        "opponentHand,opponentLibrary,opponentGraveyard,opponentExile",
        "exile,graveyard,hand,library",
        "battlefield,stack,hand,graveyard",
        "battlefield,stack",
        "inplay,graveyard",
        "mystack,mybattlefield,mygraveyard",
        // A zone written twice is listed once: here one zone.
        "myhand,myhand",
    ] {
        let card = format!("auto={{0}}:moveTo(myhand) target(creature|{zones})\ntype=Artifact");
        assert_eq!(error_of(&card), None, "{zones}");
    }
}

#[test]
fn several_zones_other_than_a_zone_group_of_one_owner_are_refused_by_name() {
    for (card, refused) in [
        (
            "auto={0}:moveTo(myhand) target(creature|battlefield,myhand,mygraveyard)\ntype=Artifact",
            "unsupported: spec with several zones of different owners",
        ),
        (
            "auto={0}:moveTo(myhand) target(creature|library,stack)\ntype=Artifact",
            "unsupported: spec over the zones `library,stack` together",
        ),
        (
            "auto=@movedto(creature|mygraveyard,myhand):life:1 controller\ntype=Artifact",
            "unsupported: spec with several zones in a trigger",
        ),
        (
            "auto={0}:moveTo(myhand,mygraveyard) target(creature)\ntype=Artifact",
            "unsupported: destination with several zones",
        ),
        ("auto={0}:moveTo(myhand) target(creature|hand,graveyrd)\ntype=Artifact", "unsupported: zone `graveyrd`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}
