//! Keyword abilities the table models as Wagic's rules do (`table/dies.rs`): persist,
//! `librarydeath`, `exiledeath`, Rest in Peace's `mygraveexiler`, treason, `cantregen`;
//! each run on hand-written cards, and a persisting creature is summoning sick again. Then
//! the targets Wagic refuses (`runner/targeting.rs`): shroud, `opponentshroud`; and the
//! targets with a count (`runner/counted.rs`); lure's blocks (`runner/lure.rs`).

use wagic::runner::Verdict;

use super::behaviour::test;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Zap\ntarget=creature\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Might\ntarget=creature\nauto=2/0\nmana={G}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Sting\nauto=damage:1 target(creature)\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Tormentor\nabilities=persist\nmana={3}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Elder\nabilities=persist\nauto={T}:damage:1 target(creature,player)\nmana={3}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Drudge\nabilities=librarydeath\nmana={3}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Spray\ntarget=creature\nauto=exiledeath\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Warden\nabilities=mygraveexiler,oppgraveexiler\nmana={1}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Unmake\ntarget=enchantment\nauto=destroy\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Traitor\nabilities=haste,treason\nmana={R}\ntype=Creature\npower=3\ntoughness=1\n[/card]\n\
[card]\nname=Troll\nauto={G}:regenerate\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Blister\ntarget=creature\nauto=cantregen\nauto=damage:3\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Veil\nabilities=shroud\nmana={1}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Stalker\nabilities=opponentshroud\nmana={1}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Ruin\ntarget=<2>artifact\nauto=destroy\nmana={2}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Gather\ntarget=<upto:3>creature|mygraveyard\nauto=moveTo(myhand)\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Ransack\ntarget=<2>artifact\nauto=destroy && draw:1 controller\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Mox\ntype=Artifact\n[/card]\n[card]\nname=Orb\ntype=Artifact\n[/card]\n[card]\nname=Pearl\ntype=Artifact\n[/card]\n\
[card]\nname=Bait\nabilities=lure\nmana={G}\ntype=Creature\npower=2\ntoughness=4\n[/card]\n\
[card]\nname=Kite\nabilities=lure,flying\nmana={G}\ntype=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Sprout\nabilities=vigor\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Lives\nabilities=tokenizer\nmana={3}{G}\ntype=Enchantment\n[/card]\n\
[card]\nname=Fodder\nauto=token(Goblin,creature goblin,1/1,red)*2\nmana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Swell\nabilities=storm\nauto=token(Beast,creature beast,4/4,green)\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Flurry\nabilities=storm\ntarget=creature,player\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Clerk\nauto={T}:destroy target(creature[power<=2])\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Ghoul\nauto=@movedto(creature|graveyard) from(battlefield):life:1 controller\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Purger\nauto={T}:destroy target(creature|opponentbattlefield)\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Golem\nauto=upcost[{1}] sacrifice\nauto={0}:damage:1 target(creature)\nmana={3}\ntype=Artifact Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("keywords.txt", CARDS, test)
}

#[test]
fn persist_returns_a_creature_once_with_a_minus_one_counter() {
    // Shock kills the 2/2: it returns as a 1/1.
    let once = test(
        "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Tormentor\n",
        "Shock\nTormentor\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Tormentor\n",
    );
    assert_eq!(verdict(&once), Verdict::Passed);
    // A 1/1 now: Zap's 1 damage kills it, and with its counter it stays in the graveyard.
    let twice = test(
        "[PLAYER1]\nhand:Shock,Zap\nmanapool:{R}{R}\n[PLAYER2]\ninplay:Tormentor\n",
        "Shock\nTormentor\nZap\nTormentor\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Zap\n[PLAYER2]\ngraveyard:Tormentor\n",
    );
    assert_eq!(verdict(&twice), Verdict::Passed);
}

#[test]
fn a_persisting_creature_is_a_new_object_and_summoning_sick() {
    // The Elder returns on its controller's turn: its `{T}` ability waits for a turn.
    let sick = test(
        "[PLAYER1]\ninplay:Elder\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\nElder\nElder\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Elder\ngraveyard:Shock\n[PLAYER2]\nlife:19\n",
    );
    let Verdict::Skipped(skip) = verdict(&sick) else { panic!("{:?}", verdict(&sick)) };
    assert_eq!(skip.reason, "a creature that entered this turn acts (summoning sickness)");
}

#[test]
fn librarydeath_exiledeath_and_a_grave_exiler_replace_the_graveyard() {
    // The Drudge goes on top of its owner's library.
    let library = test(
        "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Drudge\nlibrary:Forest\n",
        "Shock\nDrudge\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\nlibrary:Forest,Drudge\n",
    );
    assert_eq!(verdict(&library), Verdict::Passed);
    // Spray's creature dies this turn: it is exiled.
    let spray = test(
        "[PLAYER1]\nhand:Spray\nmanapool:{R}\n[PLAYER2]\ninplay:Tormentor\n",
        "Spray\nTormentor\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Spray\n[PLAYER2]\nexile:Tormentor\n",
    );
    assert_eq!(verdict(&spray), Verdict::Passed);
    // With the Warden in play each graveyard is exile: Shock, and the Tormentor (which
    // does not persist from exile).
    let warden = test(
        "[PLAYER1]\ninplay:Warden\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Tormentor\n",
        "Shock\nTormentor\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Warden\nexile:Shock\n[PLAYER2]\nexile:Tormentor\n",
    );
    assert_eq!(verdict(&warden), Verdict::Passed);
    // The Warden destroyed sees its own move (exiled); the spell after it, a graveyard.
    let unmade = test(
        "[PLAYER1]\ninplay:Warden\nhand:Unmake\nmanapool:{W}\n[PLAYER2]\n",
        "Unmake\nWarden\n",
        "FIRSTMAIN\n[PLAYER1]\nexile:Warden\ngraveyard:Unmake\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&unmade), Verdict::Passed);
}

#[test]
fn treason_sacrifices_as_the_end_step_ends() {
    let moves = "Traitor\nnext\nnext\nTraitor\nnext\nnext\nnext\nnext\n";
    let attacked = "[PLAYER1]\nhand:Traitor\nmanapool:{R}\n[PLAYER2]\n";
    // Still in play in the end step (after its 3 damage)...
    let end = test(attacked, &format!("{moves}next\n"), "ENDOFTURN\n[PLAYER1]\ninplay:Traitor\n[PLAYER2]\nlife:17\n");
    assert_eq!(verdict(&end), Verdict::Passed);
    // ...sacrificed as it ends.
    let cleanup =
        test(attacked, &format!("{moves}next\nnext\n"), "CLEANUP\n[PLAYER1]\ngraveyard:Traitor\n[PLAYER2]\nlife:17\n");
    assert_eq!(verdict(&cleanup), Verdict::Passed);
}

#[test]
fn cantregen_leaves_a_regeneration_shield_unused() {
    let init = "[PLAYER1]\ninplay:Troll,Forest\nhand:Blister,Shock\nmanapool:{R}\n[PLAYER2]\n";
    // Shielded, the Troll survives Shock; Blister's `cantregen` lets it die.
    let shocked = test(
        init,
        "Forest\nTroll\nShock\nTroll\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Troll,Forest\nhand:Blister\ngraveyard:Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&shocked), Verdict::Passed);
    let blistered = test(
        init,
        "Forest\nTroll\nBlister\nTroll\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Forest\nhand:Shock\ngraveyard:Blister,Troll\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&blistered), Verdict::Passed);
}

#[test]
fn a_click_on_a_target_wagic_refuses_is_ignored() {
    // Shock's click on the Veil (shroud) does nothing: the next move, p2, is its target.
    let shroud = test(
        "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Veil\n",
        "Shock\nVeil\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Veil\nlife:18\n",
    );
    assert_eq!(verdict(&shroud), Verdict::Passed);
    // The Stalker refuses its opponent's Shock...
    let opponent = test(
        "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Stalker\n",
        "Shock\nStalker\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Stalker\nlife:18\n",
    );
    assert_eq!(verdict(&opponent), Verdict::Passed);
    // ...not its controller's.
    let own = test(
        "[PLAYER1]\nhand:Shock\ninplay:Stalker\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\nStalker\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Stalker\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&own), Verdict::Passed);
}

#[test]
fn an_auras_click_on_a_permanent_wagic_refuses_is_ignored_before_the_stack() {
    // The Might's click on the Veil does nothing: the Tormentor, next, is its permanent,
    // and the Might waits on the stack until the moves end. With the Veil's click alone
    // the Might still waits for its permanent.
    let init = "[PLAYER1]\nhand:Might\nmanapool:{G}\n[PLAYER2]\ninplay:Veil,Tormentor\n";
    let enchanted = test(
        init,
        "Might\nVeil\nTormentor\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Might\n[PLAYER2]\ninplay:Veil,Tormentor\n",
    );
    assert_eq!(verdict(&enchanted), Verdict::Passed);
    let on_veil = test(init, "Might\nVeil\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Might\n[PLAYER2]\ninplay:Veil,Tormentor\n");
    let Verdict::Skipped(skip) = verdict(&on_veil) else { panic!("{:?}", verdict(&on_veil)) };
    assert_eq!(skip.reason, "a question the moves leave unanswered");
}

#[test]
fn a_target_wagic_refuses_that_the_runtime_may_take_is_skipped() {
    let skipped = |test: &str| match verdict(test) {
        Verdict::Skipped(skip) => skip.reason,
        other => panic!("{other:?}"),
    };
    // Sting's only creature is the Veil: the runtime takes it as its `auto=` line starts
    // at the cast, Wagic would not cast Sting.
    let alone = test(
        "[PLAYER1]\nhand:Sting\nmanapool:{R}\n[PLAYER2]\ninplay:Veil\n",
        "Sting\nVeil\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Sting\n[PLAYER2]\ngraveyard:Veil\n",
    );
    assert_eq!(skipped(&alone), "a target the runtime took alone while Wagic refuses some permanent as a target");
    // Zap's one `target=` is chosen by a click as it is cast, for the stack: with the
    // Veil its only creature, the runner reads that Wagic allows none.
    let chosen = test(
        "[PLAYER1]\nhand:Zap\nmanapool:{R}\n[PLAYER2]\ninplay:Veil\n",
        "Zap\nVeil\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Zap\n[PLAYER2]\ngraveyard:Veil\n",
    );
    assert_eq!(skipped(&chosen), "a spell or ability with no target Wagic allows (Wagic would not cast it)");
    // Two creatures, both refused: the runtime asks, Wagic would not cast it.
    let none = test(
        "[PLAYER1]\nhand:Zap\nmanapool:{R}\n[PLAYER2]\ninplay:Veil,Stalker\n",
        "Zap\nVeil\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Zap\n[PLAYER2]\ninplay:Veil,Stalker\n",
    );
    assert_eq!(skipped(&none), "a spell or ability with no target Wagic allows (Wagic would not cast it)");
}

#[test]
fn a_counted_target_takes_its_count_of_clicks_and_a_second_click_takes_one_back() {
    let init = |artifacts: &str| format!("[PLAYER1]\ninplay:{artifacts}\nhand:Ruin\nmanapool:{{2}}{{R}}\n[PLAYER2]\n");
    // Two artifacts: the runtime takes both, Wagic still asks both clicks.
    let both = test(&init("Mox,Orb"), "Ruin\nMox\nOrb\n", "FIRSTMAIN\n[PLAYER1]\ngraveyard:Mox,Orb,Ruin\n[PLAYER2]\n");
    assert_eq!(verdict(&both), Verdict::Passed);
    // Three: the Mox clicked twice is chosen no more.
    let toggled = test(
        &init("Mox,Orb,Pearl"),
        "Ruin\nMox\nMox\nOrb\nPearl\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mox\ngraveyard:Orb,Pearl,Ruin\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&toggled), Verdict::Passed);
    // One: Wagic waits for a second target for ever; the spell is never cast.
    let stalled =
        test(&init("Mox"), "Ruin\nMox\n", "FIRSTMAIN\n[PLAYER1]\ninplay:Mox\nhand:Ruin\nmanapool:{2}{R}\n[PLAYER2]\n");
    assert_eq!(verdict(&stalled), Verdict::Passed);
}

#[test]
fn an_upto_spell_with_fewer_legal_targets_waits_for_its_own_card() {
    let init = "[PLAYER1]\nhand:Gather\ngraveyard:Tormentor,Drudge\nmanapool:{W}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Tormentor,Drudge\ngraveyard:Gather\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Gather\nTormentor\nDrudge\nGather\n", expected)), Verdict::Passed);
    // Without the card's click Wagic still waits.
    let Verdict::Skipped(skip) = verdict(&test(init, "Gather\nTormentor\nDrudge\n", expected)) else { panic!() };
    assert_eq!(skip.reason, "a question the moves leave unanswered");
    // A line acting beyond its targets runs once per target in Wagic: skipped.
    let ransack = test(
        "[PLAYER1]\ninplay:Mox,Orb\nhand:Ransack\nmanapool:{R}\n[PLAYER2]\n",
        "Ransack\nMox\nOrb\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Mox,Orb,Ransack\n[PLAYER2]\n",
    );
    let Verdict::Skipped(skip) = verdict(&ransack) else { panic!() };
    assert_eq!(skip.reason, "a counted target's line acting beyond its target (Wagic runs it per target)");
}

#[test]
fn a_click_on_a_card_in_a_graveyard_or_exile_does_nothing() {
    // Shock resolved, then clicked in the graveyard (as Wagic's persist test clicks its
    // Desert Twister): nothing reacts, the mana stays.
    let clicked = test(
        "[PLAYER1]\nhand:Shock\nexile:Zap\nmanapool:{R}{R}\n[PLAYER2]\n",
        "Shock\np2\nShock\nZap\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\nexile:Zap\nmanapool:{R}\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&clicked), Verdict::Passed);
}

#[test]
fn lure_draws_every_able_blocker_and_a_click_blocks_only_a_lurer() {
    let moves = |clicks: &str| format!("next\nnext\nBait\nDrudge\nnext\n{clicks}next\nnext\nnext\nnext\n");
    // Nobody clicks: both defenders are made to block the Bait (and die of its 2 damage);
    // the Drudge deals 2.
    let init = "[PLAYER1]\ninplay:Bait,Drudge\n[PLAYER2]\ninplay:Stalker,Veil\n";
    let lured = test(
        init,
        &moves(""),
        "COMBATEND\n[PLAYER1]\ninplay:Bait,Drudge\n[PLAYER2]\ngraveyard:Stalker,Veil\nlife:18\n",
    );
    assert_eq!(verdict(&lured), Verdict::Passed);
    // The Kite flies: the Stalker cannot block it, and its click passes the Drudge over
    // (no lure), so it blocks nothing and the Drudge's 2 damage reaches the player.
    let moves = |clicks: &str| format!("next\nnext\nKite\nDrudge\nnext\n{clicks}next\nnext\n");
    let init = "[PLAYER1]\ninplay:Kite,Drudge\n[PLAYER2]\ninplay:Stalker\n";
    let passed_over = test(
        init,
        &moves("Stalker\n"),
        "COMBATEND\n[PLAYER1]\ninplay:Kite,Drudge\n[PLAYER2]\ninplay:Stalker\nlife:18\n",
    );
    assert_eq!(verdict(&passed_over), Verdict::Passed);
}

#[test]
fn vigor_turns_damage_into_counters() {
    // Shock's 2 damage: two +1/+1 counters, so the 1/1 survives and attacks for 3.
    let grown = test(
        "[PLAYER1]\ninplay:Sprout\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\nSprout\nnext\nnext\nSprout\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Sprout\ngraveyard:Shock\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&grown), Verdict::Passed);
}

#[test]
fn tokenizer_doubles_the_tokens_its_controller_makes() {
    let made = |p1: &str, p2: &str, tokens: &str| {
        test(
            &format!("[PLAYER1]\nhand:Fodder\n{p1}manapool:{{R}}\n[PLAYER2]\n{p2}"),
            "Fodder\n",
            &format!("FIRSTMAIN\n[PLAYER1]\n{tokens}graveyard:Fodder\n[PLAYER2]\n{p2}"),
        )
    };
    // Two Lives: 2 × 2 × 2 Goblins.
    let two = made("inplay:Lives,Lives\n", "", "inplay:Lives,Lives,*,*,*,*,*,*,*,*\n");
    assert_eq!(verdict(&two), Verdict::Passed);
    // The opponent's Lives doubles nothing of ours.
    let theirs = made("", "inplay:Lives\n", "inplay:*,*\n");
    assert_eq!(verdict(&theirs), Verdict::Passed);
}

#[test]
fn storm_copies_a_spell_for_each_spell_cast_before_it_this_turn() {
    // The Mox and the Orb cast first: the Swell and two copies, three Beasts.
    let stormed = test(
        "[PLAYER1]\nhand:Mox,Orb,Swell\nmanapool:{G}\n[PLAYER2]\n",
        "Mox\nOrb\nSwell\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mox,Orb,*,*,*\ngraveyard:Swell\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&stormed), Verdict::Passed);
    // Cast first: no copy.
    let first = test(
        "[PLAYER1]\nhand:Swell,Mox\nmanapool:{G}\n[PLAYER2]\n",
        "Swell\nMox\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mox,*\ngraveyard:Swell\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&first), Verdict::Passed);
    // A copy of a targeted spell: skipped.
    let targeted = test(
        "[PLAYER1]\nhand:Mox,Flurry\nmanapool:{R}\n[PLAYER2]\n",
        "Mox\nFlurry\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mox\ngraveyard:Flurry\n[PLAYER2]\nlife:18\n",
    );
    let Verdict::Skipped(skip) = verdict(&targeted) else { panic!() };
    assert_eq!(skip.reason, "a storm spell with a target (its copies' targets are not modelled)");
}

#[test]
fn storm_copies_wait_above_their_spell_on_the_stack() {
    // Cast first, the Swell waits on the stack: Shock, cast above it, resolves first.
    let below = test(
        "[PLAYER1]\nhand:Swell,Shock\nmanapool:{G}{R}\n[PLAYER2]\n",
        "Swell\nyes\nShock\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:*\ngraveyard:Swell,Shock\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&below), Verdict::Passed);
    // Its copies, resolved as they were put above it, would resolve before the Shock:
    // a response above them is skipped.
    let copied = test(
        "[PLAYER1]\nhand:Mox,Swell,Shock\nmanapool:{G}{R}\n[PLAYER2]\n",
        "Mox\nSwell\nyes\nShock\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mox,*,*\ngraveyard:Swell,Shock\n[PLAYER2]\nlife:18\n",
    );
    let Verdict::Skipped(skip) = verdict(&copied) else { panic!("{:?}", verdict(&copied)) };
    assert_eq!(skip.reason, "a response above a spell or ability the model resolved as it was cast");
}

#[test]
fn a_click_on_a_permanent_the_spec_does_not_match_is_ignored() {
    // The Traitor has power 3: Wagic ignores its click, the Sprout's is the target.
    let ignored = test(
        "[PLAYER1]\ninplay:Clerk\n[PLAYER2]\ninplay:Traitor,Sprout\n",
        "Clerk\nTraitor\nSprout\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Clerk\n[PLAYER2]\ninplay:Traitor\ngraveyard:Sprout\n",
    );
    assert_eq!(verdict(&ignored), Verdict::Passed);
}

#[test]
fn a_grave_exiler_exiles_a_token_only_beside_rest_in_peace() {
    // A Goblin token shocked beside the Warden (not named Rest in Peace) goes to the
    // graveyard: the Ghoul sees it die.
    let died = test(
        "[PLAYER1]\ninplay:Warden,Ghoul\nhand:Fodder,Shock\nmanapool:{R}{R}\n[PLAYER2]\n",
        "Fodder\nShock\nGoblin\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Warden,Ghoul,*\nexile:Fodder,Shock\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&died), Verdict::Passed);
}

#[test]
fn an_ability_whose_every_target_is_refused_does_nothing() {
    // The opponent's only creature is the Veil (shroud): Wagic cancels the Purger's
    // ability, and the click does nothing (the runtime would have taken the Veil).
    let cancelled = test(
        "[PLAYER1]\ninplay:Purger\n[PLAYER2]\ninplay:Veil\n",
        "Purger\nVeil\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Purger\n[PLAYER2]\ninplay:Veil\n",
    );
    assert_eq!(verdict(&cancelled), Verdict::Passed);
    // Beside the Sprout the ability is activated, the Veil's click ignored.
    let activated = test(
        "[PLAYER1]\ninplay:Purger\n[PLAYER2]\ninplay:Veil,Sprout\n",
        "Purger\nVeil\nSprout\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Purger\n[PLAYER2]\ninplay:Veil\ngraveyard:Sprout\n",
    );
    assert_eq!(verdict(&activated), Verdict::Passed);
}

#[test]
fn an_upkeep_cost_counts_among_the_activated_lines() {
    // The Golem's `{0}` ability is its second action (the upcost is the first): its
    // target is clicked.
    let pinged = test(
        "[PLAYER1]\ninplay:Golem\n[PLAYER2]\ninplay:Clerk\n",
        "Golem\nClerk\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Golem\n[PLAYER2]\ngraveyard:Clerk\n",
    );
    assert_eq!(verdict(&pinged), Verdict::Passed);
}
