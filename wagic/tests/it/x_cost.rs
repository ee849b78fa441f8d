//! `{X}` in an activated ability's cost (`{X}{G}{T}:damage:X target(creature[flying])`,
//! `{X:white}{T}:life:X controller`): compiled with the X cost last, paid with all the
//! mana the pool has left when a test clicks the card (of X's colour only for
//! `{X:white}`), as Wagic's `ManaCost::Diff` pays it, and `X` in the effect is the X paid.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// The cards, each from its printed text.
const CARDS: &str = "[card]\nname=Oracle of Nectars\nauto={X}{T}:life:X\nmana={2}{GW}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Silklash Spider\nabilities=reach\nauto={X}{G}{G}:damage:X all(creature[flying])\ntext=Reach -- {X}{G}{G}: Silklash Spider deals X damage to each creature with flying.\nmana={3}{G}{G}\ntype=Creature\npower=2\ntoughness=7\n[/card]\n\
[card]\nname=Atalya\nauto={X:white}{T}:life:X controller\ntext={X}, {T}: You gain X life. Spend only white mana on X.\nmana={3}{W}{W}\ntype=Legendary Creature\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Arashi\nauto={X}{G}{T}:damage:X target(creature[flying])\ntext={X}{G}, {T}: Arashi deals X damage to target creature with flying.\nmana={3}{G}{G}\ntype=Legendary Creature\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Wind Drake\nabilities=flying\nmana={2}{U}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Serra Angel\nabilities=flying,vigilance\nmana={3}{W}{W}\ntype=Creature\npower=4\ntoughness=4\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("x_cost.txt", CARDS, test)
}

/// The test of a click on `card` on p0's battlefield with `pool` in p0's mana pool and
/// `theirs` on p1's battlefield, expecting `mine` of p0 and `after` of p1.
fn clicked(card: &str, pool: &str, theirs: &str, more_clicks: &str, mine: &str, after: &str) -> String {
    test(
        &format!("[PLAYER1]\ninplay:{card}\nmanapool:{pool}\n[PLAYER2]\n{theirs}"),
        &format!("{card}\n{more_clicks}"),
        &format!("FIRSTMAIN\n[PLAYER1]\n{mine}[PLAYER2]\n{after}"),
    )
}

#[test]
fn x_is_all_the_mana_left_and_the_effect_reads_it() {
    // "{X}, {T}: You gain X life." with three mana: X = 3, nothing left.
    let oracle = |life: u32| {
        clicked(
            "Oracle of Nectars",
            "{G}{G}{R}",
            "",
            "",
            &format!("inplay:Oracle of Nectars\nmanapool:{{0}}\nlife:{life}\n"),
            "",
        )
    };
    assert_eq!(verdict(&oracle(23)), Verdict::Passed);
    assert_ne!(verdict(&oracle(20)), Verdict::Passed);
}

#[test]
fn hurricane_like_damage_is_the_x_paid_to_each_flyer() {
    // "{X}{G}{G}: deals X damage to each creature with flying": {G}{G} and three more,
    // X = 3: the 2/2 Wind Drake dies, the 4/4 Serra Angel stays.
    let spider = clicked(
        "Silklash Spider",
        "{G}{G}{G}{U}{R}",
        "inplay:Wind Drake,Serra Angel\n",
        "",
        "inplay:Silklash Spider\nmanapool:{0}\n",
        "inplay:Serra Angel\ngraveyard:Wind Drake\n",
    );
    assert_eq!(verdict(&spider), Verdict::Passed);
    // {G}{G} and one more: X = 1, both flyers stay.
    let spider = clicked(
        "Silklash Spider",
        "{G}{G}{U}",
        "inplay:Wind Drake,Serra Angel\n",
        "",
        "inplay:Silklash Spider\nmanapool:{0}\n",
        "inplay:Wind Drake,Serra Angel\n",
    );
    assert_eq!(verdict(&spider), Verdict::Passed);
}

#[test]
fn an_x_of_white_is_paid_with_white_mana_only() {
    // "Spend only white mana on X": with {W}{W}{R}{R}, X = 2 and the red stays.
    let atalya = |life: u32, left: &str| {
        clicked("Atalya", "{W}{W}{R}{R}", "", "", &format!("inplay:Atalya\nmanapool:{left}\nlife:{life}\n"), "")
    };
    assert_eq!(verdict(&atalya(22, "{R}{R}")), Verdict::Passed);
    // Paid with every colour, it would gain 4.
    assert_ne!(verdict(&atalya(24, "{0}")), Verdict::Passed);
    // With red mana only: X = 0, no life.
    let red = clicked("Atalya", "{R}{R}", "", "", "inplay:Atalya\nmanapool:{R}{R}\nlife:20\n", "");
    assert_eq!(verdict(&red), Verdict::Passed);
}

#[test]
fn a_targeted_x_ability_deals_the_x_paid_to_its_target() {
    // "{X}{G}, {T}: deals X damage to target creature with flying": X = 2 kills the Drake.
    let arashi = |pool: &str, theirs: &str| {
        clicked("Arashi", pool, "inplay:Wind Drake\n", "Wind Drake\n", "inplay:Arashi\nmanapool:{0}\n", theirs)
    };
    assert_eq!(verdict(&arashi("{G}{G}{U}", "graveyard:Wind Drake\n")), Verdict::Passed);
    // X = 1: the Drake stays.
    assert_eq!(verdict(&arashi("{G}{U}", "inplay:Wind Drake\n")), Verdict::Passed);
}

#[test]
fn x_is_refused_where_no_x_is_paid_for_it() {
    for (card, construct) in [
        // Wagic's `{X}{X}` pays X twice, `XX` half of it: not modelled.
        ("auto={X}{X}{T}:deplete:XX target(player)\ntype=Artifact", "unsupported: cost `{X}` written twice"),
        ("auto={X:purple}{T}:life:X\ntype=Artifact", "unsupported: cost `{X:purple}`"),
        // A kicker or an alternative cost has no X of its own.
        ("kicker={X}{R}\nauto=damage:2 opponent\ntype=Sorcery", "unsupported: cost `{x}`"),
        ("other={X}{R}\ntype=Sorcery", "unsupported: cost `{x}`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(construct), "{card}");
    }
    // `X` with no `{X}` paid for it stays refused.
    let unpaid = error_of("auto={T}:life:X\ntype=Artifact");
    assert!(unpaid.as_deref().is_some_and(|error| error.contains('x') || error.contains('X')), "{unpaid:?}");
    assert_eq!(error_of("auto={X}{T}:life:X\ntype=Artifact"), None);
}
