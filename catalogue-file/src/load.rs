//! A catalogue file into a `&'static Catalogue`: read as JSON (serde_json's errors, with
//! their line and column), checked (names, duplicates, parameters, sizes, roles) on the
//! borrowed text, and only then, once every check passed, leaked. Every problem is a
//! [`Diagnostic`] with a stable code and the span it is about.

use std::collections::HashMap;

use compiler::{Code, Diagnostic, Span};
use vm::catalogue::{
    ArgKind, Catalogue, CommandSpec, CostArg, CostSpec, DefaultTarget, EventSpec, FunctionSpec, NamedSpec, ParamSpec,
    RankingSpec, Roles, ZoneSpec,
};

use crate::form::{
    ArgKindForm, CatalogueForm, CommandForm, CostArgForm, CostForm, DefaultTargetForm, EventForm, FORMAT, FunctionForm,
    NamedForm, ParamForm, RankingForm, RolesForm, Word, ZoneForm,
};
use crate::{MAX_DIAGNOSTICS, MAX_FILE_BYTES, MAX_LIST_ENTRIES, MAX_NAME_BYTES};

/// Every check of a catalogue file, leaking nothing: its form, or its problems.
pub(crate) fn check(bytes: &[u8]) -> Result<CatalogueForm, Vec<Diagnostic>> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(vec![error(
            Code::E0107,
            Span::new(0, 0),
            format!("catalogue file larger than {} MiB", MAX_FILE_BYTES >> 20),
            "the file starts here",
        )]);
    }
    let text = std::str::from_utf8(bytes).map_err(|utf8| {
        let at = utf8.valid_up_to();
        vec![error(Code::E0102, Span::new(at, at + 1), "catalogue file is not valid UTF-8".into(), "not UTF-8")]
    })?;
    let form: CatalogueForm = serde_json::from_str(text).map_err(|json| vec![json_error(text, &json)])?;
    let mut checker = Checker { file: text, diagnostics: Vec::new() };
    checker.check(&form);
    if !checker.diagnostics.is_empty() {
        return Err(checker.diagnostics);
    }
    // Roles last, as `Catalogue::unknown_roles` would find them in the catalogue made: a
    // role naming a name that is itself refused would only repeat that name's problem.
    checker.roles(&form);
    if !checker.diagnostics.is_empty() {
        return Err(checker.diagnostics);
    }
    Ok(form)
}

/// A checked form as a catalogue, leaked (see the crate documentation).
pub(crate) fn leak_catalogue(form: &CatalogueForm) -> &'static Catalogue {
    Box::leak(Box::new(catalogue(form)))
}

fn error(code: Code, span: Span, message: String, label: &str) -> Diagnostic {
    Diagnostic { code, message, span, label: label.to_owned(), help: None }
}

/// serde_json's error: E0102 when the text is not JSON, E0103 when it is JSON of another
/// shape, at serde_json's line and column (a byte column, from 1).
fn json_error(text: &str, json: &serde_json::Error) -> Diagnostic {
    let code = match json.classify() {
        serde_json::error::Category::Data => Code::E0103,
        _ => Code::E0102,
    };
    let mut offset = offset_of(text, json.line(), json.column());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let next = text[offset..].chars().next().map_or(0, char::len_utf8);
    // The message without serde_json's " at line L column C": the span says where.
    let full = json.to_string();
    let message = match full.rfind(" at line ") {
        Some(at) if json.line() > 0 => &full[..at],
        _ => &full,
    };
    let label = if code == Code::E0102 { "not JSON here" } else { "here" };
    let mut diagnostic = error(code, Span::new(offset, offset + next), message.to_owned(), label);
    diagnostic.help = match code {
        Code::E0102 => Some("a catalogue file is one JSON object; `rsc catalogue` prints one".into()),
        _ => None,
    };
    diagnostic
}

/// The byte offset of serde_json's `line` and `column` (both from 1; column 0 is just
/// after the line's previous newline).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start =
        if line <= 1 { 0 } else { text.match_indices('\n').nth(line - 2).map_or(text.len(), |(at, _)| at + 1) };
    line_start.saturating_add(column.saturating_sub(1)).min(text.len())
}

/// 1-based line of `offset` in `file`.
fn line_of(file: &str, offset: usize) -> usize {
    file.as_bytes()[..offset.min(file.len())].iter().filter(|&&byte| byte == b'\n').count() + 1
}

/// The names of a list of named entries.
fn names(list: &[NamedForm]) -> Vec<&Word> {
    list.iter().map(|named| &named.name).collect()
}

/// Whether `name` is one word: printable ASCII without spaces (CFC's subtype `kung-fu`,
/// Wagic's `urza's`), at most [`MAX_NAME_BYTES`] bytes.
pub(crate) fn is_word(name: &str) -> bool {
    let bytes = name.as_bytes();
    (1..=MAX_NAME_BYTES).contains(&bytes.len()) && bytes.iter().all(u8::is_ascii_graphic)
}

/// The checks after the JSON is read, each problem a diagnostic, at most
/// [`MAX_DIAGNOSTICS`].
struct Checker<'f> {
    file: &'f str,
    diagnostics: Vec<Diagnostic>,
}

impl Checker<'_> {
    fn push(&mut self, diagnostic: Diagnostic) {
        if self.diagnostics.len() < MAX_DIAGNOSTICS {
            self.diagnostics.push(diagnostic);
        }
    }

    fn check(&mut self, form: &CatalogueForm) {
        if form.format.text != FORMAT {
            let message = format!("unknown catalogue format `{}`", form.format.text.escape_debug());
            let mut diagnostic = error(Code::E0103, form.format.span(self.file), message, "this format");
            diagnostic.help = Some(format!("this toolchain reads `\"format\": \"{FORMAT}\"`"));
            self.push(diagnostic);
        }
        self.word(&form.name, "the catalogue's name");
        let lists: [(&str, Vec<&Word>); 20] = [
            ("commands", form.commands.iter().map(|command| &command.name).collect()),
            ("costs", form.costs.iter().map(|cost| &cost.name).collect()),
            ("filters", names(&form.filters)),
            ("comparable_filters", names(&form.comparable_filters)),
            ("ranking_filters", form.ranking_filters.iter().map(|ranking| &ranking.name).collect()),
            ("zones", form.zones.iter().map(|zone| &zone.name).collect()),
            ("zone_prefixes", names(&form.zone_prefixes)),
            ("card_types", names(&form.card_types)),
            ("subtypes", form.subtypes.iter().collect()),
            ("events", form.events.iter().map(|event| &event.name).collect()),
            ("event_prefixes", names(&form.event_prefixes)),
            ("event_suffixes", names(&form.event_suffixes)),
            ("abilities", names(&form.abilities)),
            ("rule_switches", names(&form.rule_switches)),
            ("selectors", names(&form.selectors)),
            ("restrictions", names(&form.restrictions)),
            ("restriction_prefixes", names(&form.restriction_prefixes)),
            ("variables", names(&form.variables)),
            ("attributes", names(&form.attributes)),
            ("functions", form.functions.iter().map(|function| &function.name).collect()),
        ];
        for (list, words) in &lists {
            self.list(list, words);
        }
        for command in &form.commands {
            self.command(command);
        }
        for ranking in &form.ranking_filters {
            self.list(&format!("the words of `{}`", ranking.name.text), &names(&ranking.words));
        }
        for function in &form.functions {
            if function.min_args > function.max_args {
                let message = format!(
                    "function `{}` takes at least {} arguments and at most {}",
                    function.name.text, function.min_args, function.max_args
                );
                self.push(error(Code::E0108, function.name.span(self.file), message, "min_args > max_args"));
            }
        }
        for (field, name) in form.roles.all() {
            if let Some(name) = name {
                self.word(name, &format!("the role `{field}`"));
            }
        }
    }

    /// A list's names: not too many, each a word, none twice (in any case).
    fn list(&mut self, list: &str, words: &[&Word]) {
        if words.len() > MAX_LIST_ENTRIES {
            let message = format!("{list} has {} entries, at most {MAX_LIST_ENTRIES}", words.len());
            let span = words.get(MAX_LIST_ENTRIES).map_or(Span::new(0, 0), |word| word.span(self.file));
            self.push(error(Code::E0107, span, message, "one too many"));
            return;
        }
        let mut first_at: HashMap<String, usize> = HashMap::with_capacity(words.len());
        for word in words {
            if !self.word(word, &format!("a name of {list}")) {
                continue;
            }
            let offset = word.offset(self.file);
            match first_at.get(&word.text.to_ascii_lowercase()) {
                Some(&first) => {
                    let message = format!("`{}` is given twice in {list}", word.text);
                    let label = format!("also given at line {}", line_of(self.file, first));
                    let mut diagnostic = error(Code::E0105, word.span(self.file), message, &label);
                    diagnostic.help = Some("names are looked up in any case: give each once".into());
                    self.push(diagnostic);
                }
                None => {
                    first_at.insert(word.text.to_ascii_lowercase(), offset);
                }
            }
        }
    }

    /// Whether `word` is a name a card can write; reports it when not.
    fn word(&mut self, word: &Word, what: &str) -> bool {
        if is_word(&word.text) {
            return true;
        }
        let message = if word.text.is_empty() {
            format!("{what} is empty")
        } else if word.text.len() > MAX_NAME_BYTES {
            format!("{what} is longer than {MAX_NAME_BYTES} bytes")
        } else {
            format!("{what} `{}` is not one word of printable ASCII", word.text.escape_debug())
        };
        let mut diagnostic = error(Code::E0104, word.span(self.file), message, "this name");
        diagnostic.help =
            Some(format!("a name is one word of printable ASCII, without spaces, at most {MAX_NAME_BYTES} bytes"));
        self.push(diagnostic);
        false
    }

    /// A command's parameters: named, optional ones last, `Each` alone, keyword sets.
    fn command(&mut self, command: &CommandForm) {
        let params: Vec<&Word> = command.params.iter().map(|param| &param.name).collect();
        self.list(&format!("the parameters of `{}`", command.name.text), &params);
        let mut optional_seen = false;
        for param in &command.params {
            if optional_seen && !param.optional {
                let message = format!(
                    "required parameter `{}` of `{}` after an optional one",
                    param.name.text, command.name.text
                );
                let mut diagnostic = error(Code::E0108, param.name.span(self.file), message, "required");
                diagnostic.help = Some("only trailing parameters may be optional".into());
                self.push(diagnostic);
            }
            optional_seen |= param.optional;
            match &param.kind {
                ArgKindForm::Each if command.params.len() > 1 => {
                    let message = format!(
                        "`Each` parameter `{}` is not the only one of `{}`",
                        param.name.text, command.name.text
                    );
                    let mut diagnostic = error(Code::E0108, param.name.span(self.file), message, "an `Each` loop");
                    diagnostic.help =
                        Some("a command whose one parameter is `Each` is a loop; it takes nothing else".into());
                    self.push(diagnostic);
                }
                ArgKindForm::Keyword(words) => {
                    let names: Vec<&Word> = words.iter().map(|named| &named.name).collect();
                    self.list(&format!("the keywords of `{}`", param.name.text), &names);
                }
                _ => {}
            }
        }
    }

    /// E0106 for each role naming no name of the list its field says, in the order and
    /// with the matching of `Catalogue::unknown_roles` (names in any case; the target
    /// words are in no list), which the crate's tests hold this to.
    fn roles(&mut self, form: &CatalogueForm) {
        for (field, word) in form.roles.all() {
            let Some(word) = word else { continue };
            let Some(names) = role_names(field, form) else { continue };
            if !names.iter().any(|name| name.eq_ignore_ascii_case(&word.text)) {
                let diagnostic = self.unknown_role(field, word);
                self.push(diagnostic);
            }
        }
    }

    /// E0106 for the role `field`, which names `word`, found in no list.
    fn unknown_role(&self, field: &str, word: &Word) -> Diagnostic {
        let list = role_list(field);
        let message = format!("role `{field}` names `{}`, which is not in {list}", word.text);
        let mut diagnostic = error(Code::E0106, word.span(self.file), message, "names nothing");
        diagnostic.help = Some(format!("add it to {list}, or write `null` when the game has no such part"));
        diagnostic
    }
}

/// The names a role's name must be one of (see `vm::catalogue::Roles`), or `None` for a
/// role of no list (the target words).
fn role_names<'f>(field: &str, form: &'f CatalogueForm) -> Option<Vec<&'f str>> {
    let named = |list: &'f [NamedForm]| Some(list.iter().map(|named| named.name.text.as_str()).collect());
    match field {
        "source" | "targets" | "previous_targets" | "event_object" => named(&form.variables),
        "event_mine" | "event_opponent" | "event_anyone" => named(&form.event_prefixes),
        "suffix_source" | "suffix_from_source" | "suffix_any_object" | "suffix_once" => named(&form.event_suffixes),
        "restriction_opponent" => named(&form.restriction_prefixes),
        "zone_mine" | "zone_opponent" | "zone_either" | "zone_same" => named(&form.zone_prefixes),
        "continuous" => Some(form.events.iter().map(|event| event.name.text.as_str()).collect()),
        _ => None,
    }
}

/// The list a role's name must be in (see `vm::catalogue::Roles`).
fn role_list(field: &str) -> &'static str {
    match field {
        "source" | "targets" | "previous_targets" | "event_object" => "`variables`",
        "event_mine" | "event_opponent" | "event_anyone" => "`event_prefixes`",
        "suffix_source" | "suffix_from_source" | "suffix_any_object" | "suffix_once" => "`event_suffixes`",
        "restriction_opponent" => "`restriction_prefixes`",
        "zone_mine" | "zone_opponent" | "zone_either" | "zone_same" => "`zone_prefixes`",
        "continuous" => "`events`",
        _ => "its list",
    }
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_owned().into_boxed_str())
}

fn leak_slice<T>(items: Vec<T>) -> &'static [T] {
    Box::leak(items.into_boxed_slice())
}

fn named_list(list: &[NamedForm]) -> &'static [NamedSpec] {
    leak_slice(list.iter().map(|named| NamedSpec { name: leak(&named.name.text), doc: leak(&named.doc) }).collect())
}

/// The catalogue the form describes, leaked: every field of `Catalogue` is named, so one
/// added there does not compile here until the file form has it.
fn catalogue(form: &CatalogueForm) -> Catalogue {
    Catalogue {
        name: leak(&form.name.text),
        commands: leak_slice(form.commands.iter().map(command).collect()),
        costs: leak_slice(form.costs.iter().map(cost).collect()),
        filters: named_list(&form.filters),
        comparable_filters: named_list(&form.comparable_filters),
        ranking_filters: leak_slice(form.ranking_filters.iter().map(ranking).collect()),
        zones: leak_slice(form.zones.iter().map(zone).collect()),
        zone_prefixes: named_list(&form.zone_prefixes),
        card_types: named_list(&form.card_types),
        subtypes: leak_slice(form.subtypes.iter().map(|subtype| leak(&subtype.text)).collect()),
        events: leak_slice(form.events.iter().map(event).collect()),
        event_prefixes: named_list(&form.event_prefixes),
        event_suffixes: named_list(&form.event_suffixes),
        abilities: named_list(&form.abilities),
        rule_switches: named_list(&form.rule_switches),
        selectors: named_list(&form.selectors),
        restrictions: named_list(&form.restrictions),
        restriction_prefixes: named_list(&form.restriction_prefixes),
        variables: named_list(&form.variables),
        attributes: named_list(&form.attributes),
        functions: leak_slice(form.functions.iter().map(function).collect()),
        roles: roles(&form.roles),
    }
}

fn command(form: &CommandForm) -> CommandSpec {
    CommandSpec {
        name: leak(&form.name.text),
        params: leak_slice(form.params.iter().map(param).collect()),
        default_target: match form.default_target {
            DefaultTargetForm::Source => DefaultTarget::Source,
            DefaultTargetForm::SourceController => DefaultTarget::SourceController,
            DefaultTargetForm::Nothing => DefaultTarget::Nothing,
            DefaultTargetForm::Irrelevant => DefaultTarget::Irrelevant,
        },
        doc: leak(&form.doc),
        fails_when: leak(&form.fails_when),
        timed: form.timed,
    }
}

fn param(form: &ParamForm) -> ParamSpec {
    let kind = match &form.kind {
        ArgKindForm::Int => ArgKind::Int,
        ArgKindForm::Expr => ArgKind::Expr,
        ArgKindForm::Amount => ArgKind::Amount,
        ArgKindForm::CostChange => ArgKind::CostChange,
        ArgKindForm::Filter => ArgKind::Filter,
        ArgKindForm::CountOrFilter => ArgKind::CountOrFilter,
        ArgKindForm::Pile => ArgKind::Pile,
        ArgKindForm::Position => ArgKind::Position,
        ArgKindForm::Bool => ArgKind::Bool,
        ArgKindForm::Keyword(words) => ArgKind::Keyword(named_list(words)),
        ArgKindForm::RuleSwitch => ArgKind::RuleSwitch,
        ArgKindForm::CardRef => ArgKind::CardRef,
        ArgKindForm::Each => ArgKind::Each,
        ArgKindForm::Value => ArgKind::Value,
    };
    ParamSpec { name: leak(&form.name.text), kind, optional: form.optional }
}

fn cost(form: &CostForm) -> CostSpec {
    let arg = match form.arg {
        CostArgForm::None => CostArg::None,
        CostArgForm::OptionalFilter => CostArg::OptionalFilter,
        CostArgForm::OptionalCountOrFilter => CostArg::OptionalCountOrFilter,
    };
    CostSpec { name: leak(&form.name.text), arg, doc: leak(&form.doc) }
}

fn ranking(form: &RankingForm) -> RankingSpec {
    RankingSpec { name: leak(&form.name.text), words: named_list(&form.words), doc: leak(&form.doc) }
}

fn zone(form: &ZoneForm) -> ZoneSpec {
    ZoneSpec { name: leak(&form.name.text), is_pile: form.is_pile, doc: leak(&form.doc) }
}

fn event(form: &EventForm) -> EventSpec {
    EventSpec { name: leak(&form.name.text), is_hook: form.is_hook, has_object: form.has_object, doc: leak(&form.doc) }
}

fn function(form: &FunctionForm) -> FunctionSpec {
    FunctionSpec { name: leak(&form.name.text), min_args: form.min_args, max_args: form.max_args, doc: leak(&form.doc) }
}

fn roles(form: &RolesForm) -> Roles {
    let word = |word: &Option<Word>| word.as_ref().map(|word| leak(&word.text));
    Roles {
        target_controller: word(&form.target_controller),
        target_opponent: word(&form.target_opponent),
        target_source: word(&form.target_source),
        target_player: word(&form.target_player),
        source: word(&form.source),
        targets: word(&form.targets),
        previous_targets: word(&form.previous_targets),
        event_object: word(&form.event_object),
        event_mine: word(&form.event_mine),
        event_opponent: word(&form.event_opponent),
        event_anyone: word(&form.event_anyone),
        suffix_source: word(&form.suffix_source),
        suffix_from_source: word(&form.suffix_from_source),
        suffix_any_object: word(&form.suffix_any_object),
        suffix_once: word(&form.suffix_once),
        restriction_opponent: word(&form.restriction_opponent),
        zone_mine: word(&form.zone_mine),
        zone_opponent: word(&form.zone_opponent),
        zone_either: word(&form.zone_either),
        zone_same: word(&form.zone_same),
        continuous: word(&form.continuous),
    }
}

#[cfg(test)]
mod tests {
    //! The roles are checked on the form, before anything is leaked; these tests hold that
    //! check to `Catalogue::unknown_roles`, which checks the catalogue made.

    use super::*;

    /// A small file whose lists share names (`hero` is a variable, an event prefix and an
    /// event; `mine` a zone prefix and an event suffix), so that a role naming a name of
    /// the wrong list is told apart from one naming a name of its own.
    const SHARED_NAMES: &str = r#"{"format": "rsc-catalogue/1", "name": "roles",
        "variables": [{"name": "hero"}, {"name": "Foe"}],
        "event_prefixes": [{"name": "hero"}, {"name": "my"}],
        "event_suffixes": [{"name": "mine"}, {"name": "once"}],
        "restriction_prefixes": [{"name": "opp"}],
        "zone_prefixes": [{"name": "mine"}, {"name": "their"}],
        "events": [{"name": "hero"}, {"name": "Tick"}]}"#;

    /// Every role field, set in turn to every name of the file (in two cases) and to a
    /// name of no list: the form's check refuses exactly the roles the catalogue made of
    /// the same form reports, in its order, each an E0106 at the role's name.
    #[test]
    fn the_roles_check_on_the_form_agrees_with_the_catalogue_made() {
        let names = ["hero", "HERO", "foe", "my", "mine", "once", "opp", "their", "tick", "nowhere"];
        let fields = RolesForm::default().all().map(|(field, _)| field);
        let mut refused = 0;
        for field in fields {
            for name in names {
                let without_brace = &SHARED_NAMES[..SHARED_NAMES.len() - 1];
                let json = format!("{without_brace}, \"roles\": {{\"{field}\": \"{name}\"}}}}");
                let form: CatalogueForm = serde_json::from_str(&json).expect("the file is JSON of the form");
                let mut checker = Checker { file: &json, diagnostics: Vec::new() };
                checker.check(&form);
                assert!(checker.diagnostics.is_empty(), "{:?}", checker.diagnostics);
                checker.roles(&form);
                let made = catalogue(&form).unknown_roles();
                let expected: Vec<String> =
                    made.iter().map(|role| role.split(" = ").next().unwrap_or(role).into()).collect();
                let found: Vec<String> = checker
                    .diagnostics
                    .iter()
                    .map(|diagnostic| {
                        assert_eq!(diagnostic.code, Code::E0106);
                        assert_eq!(
                            &json[diagnostic.span.start as usize..diagnostic.span.end as usize],
                            format!("\"{name}\"")
                        );
                        diagnostic.message.split('`').nth(1).unwrap_or_default().to_owned()
                    })
                    .collect();
                assert_eq!(found, expected, "role `{field}` naming `{name}`");
                refused += found.len();
            }
        }
        // Of the 10 names, the 4 variable roles accept 3, the 3 event prefix roles 3, the 4
        // suffix roles 2, the restriction role 1, the 4 zone roles 2 and `continuous` 3;
        // the 4 target words are in no list and never refused.
        assert_eq!(refused, 4 * 7 + 3 * 7 + 4 * 8 + 9 + 4 * 8 + 7);
    }
}
