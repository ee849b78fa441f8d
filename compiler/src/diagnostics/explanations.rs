//! What each diagnostic code means, with a small card that gets it and the same card
//! corrected: the text of `rsc explain CODE`. Declared once per code, beside the
//! `declare_codes!` table; the `match` does not compile while a code has none.
//!
//! An example is a card's source. Two markers stand for what a short example cannot hold:
//! `{{TEXT * N}}` is `TEXT` written `N` times (a `%` in `TEXT` is the repetition's index,
//! from 0), and `{{0xHH}}` is the byte `HH` (for a source that is not UTF-8).

use super::Code;

/// The long explanation of a code.
#[derive(Debug, Clone, Copy)]
pub struct Explanation {
    /// What the code means and how to fix it.
    pub text: &'static str,
    /// A card that gets this code (with the markers of the module documentation).
    pub wrong: &'static str,
    /// The card corrected: it compiles without any diagnostic.
    pub right: &'static str,
}

/// The most bytes an example expands to: the examples of the size limits are the largest.
const MAX_EXAMPLE_BYTES: usize = 4 << 20;

/// The bytes of an example, its markers expanded (a marker that does not parse stays as
/// written; an expansion stops at 4 MiB).
pub fn expand_example(example: &str) -> Vec<u8> {
    let mut out = Vec::new();
    each_part(example, |part| match part {
        Part::Text(text) => out.extend_from_slice(text.as_bytes()),
        Part::Byte(byte) => out.push(byte),
        Part::Repeat(text, times) => {
            for index in 0..times {
                if out.len() > MAX_EXAMPLE_BYTES {
                    break;
                }
                out.extend_from_slice(text.replace('%', &index.to_string()).as_bytes());
            }
        }
    });
    out
}

/// An example as shown to a reader, one line per line of the card: a repetition is written
/// once, then `…` and how many times it goes (`hp(1) & … (7900 times) hp(1)`); a byte is
/// written `\xHH`.
pub fn show_example(example: &str) -> String {
    let mut out = String::new();
    each_part(example, |part| match part {
        Part::Text(text) => out.push_str(text),
        Part::Byte(byte) => out.push_str(&format!("\\x{byte:02X}")),
        Part::Repeat(text, times) => {
            let shown = text.replace('%', "0").replace('\n', "\\n");
            out.push_str(&format!("{} … ({times} times) ", shown.trim_end()));
        }
    });
    let lines: Vec<&str> = out.lines().map(str::trim_end).collect();
    lines.join("\n")
}

/// A piece of an example.
enum Part<'e> {
    Text(&'e str),
    Byte(u8),
    Repeat(&'e str, usize),
}

/// Calls `each` with the text and markers of `example`, in order.
fn each_part<'e>(example: &'e str, mut each: impl FnMut(Part<'e>)) {
    let mut rest = example;
    while let Some(start) = rest.find("{{") {
        let Some(length) = rest[start..].find("}}") else { break };
        each(Part::Text(&rest[..start]));
        let marker = &rest[start + 2..start + length];
        let byte = marker.strip_prefix("0x").and_then(|hex| u8::from_str_radix(hex, 16).ok());
        let repeat = marker.rsplit_once(" * ").and_then(|(text, times)| Some((text, times.parse().ok()?)));
        match (byte, repeat) {
            (Some(byte), _) => each(Part::Byte(byte)),
            (None, Some((text, times))) => each(Part::Repeat(text, times)),
            (None, None) => each(Part::Text(&rest[start..start + length + 2])),
        }
        rest = &rest[start + length + 2..];
    }
    each(Part::Text(rest));
}

impl Code {
    /// What the code means, with a card that gets it and the card corrected.
    pub fn explanation(self) -> Explanation {
        let (text, wrong, right) = match self {
            Code::E0001 => (
                "A card's source must be UTF-8. The file holds a byte that starts no UTF-8 \
                 character, usually because an editor saved it as Latin-1 or Windows-1252; the \
                 diagnostic points at the first such byte. Save the file as UTF-8.",
                "action = draw()\nlabel = Caf{{0xE9}}\n",
                "action = draw()\nlabel = Café\n",
            ),
            Code::E0002 => (
                "A character that is not part of RuleScript outside a string or a comment: a \
                 stray symbol, or a typographic quote pasted from a word processor. Remove it, \
                 or write the straight quote it stands for.",
                "action = sp(+2) $ & draw()\n",
                "action = sp(+2) & draw()\n",
            ),
            Code::E0003 => (
                "A string opened with `\"` or `'` is not closed on the same line. Strings cannot \
                 span lines: close it with the quote it was opened with.",
                "action = [[may 'Draw two cards?]] draw(2)\n",
                "action = [[may 'Draw two cards?']] draw(2)\n",
            ),
            Code::E0004 => (
                "Each line of a card is one property: `target`, `target?`, `action`, `label`, \
                 `abilities`, `auto`, `requisite` or `vars`. The word before `=` is none of \
                 them, often a misspelling or a plural.",
                "effect = draw()\n",
                "action = draw()\n",
            ),
            Code::E0005 => {
                ("A property name must be followed by `=` and its value.", "action draw()\n", "action = draw()\n")
            }
            Code::E0006 => (
                "The text does not follow RuleScript's grammar at this point: the message says \
                 what was expected (a closing `]]`, a filter, an argument...). Errors that \
                 follow from this one in the same statement are not reported.",
                "action = [[if me.hp < 1000 draw(2)\n",
                "action = [[if me.hp < 1000]] draw(2)\n",
            ),
            Code::E0007 => (
                "A bracket `(`, `[` or `{` is not closed on its line, or a closing bracket has \
                 nothing to close.",
                "action = damage(300) to(character@oppRing\n",
                "action = damage(300) to(character@oppRing)\n",
            ),
            Code::E0008 => (
                "The command is not in the game's catalogue. Commands are the effects a \
                 statement runs (`damage`, `draw`, `destroy`...); the help suggests a close name \
                 when there is one.",
                "action = dmg(300) to(opp)\n",
                "action = damage(300) to(opp)\n",
            ),
            Code::E0009 => (
                "A command, function or cost was given more or fewer arguments than it takes. \
                 The message gives how many it takes.",
                "action = damage() to(opp)\n",
                "action = damage(300) to(opp)\n",
            ),
            Code::E0010 => (
                "An argument is of the wrong kind for its parameter: an expression where an \
                 integer is needed, a number where a target filter is needed, a keyword where \
                 none is allowed. The message names the parameter and what it must be.",
                "action = loseLife(me.hp) target(opp)\n",
                "action = loseLife(300) target(opp)\n",
            ),
            Code::E0011 => (
                "A word between `[` and `]` of a target filter is not one of the catalogue's \
                 filters (`frozen`, `bp>=500`, `bp:lowest`...).",
                "action = destroy() target(character[frozn]@oppRing)\n",
                "action = destroy() target(character[frozen]@oppRing)\n",
            ),
            Code::E0012 => (
                "The zone after `@` (or a pile argument) is not one of the catalogue's zones \
                 (`ring`, `hand`, `deck`, `discards`...), with its prefix (`my`, `opp`, `ctrl`...).",
                "action = destroy() target(character@oppRng)\n",
                "action = destroy() target(character@oppRing)\n",
            ),
            Code::E0013 => (
                "The event between `~` is not one of the catalogue's events. An event may carry \
                 a prefix (`my`, `opp`, `any`) and a suffix (`:this`, `:once`...).",
                "auto = ~myEndPhse~ draw()\n",
                "auto = ~myEndPhase~ draw()\n",
            ),
            Code::E0014 => (
                "The hook between `?` is not one of the catalogue's hooks. A hook is a question \
                 the game asks (`canBlock`); the auto answers it with its condition.",
                "auto = ?oppCanBlok:this? [[if blocker.bp < 500]]\n",
                "auto = ?oppCanBlock:this? [[if blocker.bp < 500]]\n",
            ),
            Code::E0015 => (
                "The ability is not one of the catalogue's abilities (`rush`, `unblockable`, \
                 `cantattack`...), in an `abilities` line or a `+ability`/`-ability` effect.",
                "abilities = rush, unblokable\n",
                "abilities = rush, unblockable\n",
            ),
            Code::E0016 => (
                "The argument of `enableRule` or `disableRule` is not one of the catalogue's \
                 rule switches.",
                "action = disableRule(ab_trigger_frsh) uynt\n",
                "action = disableRule(ab_trigger_fresh) uynt\n",
            ),
            Code::E0017 => (
                "The selector after `::` in a target filter is not one of the catalogue's \
                 selectors (`not`).",
                "target = character@myRing\naction = destroy() target(characters::but(tgt))\n",
                "target = character@myRing\naction = destroy() target(characters::not(tgt))\n",
            ),
            Code::E0018 => (
                "The word at the end of a statement is not one of the catalogue's restrictions \
                 (`ueot`, `unac`, `uynt`...), which say how long a timed effect lasts.",
                "action = +unblockable ueto target(character@myRing)\n",
                "action = +unblockable ueot target(character@myRing)\n",
            ),
            Code::E0019 => (
                "A cost between `{` and `}` is not one of the catalogue's costs: `{F}` freezes \
                 this card, `{S}` sacrifices (KOs) it, `{D}` discards a card from your hand. An argument goes in \
                 parentheses: `{D(2)}` discards two cards, `{D(action)}` an action card, \
                 `{S(character@myRing)}` sacrifices a character of your ring. Several costs are \
                 written one after the other: `{D}{F}:`.",
                "action = {D2}: destroy() target(character@oppRing)\n",
                "action = {D(2)}: destroy() target(character@oppRing)\n",
            ),
            Code::E0020 => (
                "`[[elif]]` and `[[else]]` continue an `[[if]]` of the same statement, and \
                 `[[else]]` is the last branch.",
                "action = draw(2) [[else]] draw()\n",
                "action = [[if me.hp < 1000]] draw(2) [[else]] draw()\n",
            ),
            Code::E0021 => (
                "A statement has one target clause (`target(...)`, `to(...)`...): every effect \
                 of the statement applies to it. Split the statement with `;` to target two \
                 things.",
                "action = destroy() target(character@oppRing) to(character@myRing)\n",
                "action = destroy() target(character@oppRing)\n",
            ),
            Code::E0022 => (
                "Something that must hold a value is empty: a property with nothing after `=`, \
                 a statement with nothing between two `;`, an empty target clause.",
                "action = draw(); ; damage(300) to(opp)\n",
                "action = draw(); damage(300) to(opp)\n",
            ),
            Code::E0023 => (
                "A name in an expression is neither one of the catalogue's variables (`me`, \
                 `opp`, `this`, `tgt`...) nor a variable of the card's `vars` line.",
                "action = [[if mee.hp < opp.hp]] hp(+300)\n",
                "action = [[if me.hp < opp.hp]] hp(+300)\n",
            ),
            Code::E0024 => (
                "A function called in an expression is not one of the catalogue's functions.",
                "action = [[if flipCoins()]] draw(2)\n",
                "action = [[if flipCoin()]] draw(2)\n",
            ),
            Code::E0025 => (
                "The attribute after `.` is not one of the catalogue's attributes (`hp`, `bp`, \
                 `hand`, `size`...).",
                "action = [[if me.hnd.size == 0]] draw(2)\n",
                "action = [[if me.hand.size == 0]] draw(2)\n",
            ),
            Code::E0026 => (
                "The argument must be one of the keywords the command's parameter lists, and \
                 is not.",
                "action = skip(drw) target(opp)\n",
                "action = skip(draw) target(opp)\n",
            ),
            Code::E0027 => (
                "An ability word in a statement must say whether it is granted (`+rush`) or \
                 removed (`-rush`).",
                "action = unblockable ueot target(character@myRing)\n",
                "action = +unblockable ueot target(character@myRing)\n",
            ),
            Code::E0028 => (
                "Only `action` and `label` may be written more than once. Join two `auto`, \
                 `vars` or `requisite` lines into one; keep one of two `target` or \
                 `abilities` lines.",
                "auto = ~myEndPhase~ draw()\nauto = ~oppEndPhase~ draw()\n",
                "auto = ~myEndPhase, oppEndPhase~ draw()\n",
            ),
            Code::E0029 => (
                "Two effects of a statement follow each other without an operator. Join them \
                 with `&` (then), `&&` (then, if the first succeeded) or `||` (else), or end \
                 the statement with `;`.",
                "action = draw(2) damage(300) to(opp)\n",
                "action = draw(2) & damage(300) to(opp)\n",
            ),
            Code::E0030 => (
                "A statement has at most one condition (`[[if ...]]` or `[[may]]`). Combine \
                 conditions with `and`, or use `[[elif ...]]`.",
                "action = [[may]] [[if me.hp < 1000]] hp(+500)\n",
                "action = [[if me.hp < 1000]] hp(+500)\n",
            ),
            Code::E0031 => (
                "A statement has at most one restriction (`ueot`, `unac`...): it times every \
                 effect of the statement. Split the statement to time effects differently.",
                "action = +unblockable ueot unac target(character@myRing)\n",
                "action = +unblockable ueot target(character@myRing)\n",
            ),
            Code::E0032 => (
                "The n-th `label` names the n-th `action`: a card cannot have more labels than \
                 actions.",
                "action = draw(2)\nlabel = Draw two\nlabel = Draw three\n",
                "action = draw(2)\nlabel = Draw two\n",
            ),
            Code::E0033 => (
                "Brackets and operators are nested deeper than the compiler allows (64 levels; \
                 each link of a long operator chain such as `1+1+…` counts as a level). Split \
                 the expression, or keep a part of it in a variable of `vars`.",
                "action = hp({{( * 70}}1{{) * 70}})\n",
                "action = hp(1)\n",
            ),
            Code::E0034 => (
                "A quantity (`<2>`, `<1,3>`, `<r>`) or a pick is not a valid count: it must be at \
                 least 1, and a range's minimum must not be larger than its maximum.",
                "action = destroy() target(<0>character@oppRing)\n",
                "action = destroy() target(<1>character@oppRing)\n",
            ),
            Code::E0035 => (
                "A card must do something: it needs an `action`, an `auto` or an `abilities` \
                 line.",
                "requisite = character<1>@oppRing\n",
                "requisite = character<1>@oppRing\naction = destroy() target(character@oppRing)\n",
            ),
            Code::E0036 => (
                "An integer does not fit the bytecode: numbers are 32-bit, and counts and \
                 indices at most 65535.",
                "action = damage(99999999999) to(opp)\n",
                "action = damage(300) to(opp)\n",
            ),
            Code::E0037 => (
                "The comparison operator is not one of `==`, `!=`, `<`, `<=`, `>`, `>=` (`=` \
                 alone assigns nothing in RuleScript).",
                "action = [[if me.hp = 1000]] draw()\n",
                "action = [[if me.hp == 1000]] draw()\n",
            ),
            Code::E0038 => (
                "The type at the start of a target filter is not one of the catalogue's card \
                 types, subtypes or target words (`character`, `action`, `player`, `me`...).",
                "action = destroy() target(charcter@oppRing)\n",
                "action = destroy() target(character@oppRing)\n",
            ),
            Code::E0039 => (
                "The prefix of an event is not one of `my`, `opp` or `any`.",
                "auto = ~their endPhase~ draw()\n",
                "auto = ~oppEndPhase~ draw()\n",
            ),
            Code::E0040 => (
                "The prefix of a zone is not one of the catalogue's zone prefixes (`my`, `opp`, \
                 `ctrl`...).",
                "action = destroy() target(character@theirRing)\n",
                "action = destroy() target(character@oppRing)\n",
            ),
            Code::E0041 => (
                "A line is longer than the compiler reads (65536 bytes). Split the property: \
                 several `action` lines, or statements kept shorter.",
                "action = draw()\nlabel = {{Draw. * 14000}}\n",
                "action = draw()\nlabel = Draw.\n",
            ),
            Code::E0042 => (
                "A hook is a question the game asks, answered by the auto's condition: there is \
                 nothing to pay for, so it cannot have a cost.",
                "auto = {F}: ?oppCanBlock:this? [[if blocker.bp < 500]]\n",
                "auto = ?oppCanBlock:this? [[if blocker.bp < 500]]\n",
            ),
            Code::E0043 => (
                "A cost of zero cards (`{D(0)}`) pays nothing. Write the cost without a count to \
                 pay one card, or leave it out.",
                "action = {D(0)}: damage(300) to(opp)\n",
                "action = {D}: damage(300) to(opp)\n",
            ),
            Code::E0044 => (
                "The code of one action or auto is longer than an entry of the bytecode holds \
                 (65535 bytes). Split it into several actions, or into several cards.",
                "action = {{hp(1) &  * 7900}}hp(1)\n",
                "action = hp(7901)\n",
            ),
            Code::E0045 => (
                "An expression needs more than the 256 registers an entry has: each argument of \
                 a call waits in a register while the next is worked out. Keep parts of it in \
                 variables of `vars`.",
                "action = hp({{min(1, 1, 1, 1, 1, 1, 1,  * 40}}1{{) * 40}})\n",
                "action = hp(min(1, 2))\n",
            ),
            Code::E0046 => (
                "A card has more than 256 local slots: one per variable of `vars` and one per \
                 level of nested loops. Use fewer variables.",
                "vars = {{_v% := 1;  * 299}}_v299 := 1\naction = {{hp(_v%) &  * 299}}hp(_v299)\n",
                "vars = _total := 300\naction = hp(_total)\n",
            ),
            Code::E0047 => (
                "A bundle's tables (entries, filters, strings, constants) hold 65535 items \
                 each. The card takes one past that: alone, when it has more actions than that; \
                 with the cards compiled before it, when the bundle is too big. Split the card, \
                 or compile fewer cards into one bundle.",
                "{{action = draw()\n * 65536}}",
                "action = draw()\n",
            ),
            Code::E0100 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): the card uses \
                 something this toolchain does not compile, named in the message \
                 (unsupported: effect `flipacoin`): a construct of Wagic's card code not \
                 compiled yet, or a word that is not Wagic's at all, most often a typo, for \
                 which the help names the word meant (did you mean `damage`?). The card is \
                 left out of the bundle; `--stats` counts the cards left out by construct. \
                 What compiles: the keys `auto`, `abilities` (Wagic's keyword abilities), \
                 `target` (an instant's or sorcery's, or an Aura's: the Aura enters attached \
                 to it and its lines act on the enchanted permanent), `autograveyard` (the \
                 card's abilities in its owner's graveyard: an activated ability used from there, \
                 `{2}{B}:moveTo(myhand)`, unearth; a trigger heard while it is there, \
                 `@movedTo(dragon|battlefield):may moveTo(mybattlefield)`; a static ability holding \
                 while it is there, `aslongas(mountain|myBattlefield) lord(creature|myBattlefield) haste`; \
                 a one-shot as it enters it, `moveTo(ownerlibrary) && shuffle`; and its own move from \
                 the battlefield), `autohand` (cycling: a cost with \
                 `{cycle}` or `{discard}`, `__CYCLING__(cost)` or `__BASIC_LANDCYCLING__(cost)`; on a spell with a `target=`, an ability of its own that takes none of its targets), `kicker` (a mana cost; `auto=kicker effect` \
                 of a one-shot effect runs when it was paid), `flashback` (a mana cost of an instant or \
                 sorcery, cast from its owner's graveyard), morph's `facedown` (a mana cost: the card \
                 cast face down as a nameless 2/2), `autofacedown` (`{cost}:morph`, a mana cost: turning \
                 it face up) and `autofaceup` (one-shot effects as it is turned face up), `other` (an alternative cost, with its `name(...)`: mana, life, and the `{S(spec)}`, `{E(spec)}`, `{H(spec)}`, `{T(spec)}`, `{discard(spec)}` costs of an activated ability; \
                 `auto=alternative effect` of a one-shot effect runs when it was paid), `otherrestriction` \
                 (counts `type(spec)~morethan|lessthan|equalto~n`, comma-separated: when `other` may be paid), `anyzone` (`p/t cdaactive`, counts `type:spec:zone` and `plusonetype:spec:zone`) and \
                 `alias` with the rule 1194 on an Aura (control of the enchanted permanent) or \
                 129767 on an instant or sorcery (control of its target until end of turn), \
                 1291 on an X sorcery (Fireball: the X paid divided among its targets), \
                 130369 on an instant or sorcery (Soulblast: its controller's creatures for \
                 their total power as damage), 1191 or 1312 on a spell without `target=` \
                 (the Elemental Blasts: a red or blue permanent to its graveyard), 135262 on \
                 an instant or sorcery (the Beacons: shuffled into its library as it resolves), 2732 \
                 on a creature (Kjeldoran Frostbeast: the creatures in combat with it destroyed \
                 at the end of combat), 1159 on a creature (Erg Raiders: 2 damage to its \
                 controller at their end step unless it attacked or entered that turn), 1243 \
                 on a permanent (Fastbond: any number of lands, 1 damage for each beyond the \
                 first), or \
                 with a number naming no rule of Wagic's engine on a card with lines of its own, \
                 beside `name`, `text`, `mana`, `type`, \
                 `subtype`, `power` and `toughness`. In `auto=`: the effects `damage:N`, \
                 `life:N`, `lifeset:N`, `alterpoison:N`, `draw:N`, `discard:N`, `deplete:N`, `prevent:N`, `destroy`, `bury`, `reject`, \
                 `tap`, `untap`, `frozen`, `removefromcombat`, `regenerate`, `shuffle`, `moveto(zone)`, `bottomoflibrary`, `fizzle`, `fizzleto(hand|exile|librarytop)`, `donothing`, `flip(Name)` (the permanent becomes another card of the files), `(blink)`, `(blink)ueot`, `(blink)forsrc` (exiled, then back on its owner's battlefield at once, at the next end step, or when the source leaves it; `hand(blink)...`: to its owner's hand), `counter(p/t,N)`, `counter(0/0,N,name)`, `vanishing:N`, `fading:N`, \
                 `add{G}`, `token(Name,types,p/t,colours and abilities)*N` (`*thatmuch` in a damage \
                 trigger; its tokens go \
                 to `controller`, `opponent` or `targetcontroller`), a pump `p/t` (a side may \
                 be a count `type:spec:zone`; `ueot nonstatic` on the permanent itself: counted \
                 again while it lasts) and a \
                 keyword ability given or taken (`flying`, `-flying`), `rampage(p/t,N)`, `bushido(p/t)`, \
                 `fog`, `preventAllCombatDamage`, `maxPlay(land)+N`, `spiritlink`, `cantbeblockedby(spec)`, `protection from(spec)` and `preventAllDamage to(spec) from(spec)` (either or both; `preventAllCombatDamage`, `preventAllNonCombatDamage` too) on a permanent's static line, \
                 `loseabilities`, `losesubtypesof(land)`, \
                 `becomes(types,p/t,abilities,colours)` (a transformation of the same lasting; \
                 `p/t` may be `manacost/manacost`: the card's mana value), \
                 `transforms((types,colours,setpower=N,settoughness=N,abilities))` (`forever`: \
                 until the card moves, its keyword abilities too, and `transforms((removetypes)) forever` \
                 takes its types away first; `uynt`: until its controller's next turn, detain's; `newability[effect]` of one effect on the card such as \
                 `moveTo(zone)`, `counter(p/t)`, a pump, `tap`, a keyword (`first strike`), a \
                 discard given to its controller (`ability$!name(discard) target(*|myhand) reject!$ \
                 controller`), `pay[[cost]] donothing?effect` on one card (Mana Leak's `fizzle` unless \
                 the transformed card's controller pays; Syncopate's cost `{value:storedx}`), timed `ueot` in a `transforms(...) ueot`; on a \
                 permanent's line transforming \
                 the card itself, maybe under `this(test)`, `newability[@trigger:effect]` or \
                 `newability[{cost}:effect]`: the card's own ability while the line holds; one-shot \
                 new abilities a card gives itself (a permanent's line, maybe under `all(this)` or \
                 after `may`, an `autohand=` line, an untargeted spell's), such as a looter's \
                 `newability[target(*|myhand) reject]` or a cycled card's \
                 `newability[draw:1],newability[may life:2]`: the card's own effects, in order, \
                 after the parts before), \
                 `if type(spec)~morethan|lessthan|equalto~N or type(spec) then effect` (several \
                 such tests joined by `,`: each holds), \
                 `if type(spec)~morethan|lessthan|equalto~N then donothing else effect` (Duress's look at \
                 a hand with nothing to take: the `else` effect runs when the test fails), \
                 `if compare(A)~morethan|lessthan|equalto~N or compare(B) then effect` (A, B: \
                 `lifetotal`, `opponentlifetotal`, `phandcount`, `ohandcount`), \
                 `if paid(alternative) then effect`, `paid(kicker)`, `casted(this)` (the card was \
                 cast: a spell, or a permanent that entered from the stack this turn), \
                 `spent({R})` (mana of that colour was paid to cast it), `raid` \
                 (its controller attacked this turn), `morbid` (a creature died this turn), \
                 several of these joined by `,` (all hold) and `ifnot` of these (the effect only when \
                 the test fails), \
                 `effect and!(effect)!` (the second on the same target), \
                 `chooseacolor effect chooseend` and `activatechooseacolor effect activatechooseend` \
                 (its controller chooses a colour, the effect reading it as `chosencolor`: a whole \
                 line, asked as the permanent enters or the spell resolves, or an activated \
                 ability's or a trigger's whole effect, asked as it resolves; a target's spec may not read it), \
                 `ability$!effect!$ controller` alone on its line (the effect itself, without \
                 damage, `this` or a stored card), `ability$!effect!$ opponent` (or \
                 `targetedplayer`) of a discard (`target(<N>*|myhand) reject`), a sacrifice \
                 (`notatarget(<N>spec|mybattlefield) sacrifice`, `destroy`, `bury`) or a move of that player's own \
                 cards (`target(spec|myzone) moveto(zone)`, to a hand, library, graveyard or \
                 exile): that player chooses which; `draw:N` and `life:N` on that player; \
                 lines of these joined by `_` (a looter's `draw:1 _ choice target(*|myhand) \
                 reject`), in turn, \
                 `pay(cost) effect` and `pay[[cost]] effect` (the source's controller asked \
                 whether to pay a mana or life cost they can pay, the effect only when paid; \
                 `pay(cost) donothing?effect`: the effect unless paid), \
                 `upcost[cost] effect` on a permanent (paid in its upkeep, else the effect; \
                 `upcost[cost;next upkeep]`: its first upkeep only), \
                 `cumulativeupcost[cost] effect` and `cumulativeupcostmulti[cost] effect` (an age \
                 counter each upkeep, then the cost once per age counter, else the effect), \
                 `emblem transforms((,newability[...],...))` then `ueot`, `uynt` or `forever dontremove` (an \
                 emblem of its controller's, its new abilities triggers or lords of lasting effects), \
                 `teach(spec)` of an effect that is no triggered ability on an Aura, where every permanent it \
                 may enchant matches the spec (its `target=` type, or `*`), and of a static effect, held while \
                 the enchanted permanent matches, for any other spec (and `teach(creature)` of a static \
                 effect or an activated ability on an Equipment: an activated one is the creature's, its \
                 `{T}` tapping the creature, its controller activating it), `teach(spec) effect` on an \
                 instant or sorcery of one target card, `dynamicability<!...!>` (a power, toughness or mana \
                 cost as damage, life or a pump), amounts (of an effect, a counter's count, a token count) `X` \
                 (the mana paid) and `xx`, `type:spec:zone` (a count), `type:manaR` (devotion), `thatmuch` (in a damage \
                 trigger: the damage dealt), `sunburst`, `kicked`, `phandcount`, `ohandcount`, `lifetotal`, \
                 `opponentlifetotal`, `mypoisoncount`, `opponentpoisoncount`, `power`, `toughness` (of a line \
                 without a card target), `manacost` (a permanent's, a spell's one target card's), `storedpower`, `storedtoughness`, `storedmanacost` (after a cost that \
                 sacrifices, exiles, returns, taps or discards a card), each maybe after `-`, `twice`, `thrice`, \
                 `halfup` or `halfdown`, and `morethanfourcards` (the \
                 opponent's hand beyond four, on a permanent's damage), joined by `&&` (the parts \
                 without a target of their own share the line's one `target(spec)`), each with `target(spec)`, `all(spec)`, \
                 `controller`, `opponent` (`targetedplayer` too on a permanent whose only target is `opponent`), `other` or `ueot` after it, \
                 `thisforeach(counter{0/0.1.name})` (`counter{1/1.1}`, `counter{-1/-1.1}`), `thisforeach(power>=1)` before it (an amount of `add`, `damage`, `life`, `draw`, \
                 `deplete`, `counter`, `token` or a pump until end of turn, times the counters on the card, as it left the battlefield once it has, or its power) \
                 and `foreach(spec)` after the line's target or at the head of a later `&&` part (that part once per match); before the effect \
                 `may` (one question for every `&&` part), `choice` (a card's `choice name(label) effect` lines \
                 are its modes, one chosen by its controller as it resolves or enters, each also under \
                 `aslongas(spec)` or `if type(spec)~morethan~n then`; a lone one of an ability or a trigger is its effect), `name(...)` (also after another word of a part: `ueot name(label) effect`), `lord(spec)` (also \
                 `lord(spec) {cost}:effect [other]`: each permanent on the battlefield it matches has the activated \
                 ability, `this`, `{T}` and `{S}` being that permanent, until end of turn on a spell and after \
                 `all(spec)`; on a permanent also \
                 `lord(spec|myhand,mylibrary,mygraveyard,myexile) altercost(colour, ±n)`: the spells it matches cost more or less, \
                 maybe after `this(tapped)`, `this(untapped)` or `this(counter{0/0.n.name})`), `foreach(spec)`, `aslongas(spec)` (of a one-shot effect on a permanent: its own `sacrifice <n`, `while` too) or \
                 `this(variable{controllerturn}>0)` (`opponentturn`: a lasting effect in those turns; \
                 also `this(controllerlife < n)`, `opponentlife` with `<`, `<=`, `>`, `>=`, `=`, `!=`, \
                 `this(untapped)`, `this(tapped)`, `this(counter{0/0.n.name})`, `counter{1/1.n}`, \
                 `counter{-1/-1.n}` (against a number too), `this(gear > n)`, `this(auras >= n)` (the \
                 Equipment, the Auras attached to the card), `this(cantargetcard(spec))` (the card \
                 matches the spec, `*[-renown]`): while the test holds); costs \
                 before a `:` (`{T}`, `{Q}`, mana such as `{2}{R}` and hybrid mana `{RG}`, `{2W}`, `{S}`, `{S(spec)}`, `{T(spec)}`, `{E}`, `{E(spec)}`, `{H}`, `{H(spec)}`, `{D}`, \
                 `{discard(spec)}` (a spec cost written n times: n different cards), `{L}`, `{L:n}`, `{C(0/0,n,name)}` (n counters put on this permanent, or removed when negative), `{C(1/1,n)}`, `{C(-1/-1,n)}`, one `{X}` or `{X:white}` (its player picks X; `X` in the effect is the X paid), and `asSorcery`, `myTurnOnly`, `myUpkeepOnly` \
                 or `restriction{type(spec)~morethan|lessthan|equalto~n}` after the effect); \
                 triggers before a `:` (`@movedto(spec) from(spec)`, its spec's zone \
                 `nonbattlezone` too, `@damaged(spec)`, \
                 `@tapped(spec)`, `@untapped(spec)`, `@drawn(spec)`, `@combat(attacking) \
                 source(spec)` and `blocking`, `blocked` (several, comma-separated; `turnlimited`: once a turn, also after an object trigger), `@combatdamaged`, `@damageof`, \
                 `@combatdamageof`, `@combatdamagefoeof`, \
                 `@damagefoeof`, each with `from(spec)`, a spec `mytgt` in an Aura's or an \
                 Equipment's trigger (the permanent it is attached to, also as that leaves), \
                 `@each [my|opponent] phase` (`sourcenottap`, `sourcetap`: while its source is untapped, tapped; \
                 `restriction{...}` of counts `type(spec)~morethan~n` or the spells cast last turn, `lastturn(*|stack)~lessthan~1`), `@next phase` \
                 on a permanent, `@next phase:draw:1` or `@next phase:tap` on an instant or sorcery); a permanent's `phaseaction[[my|opponent] phase sourceinplay] effect` \
                 (the effect at each such phase; without `sourceinplay`, of an effect until end of \
                 turn), and in an ability or a `newability[...]` `phaseaction[phase once sourceinplay] \
                 destroy|bury|sacrifice|moveto(ownerhand|ownerbattlefield)` (on its target at that phase). A spec \
                 is `type[,type][terms]|zone` (a term such as `tapped`, `counter{0/0.n.name}`, `counter{any}`: `creature[power>=3]`; `toughness=toughness:lowest:creature:mybattlefield`, \
                 the lowest or highest of the spec's own candidates), the zones `battlefield`, `hand`, `graveyard`, \
                 `library`, `exile` and `stack`, bare or after `my`, `opponent` or `owner`, or after `targetedpersons` \
                 (the zone of the player targeted: on an instant or sorcery of `target=player` or \
                 `target=opponent`, or after a line's first `target(player)`, outside a trigger's spec); \
                 outside a trigger, several of them \
                 with one owner (`creature|myhand,mygraveyard`: the cards of each), as the zone groups of Wagic's catalogue list. \
                 The examples are Wagic card blocks.",
                "[card]\nname=Example\nauto=flipacoin\ntype=Instant\n[/card]\n",
                "[card]\nname=Example\nauto=damage:2 target(player)\ntype=Instant\n[/card]\n",
            ),
            Code::E0101 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a `[card]` block \
                 that cannot be read whole: it has no `[/card]` before the next block or the end \
                 of the file, a line of it is not `key=value` (no `=`, or nothing before it), or it \
                 has no `name=`, an empty one or two; or text \
                 outside any block other than blank lines, `#` comments and the file's \
                 `grade=` line (a misspelt `[card]` line, a stray `[/card]`), which is read as \
                 a block of its own up to the next `[card]` or `[/card]`. The examples are \
                 Wagic card blocks.",
                "[card]\nauto={T}:damage:1 target(player)\ntype=Creature\npower=1\ntoughness=1\n[/card]\n",
                "[card]\nname=Example\nauto={T}:damage:1 target(player)\ntype=Creature\npower=1\ntoughness=1\n[/card]\n",
            ),
            Code::E0102 => (
                "Reported when reading a catalogue file (`rsc check --catalogue FILE`, \
                 `docs/catalogue-file.md`): the file is not JSON, or not UTF-8: a missing \
                 comma or quote, a trailing comma, a comment, or the file ends early. The \
                 position is serde_json's. `rsc catalogue` prints a valid file to start \
                 from. The examples are catalogue files.",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\",}\n",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\"}\n",
            ),
            Code::E0103 => (
                "Reported when reading a catalogue file: it is JSON, but not of the catalogue \
                 form: a field the form does not have (most often misspelt: the message lists \
                 the fields there are), a required field missing (`format`, `name`, a \
                 command's `default_target`, a parameter's `kind`), a value of the wrong \
                 type, an argument kind or a default target that does not exist (the \
                 message lists those there are), or a `format` other than \
                 `rsc-catalogue/1`. The examples are catalogue files.",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"commands\": [\n  {\"name\": \"strike\", \"params\": [{\"name\": \"amount\", \"kind\": \"Number\"}], \"default_target\": \"Nothing\"}\n]}\n",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"commands\": [\n  {\"name\": \"strike\", \"params\": [{\"name\": \"amount\", \"kind\": \"Expr\"}], \"default_target\": \"Nothing\"}\n]}\n",
            ),
            Code::E0104 => (
                "Reported when reading a catalogue file: a name (the catalogue's, a list's \
                 entry, a parameter's, a keyword, a role's) that a card could never write: \
                 empty, longer than 64 bytes, or not one word of printable ASCII (a space, a \
                 control character, a letter with an accent). The examples are catalogue files.",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"zones\": [{\"name\": \"enemy board\"}]}\n",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"zones\": [{\"name\": \"enemyBoard\"}]}\n",
            ),
            Code::E0105 => (
                "Reported when reading a catalogue file: a list (commands, zones, variables, \
                 a command's parameters, a keyword set...) names the same thing twice. Names \
                 are looked up in any case, so `Strike` and `strike` are the same name: the \
                 second could never be reached. The label gives the line of the first. The \
                 examples are catalogue files.",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"variables\": [{\"name\": \"hero\"}, {\"name\": \"Hero\"}]}\n",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"variables\": [{\"name\": \"hero\"}, {\"name\": \"foe\"}]}\n",
            ),
            Code::E0106 => (
                "Reported when reading a catalogue file: a role (`roles`: which of the \
                 catalogue's names plays a part the compiler and the runtime give a meaning \
                 to) names a word that is not in the list the role's part belongs to: \
                 `source`, `targets`, `previous_targets` and `event_object` are `variables`, \
                 `event_mine`, `event_opponent` and `event_anyone` are `event_prefixes`, the \
                 `suffix_` roles `event_suffixes`, the `zone_` roles `zone_prefixes`, \
                 `restriction_opponent` a `restriction_prefixes` name and `continuous` an \
                 event. The `target_` roles are words of no list. Add the word to its list, \
                 or write `null` for a part the game does not have. The examples are \
                 catalogue files.",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"variables\": [{\"name\": \"hero\"}],\n \"roles\": {\"source\": \"itself\"}}\n",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"variables\": [{\"name\": \"hero\"}, {\"name\": \"itself\"}],\n \"roles\": {\"source\": \"itself\"}}\n",
            ),
            Code::E0107 => (
                "Reported when reading a catalogue file: the file is larger than 4 MiB, or one \
                 list (or a command's parameters, a keyword set) has more than 65534 names, \
                 the most the compiler indexes. The examples are catalogue files.",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"big\", \"subtypes\": [{{\"s%\", * 65535}}\"last\"]}\n",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"big\", \"subtypes\": [{{\"s%\", * 65533}}\"last\"]}\n",
            ),
            Code::E0108 => (
                "Reported when reading a catalogue file: a command's parameters or a \
                 function's arity do not fit together: a required parameter after an \
                 optional one (only trailing parameters may be left out), an `Each` \
                 parameter beside others (a command whose one parameter is `Each` is a loop \
                 the compiler builds), or a function whose `min_args` is above its \
                 `max_args`. The examples are catalogue files.",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"commands\": [{\"name\": \"draw\", \"default_target\": \"SourceController\",\n  \"params\": [{\"name\": \"count\", \"kind\": \"Expr\", \"optional\": true}, {\"name\": \"pile\", \"kind\": \"Pile\"}]}]}\n",
                "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"commands\": [{\"name\": \"draw\", \"default_target\": \"SourceController\",\n  \"params\": [{\"name\": \"pile\", \"kind\": \"Pile\"}, {\"name\": \"count\", \"kind\": \"Expr\", \"optional\": true}]}]}\n",
            ),
            Code::E0109 => (
                "Reported when reading Wagic's set files (`rsc test --lang wagic --sets DIR`, \
                 each `_cards.dat`), which map the Wagic ids a test names cards by to cards: a \
                 `[card]` block (one printing) that has no `[/card]`, no `id=` or two, an id that \
                 is not a whole number other than 0, no `primitive=` (or, in older sets, a \
                 whole card's `name=`), a line that is not `key=value`; a heading other than \
                 `[card]` or `[meta]`; a `[meta]` with no `[/meta]`; text outside the blocks \
                 other than `#` comments and the `grade=` line; a file larger than 4 MiB. The \
                 block is left out (its id stays unknown), the rest of the file is read. The \
                 examples are set files.",
                "[meta]\nname=Ours\n[/meta]\n[card]\nprimitive=Shock\nid=one\n[/card]\n",
                "[meta]\nname=Ours\n[/meta]\n[card]\nprimitive=Shock\nid=1372\n[/card]\n",
            ),
            Code::W0001 => (
                "The suffix `:this` (or `:fromThis`) matches the event's object, and this event \
                 concerns no object: the auto never runs. Remove the suffix.",
                "auto = ~myEndPhase:this~ draw()\n",
                "auto = ~myEndPhase~ draw()\n",
            ),
            Code::W0002 => (
                "A restriction times abilities, rule switches and cost changes; the commands of \
                 this statement make permanent changes, which it does not undo.",
                "action = damage(300) to(character@oppRing) ueot\n",
                "action = damage(300) to(character@oppRing)\n",
            ),
            Code::W0003 => (
                "A variable of `vars` is computed and never read. Read it, or remove it.",
                "vars = _coin := flipCoin()\naction = draw(2)\n",
                "vars = _coin := flipCoin()\naction = [[if _coin]] draw(2)\n",
            ),
            Code::W0004 => (
                "Events are written between `~` and hooks between `?`. The name is the other \
                 kind: it works, but reads as something it is not.",
                "auto = ?myEndPhase? draw()\n",
                "auto = ~myEndPhase~ draw()\n",
            ),
            Code::W0005 => (
                "An ability is listed twice in `abilities`: the second adds nothing.",
                "abilities = unblockable, rush, unblockable\n",
                "abilities = unblockable, rush\n",
            ),
            Code::W0006 => (
                "The `target` property chooses targets before the card's statements run, and \
                 here every statement chooses its own while nothing reads `tgt` or `prevTgt`: \
                 the choice is asked for and never used.",
                "target = character@oppRing\naction = damage(300) to(character@myRing)\n",
                "action = damage(300) to(character@myRing)\n",
            ),
            Code::W0007 => (
                "A hook auto answers the game's question with its condition \
                 (`?oppCanBlock:this? [[if C]]`: the attacker can be blocked when C holds). \
                 Without a condition it answers nothing and the card does nothing.",
                "auto = ?oppCanBlock:this?\n",
                "auto = ?oppCanBlock:this? [[if blocker.bp < 500]]\n",
            ),
            Code::W0100 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): the card's \
                 `mana=` is not a row of mana symbols in braces, and Wagic reads it as \
                 something else without a word: it stops at a `{` never closed, misreads \
                 the symbol after a stray `}`, reads nothing outside braces (`mana=1G` costs \
                 nothing) and gives an unknown symbol no cost. Write each symbol in its \
                 braces: a number (`{2}`), a colour (`{W}`, `{U}`, `{B}`, `{R}`, `{G}`), \
                 `{C}`, `{X}`, a hybrid of two (`{WU}`, `{2R}`, no `/`), or one of Wagic's \
                 costs with arguments (`{S(creature|myBattlefield)}`, `{L:3}`). The card \
                 still compiles. The examples are Wagic card blocks.",
                "[card]\nname=Example\nmana={1}{G\ntype=Creature\npower=2\ntoughness=2\n[/card]\n",
                "[card]\nname=Example\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n",
            ),
            Code::W0101 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a `power=` or \
                 `toughness=` that is not a whole number (Wagic reads its leading digits, \
                 so `x` is 0), one too large for Wagic's numbers, or one of the two missing \
                 (Wagic reads a missing one as 0: a creature of toughness 0 dies as it \
                 enters). A creature needs both; `*` (and `1+*`) is a value the card's text \
                 defines. The card still compiles. The examples are Wagic card blocks.",
                "[card]\nname=Example\ntype=Creature\npower=2\ntoughness=x\n[/card]\n",
                "[card]\nname=Example\ntype=Creature\npower=2\ntoughness=2\n[/card]\n",
            ),
            Code::W0102 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a card block \
                 gives a key that describes the card (`mana`, `power`, `toughness`, `text`, \
                 `type`, `subtype`, `color`) a second time. Wagic keeps the last `mana`, \
                 `power`, `toughness` or `text` and drops the first, adds a second line's \
                 types to the first's, while this front end reads the first: which was meant \
                 is anyone's guess. Remove one of the two lines. The examples are Wagic card \
                 blocks.",
                "[card]\nname=Example\ntype=Creature\npower=2\ntoughness=2\npower=3\n[/card]\n",
                "[card]\nname=Example\ntype=Creature\npower=3\ntoughness=2\n[/card]\n",
            ),
            Code::W0103 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a card has the \
                 name of a card before it, in this file or one read before it. Wagic keeps \
                 the first card of a name and drops the second (a primitives conflict), most \
                 often a copy left over. This toolchain compiles both, the second under the \
                 key `name#2`. Rename it, or remove the copy. The examples are Wagic card \
                 blocks.",
                "[card]\nname=Example\ntype=Sorcery\nauto=life:1\n[/card]\n[card]\nname=Example\ntype=Sorcery\nauto=life:2\n[/card]\n",
                "[card]\nname=Example\ntype=Sorcery\nauto=life:1\n[/card]\n[card]\nname=Example Two\ntype=Sorcery\nauto=life:2\n[/card]\n",
            ),
            Code::W0104 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a word of \
                 `color=` that is not one of Wagic's colours, `white`, `blue`, `black`, \
                 `red`, `green`, `colorless` and `artifact`, separated by commas without \
                 blanks. Wagic ignores the word without a word, and the card has fewer \
                 colours than written. The examples are Wagic card blocks.",
                "[card]\nname=Example\ncolor=gren\ntype=Sorcery\nauto=life:1\n[/card]\n",
                "[card]\nname=Example\ncolor=green\ntype=Sorcery\nauto=life:1\n[/card]\n",
            ),
            Code::W0105 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a card block \
                 without a `type=` line, or with an empty one. Wagic reads a card of no type, \
                 and the front end lowers it as a permanent: the effects of an instant or a \
                 sorcery whose `type=` was forgotten happen as it enters play. Write the \
                 card's types (`type=Instant`, `type=Legendary Creature`). The examples are \
                 Wagic card blocks.",
                "[card]\nname=Example\nauto=damage:2 controller\n[/card]\n",
                "[card]\nname=Example\ntype=Instant\nauto=damage:2 controller\n[/card]\n",
            ),
            Code::W0106 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a key written \
                 with a capital (`Auto=`, `Power=`). Wagic compares keys as written and \
                 ignores the line: the card lacks the effect or value in Wagic, while this \
                 toolchain, which reads keys in any case, compiles it. Write the key in lower \
                 case. The examples are Wagic card blocks.",
                "[card]\nname=Example\ntype=Sorcery\nAuto=life:1\n[/card]\n",
                "[card]\nname=Example\ntype=Sorcery\nauto=life:1\n[/card]\n",
            ),
            Code::W0107 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a line of a card \
                 indented with blanks or tabs, or a key with a blank before its `=` (`auto \
                 =`). Wagic's reader removes no blanks: it ignores an indented line (its \
                 key starts with a blank), reads no card from an indented `[card]`, and reads \
                 `auto ` as a key other than `auto`, while this toolchain, which trims them, \
                 compiles the line. Start each line with its key, and write the `=` right \
                 after it. The examples are Wagic card blocks.",
                "[card]\nname=Example\ntype=Sorcery\n  auto=life:1\n[/card]\n",
                "[card]\nname=Example\ntype=Sorcery\nauto=life:1\n[/card]\n",
            ),
            Code::W0108 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a word of \
                 `subtype=` that no card of Wagic's uses, a typo away from one that they do \
                 (`Gobin` for `Goblin`). Wagic takes any word as a subtype, so the card \
                 silently lacks the one meant: a lord of Goblins does not count it. A \
                 planeswalker's subtype is its own name and is not checked. The examples are \
                 Wagic card blocks.",
                "[card]\nname=Example\ntype=Creature\nsubtype=Gobin\npower=1\ntoughness=1\n[/card]\n",
                "[card]\nname=Example\ntype=Creature\nsubtype=Goblin\npower=1\ntoughness=1\n[/card]\n",
            ),
            Code::W0109 => (
                "Reported by the Wagic front end (`rsc check --lang wagic`): a line whose \
                 brackets do not balance, in one of the shapes Wagic's engine, which finds a \
                 line's parts by searching its text rather than by nesting, reads one known \
                 way, the card's printed one: `this(cantargetcard(spec) effect` (its \
                 `this(` ends at the first `)`), `reject)` in `ability$!...!$`, a spec's \
                 `[` never closed before its `|` (`creature[power>=4|mybattlefield)`), \
                 `@movedto(spec|zone:` and a second `}` after a trigger's \
                 `restriction{...}`. The front end reads the line as Wagic does and the \
                 card still compiles; the warning names the bracket and what was assumed. \
                 Balance the brackets: other engines, and the next edit of the line, may \
                 read it otherwise. Any other imbalance is an error (E0100). The examples \
                 are Wagic card blocks.",
                "[card]\nname=Example\ntype=Enchantment\nauto=@movedto(creature[power>=4|mybattlefield):draw:1 controller\n[/card]\n",
                "[card]\nname=Example\ntype=Enchantment\nauto=@movedto(creature[power>=4]|mybattlefield):draw:1 controller\n[/card]\n",
            ),
        };
        Explanation { text, wrong, right }
    }
}
