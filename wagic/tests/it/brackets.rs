//! Lines whose brackets do not balance, read as Wagic's engine reads them where that is
//! the card's printed text (each such bracket warned about, W0109), and refused with the
//! reason where Wagic reads them otherwise or the reading is not known.

use wagic::runner::Verdict;

use super::author::{check, seen};
use super::behaviour::test;
use super::front::error_of;

/// Wagic's lines of Kavu Lair, Rewards of Diversity and Dega Sanctuary as its card file
/// writes them, and plain cards to play.
const CARDS: &str = "[card]\nname=Kavu Lair\n\
auto=@movedTo(creature[power>=4|myBattlefield):draw:1 controller\n\
auto=@movedTo(creature[power>=4|opponentBattlefield):draw:1 opponent\n\
mana={2}{G}\ntype=Enchantment\n[/card]\n\
[card]\nname=Rewards of Diversity\n\
auto=@movedTo(*[multicolor]|opponentstack:life:4 controller\n\
mana={2}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Dega Sanctuary\n\
auto=@each my upkeep restriction{type(*[black]|myBattlefield)~morethan~0,type(*[red]|myBattlefield)~lessthan~1}}:life:2\n\
auto=@each my upkeep restriction{type(*[red]|myBattlefield)~morethan~0,type(*[black]|myBattlefield)~lessthan~1}}:life:2\n\
auto=@each my upkeep restriction{type(*[black]|myBattlefield)~morethan~0,type(*[red]|myBattlefield)~morethan~0}:life:4\n\
mana={2}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Craw Wurm\nmana={G}\ntype=Creature\npower=6\ntoughness=4\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Helix\nmana={R}{W}\ntype=Sorcery\nauto=life:1 controller\n[/card]\n\
[card]\nname=Bolt\nmana={R}\ntype=Sorcery\nauto=life:1 controller\n[/card]\n\
[card]\nname=Black Knight\nmana={B}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("brackets.txt", CARDS, test)
}

#[test]
fn kavu_lair_s_spec_without_its_closing_bracket_reads_to_the_bar() {
    // "Whenever a creature with power 4 or greater enters the battlefield, its controller
    // draws a card." Its `creature[power>=4|myBattlefield)`: Wagic reads `power>=4`.
    let enters = |creature: &str, hand: &str| {
        test(
            &format!(
                "[PLAYER1]\ninplay:Kavu Lair\nhand:{creature}\nlibrary:Forest\nmanapool:{{G}}\n[PLAYER2]\nlibrary:Forest\n"
            ),
            &format!("{creature}\n"),
            &format!(
                "FIRSTMAIN\n[PLAYER1]\ninplay:Kavu Lair,{creature}\nhand:{hand}\nlibrary:{}\n[PLAYER2]\nlibrary:Forest\n",
                if hand.is_empty() { "Forest" } else { "" }
            ),
        )
    };
    assert_eq!(verdict(&enters("Craw Wurm", "Forest")), Verdict::Passed);
    assert_eq!(verdict(&enters("Grizzly Bears", "")), Verdict::Passed);
    // The opponent's creature: its controller, the opponent, draws.
    let theirs = test(
        "[PLAYER1]\nhand:Craw Wurm\nlibrary:Forest\nmanapool:{G}\n[PLAYER2]\ninplay:Kavu Lair\nlibrary:Forest\n",
        "Craw Wurm\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Craw Wurm\nhand:Forest\nlibrary:\n[PLAYER2]\ninplay:Kavu Lair\nlibrary:Forest\n",
    );
    assert_eq!(verdict(&theirs), Verdict::Passed);
}

#[test]
fn rewards_of_diversity_s_trigger_without_its_parenthesis_ends_at_the_colon() {
    // "Whenever an opponent casts a multicolored spell, you gain 4 life."
    let cast = |spell: &str, mana: &str, life: &str| {
        test(
            &format!("[PLAYER1]\nhand:{spell}\nmanapool:{mana}\n[PLAYER2]\ninplay:Rewards of Diversity\n"),
            &format!("{spell}\n"),
            &format!(
                "FIRSTMAIN\n[PLAYER1]\ngraveyard:{spell}\nlife:21\n[PLAYER2]\ninplay:Rewards of Diversity\n{life}"
            ),
        )
    };
    assert_eq!(verdict(&cast("Helix", "{R}{W}", "life:24\n")), Verdict::Passed);
    assert_eq!(verdict(&cast("Bolt", "{R}", "")), Verdict::Passed);
    // Its controller's own multicoloured spell: no life.
    let own = test(
        "[PLAYER1]\nhand:Helix\nmanapool:{R}{W}\ninplay:Rewards of Diversity\n[PLAYER2]\n",
        "Helix\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Helix\ninplay:Rewards of Diversity\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&own), Verdict::Passed);
}

#[test]
fn dega_sanctuary_s_second_brace_is_read_past() {
    // "At the beginning of your upkeep, if you control a black or red permanent, you gain
    // 2 life. If you control a black permanent and a red permanent, you gain 4 life
    // instead." Two of its lines end their restriction with `}}`.
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
fn each_bracket_read_as_wagic_reads_it_is_warned_about_where_it_is() {
    let card = |line: &str| format!("[card]\nname=Example\ntype=Enchantment\nauto={line}\n[/card]\n");
    // The card compiles, with the warning at the `[` never closed.
    assert_eq!(
        check(&card("@movedTo(creature[power>=4|myBattlefield):draw:1 controller")),
        (vec![seen("W0109", "this `[` never closes: read as closed before `|myBattlefield`", 4, 23)], 1)
    );
    assert_eq!(
        check(&card("@movedTo(*[multicolor]|opponentstack:life:4 controller")),
        (vec![seen("W0109", "this `(` never closes: read as closed before `:life`", 4, 14)], 1)
    );
    assert_eq!(
        check(&card("@each my upkeep restriction{type(*[black]|myBattlefield)~morethan~0}}:life:2")),
        (vec![seen("W0109", "this `}` closes nothing: read without it", 4, 74)], 1)
    );
    // A key in capitals: Wagic ignores the line, the front end lowers it, so the bracket is
    // still told.
    let capitals = card("@movedTo(creature[power>=4|myBattlefield):draw:1 controller").replace("auto=", "Auto=");
    assert_eq!(check(&capitals).0.iter().map(|seen| seen.0).collect::<Vec<_>>(), ["W0106", "W0109"]);
    // Renown's `this(` never closes: read as Wagic does, and compiled.
    let renown = "this(cantargetcard(*[-renown]) transforms((,newability[@combatdamaged(player) from(this):counter(1/1) && becomes(renown) forever]))";
    let (seen_renown, compiled) = check(&card(renown));
    assert_eq!(compiled, 1);
    assert_eq!(seen_renown, [seen("W0109", "this `(` never closes: read as closed before ` transforms`", 4, 10)]);
    // Monstrosity's, around an activated ability, is then refused for what it is, at its
    // place in the line as written.
    let monstrous = "this(cantargetcard(*[-monstrous]) {6}{G}:becomes(monstrous) forever && counter(1/1,3)";
    let (seen_monstrous, compiled) = check(&card(monstrous));
    assert_eq!(compiled, 0);
    assert_eq!(seen_monstrous[1].0, "E0100");
    // Monstrosity: the activated ability after the `this(...)`, from its `{` as written.
    let monstrous = "this(cantargetcard(*[-monstrous]) {6}{G}:becomes(monstrous) forever && counter(1/1,3)";
    let (seen_monstrous, _) = check(&card(monstrous));
    assert_eq!(seen_monstrous[0], seen("W0109", "this `(` never closes: read as closed before ` {6}{G}`", 4, 10));
    assert_eq!(seen_monstrous[1], seen("E0100", "unsupported: effect `{6}{G}:becom…`", 4, 40));
    // `reject)` in `ability$!...!$`: read without it, the looter compiles.
    let discard = "ability$!draw:1 _ choice notatarget(*|myhand) reject)!$ controller";
    let (seen_discard, compiled) = check(&card(discard));
    assert_eq!(compiled, 1);
    assert_eq!(seen_discard, [seen("W0109", "this `)` closes nothing: read without it", 4, 58)]);
}

#[test]
fn the_reason_wagic_reads_a_line_otherwise_is_named() {
    // Collapsing Borders: Wagic finds no `}` and gains the life every upkeep.
    assert_eq!(
        error_of(
            "auto=@each my upkeep restriction{type(plains|myBattlefield)~morethan~0:life:1 controller\ntype=Enchantment"
        )
        .as_deref(),
        Some("unsupported: unbalanced brackets: `restriction{` never closed")
    );
    // Aggressive Mining: no `}:`, so no activated ability.
    assert_eq!(
        error_of("auto={S(land|mybattlefield):draw:2 controller limit:1\ntype=Enchantment").as_deref(),
        Some("unsupported: unbalanced brackets: a cost's `{` never closed")
    );
    assert_eq!(
        error_of("auto={1}{S(creature|mybattlefield}:counter(1/1,1) target(creature)\ntype=Creature").as_deref(),
        Some("unsupported: unbalanced brackets: a cost's `(` never closed")
    );
    // Justice: the zone `opponentbattlefield]` is none of Wagic's.
    assert_eq!(
        error_of("auto=@damaged(creature,player) from(creature[red]|opponentbattlefield]):damage:thatmuch opponent\ntype=Enchantment").as_deref(),
        Some("unsupported: unbalanced brackets: `]` after a zone")
    );
}

#[test]
fn an_imbalance_of_unknown_reading_stays_refused() {
    // Hurly-Burly's `all(creature(-flying)`: Wagic's spec is `creature(-flying`.
    assert_eq!(
        error_of("auto=choice name(flying) damage:1 all(creature(flying)\ntype=Sorcery").as_deref(),
        Some("unsupported: unbalanced brackets: `lord(`, `all(`, `foreach(`, `aslongas(` or `teach(` never closed")
    );
    assert_eq!(
        error_of("auto=all(*|myhand) transforms((,newability[draw:1],newability[reject])]))\ntype=Sorcery").as_deref(),
        Some("unsupported: unbalanced brackets: inside `transforms((...))`")
    );
    // A `this(` of another test; a stray `)` after a word other than `reject`.
    for line in [
        "auto=this(variable{controllerturn} 1/1\ntype=Creature",
        "auto=ability$!draw:1 _ choice notatarget(*|myhand) draw:1)!$ controller\ntype=Sorcery",
        "auto=damage:1 target(creature\ntype=Sorcery",
    ] {
        assert_eq!(error_of(line).as_deref(), Some("unsupported: unbalanced brackets"), "{line}");
    }
}
