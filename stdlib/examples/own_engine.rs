//! The smallest engine that runs a card compiled by `rsc compile`: it loads the bundle
//! against the stdlib's catalogue (the one `rsc` compiles against), answers the runtime
//! through its own `Host`, registers its own `damage` instead of the stdlib's builtins
//! (which need the whole `CfcHost`), and plays `fireball` against two characters.
//!
//! ```sh
//! cargo run -p rsc -- compile examples/ -o examples.rsb
//! cargo run -p stdlib --example own_engine -- examples.rsb
//! ```

use std::process::ExitCode;

use vm::bytecode::{CardTypeIdx, Program, ZoneRef};
use vm::runtime::{
    Builtins, CallContext, CardId, Completion, Env, Host, Outcome, PlayerId, ResumeError, Runtime, Status, Trap, Value,
};

/// One card on the table: who controls it, whether it is a character, its BP.
struct Card {
    controller: PlayerId,
    character: bool,
    bp: i32,
}

/// The engine's state: every card is in its controller's ring.
struct Table {
    cards: Vec<Card>,
}

impl Host for Table {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - player.0.min(1))
    }

    fn controller(&self, card: CardId) -> PlayerId {
        // The runtime passes back handles the engine gave it, but a card key may be wrong:
        // answer something rather than panic.
        self.cards.get(card.0 as usize).map_or(PlayerId(0), |card| card.controller)
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        // A zone is an index into the catalogue's zones, its prefix one into its zone
        // prefixes; what they mean is the game's (the stdlib's test board:
        // `stdlib/src/testing`). Here: every card is in its controller's ring; `arena` is
        // both rings (the default zone of a filter without `@`), the executing player's
        // first; another zone is `opp`'s with that prefix, else the executing player's.
        let catalogue = &stdlib::CATALOGUE;
        let zone_name = catalogue.zones.get(zone.zone.index()).map_or("", |spec| spec.name);
        let prefix = zone.prefix.and_then(|prefix| catalogue.zone_prefixes.get(prefix.index()));
        let owners = match (zone_name, prefix.map(|prefix| prefix.name)) {
            ("arena", _) => [Some(env.me), Some(self.opponent(env.me))],
            (_, Some("opp")) => [Some(self.opponent(env.me)), None],
            _ => [Some(env.me), None],
        };
        for owner in owners.into_iter().flatten() {
            for (i, card) in self.cards.iter().enumerate() {
                if card.controller == owner {
                    out.push(Value::Card(CardId(i as u32)));
                }
            }
        }
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        let character = stdlib::CATALOGUE.card_types.iter().position(|ty| ty.name == "character")?;
        let card = self.cards.get(card.0 as usize)?;
        card.character.then_some(CardTypeIdx::new(character))
    }

    fn random(&mut self, bound: u32) -> u32 {
        bound / 2 // a real engine draws from its seeded generator
    }
}

/// `damage(n)`: each target character loses `n` BP (not below 0).
fn damage(ctx: &mut CallContext<'_, Table>) -> Result<Status, Trap> {
    let amount = ctx.arg(0).as_int().unwrap_or(0);
    for i in 0..ctx.n_targets() {
        if let Value::Card(card) = ctx.target(i)
            && let Some(card) = ctx.host().cards.get_mut(card.0 as usize)
        {
            card.bp = card.bp.saturating_sub(amount).max(0);
        }
    }
    Ok(Status::Success)
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: own_engine BUNDLE.rsb   (make one with `rsc compile examples/ -o examples.rsb`)");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("cannot read {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    // A bundle is loaded (and verified) against the catalogue it was compiled with.
    let program = match Program::load(&bytes, &stdlib::CATALOGUE) {
        Ok(program) => program,
        Err(error) => {
            eprintln!("{path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    // Cards are found by key: the `.rules` file's stem.
    let Some(fireball) = program.card_by_key("fireball") else {
        eprintln!("{path} has no card `fireball`");
        return ExitCode::FAILURE;
    };

    // Only the commands the engine's cards use need a builtin; a card calling another
    // traps `MissingBuiltin`.
    let mut builtins = Builtins::new(&stdlib::CATALOGUE);
    builtins.command(stdlib::Command::Damage.index(), damage);
    let mut runtime = Runtime::new(program, &stdlib::CATALOGUE, builtins);

    let mut table = Table {
        cards: vec![
            Card { controller: PlayerId(0), character: false, bp: 0 }, // the fireball itself
            Card { controller: PlayerId(1), character: true, bp: 800 },
            Card { controller: PlayerId(1), character: true, bp: 300 },
        ],
    };

    // Player 0 plays card 0; `to(character)` has two candidates, so player 0 chooses.
    let mut outcome = runtime.activate(&mut table, CardId(0), fireball, PlayerId(0));
    loop {
        match outcome {
            Ok(Outcome::Done(Completion::Success)) => break,
            Ok(Outcome::Done(failure)) => {
                eprintln!("fireball did nothing: {failure:?}");
                return ExitCode::FAILURE;
            }
            Ok(Outcome::Suspended(choice)) => {
                let request = choice.request();
                println!("player {} chooses {} of {:?}", request.chooser.0, request.min, choice.candidates());
                // This engine's player always takes the first candidates it may.
                let answer = choice.candidates()[..usize::from(request.min)].to_vec();
                outcome = match runtime.resume(&mut table, choice, &answer) {
                    Ok(next) => Ok(next),
                    Err(ResumeError::Trap(trap)) => Err(trap),
                    Err(ResumeError::Invalid(_, reason)) => {
                        eprintln!("answer refused: {reason}");
                        return ExitCode::FAILURE;
                    }
                    Err(ResumeError::OtherRuntime(_)) => {
                        eprintln!("the execution belongs to another runtime");
                        return ExitCode::FAILURE;
                    }
                };
            }
            Err(trap) => {
                eprintln!("fireball trapped: {trap} ({:?})", trap.code());
                return ExitCode::FAILURE;
            }
        }
    }
    // Events the builtins queued (none here) would run now: `runtime.run_events(&mut table)`.
    for (i, card) in table.cards.iter().enumerate().filter(|(_, card)| card.character) {
        println!("card {i}: {} BP", card.bp);
    }
    ExitCode::SUCCESS
}
