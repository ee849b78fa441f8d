//! The runner on hand-written cards of the constructs compiled beyond the first ones:
//! Auras, control, rampage, fog, X spells, damage triggers, transforms, `if`... each
//! checked by what it does to the board, as Wagic's tests check it.

use wagic::runner::{self, Verdict};

use super::behaviour::{own_library, test, verdict};

#[test]
fn an_aura_enters_attached_to_the_permanent_named_and_leaves_with_it() {
    // Might on the Bears: its +2/+0 makes them attack for 4; it stays on the battlefield.
    let attack = test(
        "[PLAYER1]\nhand:Might\ninplay:Grizzly Bears,Forest\n[PLAYER2]\n",
        "Forest\nMight\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Forest,Grizzly Bears,Might\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&attack), Verdict::Passed);
    // Its `{0}:tap` taps the enchanted creature, not the Aura: the Bears cannot attack,
    // the click does nothing, and combat ends with no damage.
    let tapped = test(
        "[PLAYER1]\nhand:Might\ninplay:Grizzly Bears,Forest\n[PLAYER2]\n",
        "Forest\nMight\nGrizzly Bears\nMight\nnext\nnext\nGrizzly Bears\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Forest,Grizzly Bears,Might\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&tapped), Verdict::Passed);
    // On the opponent's Tim, under its caster's control; Tim dies to Shock, Might with it.
    let died = test(
        "[PLAYER1]\nhand:Might,Shock\nmanapool:{G}{R}\n[PLAYER2]\ninplay:Tim\n",
        "Might\nTim\nShock\nTim\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Might,Shock\n[PLAYER2]\ngraveyard:Tim\n",
    );
    assert_eq!(verdict(&died), Verdict::Passed);
    let alive = died.replace("graveyard:Might,Shock", "inplay:Might\ngraveyard:Shock");
    let Verdict::Failed(difference) = verdict(&alive) else { panic!("{:?}", verdict(&alive)) };
    assert_eq!(difference.to_string(), "player 1 graveyard: expected [shock], got [shock, might]");
    // A land is no creature: Wagic would not take the click, the model does not guess.
    let on_a_land = test(
        "[PLAYER1]\nhand:Might\ninplay:Grizzly Bears,Forest\nmanapool:{G}\n[PLAYER2]\n",
        "Might\nForest\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Forest,Grizzly Bears,Might\n[PLAYER2]\n",
    );
    let Verdict::Skipped(skip) = verdict(&on_a_land) else { panic!("{:?}", verdict(&on_a_land)) };
    assert_eq!(skip.reason, "a target the model does not offer");
    // No move names its permanent: the Aura never resolved.
    let unanswered =
        test("[PLAYER1]\nhand:Might\nmanapool:{G}\n[PLAYER2]\n", "Might\n", "FIRSTMAIN\n[PLAYER1]\n[PLAYER2]\n");
    let Verdict::Skipped(skip) = verdict(&unanswered) else { panic!("{:?}", verdict(&unanswered)) };
    assert_eq!(skip.reason, "a question the moves leave unanswered");
}

#[test]
fn an_aura_with_control_magics_alias_steals_the_enchanted_creature_while_attached() {
    // Mind Leash (`alias=1194`, Control Magic's rule) on the opponent's Bears: they are its
    // caster's, without entering anew (no `movedto`), and attack for them.
    let stolen = test(
        "[PLAYER1]\nhand:Mind Leash\nmanapool:{U}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Mind Leash\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mind Leash,Grizzly Bears\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&stolen), Verdict::Passed);
    // They came under their new controller's control this turn: summoning sick.
    let sick = test(
        "[PLAYER1]\nhand:Mind Leash\nmanapool:{U}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Mind Leash\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Mind Leash,Grizzly Bears\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&sick), Verdict::Passed);
    // The Aura leaves (Shock kills nothing here: it goes at a player): the Bears go back.
    let back = test(
        "[PLAYER1]\nhand:Mind Leash,Plague\nmanapool:{U}{B}{B}{B}\n[PLAYER2]\ninplay:Tim\n",
        "Mind Leash\nTim\nPlague\nPlague\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Plague\ngraveyard:Mind Leash\n[PLAYER2]\ngraveyard:Tim\n",
    );
    assert_eq!(verdict(&back), Verdict::Passed);
    // A stolen creature sacrificed for its own ability: the player who controlled it as it
    // left gains the life (Wagic's bottle_gnomes2.txt), not its owner.
    let sacrificed = test(
        "[PLAYER1]\nhand:Mind Leash\nmanapool:{U}\n[PLAYER2]\ninplay:Gnomes\n",
        "Mind Leash\nGnomes\nGnomes\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Mind Leash\nlife:23\n[PLAYER2]\ngraveyard:Gnomes\n",
    );
    assert_eq!(verdict(&sacrificed), Verdict::Passed);
}

#[test]
fn rampage_pumps_a_blocked_creature_before_combat_damage() {
    // Blocked by Page (1/1): the Berserker is 2/2 as damage is dealt, and survives.
    let blocked = |attacker: &str, expected: &str| {
        let init = format!("[PLAYER1]\ninplay:{attacker}\n[PLAYER2]\ninplay:Page\n");
        let moves = format!("next\nnext\n{attacker}\nnext\nPage\nnext\nnext\n");
        verdict(&test(&init, &moves, expected))
    };
    let survives = "COMBATEND\n[PLAYER1]\ninplay:Berserker\n[PLAYER2]\ngraveyard:Page\n";
    assert_eq!(blocked("Berserker", survives), Verdict::Passed);
    // `rampage(1/1,1)` counts blockers beyond the first: one blocker gives nothing.
    let trade = "COMBATEND\n[PLAYER1]\ngraveyard:Troll\n[PLAYER2]\ngraveyard:Page\n";
    assert_eq!(blocked("Troll", trade), Verdict::Passed);
    // Unblocked, it deals its printed power.
    let unblocked = test(
        "[PLAYER1]\ninplay:Berserker\n[PLAYER2]\n",
        "next\nnext\nBerserker\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Berserker\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&unblocked), Verdict::Passed);
}

#[test]
fn a_characteristic_defining_ability_counts_as_the_creature_enters() {
    // The Ape is */* with one forest: 1/1 as it enters (not a 0/0 put into the graveyard
    // before its ability applies), 2/2 with a second forest, attacking for 2.
    let grows = test(
        "[PLAYER1]\nhand:Ape,Forest\ninplay:Forest\nmanapool:{G}\n[PLAYER2]\n",
        "Ape\nForest\neot\neot\ngoto combatattackers\nApe\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Ape,Forest,Forest\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&grows), Verdict::Passed);
    // With no forest it is 0/0: its owner's graveyard.
    let dies = test(
        "[PLAYER1]\nhand:Ape\nmanapool:{G}\n[PLAYER2]\n",
        "Ape\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Ape\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&dies), Verdict::Passed);
}

#[test]
fn a_one_shot_aslongas_is_checked_once_as_the_permanent_enters() {
    // The Hellion enters with an empty hand: double strike, kept after a card is drawn
    // (Wagic resolves a `oneShot` `aslongas` once); it deals 2 twice.
    let attack = |hand: &str, expected_life: u32| {
        let init = format!("[PLAYER1]\n{hand}library:Forest\n[PLAYER2]\nlibrary:Forest\n");
        // Wagic's first strike step takes one more `next`.
        let steps = if expected_life == 16 { "next\n".repeat(4) } else { "next\n".repeat(3) };
        let moves = format!("eot\neot\ngoto combatattackers\nHellion\n{steps}");
        let hand_after = if hand.is_empty() { "hand:Forest\n" } else { "hand:Forest,Forest\n" };
        let expected =
            format!("COMBATEND\n[PLAYER1]\ninplay:Hellion\n{hand_after}[PLAYER2]\nhand:Forest\nlife:{expected_life}\n");
        verdict(&test(&init.replace("[PLAYER1]\n", "[PLAYER1]\ninplay:Hellion\n"), &moves, &expected))
    };
    assert_eq!(attack("", 16), Verdict::Passed);
    // With a card in hand as it enters: never double strike.
    assert_eq!(attack("hand:Forest\n", 18), Verdict::Passed);
}

#[test]
fn fog_prevents_the_combat_damage_of_its_turn_only() {
    // The Frog sacrificed: the Bears deal nothing this turn, Tim's ability still deals 1.
    let fogged = test(
        "[PLAYER1]\ninplay:Frog,Grizzly Bears,Tim\n[PLAYER2]\n",
        "Frog\nTim\np2\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears,Tim\ngraveyard:Frog\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&fogged), Verdict::Passed);
    // The next turn it is over: the Bears deal 2.
    let next_turn = test(
        "[PLAYER1]\ninplay:Frog,Grizzly Bears\nlibrary:Forest\n[PLAYER2]\nlibrary:Forest\n",
        "Frog\neot\neot\ngoto combatattackers\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Frog\nhand:Forest\n[PLAYER2]\nhand:Forest\nlife:18\n",
    );
    assert_eq!(verdict(&next_turn), Verdict::Passed);
}

#[test]
fn my_upkeep_only_allows_an_ability_in_its_controllers_upkeep_only() {
    let attack = |phase: &str, life: u32| {
        let init = "[PLAYER1]\ninplay:Sentry\n[PLAYER2]\n";
        let text = format!(
            "[INIT]\n{phase}\n{init}[DO]\nSentry\ngoto combatattackers\nSentry\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n{init}life:{life}\n[END]\n"
        );
        runner::run(&own_library(), &wagic::testfile::read(&text).expect("a test"))
    };
    // In the upkeep the Sentry gets +1/+0 and attacks for 2.
    assert_eq!(attack("UPKEEP", 18), Verdict::Passed);
    // In the main phase the click does nothing (Wagic offers no ability it cannot pay).
    assert_eq!(attack("FIRSTMAIN", 19), Verdict::Passed);
}

#[test]
fn cantbeblockedby_makes_wagic_ignore_the_click_of_a_matching_blocker() {
    let block = |blocker: &str, expected: &str| {
        let init = format!("[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Creeper\n[PLAYER2]\ninplay:{blocker}\n");
        let text = format!("{init}[DO]\nCreeper\nnext\n{blocker}\nnext\nnext\n[ASSERT]\nCOMBATEND\n{expected}[END]\n");
        runner::run(&own_library(), &wagic::testfile::read(&text).expect("a test"))
    };
    // The Hawk flies: its block is not taken, the Creeper deals 3 to the player.
    let unblocked = "[PLAYER1]\ninplay:Creeper\n[PLAYER2]\ninplay:Hawk\nlife:17\n";
    assert_eq!(block("Hawk", unblocked), Verdict::Passed);
    // Page does not: they trade.
    let traded = "[PLAYER1]\ngraveyard:Creeper\n[PLAYER2]\ngraveyard:Page\n";
    assert_eq!(block("Page", traded), Verdict::Passed);
}

#[test]
fn an_x_spell_pays_all_the_mana_left_as_x() {
    // Wagic's tests give the pool and no X (hurricane.txt): X is what is left after {R}.
    let blaze = test(
        "[PLAYER1]\nhand:Blaze\nmanapool:{R}{G}{2}\n[PLAYER2]\n",
        "Blaze\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Blaze\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&blaze), Verdict::Passed);
    // X 0: no damage.
    let zero = test(
        "[PLAYER1]\nhand:Blaze\nmanapool:{R}\n[PLAYER2]\n",
        "Blaze\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Blaze\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&zero), Verdict::Passed);
}

#[test]
fn spirit_link_gives_the_auras_owner_the_life_of_the_damage() {
    // On the opponent's Page, which blocks the Bears and deals them 1: Link's owner gains 1
    // (Page dies, and Link with it).
    let blocked = test(
        "[PLAYER1]\nhand:Link\ninplay:Grizzly Bears\nmanapool:{W}\n[PLAYER2]\ninplay:Page\n",
        "Link\nPage\nnext\nnext\nGrizzly Bears\nnext\nPage\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Link\nlife:21\n[PLAYER2]\ngraveyard:Page\n",
    );
    assert_eq!(verdict(&blocked), Verdict::Passed);
}

#[test]
fn damage_triggers_see_the_source_the_victim_and_whether_it_was_combat() {
    // Its ability pings the opponent: damage to a foe (+1), not combat damage.
    let ping = test(
        "[PLAYER1]\ninplay:Pinger\n[PLAYER2]\n",
        "Pinger\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Pinger\nlife:21\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&ping), Verdict::Passed);
    // Pinging itself: no foe, no combat.
    let itself = test(
        "[PLAYER1]\ninplay:Pinger\n[PLAYER2]\n",
        "Pinger\np1\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Pinger\nlife:19\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&itself), Verdict::Passed);
    // It attacks (Wagic's menu: the attack first, then its ability): combat damage to a
    // foe, both trigger (+5, +1).
    let attack = test(
        "[PLAYER1]\ninplay:Pinger\n[PLAYER2]\n",
        "next\nnext\nPinger\nchoice 0\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Pinger\nlife:26\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&attack), Verdict::Passed);
    // Another source's damage triggers neither (`from(this)`): Shock at the opponent.
    let other = test(
        "[PLAYER1]\ninplay:Pinger\nhand:Shock\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Pinger\ngraveyard:Shock\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&other), Verdict::Passed);
}

#[test]
fn a_type_amount_counts_the_cards_of_its_zone_as_the_effect_resolves() {
    // Two cards in the graveyard as it resolves (Harvest is not yet there): +2 life; minus
    // the forests in damage (a negative damage deals nothing).
    let harvest = test(
        "[PLAYER1]\nhand:Harvest\ngraveyard:Shock,Tim\ninplay:Forest\nmanapool:{G}\n[PLAYER2]\n",
        "Harvest\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Tim,Harvest\ninplay:Forest\nlife:22\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&harvest), Verdict::Passed);
}

#[test]
fn a_permanent_with_x_enters_with_x_counters() {
    // {X}{G} with {G}{3} in the pool: three +1/+1 counters, attacking for 3 the next turn.
    let hydra = test(
        "[PLAYER1]\nhand:Wurm Egg\nmanapool:{G}{3}\nlibrary:Forest\n[PLAYER2]\nlibrary:Forest\n",
        "Wurm Egg\neot\neot\ngoto combatattackers\nWurm Egg\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Wurm Egg\nhand:Forest\n[PLAYER2]\nhand:Forest\nlife:17\n",
    );
    assert_eq!(verdict(&hydra), Verdict::Passed);
    // X 0: a 0/0, into the graveyard once it has entered.
    let none = test(
        "[PLAYER1]\nhand:Wurm Egg\nmanapool:{G}\n[PLAYER2]\n",
        "Wurm Egg\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Wurm Egg\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&none), Verdict::Passed);
}

#[test]
fn transforms_sets_a_base_power_that_pumps_still_add_to() {
    // Shrunk to a 1/1 base, the Bears deal 1; Giant Growth adds +3/+3 on that base.
    let shrunk = test(
        "[PLAYER1]\nhand:Shrink\ninplay:Grizzly Bears\nmanapool:{U}\n[PLAYER2]\n",
        "Shrink\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Shrink\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&shrunk), Verdict::Passed);
    let grown = test(
        "[PLAYER1]\nhand:Shrink,Giant Growth\ninplay:Grizzly Bears\nmanapool:{U}{G}\n[PLAYER2]\n",
        "Shrink\nGrizzly Bears\nGiant Growth\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Shrink,Giant Growth\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&grown), Verdict::Passed);
}

#[test]
fn transforms_colours_replace_the_printed_ones() {
    // Whitened, Tim is white (Purge destroys it) and no longer red (Red Purge destroys
    // the red Hellion only).
    let white = test(
        "[PLAYER1]\nhand:Whiten,Purge\ninplay:Grizzly Bears\nmanapool:{W}{W}\n[PLAYER2]\ninplay:Tim\n",
        "Whiten\nTim\nPurge\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Whiten,Purge\n[PLAYER2]\ngraveyard:Tim\n",
    );
    assert_eq!(verdict(&white), Verdict::Passed);
    let not_red = test(
        "[PLAYER1]\nhand:Whiten,Red Purge\nmanapool:{W}{R}\n[PLAYER2]\ninplay:Tim,Hellion\n",
        "Whiten\nTim\nRed Purge\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Whiten,Red Purge\n[PLAYER2]\ninplay:Tim\ngraveyard:Hellion\n",
    );
    assert_eq!(verdict(&not_red), Verdict::Passed);
}

#[test]
fn a_lord_of_transforms_adds_a_subtype_to_its_controllers_creatures() {
    // Zombify's creatures are Zombies: Unlife destroys the Bears, not the opponent's Tim
    // nor Zombify itself.
    let zombies = test(
        "[PLAYER1]\nhand:Unlife\ninplay:Zombify,Grizzly Bears\nmanapool:{B}\n[PLAYER2]\ninplay:Tim\n",
        "Unlife\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Zombify\ngraveyard:Grizzly Bears,Unlife\n[PLAYER2]\ninplay:Tim\n",
    );
    assert_eq!(verdict(&zombies), Verdict::Passed);
}

#[test]
fn if_then_runs_its_effect_only_when_the_count_holds_and_resolves_either_way() {
    // No other card in hand: 3 damage; one in hand: the spell resolves, doing nothing.
    let empty = test(
        "[PLAYER1]\nhand:Hellbent Bolt\nmanapool:{R}\n[PLAYER2]\n",
        "Hellbent Bolt\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Hellbent Bolt\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&empty), Verdict::Passed);
    let holding = test(
        "[PLAYER1]\nhand:Hellbent Bolt,Shock\nmanapool:{R}\n[PLAYER2]\n",
        "Hellbent Bolt\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Shock\ngraveyard:Hellbent Bolt\n[PLAYER2]\nlife:20\n",
    );
    assert_eq!(verdict(&holding), Verdict::Passed);
    // A count against a count: the opponent has more creatures (2 to 1), then as many.
    let behind = test(
        "[PLAYER1]\nhand:Catch Up\ninplay:Tim\nlibrary:Forest\nmanapool:{U}\n[PLAYER2]\ninplay:Grizzly Bears,Hellion\n",
        "Catch Up\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Forest\ninplay:Tim\ngraveyard:Catch Up\n[PLAYER2]\ninplay:Grizzly Bears,Hellion\n",
    );
    assert_eq!(verdict(&behind), Verdict::Passed);
    let even = test(
        "[PLAYER1]\nhand:Catch Up\ninplay:Tim,Mox\nlibrary:Forest\nmanapool:{U}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Catch Up\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Tim,Mox\nlibrary:Forest\ngraveyard:Catch Up\n[PLAYER2]\ninplay:Grizzly Bears\n",
    );
    assert_eq!(verdict(&even), Verdict::Passed);
}

#[test]
fn threatens_alias_takes_the_target_until_end_of_turn() {
    // The opponent's Bears attack for their new controller, then go back at end of turn.
    let stolen = test(
        "[PLAYER1]\nhand:Treason\nmanapool:{R}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Treason\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n",
        "COMBATEND\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Treason\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&stolen), Verdict::Passed);
    let returned = test(
        "[PLAYER1]\nhand:Treason\nmanapool:{R}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Treason\nGrizzly Bears\neot\n",
        "UNTAP\n[PLAYER1]\ngraveyard:Treason\n[PLAYER2]\ninplay:Grizzly Bears\n",
    );
    assert_eq!(verdict(&returned), Verdict::Passed);
}

#[test]
fn an_ability_costing_t_never_targets_its_source_as_tapped() {
    // Wagic chooses the target before the {T} is paid: the Assassin, untapped then, is no
    // `creature[tapped]`; with no other, the ability does not complete (it used to
    // destroy itself).
    let alone = test(
        "[PLAYER1]\ninplay:Assassin\n[PLAYER2]\n",
        "Assassin\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Assassin\n[PLAYER2]\n",
    );
    let Verdict::Skipped(skip) = verdict(&alone) else { panic!("{:?}", verdict(&alone)) };
    assert_eq!(skip.reason, "a spell or ability the model does not complete");
}

#[test]
fn and_then_runs_its_effect_on_the_moved_card() {
    // The Forest enters tapped: a click on it gives no mana (the pool stays empty). The
    // entering ability's one target is still asked, as Wagic asks it: `choice 0`, then
    // the Forest.
    let ranger = test(
        "[PLAYER1]\nhand:Ranger\nlibrary:Forest\nmanapool:{G}\n[PLAYER2]\n",
        "Ranger\nchoice 0\nForest\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Ranger,Forest\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&ranger), Verdict::Passed);
    let tapped = test(
        "[PLAYER1]\nhand:Ranger\nlibrary:Forest\nmanapool:{G}\n[PLAYER2]\n",
        "Ranger\nchoice 0\nForest\nForest\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Ranger,Forest\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&tapped), Verdict::Passed);
}

#[test]
fn transforms_forever_outlives_its_source_and_the_turn() {
    // The Bears stay an artifact after Artifice is destroyed and the turn ends: on the
    // next turn Smash destroys them.
    let forever = test(
        "[PLAYER1]\nhand:Unmake,Smash\ninplay:Artifice,Grizzly Bears,Mountain\nlibrary:Forest\nmanapool:{G}{W}\n\
         [PLAYER2]\nlibrary:Forest\n",
        "Artifice\nGrizzly Bears\nUnmake\nArtifice\neot\neot\nnext\nnext\nMountain\nSmash\nGrizzly Bears\n",
        "DRAW\n[PLAYER1]\ninplay:Mountain\nhand:Forest\ngraveyard:Artifice,Grizzly Bears,Unmake,Smash\n\
         [PLAYER2]\nhand:Forest\n",
    );
    assert_eq!(verdict(&forever), Verdict::Passed);
}

#[test]
fn transforms_forever_ends_as_the_card_moves() {
    // Returned to the hand and cast again, the Bears are a new object, no artifact: Smash
    // finds no target (as Wagic would, it does not complete); they stay on the battlefield.
    let init = "[PLAYER1]\nhand:Recall,Smash\ninplay:Artifice,Grizzly Bears\nmanapool:{G}{U}{G}{G}{R}\n[PLAYER2]\n";
    let moves = "Artifice\nGrizzly Bears\nRecall\nGrizzly Bears\nGrizzly Bears\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Artifice,Grizzly Bears\ngraveyard:Recall\nhand:Smash\nmanapool:{R}\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
    let smashed = test(init, &format!("{moves}Smash\n"), expected);
    let Verdict::Skipped(skip) = verdict(&smashed) else { panic!("{:?}", verdict(&smashed)) };
    assert_eq!(skip.reason, "a spell or ability the model does not complete");
}
