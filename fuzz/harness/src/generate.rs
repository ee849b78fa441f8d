//! Generates a card's source from fuzz bytes, following the grammar and the catalogue
//! (each command's arguments by their `ArgKind`), so that `execute` runs well-formed cards
//! even from inputs that are not source text: costs with and without a choice, `[[if]]`,
//! `[[may]]`, chains with `&`, `&&`, `||`, `each`, grants, target clauses, restrictions,
//! requisites, several labelled actions and autos on catalogue events.
//!
//! What it writes need not compile: a card the checker refuses is simply not run.

use std::fmt::Write as _;

use stdlib::CATALOGUE;
use vm::catalogue::{ArgKind, NamedSpec};

use crate::answers::Answers;

/// Most statements a generated rule has.
const MAX_STATEMENTS: usize = 3;
/// Most commands in one chain.
const MAX_LINKS: usize = 3;

const TYPES: &[&str] = &["character", "action", "reaction", "*", "player", "players", "card", "me", "opp", "this"];
const ZONES: &[&str] =
    &["", "@myRing", "@oppRing", "@ring", "@myHand", "@oppHand", "@myDiscards", "@myDeck", "@infront"];
const QUANTITIES: &[&str] = &["", "<1>", "<2>", "<,2>", "<0,2>", "<1,3>", "<r>", "<**>"];
const TERMS: &[&str] = &["", "[frozen]", "[bp>300]", "[bp<=500]", "[powerful]", "[attack]"];
const PILES: &[&str] = &["hand", "deck", "discards", "myDeck", "oppHand", "ctrlDeck", "myDiscards", "removed"];
const EXPRS: &[&str] = &[
    "1",
    "300",
    "-2",
    "me.hp",
    "opp.hp",
    "me.hand.size",
    "discarded.size",
    "tgt.bp",
    "tgt",
    "this",
    "this.bp",
    "trigger",
    "flipCoin()",
    "abs(-3)",
    "min(1, 2)",
    "me.sp",
];
const OPS: &[&str] = &[" + ", " - ", " * ", " / ", " == ", " > ", " < ", " != "];
const COSTS: &[&str] = &[
    "{F}",
    "{D}",
    "{D(2)}",
    "{D(0)}",
    "{D(<0,2>action)}",
    "{D(<1>card)}",
    "{S}",
    "{S(<0,2>character@myRing)}",
    "{S(<1>character@myRing)}",
    "{F}{D}",
];
const CONDITIONS: &[&str] = &["[[may]]", "[[may 'Go?']]", "[[if me.hp > 100]]", "[[if alone]]", "[[if flipCoin()]]"];
const LINKS: &[&str] = &[" & ", " && ", " || "];

fn pick<'t>(answers: &mut Answers<'_>, items: &[&'t str]) -> &'t str {
    items.get(answers.below(items.len())).copied().unwrap_or("")
}

fn pick_name(answers: &mut Answers<'_>, items: &[NamedSpec]) -> &'static str {
    items.get(answers.below(items.len())).map_or("", |spec| spec.name)
}

/// A card's source built from `answers`.
pub fn card(answers: &mut Answers<'_>) -> String {
    let mut out = String::new();
    if answers.byte() < 40 {
        let _ = writeln!(out, "target{} = {}", if answers.byte() & 1 == 0 { "" } else { "?" }, filter(answers));
    }
    if answers.byte() < 30 {
        let _ = writeln!(out, "requisite = {}", filter(answers));
    }
    if answers.byte() < 30 {
        let _ = writeln!(out, "abilities = {}", pick_name(answers, CATALOGUE.abilities));
    }
    let rules = 1 + answers.below(3);
    let labelled = rules > 1;
    let mut has_auto = false;
    for i in 0..rules {
        if !has_auto && answers.byte() < 70 {
            has_auto = true;
            let _ = writeln!(out, "auto = {}{}", event(answers), rule(answers, false));
        } else {
            let _ = writeln!(out, "action = {}", rule(answers, true));
            if labelled {
                let _ = writeln!(out, "label = \"choice {i}\"");
            }
        }
    }
    out
}

fn event(answers: &mut Answers<'_>) -> String {
    let spec = &CATALOGUE.events[answers.below(CATALOGUE.events.len())];
    let prefix = match answers.byte() % 3 {
        0 => "",
        1 => "my",
        _ => "opp",
    };
    let name = if prefix.is_empty() { spec.name.to_owned() } else { format!("{prefix}{}", capitalised(spec.name)) };
    let suffix = match answers.byte() % 4 {
        0 => format!(":{}", pick_name(answers, CATALOGUE.event_suffixes)),
        _ => String::new(),
    };
    let mark = if spec.is_hook { '?' } else { '~' };
    format!("{mark}{name}{suffix}{mark} ")
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// Costs (for an action), then statements separated by `;`.
fn rule(answers: &mut Answers<'_>, costs: bool) -> String {
    let mut out = String::new();
    if costs && answers.byte() < 90 {
        let _ = write!(out, "{}: ", pick(answers, COSTS));
    }
    let statements = 1 + answers.below(MAX_STATEMENTS);
    for i in 0..statements {
        if i > 0 {
            out.push_str("; ");
        }
        out.push_str(&statement(answers));
    }
    out
}

fn statement(answers: &mut Answers<'_>) -> String {
    let mut out = String::new();
    let mut condition = "";
    if answers.byte() < 60 {
        condition = pick(answers, CONDITIONS);
        let _ = write!(out, "{condition} ");
    }
    let links = 1 + answers.below(MAX_LINKS);
    for i in 0..links {
        if i > 0 {
            out.push_str(pick(answers, LINKS));
        }
        out.push_str(&link(answers));
    }
    match answers.byte() % 4 {
        0 => {
            let _ = write!(out, " to({})", filter(answers));
        }
        1 => {
            let _ = write!(out, " target{}({})", if answers.byte() & 1 == 0 { "" } else { "?" }, filter(answers));
        }
        _ => {}
    }
    if answers.byte() < 50 {
        let prefix = if answers.byte() & 1 == 0 { "" } else { "opp" };
        let _ = write!(out, " {prefix}{}", pick_name(answers, CATALOGUE.restrictions));
    }
    if condition.starts_with("[[if") && answers.byte() < 60 {
        let _ = write!(out, " [[else]] {}", link(answers));
    }
    out
}

/// One command or grant.
fn link(answers: &mut Answers<'_>) -> String {
    if answers.byte() < 30 {
        return format!("+{}", pick_name(answers, CATALOGUE.abilities));
    }
    let command = &CATALOGUE.commands[answers.below(CATALOGUE.commands.len())];
    let mut args = Vec::new();
    for param in command.params {
        if param.optional && answers.byte() < 128 {
            break;
        }
        args.push(argument(answers, param.kind));
    }
    let confirm = if answers.byte() < 15 { "?" } else { "" };
    format!("{}{confirm}({})", command.name, args.join(", "))
}

fn argument(answers: &mut Answers<'_>, kind: ArgKind) -> String {
    match kind {
        ArgKind::Int => format!("{}", i32::from(answers.byte() as i8) * 50),
        ArgKind::Expr | ArgKind::CardRef => expr(answers),
        ArgKind::Amount => {
            let sign = pick(answers, &["", "+", "-", "=", "x"]);
            let value = if sign == "x" { "2".to_owned() } else { expr(answers) };
            format!("{sign}{value}")
        }
        ArgKind::CostChange => format!("{}{}", pick(answers, &["", "="]), i32::from(answers.byte() as i8)),
        ArgKind::Filter => filter(answers),
        ArgKind::CountOrFilter => match answers.byte() % 3 {
            0 => format!("{}", answers.byte() % 5),
            1 => "all".to_owned(),
            _ => filter(answers),
        },
        ArgKind::Pile => pick(answers, PILES).to_owned(),
        ArgKind::Position => pick(answers, &["0", "-1", "?", "true", "3"]).to_owned(),
        ArgKind::Bool => pick(answers, &["true", "false"]).to_owned(),
        ArgKind::Keyword(words) => pick_name(answers, words).to_owned(),
        ArgKind::RuleSwitch => pick_name(answers, CATALOGUE.rule_switches).to_owned(),
        ArgKind::Each => match answers.byte() % 2 {
            0 => format!("card in me.{} => {}", pick(answers, &["deck", "hand", "ring", "discards"]), link(answers)),
            _ => format!("{} => {}", filter(answers), link(answers)),
        },
        ArgKind::Value => pick(answers, &["800", "true", "false", "-1"]).to_owned(),
    }
}

fn expr(answers: &mut Answers<'_>) -> String {
    let mut out = pick(answers, EXPRS).to_owned();
    while answers.byte() < 50 && out.len() < 80 {
        out.push_str(pick(answers, OPS));
        out.push_str(pick(answers, EXPRS));
    }
    out
}

fn filter(answers: &mut Answers<'_>) -> String {
    format!("{}{}{}{}", pick(answers, QUANTITIES), pick(answers, TYPES), pick(answers, TERMS), pick(answers, ZONES))
}
