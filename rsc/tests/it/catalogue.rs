//! `--catalogue FILE` and `rsc catalogue`: another game's cards are checked in its words,
//! compiled and disassembled; a bad catalogue file gets its codes at their places; the
//! built-in catalogues written as files compile what the built-in ones do, byte for byte.

use std::path::Path;

use crate::{TempDir, code, last_line, records, rsc, stderr, stdout};

/// A small game: two commands, one zone and its prefixes, a unit type, and its own words
/// for the controller and the opponent (`hero`, `foe`).
const TINY: &str = r#"{
  "format": "rsc-catalogue/1",
  "name": "tiny",
  "commands": [
    {"name": "strike", "params": [{"name": "amount", "kind": "Expr"}], "default_target": "Nothing"},
    {"name": "draw", "params": [{"name": "count", "kind": "Expr", "optional": true}],
     "default_target": "SourceController"}
  ],
  "zones": [{"name": "board"}, {"name": "hand", "is_pile": true}],
  "zone_prefixes": [{"name": "own"}, {"name": "enemy"}],
  "card_types": [{"name": "unit"}],
  "restrictions": [{"name": "eot"}],
  "variables": [{"name": "hero"}, {"name": "foe"}],
  "roles": {"target_controller": "hero", "target_opponent": "foe", "zone_mine": "own", "zone_opponent": "enemy"}
}
"#;

/// `(file, line, column, code, message, help)` of each JSON record.
fn diagnostics(output: &std::process::Output) -> Vec<String> {
    records(output)
        .iter()
        .map(|record| {
            format!(
                "{}:{}:{} {} {} / {}",
                Path::new(record["file"].as_str().unwrap_or("?")).file_name().unwrap().to_string_lossy(),
                record["line"],
                record["column"],
                record["code"].as_str().unwrap_or("?"),
                record["message"].as_str().unwrap_or("?"),
                record["help"].as_str().unwrap_or("-"),
            )
        })
        .collect()
}

#[test]
fn cards_are_checked_in_the_words_of_the_catalogue_file() {
    let dir = TempDir::new("catalogue-words");
    let catalogue = dir.file("tiny.json", TINY);
    dir.file("cards/zap.rules", "action = strik(3) to(opp)\n");
    dir.file("cards/bolt.rules", "action = strike(2) to(unit@oppBoard) ueot\n");
    dir.file("cards/fine.rules", "action = strike(2) to(foe) & draw()\n");
    let output = rsc([
        "check".as_ref(),
        "--catalogue".as_ref(),
        catalogue.as_os_str(),
        "--message-format".as_ref(),
        "json".as_ref(),
        dir.path().join("cards").as_os_str(),
    ]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert_eq!(
        diagnostics(&output),
        [
            "bolt.rules:1:28 E0040 unknown zone prefix `opp` / expected one of `own`, `enemy`",
            "bolt.rules:1:38 E0018 unknown restriction `ueot` / did you mean `eot`?",
            "zap.rules:1:10 E0008 unknown command `strik` / did you mean `strike`?",
            "zap.rules:1:22 E0038 unknown target type `opp` / a target type is `*`, `all`, `unit`, `hero`, `foe`, a quoted card name, or a variable",
        ]
    );
    assert_eq!(last_line(&stderr(&output)), "checked 3 files: 4 errors, 0 warnings");
}

#[test]
fn a_bundle_compiled_against_the_file_disassembles_in_its_words() {
    let dir = TempDir::new("catalogue-compile");
    let catalogue = dir.file("tiny.json", TINY);
    let card = dir.file("hit.rules", "action = strike(2) to(foe)\n");
    let bundle = dir.path().join("tiny.rsb");
    let compiled = rsc([
        "compile".as_ref(),
        "--catalogue".as_ref(),
        catalogue.as_os_str(),
        card.as_os_str(),
        "-o".as_ref(),
        bundle.as_os_str(),
    ]);
    assert_eq!(code(&compiled), 0, "{}", stderr(&compiled));
    let disas = rsc(["disas".as_ref(), "--catalogue".as_ref(), catalogue.as_os_str(), bundle.as_os_str()]);
    assert_eq!(code(&disas), 0, "{}", stderr(&disas));
    let text = stdout(&disas);
    assert!(text.starts_with("bundle for tiny#"), "{text}");
    assert!(text.contains("= foe@board\n"), "the target in the game's words: {text}");
    assert!(text.contains("Call strike r0 1"), "{text}");
    // Without the file, the bundle is not CFC's: the error says what to give.
    let refused = rsc(["disas".as_ref(), bundle.as_os_str()]);
    assert_eq!(code(&refused), 1);
    assert!(stderr(&refused).contains("built against catalogue tiny#"), "{}", stderr(&refused));
    assert!(
        stderr(&refused).ends_with("= help: give the catalogue file it was compiled against: `--catalogue FILE`\n")
    );
}

#[test]
fn a_bad_catalogue_file_gets_each_code_at_its_place() {
    let dir = TempDir::new("catalogue-bad");
    let card = dir.file("card.rules", "action = strike(1)\n");
    let cases: [(&str, &str, &[&str]); 5] = [
        (
            "syntax.json",
            "{\n  \"format\": \"rsc-catalogue/1\",\n  \"name\": \"tiny\",\n}\n",
            &["syntax.json:4:1 E0102 trailing comma / a catalogue file is one JSON object; `rsc catalogue` prints one"],
        ),
        (
            "kind.json",
            "{\"format\": \"rsc-catalogue/1\", \"name\": \"tiny\",\n \"commands\": [{\"name\": \"strike\", \"params\": [{\"name\": \"n\", \"kind\": \"Number\"}], \"default_target\": \"Nothing\"}]}\n",
            &[
                "kind.json:2:74 E0103 unknown variant `Number`, expected one of `Int`, `Expr`, `Amount`, `CostChange`, `Filter`, `CountOrFilter`, `Pile`, `Position`, `Bool`, `Keyword`, `RuleSwitch`, `CardRef`, `Each`, `Value` / -",
            ],
        ),
        (
            "names.json",
            "{\"format\": \"rsc-catalogue/1\", \"name\": \"\",\n \"zones\": [{\"name\": \"board\"}, {\"name\": \"Board\"}]}\n",
            &[
                "names.json:1:39 E0104 the catalogue's name is empty / a name is one word of printable ASCII, without spaces, at most 64 bytes",
                "names.json:2:40 E0105 `Board` is given twice in zones / names are looked up in any case: give each once",
            ],
        ),
        (
            "role.json",
            "{\"format\": \"rsc-catalogue/1\", \"name\": \"tiny\", \"variables\": [{\"name\": \"hero\"}],\n \"roles\": {\"source\": \"itself\"}}\n",
            &[
                "role.json:2:22 E0106 role `source` names `itself`, which is not in `variables` / add it to `variables`, or write `null` when the game has no such part",
            ],
        ),
        (
            "params.json",
            "{\"format\": \"rsc-catalogue/1\", \"name\": \"tiny\", \"commands\": [{\"name\": \"draw\", \"default_target\": \"Nothing\",\n \"params\": [{\"name\": \"n\", \"kind\": \"Expr\", \"optional\": true}, {\"name\": \"pile\", \"kind\": \"Pile\"}]}]}\n",
            &[
                "params.json:2:71 E0108 required parameter `pile` of `draw` after an optional one / only trailing parameters may be optional",
            ],
        ),
    ];
    for (name, json, expected) in cases {
        let file = dir.file(name, json);
        let output = rsc([
            "check".as_ref(),
            "--catalogue".as_ref(),
            file.as_os_str(),
            "--message-format".as_ref(),
            "json".as_ref(),
            card.as_os_str(),
        ]);
        assert_eq!(code(&output), 1, "{name}: {}", stderr(&output));
        assert_eq!(diagnostics(&output), expected, "{name}");
        let count = expected.len();
        let plural = if count == 1 { "" } else { "s" };
        assert_eq!(
            stderr(&output),
            format!("error: catalogue file `{}` not loaded: {count} error{plural}\n", file.display())
        );
    }
    // The human report points into the file.
    let file = dir.path().join("names.json");
    let output = rsc([
        "compile".as_ref(),
        "--catalogue".as_ref(),
        file.as_os_str(),
        card.as_os_str(),
        "-o".as_ref(),
        dir.path().join("x.rsb").as_os_str(),
    ]);
    assert_eq!(code(&output), 1);
    let text = stderr(&output);
    assert!(text.contains("error[E0105]: `Board` is given twice in zones"), "{text}");
    assert!(text.contains(" 2 │  \"zones\": [{\"name\": \"board\"}, {\"name\": \"Board\"}]}"), "{text}");
    assert!(!dir.path().join("x.rsb").exists());
}

#[test]
fn a_catalogue_file_that_cannot_be_read_or_is_too_large() {
    let dir = TempDir::new("catalogue-io");
    let card = dir.file("card.rules", "action = strike(1)\n");
    let missing = dir.path().join("missing.json");
    let output = rsc(["check".as_ref(), "--catalogue".as_ref(), missing.as_os_str(), card.as_os_str()]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).starts_with(&format!("error: cannot read catalogue file `{}`: ", missing.display())));
    let big = dir.path().join("big.json");
    std::fs::File::create(&big).unwrap().set_len(100 << 20).unwrap();
    let output = rsc([
        "check".as_ref(),
        "--catalogue".as_ref(),
        big.as_os_str(),
        "--message-format".as_ref(),
        "json".as_ref(),
        card.as_os_str(),
    ]);
    assert_eq!(code(&output), 1);
    assert_eq!(diagnostics(&output), ["big.json:1:1 E0107 catalogue file larger than 4 MiB / -"]);
    let wagic = rsc([
        "check".as_ref(),
        "--lang".as_ref(),
        "wagic".as_ref(),
        "--catalogue".as_ref(),
        big.as_os_str(),
        card.as_os_str(),
    ]);
    assert_eq!(code(&wagic), 2);
}

/// `rsc catalogue` writes the built-in catalogues; compiling against the file gives the
/// bundle the built-in catalogue gives, byte for byte (the identity survives), and a Wagic
/// bundle loads against Wagic's file.
#[test]
fn the_built_in_catalogues_as_files_compile_the_same_bundles() {
    let dir = TempDir::new("catalogue-built-in");
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let cfc = rsc(["catalogue", "--lang", "rulescript"]);
    assert_eq!(code(&cfc), 0, "{}", stderr(&cfc));
    let cfc_file = dir.file("cfc.json", &cfc.stdout);
    let (built_in, from_file) = (dir.path().join("built-in.rsb"), dir.path().join("from-file.rsb"));
    let compiled = rsc(["compile".as_ref(), examples.as_os_str(), "-o".as_ref(), built_in.as_os_str()]);
    assert_eq!(code(&compiled), 0, "{}", stderr(&compiled));
    let compiled = rsc([
        "compile".as_ref(),
        "--catalogue".as_ref(),
        cfc_file.as_os_str(),
        examples.as_os_str(),
        "-o".as_ref(),
        from_file.as_os_str(),
    ]);
    assert_eq!(code(&compiled), 0, "{}", stderr(&compiled));
    assert!(std::fs::read(&built_in).unwrap() == std::fs::read(&from_file).unwrap(), "the bundles differ");

    let wagic = rsc(["catalogue", "--lang", "wagic"]);
    assert_eq!(code(&wagic), 0, "{}", stderr(&wagic));
    let wagic_file = dir.file("wagic.json", &wagic.stdout);
    let card =
        dir.file("cards.txt", "[card]\nname=Shock\nauto=damage:2 target(creature,player)\ntype=Instant\n[/card]\n");
    let bundle = dir.path().join("wagic.rsb");
    let compiled = rsc([
        "compile".as_ref(),
        "--lang".as_ref(),
        "wagic".as_ref(),
        card.as_os_str(),
        "-o".as_ref(),
        bundle.as_os_str(),
    ]);
    assert_eq!(code(&compiled), 0, "{}", stderr(&compiled));
    let disas = rsc(["disas".as_ref(), "--catalogue".as_ref(), wagic_file.as_os_str(), bundle.as_os_str()]);
    assert_eq!(code(&disas), 0, "{}", stderr(&disas));
    assert!(stdout(&disas).contains("Call damage"), "{}", stdout(&disas));
}
