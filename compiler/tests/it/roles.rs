//! The words the compiler gives a meaning to come from the catalogue's roles
//! (`vm::catalogue::Roles`), not from CFC's spelling: a catalogue that spells a part
//! otherwise is checked by its own word.

use compiler::{Code, check_source};
use stdlib::CATALOGUE;
use vm::catalogue::{Catalogue, Roles};

/// CFC's catalogue with "any player" spelt `gamer` as a target type, and no name in the
/// part of the `this` event suffix.
fn respelt() -> Catalogue {
    Catalogue { roles: Roles { target_player: Some("gamer"), suffix_source: None, ..CATALOGUE.roles }, ..CATALOGUE }
}

fn codes(source: &str, catalogue: &Catalogue) -> Vec<Code> {
    check_source(source, catalogue).iter().map(|diagnostic| diagnostic.code).collect()
}

#[test]
fn a_target_word_is_the_one_its_role_names() {
    let catalogue = respelt();
    assert_eq!(codes("action = draw(1) to(<1>gamer)\n", &catalogue), []);
    assert_eq!(codes("action = draw(1) to(<1>player)\n", &catalogue), [Code::E0038]);
    assert_eq!(codes("action = draw(1) to(<1>player)\n", &CATALOGUE), []);
    assert_eq!(codes("action = draw(1) to(<1>gamer)\n", &CATALOGUE), [Code::E0038]);
}

#[test]
fn the_source_suffix_warning_follows_its_role() {
    let source = "auto = ~endPhase:this~ draw(1)\n";
    assert_eq!(codes(source, &CATALOGUE), [Code::W0001]);
    assert_eq!(codes(source, &respelt()), [], "`this` names no part there");
}
