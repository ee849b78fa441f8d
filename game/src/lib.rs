//! The reference Card Fighters' Clash game engine (later issue).

pub mod deck;
