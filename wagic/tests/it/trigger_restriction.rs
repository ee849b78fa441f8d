//! A trigger's `restriction{...}` beyond one `~morethan~` or `~lessthan~` count: `~equalto~n`,
//! counts joined by commas (each must hold), and an effect of `&&` parts run whole only
//! when the restriction held as the trigger fired (Wagic's `parseCastRestrictions`).

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// The cards of these tests: the Wagic lines of Mogg Flunkies, Stabwhisker the Odious and
/// Dega Sanctuary (its `}}` typos mended), Keldon Berserker: `brackets.rs` plays the card file's lines as written), and plain permanents to count.
const CARDS: &str = "[card]\nname=Mogg Flunkies\n\
auto=@combat(attacking) source(this) restriction{type(creature[attacking]|myBattlefield)~equalto~1}:all(this) removefromcombat && untap\n\
auto=@combat(blocking) source(this) restriction{type(creature[blocking]|myBattlefield)~equalto~1}:all(this) removefromcombat && untap\n\
mana={1}{R}\ntype=Creature\nsubtype=Goblin\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Stabwhisker the Odious\n\
auto=@each opponent upkeep restriction{type(*|opponenthand)~lessthan~1}:life:-3 opponent\n\
auto=@each opponent upkeep restriction{type(*|opponenthand)~equalto~1}:life:-2 opponent\n\
auto=@each opponent upkeep restriction{type(*|opponenthand)~equalto~2}:life:-1 opponent\n\
mana={1}{B}\ntype=Legendary Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Dega Sanctuary\n\
auto=@each my upkeep restriction{type(*[black]|myBattlefield)~morethan~0,type(*[red]|myBattlefield)~lessthan~1}:life:2\n\
auto=@each my upkeep restriction{type(*[red]|myBattlefield)~morethan~0,type(*[black]|myBattlefield)~lessthan~1}:life:2\n\
auto=@each my upkeep restriction{type(*[black]|myBattlefield)~morethan~0,type(*[red]|myBattlefield)~morethan~0}:life:4\n\
mana={2}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Keldon Berserker\n\
auto=@combat(attacking) source(this) restriction{type(land[tapped]|mybattlefield)~equalto~type(land|mybattlefield)}:3/0 ueot\n\
mana={3}{R}\ntype=Creature\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Headsman\nauto={0}:destroy target(creature[-tapped])\ntype=Artifact\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Black Knight\nmana={B}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("restriction.txt", CARDS, test)
}

#[test]
fn mogg_flunkies_attacking_alone_leave_combat_untapped() {
    // "Mogg Flunkies can't attack or block alone." Alone: removed from combat, no damage,
    // and untapped (the `untap` after `&&` runs though no creature attacks any more): the
    // Headsman's `target(creature[-tapped])` then destroys them.
    let alone = test(
        "[PLAYER1]\ninplay:Mogg Flunkies,Headsman\n[PLAYER2]\n",
        "goto combatattackers\nMogg Flunkies\ngoto secondmain\nHeadsman\nMogg Flunkies\n",
        "SECONDMAIN\n[PLAYER1]\ninplay:Headsman\ngraveyard:Mogg Flunkies\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&alone), Verdict::Passed);
    // Beside the Bears: both attack, 5 damage.
    let together = test(
        "[PLAYER1]\ninplay:Mogg Flunkies,Grizzly Bears\n[PLAYER2]\n",
        "goto combatattackers\nMogg Flunkies\nGrizzly Bears\ngoto secondmain\n",
        "SECONDMAIN\n[PLAYER1]\ninplay:Mogg Flunkies,Grizzly Bears\n[PLAYER2]\nlife:15\n",
    );
    assert_eq!(verdict(&together), Verdict::Passed);
}

#[test]
fn stabwhisker_counts_the_cards_fewer_than_three_with_equalto() {
    // "At the beginning of each opponent's upkeep, that player loses 1 life for each card
    // fewer than three in their hand."
    let upkeep = |hand: &str, life: &str| {
        test(
            &format!("[PLAYER1]\ninplay:Stabwhisker the Odious\n[PLAYER2]\nhand:{hand}\n"),
            "eot\nnext\n",
            &format!("UPKEEP\n[PLAYER1]\ninplay:Stabwhisker the Odious\n[PLAYER2]\nhand:{hand}\n{life}"),
        )
    };
    assert_eq!(verdict(&upkeep("Forest", "life:18\n")), Verdict::Passed);
    assert_eq!(verdict(&upkeep("Forest,Forest", "life:19\n")), Verdict::Passed);
    assert_eq!(verdict(&upkeep("Forest,Forest,Forest", "")), Verdict::Passed);
}

#[test]
fn dega_sanctuary_checks_every_count_of_its_restriction() {
    // "At the beginning of your upkeep, if you control a black or red permanent, you gain
    // 2 life. If you control a black permanent and a red permanent, you gain 4 life instead."
    let upkeep = |permanents: &str, life: &str| {
        let board = format!("inplay:Dega Sanctuary{permanents}\n");
        test(
            &format!("[PLAYER1]\n{board}[PLAYER2]\n"),
            "eot\neot\nnext\n",
            &format!("UPKEEP\n[PLAYER1]\n{board}{life}[PLAYER2]\n"),
        )
    };
    assert_eq!(verdict(&upkeep("", "")), Verdict::Passed);
    assert_eq!(verdict(&upkeep(",Black Knight", "life:22\n")), Verdict::Passed);
    assert_eq!(verdict(&upkeep(",Goblin", "life:22\n")), Verdict::Passed);
    assert_eq!(verdict(&upkeep(",Black Knight,Goblin", "life:24\n")), Verdict::Passed);
}

#[test]
fn a_restriction_other_than_counts_stays_refused() {
    assert_eq!(
        error_of("auto=@each my upkeep restriction{compare(pdcount)~lessthan~1}:life:1\ntype=Enchantment").as_deref(),
        Some(
            "unsupported: trigger restriction other than `type(spec)~morethan|lessthan|equalto~n|type(spec)`, `lastturn(*|stack)~...~n`, `raid`, `morbid`, `myturnonly`, `opponentturnonly` or `compare(powertotalinplay)~morethan~n`, comma-separated"
        )
    );
    // `this(...)` makes the first part's condition: the restriction would replace it.
    assert_eq!(
        error_of(
            "auto=@each my upkeep restriction{type(*|myhand)~equalto~1}:this(tapped) 1/1 && draw:1\ntype=Creature"
        )
        .as_deref(),
        Some("unsupported: trigger restriction with `&&` and a condition")
    );
    // Errantry: "Enchanted creature ... can only attack alone." Its `all(this)` is the
    // Aura, never in combat: refused rather than played as nothing.
    let errantry = "target=creature\nauto=@combat(attacking) source(mytgt) restriction{type(creature[attacking]|myBattlefield)~morethan~1}:all(this) removefromcombat && untap\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(
        error_of(errantry).as_deref(),
        Some("unsupported: trigger restriction on an Aura with `removefromcombat`")
    );
}

#[test]
fn keldon_berserker_compares_its_tapped_lands_with_all_its_lands() {
    // "Whenever Keldon Berserker attacks, if you control no untapped lands, it gets +3/+0."
    let attack = |tap: &str, life: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Keldon Berserker,Forest\n[PLAYER2]\n",
            &format!("{tap}goto combatattackers\nKeldon Berserker\ngoto secondmain\n"),
            &format!("SECONDMAIN\n[PLAYER1]\ninplay:Keldon Berserker,Forest\n[PLAYER2]\nlife:{life}\n"),
        ))
    };
    // The Forest tapped for mana first: 5 damage; left untapped: 2.
    assert_eq!(attack("Forest\n", "15"), Verdict::Passed);
    assert_eq!(attack("", "18"), Verdict::Passed);
}
