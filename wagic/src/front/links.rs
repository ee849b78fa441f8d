//! The effect words of one statement (`damage:2`, `destroy`, `sacrifice`, `+1/+1`, `moveto(...)`,
//! `counter(...)`, `token(...)`, `add{G}`, a keyword ability granted or removed,
//! `loseabilities`, `losesubtypesof(land)`) as the IR's links: calls of the catalogue's
//! commands, grants and revokes.

use compiler::ir::{Arg, Effect, Expr, Filter, Link};
use vm::bytecode::{CommandIdx, Const, ZoneIdx, ZonePrefixIdx, ZoneRef};

use super::amount::{self, amount_of, pump_of};
use super::piece::Piece;
use super::{Lowering, Unsupported, ability_of, spec, vocabulary};
use crate::catalogue::{self, Command};

/// The effects an `auto=` line may name (besides a keyword ability, granted or removed, and
/// a pump `p/t`), for suggestions.
const EFFECT_WORDS: &[&str] = &[
    "may",
    "damage",
    "life",
    "alterpoison",
    "lifeset",
    "draw",
    "discard",
    "deplete",
    "prevent",
    "turns",
    "hmodifer",
    "destroy",
    "bury",
    "sacrifice",
    "reject",
    "tap",
    "clone",
    "untap",
    "regenerate",
    "shuffle",
    "equip",
    "rehook",
    "fog",
    "preventallcombatdamage",
    "cantbeblockedby",
    "cantbeblockerof",
    "cantbetargetof",
    "spiritlink",
    "loseabilities",
    "losesubtypesof",
    "swap",
    "wingame",
    "proliferate",
    "moveto",
    "moverandom",
    "retarget",
    "counter",
    "add",
    "token",
    "flip",
    "transforms",
    "becomes",
    "fizzle",
    "frozen",
    "removefromcombat",
    "bottomoflibrary",
    "donothing",
    "protection from",
    "preventalldamage",
    "preventallnoncombatdamage",
];

/// What compiles of `maxCast(spec)n` (`crate::cast_limit::read`).
const MAX_CAST_CONSTRUCT: &str = "`maxCast(spec)n` other than a spec of `*` or a card type with at most one bracket (types one of which the spell has, one type it lacks or a colour) and n from 0 to 15";

/// What compiles of `maxPlay(...)`: more lands a turn. A lower limit (Moonhold's
/// `maxPlay(land)-99`) or a limit on other cards is not kept by the game.
const MAX_PLAY_CONSTRUCT: &str = "`maxPlay(...)` other than `maxPlay(land)+n` with n from 1 to 99";

/// Whether a line names the effect `word` (as a word: not inside another).
pub(super) fn names_word(line: &str, word: &str) -> bool {
    line.split(|c: char| !c.is_ascii_alphanumeric()).any(|written| written.eq_ignore_ascii_case(word))
}

/// The effects written with an amount after a colon (`damage:2`).
const AMOUNT_EFFECTS: &[&str] = &["damage", "life", "alterpoison", "lifeset", "draw", "discard", "deplete", "prevent"];

impl<'i> Lowering<'i> {
    /// Whether `X` is the X paid here: in a spell's effect, in the entering effect of a
    /// permanent whose cost has `{X}` (Feral Hydra's `counter(1/1,X)`), or in the effect of
    /// an activated ability whose cost has `{X}`. Noted as used, so that a line reading it
    /// that turns out to be continuous is refused.
    pub(super) fn x_allowed(&self) -> bool {
        let allowed = self.x_spell || self.x_entering.get() || self.x_cost.get();
        if allowed {
            self.x_used.set(true);
        }
        allowed
    }

    /// `x`, `+x`, `-x` (the X paid) or a whole number, as an amount of a pump.
    fn x_amount(&self, text: &str) -> Option<Expr<'i>> {
        let x = || self.arena.alloc(Expr::Var(spec::variable("x")));
        match text.trim() {
            "x" | "+x" => Some(Expr::Var(spec::variable("x"))),
            "-x" => Some(Expr::Neg(x())),
            number => amount_of(number).map(Expr::Int),
        }
    }

    /// The effect words of one statement as links (`add{W}{U}` is one link per colour).
    pub(super) fn effect_links(&self, piece: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        let text = piece.text;
        let lower = text.to_ascii_lowercase();
        let call = |command: Command, args: &[Arg<'i>]| Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(command.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(args),
            },
        };
        let one = |link: Link<'i>| -> &'i [Link<'i>] { self.arena.alloc_slice_copy(&[link]) };
        for (prefix, command) in [
            ("damage:", Command::Damage),
            ("life:", Command::Life),
            ("alterpoison:", Command::AlterPoison),
            ("lifeset:", Command::LifeSet),
            ("draw:", Command::Draw),
            ("discard:", Command::Discard),
            ("discardchosen:", Command::DiscardChosen),
            ("deplete:", Command::Deplete),
            ("prevent:", Command::Prevent),
            ("turns:", Command::Turns),
            ("hmodifer:", Command::HandModifier),
        ] {
            if let Some(amount) = lower.strip_prefix(prefix) {
                if amount.trim() == "morethanfourcards" && command == Command::Damage && !self.spell && !self.aura {
                    let beyond = amount::cards_beyond_four_in_the_opponents_hand(self.arena);
                    return Ok(one(call(command, &[Arg::Value(beyond)])));
                }
                if amount.trim().is_empty() {
                    return Err(Unsupported::new(piece, &format!("`{prefix}` without an amount"))
                        .with_help(Some(format!("write the amount after the `:` (`{prefix}2`)"))));
                }
                // A whole number past the amounts compiled is most likely a slip of the
                // keyboard: named as such, not by its first digits.
                let digits = amount.trim().trim_start_matches(['+', '-']);
                if amount_of(amount).is_none() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    let number = piece.from(piece.text.len() - amount.len()).trim();
                    return Err(Unsupported::new(number, "amount out of range").with_help(Some(format!(
                        "the amounts compiled are whole numbers under 10000 (`{prefix}2`), and `{}` is not",
                        spec::quoted(number.text)
                    ))));
                }
                let written = piece.from(piece.text.len() - amount.len());
                let value = self.amount(written, "amount")?;
                // `discard`, `prevent`, `alterpoison`, `turns` and `hmodifer` take no count of a
                // spec.
                if value.per.is_some()
                    && matches!(
                        command,
                        Command::Discard
                            | Command::Prevent
                            | Command::AlterPoison
                            | Command::Turns
                            | Command::HandModifier
                    )
                {
                    return Err(Unsupported::new(
                        written,
                        &format!("amount `type` of `{}`", prefix.trim_end_matches(':')),
                    ));
                }
                return Ok(one(call(command, &value.args())));
            }
        }
        for (word, command) in [
            ("destroy", Command::Destroy),
            ("bury", Command::Bury),
            ("tap", Command::Tap),
            ("untap", Command::Untap),
            ("regenerate", Command::Regenerate),
            ("shuffle", Command::Shuffle),
            ("equip", Command::Equip),
            ("fog", Command::Fog),
            // Wagic's `fog` is `preventallcombatdamage` until end of turn (with no
            // `to(...)`/`from(...)`, which stay refused as words of their own).
            ("preventallcombatdamage", Command::Fog),
            ("frozen", Command::Frozen),
            ("donothing", Command::DoNothing),
            ("removefromcombat", Command::RemoveFromCombat),
            ("bottomoflibrary", Command::BottomOfLibrary),
        ] {
            if lower == word {
                return Ok(one(call(command, &[])));
            }
        }
        if lower == "rehook" {
            // Wagic's `AANewTarget` re-equipping: this Equipment leaves the creature it is
            // attached to for the target, as `equip` attaches it, at any speed and for no
            // equip cost. Without a target it would attach to nothing.
            if !self.equipment && !self.given_to_equipment.get() {
                return Err(Unsupported::new(piece, "`rehook` on a card that is not an Equipment"));
            }
            if !self.statement_targeted.get() {
                return Err(Unsupported::new(piece, "`rehook` without a target"));
            }
            return Ok(one(call(Command::Equip, &[])));
        }
        if lower == "retarget" {
            // Wagic's `AANewTarget` of an Aura: this Aura leaves the permanent it enchants
            // for the target, as `equip` attaches (off the battlefield: refused in `mod.rs`).
            if !self.aura {
                return Err(Unsupported::new(piece, "`retarget` on a card that is not an Aura"));
            }
            if !self.statement_targeted.get() {
                return Err(Unsupported::new(piece, "`retarget` without a target"));
            }
            return Ok(one(call(Command::Equip, &[])));
        }
        if let Some(link) = self.clone_link(piece) {
            return Ok(one(link?));
        }
        if let Some(link) = self.prevent_damage(piece) {
            return Ok(one(link?));
        }
        // `maxPlay(land)+n`: n more lands a turn (Wagic's `ACastRestriction`, on a spell
        // `AInstantCastRestrictionUEOT`);
        // a lower limit (`-99`, no land at all) is refused: the game would not keep it.
        if let Some(count) = lower
            .strip_prefix("maxplay(land)+")
            .and_then(|count| count.parse::<i32>().ok())
            .filter(|count| (1..100).contains(count))
        {
            return Ok(one(call(Command::ExtraLands, &[Arg::Value(Expr::Int(count))])));
        }
        if lower.starts_with("maxplay(") {
            return Err(Unsupported::new(piece, MAX_PLAY_CONSTRUCT));
        }
        // `maxCast(spec)n`: no more than n spells of the spec a turn (`crate::cast_limit`).
        if let Some((spec, count)) = piece.call("maxcast") {
            let squeezed = |piece: Piece<'_>| piece.text.split_whitespace().collect::<String>().to_ascii_lowercase();
            let Some(limit) = crate::cast_limit::read(&squeezed(spec), &squeezed(count)) else {
                return Err(Unsupported::new(piece, MAX_CAST_CONSTRUCT));
            };
            let args = [limit.count, limit.any_of, limit.none_of, limit.colour].map(|int| Arg::Value(Expr::Int(int)));
            return Ok(one(call(Command::MaxCast, &args)));
        }
        if let Some(zone_ref) = self.fizzle_zone(piece)? {
            return Ok(one(call(Command::Fizzle, &[Arg::Const(Const::Pile(zone_ref))])));
        }
        if lower == "movechosen"
            && let Some(chosen) = self.chosen_move.take()
        {
            let command = CommandIdx::new(Command::MoveChosen.index());
            let mut args = vec![
                Arg::Value(Expr::Int(i32::from(chosen.count))),
                Arg::Filter(chosen.filter),
                Arg::Const(Const::Pile(chosen.zone)),
            ];
            if chosen.how != 0 || chosen.fewest.is_some() {
                let word = u16::try_from(chosen.how).unwrap_or(0);
                args.push(Arg::Const(Const::Word { command, param: 3, word }));
            }
            if let Some(fewest) = chosen.fewest {
                args.push(Arg::Value(Expr::Int(i32::from(fewest))));
            }
            return Ok(one(call(Command::MoveChosen, &args)));
        }
        if lower == "sacrifice" || lower == "reject" {
            // Wagic puts a sacrificed card into its owner's graveyard: no destruction, so
            // neither regeneration nor indestructible keeps it (`AASacrificeCard`), and
            // raises `sacrificed`; a discarded one (`reject`, `AADiscardCard`) goes there
            // too, its move from a hand the table's discard (`table/card_events.rs`).
            let owner = catalogue::position(catalogue::ZONE_PREFIXES, "owner").map(ZonePrefixIdx::new);
            let graveyard = catalogue::ZONES.iter().position(|zone| zone.name == "graveyard").unwrap_or(0);
            let zone_ref = ZoneRef { prefix: owner, zone: ZoneIdx::new(graveyard) };
            let mut args = vec![Arg::Const(Const::Pile(zone_ref))];
            if lower == "sacrifice" {
                let command = CommandIdx::new(Command::MoveTo.index());
                let word = catalogue::position(catalogue::CHOSEN_MOVES, "sacrifice").unwrap_or(0);
                let word = u16::try_from(word).unwrap_or(0);
                args.push(Arg::Const(Const::Word { command, param: 1, word }));
            }
            return Ok(one(call(Command::MoveTo, &args)));
        }
        if lower.starts_with("phaseaction[") {
            return self.phase_action_links(piece, false);
        }
        if super::blink::is_blink(&lower) {
            return self.blink(piece);
        }
        if let Some(links) = self.counted_pump(piece) {
            return links;
        }
        if let Some((power, toughness)) = pump_of(&lower) {
            return Ok(one(call(Command::Pump, &[Arg::Value(Expr::Int(power)), Arg::Value(Expr::Int(toughness))])));
        }
        // `X/0`, `x/-x` of a spell with `{X}`: the X paid, or a whole number.
        if let Some((power, toughness)) = lower.split_once('/').filter(|_| self.x_allowed())
            && let (Some(power), Some(toughness)) = (self.x_amount(power), self.x_amount(toughness))
        {
            return Ok(one(call(Command::Pump, &[Arg::Value(power), Arg::Value(toughness)])));
        }
        // `storedpower/0`, `storedmanacost/storedmanacost` of an ability whose cost moves or
        // taps a card: each side an amount, read as the pump begins.
        if self.stored_cost.get()
            && lower.contains("stored")
            && !lower.contains('(')
            && piece.words().len() == 1
            && let Some(slash) = piece.text.find('/')
        {
            let power = self.amount(piece.slice(0, slash), "pump amount")?;
            let toughness = self.amount(piece.from(slash + 1), "pump amount")?;
            if power.per.is_some() || toughness.per.is_some() {
                return Err(Unsupported::new(piece, "pump of `stored...` and a `type:` count"));
            }
            return Ok(one(call(Command::Pump, &[Arg::Value(power.value), Arg::Value(toughness.value)])));
        }
        if let Some(link) = self.move_random(piece) {
            return Ok(one(link?));
        }
        if let Some((zone, after)) = piece.call("moveto") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `moveto(...)`"));
            }
            let zone_ref = self.zone_ref(zone.trim())?;
            return Ok(one(call(Command::MoveTo, &[Arg::Const(Const::Pile(zone_ref))])));
        }
        if lower == "spiritlink" {
            return Ok(one(call(Command::SpiritLink, &[])));
        }
        if lower == "loseabilities" {
            return Ok(one(call(Command::LoseAbilities, &[])));
        }
        if lower == "swap" {
            return Ok(one(call(Command::Swap, &[])));
        }
        if lower == "wingame" {
            return Ok(one(call(Command::WinGame, &[])));
        }
        if lower == "proliferate" {
            // It chooses what it proliferates: a target would be Wagic's own choice of
            // the cards it proliferates (`target(creature) proliferate`), not compiled.
            if self.statement_targeted.get() {
                return Err(Unsupported::new(piece, "`proliferate` with a target other than `proliferation`"));
            }
            return Ok(one(call(Command::Proliferate, &[])));
        }
        if let Some((args, after)) = piece.call("losesubtypesof") {
            let card_type = args.text.trim().to_ascii_lowercase();
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `losesubtypesof(...)`"));
            }
            if card_type != "land" {
                // Only the land subtypes are listed apart (`catalogue::LAND_SUBTYPES`).
                return Err(Unsupported::new(args, &format!("`losesubtypesof` of `{}`", spec::quoted(&card_type)))
                    .with_help(Some("only `losesubtypesof(land)` compiles".into())));
            }
            let land = Arg::Value(Expr::Str(self.arena.alloc_str("land")));
            return Ok(one(call(Command::LoseSubtypesOf, &[land])));
        }
        if let Some((args, after)) = piece.call("cantbeblockedby") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `cantbeblockedby(...)`"));
            }
            let spec = spec::read(args)?;
            let filter = self.specs.filter(&spec, true)?;
            return Ok(one(call(Command::CantBeBlockedBy, &[Arg::Filter(filter)])));
        }
        if let Some((args, after)) = piece.call("cantbeblockerof") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `cantbeblockerof(...)`"));
            }
            let spec = spec::read(args)?;
            let filter = self.specs.filter(&spec, true)?;
            return Ok(one(call(Command::CantBeBlockerOf, &[Arg::Filter(filter)])));
        }
        if let Some((args, after)) = piece.call("cantbetargetof") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `cantbetargetof(...)`"));
            }
            let filter = self.sources_filter(args)?;
            return Ok(one(call(Command::CantBeTargetOf, &[Arg::Filter(filter)])));
        }
        if let Some((args, after)) = piece.call("protection from") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `protection from(...)`"));
            }
            // A colour alone is the keyword ability (`protectionfromred`), as Wagic's
            // `abilities=` writes it.
            let colour = args.text.trim().to_ascii_lowercase();
            if catalogue::COLOUR_NAMES.contains(&colour.as_str())
                && let Some(ability) = ability_of(&format!("protectionfrom{colour}"))
            {
                return Ok(one(Link { operator: None, effect: Effect::Grant(ability) }));
            }
            let filter = self.sources_filter(args)?;
            return Ok(one(call(Command::ProtectionFrom, &[Arg::Filter(filter)])));
        }
        if let Some((args, after)) = piece.call("removeallcounters") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `removeallcounters(...)`"));
            }
            return Ok(one(call(Command::Counter, &self.remove_all_counters(args)?)));
        }
        if let Some((args, after)) = piece.call("counter") {
            if !after.text.is_empty() {
                return Err(Unsupported::new(piece, "text after `counter(...)`"));
            }
            return Ok(one(call(Command::Counter, &self.counter_args(args)?)));
        }
        if let Some((args, after)) = piece.call("transforms") {
            return self.transforms(args, after);
        }
        if let Some((args, after)) = piece.call("becomes") {
            return self.becomes(args, after);
        }
        if let Some((args, after)) = piece.call("flip") {
            return Ok(one(self.flip_into(args, after)?));
        }
        if let Some((args, after)) = piece.call("token") {
            return Ok(one(self.token(args, after)?));
        }
        if let Some(mana) = lower.strip_prefix("add") {
            return self.add_mana(piece, mana);
        }
        let (negated, name) = match text.strip_prefix('-') {
            Some(name) => (true, name),
            None => (false, text),
        };
        if let Some(ability) = ability_of(name) {
            let effect = if negated { Effect::Revoke(ability) } else { Effect::Grant(ability) };
            return Ok(one(Link { operator: None, effect }));
        }
        let word = spec::leading_word(text);
        if AMOUNT_EFFECTS.contains(&word.as_str()) {
            // `damage 2`, `draw`: the effect is known, its amount is missing.
            return Err(Unsupported::new(piece, &format!("effect `{word}` without `:amount`"))
                .with_help(Some(format!("write the amount after a colon: `{word}:2`"))));
        }
        let known = EFFECT_WORDS.iter().copied().chain(catalogue::ABILITIES.iter().map(|spec| spec.name));
        let help = vocabulary::suggest_unless_wagic(&word, vocabulary::EFFECTS, known);
        Err(Unsupported::new(piece, &format!("effect `{word}`")).with_help(help))
    }

    /// `add{G}{G}`, `add{W}{U}`, `add{2}`.
    fn add_mana(&self, piece: Piece<'_>, symbols: &str) -> Result<&'i [Link<'i>], Unsupported> {
        let command = CommandIdx::new(Command::Add.index());
        let mut links: Vec<Link<'i>> = Vec::new();
        let mut rest = symbols.trim();
        if rest.is_empty() {
            return Err(Unsupported::new(piece, "effect `add`"));
        }
        while let Some(inner) = rest.strip_prefix('{') {
            let Some(close) = inner.find('}') else {
                return Err(Unsupported::new(piece, "mana without `}`"));
            };
            let symbol = inner[..close].to_ascii_uppercase();
            rest = &inner[close + 1..];
            let (colour, count) = match symbol.as_str() {
                "W" | "U" | "B" | "R" | "G" | "C" => (symbol.as_str(), 1),
                digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                    ("C", digits.parse::<i32>().map_err(|_| Unsupported::new(piece, "mana amount"))?)
                }
                _ => return Err(Unsupported::new(piece, &format!("mana `{{{}}}`", spec::leading_word(&symbol)))),
            };
            let word = catalogue::position(catalogue::MANA_COLOURS, colour).unwrap_or(0) as u16;
            if let Some(Link { effect: Effect::Call { args, .. }, .. }) = links.last_mut()
                && let [Arg::Const(Const::Word { word: previous, .. }), Arg::Value(Expr::Int(total))] = **args
                && previous == word
            {
                *args = self.arena.alloc_slice_copy(&[
                    Arg::Const(Const::Word { command, param: 0, word }),
                    Arg::Value(Expr::Int(total + count)),
                ]);
                continue;
            }
            let args = self
                .arena
                .alloc_slice_copy(&[Arg::Const(Const::Word { command, param: 0, word }), Arg::Value(Expr::Int(count))]);
            let operator = (!links.is_empty()).then_some(compiler::ir::ChainOperator::Then);
            links.push(Link { operator, effect: Effect::Call { command, confirm: false, args } });
        }
        if !rest.trim().is_empty() || links.is_empty() {
            return Err(Unsupported::new(piece, &format!("mana `{}`", rest.trim())));
        }
        Ok(self.arena.alloc_slice_copy(&links))
    }

    /// The zone `fizzle` (its owner's graveyard) or `fizzleto(hand|exile|librarytop)`
    /// puts the countered spell into; `None` for another effect.
    /// The cards a `protection from(spec)` or `cantbetargetof(spec)` holds off: the spec's,
    /// on the battlefield and the stack unless it names its zone (Wagic's `setAllZones`:
    /// the spells on the stack are sources too).
    fn sources_filter(&self, args: Piece<'_>) -> Result<&'i Filter<'i>, Unsupported> {
        let mut spec = spec::read(args)?;
        if spec.zone.is_none() {
            spec.zone =
                catalogue::ZONES.iter().position(|zone| zone.name == "battlefield,stack").map(|zone| (None, zone));
        }
        self.specs.filter(&spec, true)
    }

    fn fizzle_zone(&self, piece: Piece<'_>) -> Result<Option<ZoneRef>, Unsupported> {
        let owner = |zone: &str| {
            let prefix = catalogue::position(catalogue::ZONE_PREFIXES, "owner").map(ZonePrefixIdx::new);
            let zone = catalogue::ZONES.iter().position(|spec| spec.name == zone).unwrap_or(0);
            Some(ZoneRef { prefix, zone: ZoneIdx::new(zone) })
        };
        if piece.text.eq_ignore_ascii_case("fizzle") {
            return Ok(owner("graveyard"));
        }
        let Some((zone, after)) = piece.call("fizzleto") else { return Ok(None) };
        if !after.text.is_empty() {
            return Err(Unsupported::new(piece, "text after `fizzleto(...)`"));
        }
        // Wagic's `ActionStack::Fizzle` puts the library's card on top (`moveto`'s place).
        match zone.text.trim().to_ascii_lowercase().as_str() {
            "hand" => Ok(owner("hand")),
            "exile" => Ok(owner("exile")),
            "librarytop" => Ok(owner("library")),
            other => Err(Unsupported::new(zone, &format!("`fizzleto({})`", spec::quoted(other)))
                .with_help(Some("`fizzleto(hand)`, `fizzleto(exile)` and `fizzleto(librarytop)` compile".into()))),
        }
    }

    pub(super) fn zone_ref(&self, piece: Piece<'_>) -> Result<ZoneRef, Unsupported> {
        let (prefix, zone) = spec::read_zone(piece)?;
        if catalogue::zone_members(zone).len() > 1 {
            return Err(Unsupported::new(piece, "destination with several zones"));
        }
        Ok(ZoneRef { prefix: prefix.map(ZonePrefixIdx::new), zone: ZoneIdx::new(zone) })
    }
}
