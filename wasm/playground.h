/* playground.h — the C interface of the WebAssembly playground's page
 * (wasm/playground.c, docs/pages.md): the functions the page's worker calls
 * (web/playground/worker.js) and tests/test_playground.c checks natively.
 * Each returns one JSON object as text, owned by the interface and valid
 * until the next call; a mistake is {"error": "..."} naming it. One puzzle
 * or game is open at a time. */
#ifndef ARIADNE_WASM_PLAYGROUND_H
#define ARIADNE_WASM_PLAYGROUND_H

/* {"puzzles": [...], "games": [...], "algorithms": [...]}: the registries,
 * with each domain's help, options, examples (puzzles), bots (games). */
const char *pg_catalog(void);
/* Opens a puzzle or game: kind "puzzle" or "game", the registry name, the
 * options as "name=value name=value", the instance text or the position
 * ("" for the default). Answers with the state, as pg_state. */
const char *pg_open(const char *kind, const char *name, const char *options, const char *start);
/* The current state: its scene (page.h's JSON), text, the moves so far,
 * the legal moves; a puzzle's goal, a game's side to move and result. */
const char *pg_state(void);
/* Plays a move in the domain's notation (a simultaneous turn: one move a
 * player separated by tabs, "-" for none; a chance event: the outcome's
 * text); answers with the new state. */
const char *pg_play(const char *move);
/* Draws the outcome of a chance event and plays it. */
const char *pg_chance(void);
/* In a game of hidden information, shows the position as player sees it
 * (what pg_state draws; -1: everything) until the game ends. */
const char *pg_viewer(int player);
/* Takes the last move back. */
const char *pg_undo(void);
/* Solves the open puzzle from its current state: algo "" for the domain's
 * default, limits 0 for none; visualise 1 adds "page", the page of `solve
 * --html --visualise`. {"outcome", "moves", "length", "optimal", ...}. */
const char *pg_solve(const char *algo, double time_limit, double node_limit, int visualise);
/* Alpha-beta from the open game's position (time_limit seconds, 0: one),
 * its tree recorded: {"move", "line", "exact", "nodes", "page"}, the page
 * of `analyse GAME --html --visualise`. */
const char *pg_analyse(double time_limit);
/* The move a bot (arena.h's spec) chooses for player in the open game's
 * position, not played: {"move", "info"}. */
const char *pg_bot(const char *spec, int player, double seed);

#endif
