//! The kinds of named counters a spec may count (`creature[counter{0/0.1.bribe}]`): each
//! is a comparable filter `counter{name}`, the count of counters of that name on a card,
//! which no spec can write itself (a spec term's property has no `{`).

use vm::catalogue::NamedSpec;

/// The kinds of named counters, as comparable filters, in alphabetical order.
pub const COUNTER_FILTERS: &[NamedSpec] = &{
    let mut specs = [NamedSpec { name: "", doc: "" }; KINDS.len()];
    let mut index = 0;
    while index < KINDS.len() {
        specs[index] = NamedSpec {
            name: KINDS[index],
            doc: "The counters of that name on a card (Wagic's `counter{0/0.n.name}`: at least n).",
        };
        index += 1;
    }
    specs
};

/// Magic's kinds of counters that Wagic's specs and counter costs count, as comparable
/// filter names.
const KINDS: &[&str] = &[
    // The -1/-1 and +1/+1 counters, which a counter cost names (`{C(1/1,-1)}`).
    "counter{-1/-1}",
    "counter{1/1}",
    "counter{age}",
    "counter{arrowhead}",
    "counter{awakening}",
    "counter{blaze}",
    "counter{bounty}",
    "counter{bribe}",
    "counter{charge}",
    "counter{death}",
    "counter{depletion}",
    "counter{divinity}",
    "counter{fade}",
    "counter{fate}",
    "counter{flood}",
    "counter{fuse}",
    "counter{gold}",
    "counter{hatchling}",
    "counter{hourglass}",
    "counter{ice}",
    "counter{ki}",
    "counter{level}",
    "counter{loyalty}",
    "counter{mannequin}",
    "counter{matrix}",
    "counter{mine}",
    "counter{mining}",
    "counter{mire}",
    "counter{paralyzation}",
    "counter{payment}",
    "counter{petal}",
    "counter{pin}",
    "counter{plague}",
    "counter{quest}",
    "counter{scream}",
    "counter{shell}",
    "counter{spore}",
    "counter{storage}",
    "counter{theft}",
    "counter{tide}",
    "counter{time}",
    "counter{tower}",
    "counter{treasure}",
    "counter{velocity}",
    "counter{verse}",
    "counter{wage}",
    "counter{wind}",
];

/// The counter name of a comparable filter's name (`counter{charge}`: `charge`).
pub fn counter_name(comparable: &str) -> Option<&str> {
    comparable.strip_prefix("counter{")?.strip_suffix('}')
}
