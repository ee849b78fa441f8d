//! `thisforeach(counter{...}) effect`: the effect once for each such counter on the card,
//! counted as it resolves (an amount multiplied), the counters of a card that left the
//! battlefield counted as it left; and the counts and effects still refused.

use std::sync::Arc;

use compiler::ir::{Arg, BinaryOp, Effect, Expr};

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

/// Cards written from printed texts: a storage land ("{T}: Add {B} for each storage
/// counter"), a Modular creature ("When it dies, you may put its +1/+1 counters on target
/// artifact creature"), a Torch Song ("Sacrifice: it deals X damage to target creature or
/// player, where X is the number of verse counters on it"), an Arctic Nishoba ("When it
/// dies, you gain 2 life for each age counter on it"), and the cards that give them counters.
const CARDS: &str = "[card]\nname=Vault\nauto={T}:thisforeach(counter{0/0.1.Storage}) add{B}\ntype=Land\n[/card]\n\
[card]\nname=Storer\nauto={1}:counter(0/0,2,Storage) target(land)\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Worker\nauto={1}:counter(1/1,1)\n\
auto=@movedTo(this|mygraveyard) from(myBattlefield):may thisforeach(counter{1/1.1}) counter(1/1,1) target(creature[artifact])\n\
mana={2}\ntype=Artifact Creature\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Ornithopter\nmana={0}\ntype=Artifact Creature\npower=0\ntoughness=2\n[/card]\n\
[card]\nname=Verser\nauto={1}:counter(0/0,1,Verse) target(enchantment)\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Torch Song\nauto={S}:thisforeach(counter{0/0.1.Verse}) damage:1 target(creature,player)\nmana={2}{R}\ntype=Enchantment\n[/card]\n\
[card]\nname=Nishoba\nauto={1}:counter(0/0,1,Age)\n\
auto=@movedTo(this|graveyard) from(battlefield):thisforeach(counter{0/0.1.Age}) life:2\n\
mana={5}\ntype=Creature\npower=6\ntoughness=6\n[/card]\n\
[card]\nname=Joiner\nauto={T}:thisforeach(power>=1) add{G}\nmana={2}{G}\ntype=Creature\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Pumper\nauto={1}:2/0 target(creature) ueot\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Terror\ntarget=creature\nauto=destroy\nmana={B}\ntype=Instant\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("thisforeach.txt", CARDS.to_string())]).expect("the cards compile"));
    let test = test(init, moves, &format!("FIRSTMAIN\n{expected}"));
    runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
}

#[test]
fn a_storage_land_adds_one_mana_for_each_counter_on_it() {
    // Two storage counters, then the Vault taps for {B}{B}.
    let init = "[PLAYER1]\ninplay:Vault,Storer\nmanapool:{1}\n[PLAYER2]\n";
    assert_eq!(
        verdict(init, "Storer\nVault\nVault\n", "[PLAYER1]\ninplay:Vault,Storer\nmanapool:{B}{B}\n[PLAYER2]\n"),
        Verdict::Passed
    );
    // Without counters it adds nothing.
    let bare = "[PLAYER1]\ninplay:Vault\n[PLAYER2]\n";
    assert_eq!(verdict(bare, "Vault\n", "[PLAYER1]\ninplay:Vault\n[PLAYER2]\n"), Verdict::Passed);
}

#[test]
fn a_dead_modular_creature_moves_its_counters_to_its_target() {
    // The Worker gets two +1/+1 counters (a 2/3) and dies to Terror; accepted, its two
    // counters go onto the Ornithopter, a 2/4 that Shock does not kill (a 0/2 would die).
    let init = "[PLAYER1]\ninplay:Worker,Ornithopter\nhand:Terror,Shock\nmanapool:{2}{B}{R}\n[PLAYER2]\n";
    let moves = "Worker\nWorker\nTerror\nWorker\nchoice 0\nOrnithopter\nShock\nOrnithopter\n";
    let kept = "[PLAYER1]\ninplay:Ornithopter\ngraveyard:Worker,Terror,Shock\n[PLAYER2]\n";
    assert_eq!(verdict(init, moves, kept), Verdict::Passed);
    // Refused, the Ornithopter stays a 0/2 and the first Shock kills it.
    let init = "[PLAYER1]\ninplay:Worker,Ornithopter\nhand:Terror,Shock\nmanapool:{2}{B}{R}\n[PLAYER2]\n";
    let refused = "Worker\nWorker\nTerror\nWorker\nchoice 1\nShock\nOrnithopter\n";
    let dead = "[PLAYER1]\ngraveyard:Worker,Terror,Ornithopter,Shock\n[PLAYER2]\n";
    assert_eq!(verdict(init, refused, dead), Verdict::Passed);
}

#[test]
fn a_sacrificed_torch_song_deals_damage_for_each_verse_counter_it_had() {
    // Three verse counters, then sacrificed: 3 damage to the opponent, counted as it left.
    let init = "[PLAYER1]\ninplay:Torch Song,Verser\nmanapool:{3}\n[PLAYER2]\n";
    let moves = "Verser\nTorch Song\nVerser\nTorch Song\nVerser\nTorch Song\nTorch Song\np2\n";
    let expected = "[PLAYER1]\ninplay:Verser\ngraveyard:Torch Song\n[PLAYER2]\nlife:17\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn a_dying_nishoba_gains_two_life_for_each_age_counter_on_it() {
    let init = "[PLAYER1]\ninplay:Nishoba\nhand:Terror\nmanapool:{2}{B}\n[PLAYER2]\n";
    let moves = "Nishoba\nNishoba\nTerror\nNishoba\n";
    let expected = "[PLAYER1]\ngraveyard:Nishoba,Terror\nlife:24\n[PLAYER2]\n";
    assert_eq!(verdict(init, moves, expected), Verdict::Passed);
}

#[test]
fn a_joiner_adds_one_mana_for_each_point_of_its_power() {
    // Viridian Joiner: "{T}: Add an amount of {G} equal to its power": pumped to 3/2, {G}{G}{G}.
    let init = "[PLAYER1]\ninplay:Joiner,Pumper\nmanapool:{1}\n[PLAYER2]\n";
    let expected = "[PLAYER1]\ninplay:Joiner,Pumper\nmanapool:{G}{G}{G}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Pumper\nJoiner\nJoiner\n", expected), Verdict::Passed);
    // Its own power of 1: {G}.
    let bare = "[PLAYER1]\ninplay:Joiner\n[PLAYER2]\n";
    assert_eq!(verdict(bare, "Joiner\n", "[PLAYER1]\ninplay:Joiner\nmanapool:{G}\n[PLAYER2]\n"), Verdict::Passed);
}

/// The arguments of the first call of a card's first auto or action, written out: the
/// counted amount as `amount*count(kind)`.
fn call_args_of(card: &str) -> String {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let statements = ir.autos.first().map_or_else(|| ir.actions[0].statements, |auto| auto.statements);
    let Effect::Call { command, args, .. } = statements[0].chain[0].effect else { return "no call".into() };
    let written = args.iter().map(|arg| match arg {
        Arg::Value(Expr::Int(n)) => n.to_string(),
        Arg::Value(Expr::Binary(
            BinaryOp::Mul,
            Expr::Int(n),
            Expr::Call(function, [Expr::Var(_), Expr::Str(kind)]),
        )) => {
            format!("{n}*{}({kind})", wagic::CATALOGUE.functions[function.index()].name)
        }
        Arg::Value(Expr::Str(s)) => format!("'{s}'"),
        Arg::Const(_) => "const".into(),
        other => format!("{other:?}"),
    });
    format!("{}({})", wagic::CATALOGUE.commands[command.index()].name, written.collect::<Vec<_>>().join(", "))
}

#[test]
fn the_amount_of_each_effect_is_multiplied_by_the_count() {
    // A `{T}` mana ability's `add` says it taps its source for the mana (`tappedformana`).
    for (card, call) in [
        (
            "auto={T}:thisforeach(counter{0/0.1.Charge}) add{B}\ntype=Artifact",
            "add(const, 1*foreachcount(charge), Value(Bool(true)))",
        ),
        (
            "auto={T}:thisforeach(counter{0/0.1.Charge}) add{2}\ntype=Artifact",
            "add(const, 2*foreachcount(charge), Value(Bool(true)))",
        ),
        (
            "auto=@each my upkeep:thisforeach(counter{1/1.1}) counter(1/1,1)\ntype=Creature",
            "counter(1, 1, 1*foreachcount(1/1))",
        ),
        (
            "auto=@damagefoeof(player) from(this):thisforeach(counter{-1/-1.1}) counter(-1/-1,-1)\ntype=Creature",
            "counter(-1, -1, -1*foreachcount(-1/-1))",
        ),
        ("auto={S}:thisforeach(counter{0/0,1,Page}) draw:1 controller\ntype=Artifact", "draw(1*foreachcount(page))"),
        (
            "auto={3}{T}:thisforeach(counter{0/0.1.Lore}) 1/1 target(creature) ueot\ntype=Artifact",
            "pump(1*foreachcount(lore), 1*foreachcount(lore))",
        ),
        (
            "auto={G}{S}:thisforeach(counter{0/0.1.Verse}) token(Beast,Creature Beast,3/3,green)\ntype=Enchantment",
            "token('Beast', 'creature beast', 3, 3, 'green', '', 1*foreachcount(verse))",
        ),
    ] {
        assert_eq!(call_args_of(card), call, "{card}");
    }
}

#[test]
fn other_counts_and_effects_stay_refused_each_named() {
    let count = "unsupported: `thisforeach(...)` other than `counter{0/0.1.name}`, `counter{1/1.1}`, `counter{-1/-1.1}`, or `power`, `toughness`, `gear`, `auras`, `controllerlife`, `opponentlife`, `x` or `variable{amount}` maybe after `>` or `>=` and a number";
    for (card, refused) in [
        ("auto=@each my upkeep:thisforeach(counter{0/0.1.charge}>4) draw:1\ntype=Artifact", count),
        ("auto={T}:thisforeach(counter{0/0.2.Charge}) add{1}\ntype=Artifact", count),
        ("auto={T}:thisforeach(untapped) add{G}\ntype=Creature", count),
        (
            "auto=thisforeach(counter{0/0.1.Feather}) lord(bird) 1/1\ntype=Creature",
            "unsupported: `thisforeach(...)` of a `lord(...)` or `teach(...)`",
        ),
        (
            "auto={S}:thisforeach(counter{0/0.1.Age}) destroy target(creature)\ntype=Artifact",
            "unsupported: `thisforeach(...)` of effect `destroy`",
        ),
        (
            "auto={S}:thisforeach(counter{0/0.1.Age}) damage:type:creature:mybattlefield\ntype=Artifact",
            "unsupported: `thisforeach(...)` of effect `damage`",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}
