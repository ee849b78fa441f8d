//! Integration tests of the reference game: rules and cards on set-up boards, corpus
//! cards and decks, whole games between players, the action space and the scenarios.

mod action_space;
mod cards;
mod corpus_cards;
mod corpus_events;
mod decks;
mod play;
mod random_games;
mod rules;
mod scenarios;
mod set;
mod support;
