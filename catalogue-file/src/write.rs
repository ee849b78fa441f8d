//! A `Catalogue` into its file's form. Every struct of `vm::catalogue` is taken apart
//! field by field, without `..`: a field added there does not compile here until the file
//! form has it too.

use vm::catalogue::{
    ArgKind, Catalogue, CommandSpec, CostArg, CostSpec, DefaultTarget, EventSpec, FunctionSpec, NamedSpec, ParamSpec,
    RankingSpec, Roles, ZoneSpec,
};

use crate::form::{
    ArgKindForm, CatalogueForm, CommandForm, CostArgForm, CostForm, DefaultTargetForm, EventForm, FORMAT, FunctionForm,
    NamedForm, ParamForm, RankingForm, RolesForm, Word, ZoneForm,
};

pub(crate) fn catalogue_form(catalogue: &Catalogue) -> CatalogueForm {
    let Catalogue {
        name,
        commands,
        costs,
        filters,
        comparable_filters,
        ranking_filters,
        zones,
        zone_prefixes,
        card_types,
        subtypes,
        events,
        event_prefixes,
        event_suffixes,
        abilities,
        rule_switches,
        selectors,
        restrictions,
        restriction_prefixes,
        variables,
        attributes,
        functions,
        roles,
    } = catalogue;
    CatalogueForm {
        format: Word::new(FORMAT),
        name: Word::new(name),
        commands: commands.iter().map(command).collect(),
        costs: costs.iter().map(cost).collect(),
        filters: named_list(filters),
        comparable_filters: named_list(comparable_filters),
        ranking_filters: ranking_filters.iter().map(ranking).collect(),
        zones: zones.iter().map(zone).collect(),
        zone_prefixes: named_list(zone_prefixes),
        card_types: named_list(card_types),
        subtypes: subtypes.iter().map(|subtype| Word::new(subtype)).collect(),
        events: events.iter().map(event).collect(),
        event_prefixes: named_list(event_prefixes),
        event_suffixes: named_list(event_suffixes),
        abilities: named_list(abilities),
        rule_switches: named_list(rule_switches),
        selectors: named_list(selectors),
        restrictions: named_list(restrictions),
        restriction_prefixes: named_list(restriction_prefixes),
        variables: named_list(variables),
        attributes: named_list(attributes),
        functions: functions.iter().map(function).collect(),
        roles: roles_form(roles),
    }
}

fn named_list(list: &[NamedSpec]) -> Vec<NamedForm> {
    list.iter().map(|NamedSpec { name, doc }| NamedForm { name: Word::new(name), doc: (*doc).to_owned() }).collect()
}

fn command(spec: &CommandSpec) -> CommandForm {
    let CommandSpec { name, params, default_target, doc, fails_when, timed } = spec;
    CommandForm {
        name: Word::new(name),
        params: params.iter().map(param).collect(),
        default_target: match default_target {
            DefaultTarget::Source => DefaultTargetForm::Source,
            DefaultTarget::SourceController => DefaultTargetForm::SourceController,
            DefaultTarget::Nothing => DefaultTargetForm::Nothing,
            DefaultTarget::Irrelevant => DefaultTargetForm::Irrelevant,
        },
        timed: *timed,
        doc: (*doc).to_owned(),
        fails_when: (*fails_when).to_owned(),
    }
}

fn param(spec: &ParamSpec) -> ParamForm {
    let ParamSpec { name, kind, optional } = spec;
    let kind = match kind {
        ArgKind::Int => ArgKindForm::Int,
        ArgKind::Expr => ArgKindForm::Expr,
        ArgKind::Amount => ArgKindForm::Amount,
        ArgKind::CostChange => ArgKindForm::CostChange,
        ArgKind::Filter => ArgKindForm::Filter,
        ArgKind::CountOrFilter => ArgKindForm::CountOrFilter,
        ArgKind::Pile => ArgKindForm::Pile,
        ArgKind::Position => ArgKindForm::Position,
        ArgKind::Bool => ArgKindForm::Bool,
        ArgKind::Keyword(words) => ArgKindForm::Keyword(named_list(words)),
        ArgKind::RuleSwitch => ArgKindForm::RuleSwitch,
        ArgKind::CardRef => ArgKindForm::CardRef,
        ArgKind::Each => ArgKindForm::Each,
        ArgKind::Value => ArgKindForm::Value,
    };
    ParamForm { name: Word::new(name), kind, optional: *optional }
}

fn cost(spec: &CostSpec) -> CostForm {
    let CostSpec { name, arg, doc } = spec;
    let arg = match arg {
        CostArg::None => CostArgForm::None,
        CostArg::OptionalFilter => CostArgForm::OptionalFilter,
        CostArg::OptionalCountOrFilter => CostArgForm::OptionalCountOrFilter,
    };
    CostForm { name: Word::new(name), arg, doc: (*doc).to_owned() }
}

fn ranking(spec: &RankingSpec) -> RankingForm {
    let RankingSpec { name, words, doc } = spec;
    RankingForm { name: Word::new(name), words: named_list(words), doc: (*doc).to_owned() }
}

fn zone(spec: &ZoneSpec) -> ZoneForm {
    let ZoneSpec { name, is_pile, doc } = spec;
    ZoneForm { name: Word::new(name), is_pile: *is_pile, doc: (*doc).to_owned() }
}

fn event(spec: &EventSpec) -> EventForm {
    let EventSpec { name, is_hook, has_object, doc } = spec;
    EventForm { name: Word::new(name), is_hook: *is_hook, has_object: *has_object, doc: (*doc).to_owned() }
}

fn function(spec: &FunctionSpec) -> FunctionForm {
    let FunctionSpec { name, min_args, max_args, doc } = spec;
    FunctionForm { name: Word::new(name), min_args: *min_args, max_args: *max_args, doc: (*doc).to_owned() }
}

fn roles_form(roles: &Roles) -> RolesForm {
    let Roles {
        target_controller,
        target_opponent,
        target_source,
        target_player,
        source,
        targets,
        previous_targets,
        event_object,
        event_mine,
        event_opponent,
        event_anyone,
        suffix_source,
        suffix_from_source,
        suffix_any_object,
        suffix_once,
        restriction_opponent,
        zone_mine,
        zone_opponent,
        zone_either,
        zone_same,
        continuous,
    } = roles;
    let word = |name: &Option<&str>| name.map(Word::new);
    RolesForm {
        target_controller: word(target_controller),
        target_opponent: word(target_opponent),
        target_source: word(target_source),
        target_player: word(target_player),
        source: word(source),
        targets: word(targets),
        previous_targets: word(previous_targets),
        event_object: word(event_object),
        event_mine: word(event_mine),
        event_opponent: word(event_opponent),
        event_anyone: word(event_anyone),
        suffix_source: word(suffix_source),
        suffix_from_source: word(suffix_from_source),
        suffix_any_object: word(suffix_any_object),
        suffix_once: word(suffix_once),
        restriction_opponent: word(restriction_opponent),
        zone_mine: word(zone_mine),
        zone_opponent: word(zone_opponent),
        zone_either: word(zone_either),
        zone_same: word(zone_same),
        continuous: word(continuous),
    }
}
