//! Printing a tree back: canonical RuleScript source (`print_card`) and a stable,
//! span-free structural dump for tests (`dump_card`).
