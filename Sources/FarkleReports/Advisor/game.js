"use strict";
// A whole game at the table, as the companion keeps it: FarkleKit's GameState in the page's module (farkle.js) plays
// it, checking every action against the rules and keeping the totals, counts and result. The page keeps the names and
// the actions; a state here is what the module says of the game after them, and re-derives no rule.

// The faces of a die, and the most dice a roll has under any rules (DiceCounts.maximumDice).
const FACES = 6;
const MOST_DICE = 6;

// The faces of a roll or keep as sorted digits: the key of a roll in the page's data.
const diceKey = (faces) => faces.slice().sort((a, b) => a - b).join("");

// The faces of a roll or keep, lowest first, as the messages show them.
const facesText = (faces) => faces.slice().sort((a, b) => a - b).join(" ");

// Which state object the module's game is now: each applied action gives its state a new token, and a copy
// (structuredClone) keeps its original's until it is played on, so equal tokens are equal games.
let loadedToken = 0;
let lastToken = 0;

// Reads the module's game into `state` (PageModule's `farkle_game_state`): the seats with their names, whose turn,
// the round, the turn, the offer, the result, and what the rules allow now.
function readGame(state) {
  const numbers = answerNumbers(farkleKit.farkle_game_state());
  const [players, seat, round, finalRound, points, left, opening, roll, result, seats, offerPoints, offerDice,
    bankBusts, mayFarkle, farkleChance] = numbers;
  const mask = (bits) => [...Array(players).keys()].filter((at) => (bits >> at) & 1);
  const reason = farkleKit.farkle_game_reason_not_to_bank();
  Object.assign(state, {
    players: state.names.map((name, at) => {
      const [total, farkles, turns, banked, farkled, hotDice] = numbers.slice(15 + 6 * at, 21 + 6 * at);
      return { name, total, farkles, stats: { turns, banked, farkles: farkled, hotDice } };
    }),
    seat, round, finalRound: finalRound === 1,
    turn: { points, left, opening: opening === 1, roll: roll === 0 ? null : String(roll).split("").map(Number) },
    offer: Number.isNaN(offerPoints) ? null : { points: offerPoints, dice: offerDice },
    result: result === 0 ? null : result === 1 ? { won: mask(seats)[0] } : { tied: mask(seats) },
    bankBusts: bankBusts === 1, mayFarkle: mayFarkle === 1, farkleChance,
    reasonNotToBank: reason > 0 ? moduleMessage(reason) : null,
  });
  state.token = ++lastToken;
  loadedToken = state.token;
}

// The dice of an action as the module takes them: their digits as one number (none: 0).
const facesOf = (faces) => (faces.length === 0 ? 0 : facesNumber(faces));

// Applies `action` in the module's game: null, or why the rules refuse it (the game unchanged).
function playInModule(action) {
  const [kind, faces] = action === "bank" ? [2, []] : action === "farkle" ? [3, []] : action === "take_over" ? [4, []]
    : action.roll ? [0, action.roll] : [1, action.keep];
  if (faces.length > MOST_DICE) return faces.length + " dice are more than a roll has";
  const status = farkleKit.farkle_game_act(kind, facesOf(faces));
  if (status < 0) return "the page's game is not open";
  return status === 0 ? null : moduleMessage(status);
}

// Makes the module's game the one of `state`, replaying its actions where it holds another.
function loadGame(state) {
  if (loadedToken === state.token) return;
  farkleKit.farkle_game_start(state.names.length);
  for (const action of state.actions) if (playInModule(action) !== null) break;
  readGame(state);
}

// The state of a game between `names` (1 to 8), in seat order, before the first roll.
function newGame(names) {
  const state = { names: names.slice(), actions: [] };
  const status = farkleKit.farkle_game_start(names.length);
  if (status !== 0) throw new Error(status < 0 ? "the page's rules are not open" : moduleMessage(status));
  readGame(state);
  return state;
}

// Applies `action` ({roll: faces}, {keep: faces}, "bank", "farkle" or "take_over", as a game record writes them)
// for the player to move: returns null, or why the rules do not allow it (the state is then unchanged).
function applyAction(state, action) {
  loadGame(state);
  const error = playInModule(action);
  if (error !== null) return error;
  state.actions.push(action);
  readGame(state);
  return null;
}

// The state after `actions`, or the first action the rules refuse: { state, error, index }.
function replayGame(names, actions) {
  const state = newGame(names);
  for (let index = 0; index < actions.length; index++) {
    const error = applyAction(state, actions[index]);
    if (error) return { state, error, index };
  }
  return { state, error: null, index: actions.length };
}

// The points keeping `faces` adds to the turn of `state` now, without its roll entered (GameState.pointsAdded), or
// null where they are no keep.
function keepPoints(state, faces) {
  loadGame(state);
  if (faces.length === 0 || faces.length > MOST_DICE) return null;
  const points = farkleKit.farkle_game_keep_points(facesNumber(faces));
  return points < 0 ? null : points;
}

// The points of `key`'s dice (sorted digits) kept together by their combinations alone (ScoringTable.points(of:)),
// or null where some die would not score.
function combinationPoints(key) {
  if (key.length === 0 || key.length > MOST_DICE) return null;
  const points = farkleKit.farkle_combination_points(Number(key));
  return points < 0 ? null : points;
}

// Whether a roll of `faces` ends the game at once: "wins" (GameRules.winsAtOnce, such as six 1s), "loses"
// (GameRules.losesAtOnce), or null.
function rollEndsGame(faces) {
  if (faces.length === 0 || faces.length > MOST_DICE) return null;
  return [null, "wins", "loses"][farkleKit.farkle_roll_ends_game(facesNumber(faces))];
}
