//! `alias=N`: a number naming no rule of Wagic's engine only names the card; a rule not
//! compiled, or an alias on a card without lines of its own (Wagic reads the aliased
//! card's), is refused.

use super::front::error_of;
use super::front_ir::ir_of;

#[test]
fn an_alias_naming_no_rule_adds_nothing_to_the_cards_own_lines() {
    let lines = "auto={T}:draw:1\ntype=Artifact";
    assert_eq!(ir_of(&format!("alias=1111\n{lines}")), ir_of(lines));
    assert_eq!(ir_of(&format!("alias=4192\n{lines}")), ir_of(lines));
    // Erg Raiders', Kjeldoran Frostbeast's and Draining Whelk's numbers are rules of the
    // engine, not compiled here.
    for number in [1159, 2732, 111057] {
        assert_eq!(
            error_of(&format!("alias={number}\n{lines}")).as_deref(),
            Some("unsupported: key `alias`"),
            "{number}"
        );
    }
    // Without lines of its own the card would be the aliased card's: refused.
    assert_eq!(error_of("alias=1111\ntype=Artifact").as_deref(), Some("unsupported: key `alias`"));
    assert_eq!(error_of("alias=wagic\nauto=draw:1\ntype=Artifact").as_deref(), Some("unsupported: key `alias`"));
}
