"use strict";
// The table companion: a whole game kept on this page, saved on the device, with the advice of advisor.js on
// every roll. The rules of the game are game.js's; every number the advice shows is advisor.js's.

const STORE = "farkle-sim:" + rules.name + ":";
const MAX_PLAYERS = 8;
const MAX_NAME = 40;
const MAX_HISTORY = 50;
// The game kept here ({ names, actions, redo }), or null; its state after the actions; the last thing to say.
let table = null;
let tableState = null;
let tableNote = "";

const withCommas = (points) => points.toLocaleString("en-US");

function readStore(key) {
  try {
    return JSON.parse(localStorage.getItem(STORE + key));
  } catch {
    return null;
  }
}

function writeStore(key, value) {
  try {
    localStorage.setItem(STORE + key, JSON.stringify(value));
  } catch {
    // Storage off or full: the game goes on, unsaved.
  }
}

// Whether `action` has the shape of a game record's action (the rules check it when it is applied).
const isAction = (action) => action === "bank" || action === "farkle" || action === "take_over"
  || (action !== null && typeof action === "object" && (Array.isArray(action.roll) || Array.isArray(action.keep))
    && (action.roll || action.keep).every((face) => Number.isInteger(face) && face >= 1 && face <= FACES));

// The names with a repeated one made distinct by " 2", " 3", ...: two seats of one name could not be told apart
// in the totals or in a review (farkle-sim review refuses such a record). Names are compared as Unicode compares
// them (NFC), as Swift does, and cut by code points, so a suffix never splits a character's UTF-16 pair.
function distinctNames(names) {
  const taken = new Set();
  return names.map((name) => {
    let result = name;
    for (let number = 2; taken.has(result.normalize("NFC")); number++) {
      const suffix = " " + number;
      result = [...name].slice(0, MAX_NAME - suffix.length).join("") + suffix;
    }
    taken.add(result.normalize("NFC"));
    return result;
  });
}

// A stored game, checked: names and actions as a record has them, replayed up to the first refused action.
function checkedGame(stored) {
  if (!stored || !Array.isArray(stored.names) || !Array.isArray(stored.actions)) return null;
  const names = distinctNames(
    stored.names.filter((name) => typeof name === "string").map((name) => name.slice(0, MAX_NAME)));
  if (names.length < 1 || names.length > MAX_PLAYERS) return null;
  const actions = stored.actions.filter(isAction);
  const replayed = replayGame(names, actions);
  const redo = Array.isArray(stored.redo) ? stored.redo.filter(isAction) : [];
  return { names, actions: actions.slice(0, replayed.index), redo };
}

function replayTable() {
  tableState = replayGame(table.names, table.actions).state;
}

// The situation of the player to move for the advice, or what to do now; null without a game.
function gameSituation() {
  if (!table) return null;
  const state = tableState;
  const player = state.players[state.seat];
  if (state.result) return { problem: resultText(state) };
  if (!state.turn.roll) {
    if (state.offer) return { problem: offerAdvice(state) };
    return { problem: player.name + ": roll " + diceWord(state.turn.left) + " and tap them above." };
  }
  const mine = player.total;
  const them = hasWinAdvice(state) ? leaderTotal(state) : null;
  return {
    turn: state.turn.points, farkles: perFarkleCount() ? player.farkles : 0,
    me: ownTotalMatters() || them !== null ? mine : null, them, game: winGameOf(state),
  };
}

// Under piggybacking, what the player to move should do with the turn the last player banked: its value taken over
// (rolling its dice from its points, R) against a fresh turn's, for the points the advice plays for, as `ev` and
// `advise --offer` decide (ExpectedScoreSolver.leastPointsToPiggyback(diceLeft:)).
function offerAdvice(state) {
  const player = state.players[state.seat];
  const giver = state.players[(state.seat + state.players.length - 1) % state.players.length];
  const offer = state.offer;
  const me = ownTotalMatters() ? player.total : null;
  const ask = player.name + ": take over " + giver.name + "'s bank (" + withCommas(offer.points) + " points"
    + (rules.piggyback.bonus > 0 ? " with the bonus" : "") + ", " + diceWord(offer.dice) + " to roll) or roll "
    + diceWord(rules.dice) + " fresh and tap them above. ";
  // FarkleKit's advice on the offer (farkle.js offerAdviceOf), for the points the advice on a roll plays for.
  const advice = offerAdviceOf(offer, me, perFarkleCount() ? player.farkles : 0);
  if (advice === null) return ask + "FarkleKit has no advice on this offer: " + (adviceRefusal ?? "no table") + ".";
  // Where the inherited points do not enter, a player not yet on the board banks a turn taken over only from the
  // entry minimum on top of it.
  const entry = me === 0 && !rules.piggyback.inherited_points_enter
    ? " (the entry minimum of " + withCommas(rules.entry_minimum) + " on top)" : "";
  return ask + "Taken over" + entry + " the turn is worth " + advice.takeOver.toFixed(1) + ", a fresh turn "
    + advice.fresh.toFixed(1) + ": " + (advice.takeOver > advice.fresh ? "take it over." : "start fresh.");
}

// The total the advice to win plays against: the other player's, or at a larger table the leader's, the highest
// other total (FarkleKit's `win` there plays the two-player race solved to win against it).
function leaderTotal(state) {
  return Math.max(...state.players.filter((_, seat) => seat !== state.seat).map((player) => player.total));
}

// Whether the page advises the player to move to win: a solved game and two players (at a larger table, a race
// without a penalty, against the leader), in a race where the totals are ones the solver covers, in a game of
// rounds in its regular and extra rounds (the solver plays both, as FarkleKit's GameReview does).
function hasWinAdvice(state) {
  if (state.players.length < 2 || data.win === null) return false;
  if (state.players.length > 2 && data.win.kind !== "race") return false;
  if (data.win.kind === "rounds") return state.round <= rules.rounds + data.win.extra_rounds;
  const [me, them] = [state.players[state.seat].total, leaderTotal(state)];
  // Under a penalty the totals are tabulated from the floor up.
  const floor = data.win.kind === "penalty" ? data.win.floor : 0;
  return me >= floor && them >= floor && me < data.win.target && (them < data.win.target || data.win.final_round);
}

// What the advice to win needs of the game besides the totals: in a game of rounds the turn of the player to move
// counted from 0 (two a round, seat 0 first), under a penalty both players' farkles in a row.
const winGameOf = (state) => {
  // The game counts every seat's farkles in a row; the solved game reads them only under a three-farkle penalty.
  const farkles = (seat) => (winCountsFarkles() ? state.players[seat]?.farkles ?? 0 : 0);
  return { turnIndex: 2 * (state.round - 1) + state.seat, myFarkles: farkles(state.seat),
    theirFarkles: farkles(1 - state.seat) };
};

function resultText(state) {
  const names = (seats) => seats.map((seat) => state.players[seat].name).join(" and ");
  if (state.result.won !== undefined) return names([state.result.won]) + " won the game.";
  return state.result.tied.length > 0 ? names(state.result.tied) + " tied." : "Nobody won the game.";
}

// Applies `action` for the player to move, or says why the rules refuse it.
function act(action, note) {
  const probe = structuredClone(tableState);
  const error = applyAction(probe, action);
  if (error) {
    tableNote = "Not allowed: " + error + ".";
    renderTable();
    return;
  }
  table.actions.push(action);
  table.redo = [];
  tableState = probe;
  tableNote = note || "";
  dice = [];
  combo = [];
  writeStore("game", table);
  if (tableState.result) keepInHistory();
  renderTable();
}

function keepInHistory() {
  const history = (readStore("history") || []).filter((game) => game && Array.isArray(game.names));
  history.unshift({ date: new Date().toISOString().slice(0, 10), names: table.names, actions: table.actions });
  writeStore("history", history.slice(0, MAX_HISTORY));
}

// What happened on the last roll, in words.
function rollNote(before, after) {
  const name = before.players[before.seat].name;
  if (after.result) return "";
  if (after.seat !== before.seat || after.round !== before.round) return name + " farkled.";
  if (after.turn.points > before.turn.points) return "Six dice with no score: " + (after.turn.points - before.turn.points) + " and hot dice.";
  if (after.turn.opening && !after.turn.roll) return "No score on the opening roll: roll all six dice again.";
  return "";
}

function afterDie() {
  if (!table || tableState.result || tableState.turn.roll) return;
  if (dice.length === tableState.turn.left) {
    const before = structuredClone(tableState);
    const probe = structuredClone(tableState);
    applyAction(probe, { roll: dice.slice() });
    act({ roll: dice.slice() }, rollNote(before, probe));
  } else {
    renderTable();
  }
}

// Values this close count as equal, as in FarkleKit's GameReview: the solvers' floating-point noise.
const TOLERANCE = 1e-9;

// What one action of the player to move tells of their play, as FarkleKit's GameReview values it: the luck of a
// roll entered; for a keep from a roll entered, the points (and with the advice to win, the chance) that the keep
// and the bank or roll after it (`next`) lost against best play.
function playOf(state, action, next) {
  const player = state.players[state.seat];
  const turn = state.turn;
  const farkles = perFarkleCount() ? player.farkles : 0;
  const me = ownTotalMatters() ? player.total : null;
  if (action.roll && !turn.roll && action.roll.length === turn.left && rollEndsGame(action.roll) !== "wins") {
    const advice = pointsAdvice(action.roll, turn.points, farkles, me);
    return advice === null ? null : { luck: advice.luck };
  }
  if (!action.keep || !turn.roll) return null;
  const advice = pointsAdvice(turn.roll, turn.points, farkles, me);
  const chosen = advice?.options.find((option) => option.dice === diceKey(action.keep));
  const best = advice?.options[0];
  if (!chosen || !best) return null;
  // The keep and the bank or roll after it, as FarkleKit values them (RollAdvice.Option): banking where the player
  // banked (where the rules allow it), rolling on where they rolled, the better of the two before they chose.
  const valueOf = (option) => (next === "bank" ? option.bankValue ?? option.value
    : next !== undefined ? option.rollValue : option.value);
  const lost = Math.max(best.value - valueOf(chosen), 0);
  const play = { lost, best: lost <= TOLERANCE * Math.max(1, Math.abs(best.value)), winLost: null };
  // The chance lost is FarkleKit's review of a two-player game; a larger table's advice to win is measured play.
  if (hasWinAdvice(state) && state.players.length === 2) {
    const them = state.players[1 - state.seat].total;
    const win = winAdvice(turn.roll, turn.points, player.total, them, winGameOf(state));
    const winChosen = win?.options.find((option) => option.dice === chosen.dice);
    if (!winChosen) return play;
    play.winLost = Math.max(win.options[0].value - valueOf(winChosen), 0);
  }
  return play;
}

// Every action's play, looked up here once: the page renders after every tap, and the advice to win solves a turn.
const playCache = new Map();

// Each seat's play so far: decisions (keeps from a roll entered), the best of them, what they lost and the luck.
function playStats() {
  const stats = table.names.map(() => ({ decisions: 0, best: 0, lost: 0, winLost: null, luck: 0, rolls: 0 }));
  const state = newGame(table.names);
  const actions = table.actions;
  for (let index = 0; index < actions.length; index++) {
    const action = actions[index];
    const next = actions[index + 1];
    const key = JSON.stringify([state.players.map((player) => [player.total, player.farkles]), state.seat,
      state.round, state.turn, state.finalRound, action, action.keep ? next : null]);
    if (!playCache.has(key)) playCache.set(key, playOf(state, action, next));
    const play = playCache.get(key);
    const seat = stats[state.seat];
    if (play && play.luck !== undefined) {
      seat.luck += play.luck;
      seat.rolls += 1;
    } else if (play) {
      seat.decisions += 1;
      if (play.best) seat.best += 1;
      seat.lost += play.lost;
      if (play.winLost !== null) seat.winLost = (seat.winLost ?? 0) + play.winLost;
    }
    if (applyAction(state, action)) break;
  }
  // As in GameReview: once any decision was valued to win, every player's chance lost is a number.
  if (stats.some((seat) => seat.winLost !== null)) for (const seat of stats) seat.winLost ??= 0;
  return stats;
}

// A CSV field, quoted where it must be.
const csvField = (text) => (/[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text);

// A luck in points with its sign.
const signed = (x) => (x > 0 ? "+" : "") + x.toFixed(1);

// The turns of the game, one CSV row each: who played, the rolls and keeps entered, how it ended, the total after.
function turnsCSV() {
  const rows = [["turn", "round", "player", "rolls", "keeps", "ended", "points", "total"]];
  const state = newGame(table.names);
  let entry = null;
  for (const action of table.actions) {
    const seat = state.seat;
    const round = state.round;
    entry ??= { round, seat, rolls: [], keeps: [] };
    if (action === "take_over") entry.rolls.push("take over " + state.offer.points);
    if (action.roll) entry.rolls.push(facesText(action.roll));
    if (action.keep) entry.keeps.push(facesText(action.keep));
    const before = state.turn.points;
    const total = state.players[seat].total;
    const busts = state.bankBusts;
    if (applyAction(state, action)) break;
    const player = state.players[seat];
    const ended = state.result !== null || state.seat !== seat || state.round !== round;
    if (!ended) continue;
    // A turn ends in a bank, a bust (a bank past a target to hit exactly: nothing scored, a farkle in the
    // statistics), a farkle (on a roll entered or not), or a six of a kind that wins at once ("six 1s").
    const faces = action.roll || action.keep;
    const winning = action !== "bank" && faces && rollEndsGame(faces) !== null;
    const busted = action === "bank" && busts;
    const how = busted ? "bust" : action === "bank" ? "bank" : winning ? "six " + faces[0] + "s" : "farkle";
    const points = busted ? 0 : action === "bank" ? before : winning ? 0 : player.total - total;
    rows.push([String(rows.length), String(entry.round), player.name, entry.rolls.join(" / "), entry.keeps.join(" / "),
      how, String(points), String(player.total)]);
    entry = null;
  }
  return rows.map((row) => row.map(csvField).join(",")).join("\n") + "\n";
}

function renderScores() {
  const state = tableState;
  const penalty = rules.three_farkle_penalty !== null;
  const titles = ["Player", "Total", "Turns", "Avg", "Farkles", "Hot"].concat(penalty ? ["In a row"] : []);
  const rows = state.players.map((player, seat) => {
    const stats = player.stats;
    const cells = [player.name, withCommas(player.total), String(stats.turns),
      stats.turns > 0 ? (stats.banked / stats.turns).toFixed(0) : "", String(stats.farkles), String(stats.hotDice)]
      .concat(penalty ? [String(player.farkles)] : []);
    return element("tr", { class: seat === state.seat && !state.result ? "to-play" : "", "data-seat": String(seat),
      "data-total": String(player.total) }, ...cells.map((cell) => element("td", {}, cell)));
  });
  $("scoreboard").replaceChildren(
    element("caption", {}, "Avg: points banked per turn. Hot: hot dice."
      + (penalty ? " In a row: farkles in a row toward the penalty." : "")),
    element("thead", {}, element("tr", {}, ...titles.map((title) => element("th", { scope: "col" }, title)))),
    element("tbody", {}, ...rows));
  const plays = playStats();
  const hasWin = plays.some((play) => play.winLost !== null);
  const playTitles = ["Player", "Farkled", "Best", "Lost", "Luck"].concat(hasWin ? ["Win lost"] : []);
  $("play-stats").replaceChildren(
    element("caption", {}, "Farkled: turns that ended in a farkle. Best: keeps from a roll entered, with the bank "
      + "or roll after them, that were best play for points. Lost: the points those choices lost against best "
      + "play. Luck: what the dice gave beyond what best play expected of each roll entered."
      + (hasWin ? " Win lost: the chance to win the choices lost." : "")),
    element("thead", {}, element("tr", {}, ...playTitles.map((title) => element("th", { scope: "col" }, title)))),
    element("tbody", {}, ...state.players.map((player, seat) => {
      const play = plays[seat];
      const cells = [player.name,
        player.stats.turns > 0 ? Math.round(100 * player.stats.farkles / player.stats.turns) + "%" : "",
        play.decisions > 0 ? play.best + "/" + play.decisions : "", play.decisions > 0 ? play.lost.toFixed(1) : "",
        play.rolls > 0 ? signed(play.luck) : ""]
        .concat(hasWin ? [percent(play.winLost ?? 0)] : []);
      return element("tr", { "data-seat": String(seat), "data-decisions": String(play.decisions),
        "data-best": String(play.best), "data-lost": String(play.lost), "data-luck": String(play.luck),
        "data-win-lost": String(play.winLost) }, ...cells.map((cell) => element("td", {}, cell)));
    })));
}

function statusText(state) {
  if (state.result) return resultText(state);
  const player = state.players[state.seat];
  // In a game of rounds the round counts toward the rules' last; past it the round is an extra one, played because
  // the highest total was shared.
  const round = rules.rounds === null ? "round " + state.round
    : state.round > rules.rounds ? "extra round " + (state.round - rules.rounds) + " after " + rules.rounds + " rounds"
      : "round " + state.round + " of " + rules.rounds;
  const parts = [player.name + " to play", round];
  if (state.finalRound) parts.push("final round");
  if (state.turn.roll) {
    parts.push("turn " + withCommas(state.turn.points) + ", " + diceWord(state.turn.left) + " rolled");
  } else {
    // The chance that the next roll scores nothing; six scoreless dice that score as the six-dice farkle are none.
    const chance = state.farkleChance;
    parts.push("turn " + withCommas(state.turn.points) + ", " + diceWord(state.turn.left) + " to roll ("
      + (chance * 100).toFixed(1) + "% farkle)");
  }
  if (rules.three_farkle_penalty !== null && player.farkles > 0) parts.push(player.farkles + " farkle" + (player.farkles === 1 ? "" : "s") + " in a row");
  return parts.join(" · ");
}

function record() {
  return { format: "farkle-sim game", version: 1, rules: data.rule_file, players: table.names, actions: table.actions };
}

// What the advice to win is based on at this table.
function winNote(state) {
  if (state.players.length === 2 || !state.turn.roll) return null;
  if (hasWinAdvice(state)) {
    return element("p", { class: "note", id: "win-note" }, "With " + state.players.length + " players the advice "
      + "to win is the two-player race's against the leader (" + leaderTotal(state) + "): measured play, not an "
      + "exact solution of this table, and its chances are that race's.");
  }
  return element("p", { class: "note", id: "win-note" }, state.players.length === 1
    ? "Alone at the table: the advice is for the most points."
    : "With " + state.players.length + " players the advice is for the most points: the exact advice to win is "
      + "solved for two players.");
}

// The keep entered by its combinations (the combinations pad), without its roll.
let combo = [];

function renderCombos() {
  const state = tableState;
  const open = table !== null && state.result === null && state.turn.roll === null;
  $("combos").hidden = !open;
  if (!open) return;
  const room = state.turn.left - combo.length;
  for (const button of $("combo-pad").querySelectorAll("[data-combo]")) {
    button.disabled = button.dataset.combo.length > room;
  }
  const score = combo.length > 0 ? keepPoints(state, combo) : null;
  $("combo-keep").disabled = score === null;
  $("combo-keep").textContent = combo.length === 0 ? "Keep" : "Keep " + facesText(combo) + (score === null ? "" : ": " + score);
  $("combo-note").textContent = combo.length > 0 && score === null
    ? facesText(combo) + " does not score as one keep: add to it or clear it." : "";
}

// A button of the combinations pad that adds the dice of `key` (sorted digits) to the keep.
function comboButton(key, label) {
  const node = element("button", { type: "button", "data-combo": key, "aria-label": "Kept " + facesText(key.split("")) },
    label);
  node.addEventListener("click", () => {
    combo.push(...key.split("").map(Number));
    renderCombos();
  });
  return node;
}

function buildComboPad() {
  $("combo-pad").replaceChildren(...chartNodes(
    (entry) => (entry.score !== null ? comboButton(entry.key, String(entry.score))
      : entry.part ? comboButton(entry.key, "pair") : ""),
    (entry) => comboButton(entry.key, entry.name + " " + entry.score)));
}

// The dice pad in a game: closed while a roll waits for its keep or the game is over; "Keep these" for dice
// tapped short of a whole roll, which may be the keep itself, entered without the roll. advisor.js calls it
// after every change of the dice.
function padState() {
  if (!table) return;
  const state = tableState;
  const pending = state.turn.roll !== null;
  for (const button of document.querySelectorAll("[data-face]")) {
    button.disabled = pending || state.result !== null || dice.length >= state.turn.left;
  }
  for (const chip of $("roll").querySelectorAll("button")) chip.disabled = pending;
  for (const id of ["pad", "pad-note", "clear"]) $(id).hidden = pending;
  $("keep-these").hidden = pending || state.result !== null || dice.length === 0 || dice.length >= state.turn.left;
}

function renderTable() {
  const playing = table !== null;
  $("setup").hidden = playing;
  $("play").hidden = !playing;
  $("scores").hidden = !playing;
  $("turn-section").hidden = playing;
  if (!playing) {
    for (const id of ["pad", "pad-note", "clear"]) $(id).hidden = false;
    $("keep-these").hidden = true;
    $("combos").hidden = true;
    $("game").hidden = data.win === null && !ownTotalMatters();
    renderSetup();
    update();
    return;
  }
  $("game").hidden = true;
  const state = tableState;
  if (state.turn.roll) dice = state.turn.roll.slice();
  update();
  const pending = state.turn.roll !== null;
  const note = winNote(state);
  if (note && data.win !== null) $("answer-body").append(note);
  padState();
  if (pending) {
    for (const row of document.querySelectorAll("#answer tr[data-keep]")) {
      row.addEventListener("click", () => act({ keep: row.dataset.keep.split(",").map(Number) }));
    }
  }
  $("status").textContent = statusText(state) + (state.result ? "" : pending ? ": tap the keep taken below." : ".");
  $("table-note").textContent = tableNote;
  const reason = state.reasonNotToBank;
  // Past a target to hit exactly the bank is allowed, and busts: say so before it is tapped.
  const busts = reason === null && state.bankBusts;
  $("bank").disabled = reason !== null;
  $("bank").textContent = reason === null ? "Bank " + withCommas(state.turn.points) + (busts ? " (busts)" : "") : "Bank";
  $("bank-reason").textContent = busts
    ? "Bank: past " + withCommas(rules.target) + " it scores nothing and ends the turn as a farkle."
    : reason === null || state.result ? "" : "Bank: " + reason + ".";
  $("farkle").disabled = !state.mayFarkle;
  $("take-over").hidden = state.offer === null || state.result !== null;
  if (state.offer) {
    $("take-over").textContent = "Take over " + withCommas(state.offer.points) + " (" + diceWord(state.offer.dice) + ")";
  }
  $("undo").disabled = table.actions.length === 0;
  $("redo").disabled = table.redo.length === 0;
  renderScores();
  renderCombos();
  $("export-turns").href = "data:text/csv;charset=utf-8," + encodeURIComponent(turnsCSV());
  $("export").href = "data:application/json;charset=utf-8," + encodeURIComponent(JSON.stringify(record(), null, 2) + "\n");
}

function renderSetup() {
  const inputs = [...$("names").querySelectorAll("input")];
  if (inputs.length === 0) for (let seat = 0; seat < 2; seat++) addName("");
  $("add-player").disabled = $("names").children.length >= MAX_PLAYERS;
  $("remove-player").disabled = $("names").children.length <= 1;
  const history = readStore("history") || [];
  $("history").replaceChildren(...history.map((game, index) => {
    const checked = checkedGame({ names: game.names, actions: game.actions, redo: [] });
    if (!checked) return element("span");
    const state = replayGame(checked.names, checked.actions).state;
    const button = element("button", { type: "button", class: "wide", "data-history": String(index) },
      (game.date || "") + ": " + state.players.map((player) => player.name + " " + withCommas(player.total)).join(", ")
      + (state.result ? " (" + resultText(state).replace(/\.$/, "") + ")" : ""));
    button.addEventListener("click", () => startGame(checked));
    return button;
  }));
  if (history.length > 0) $("history").prepend(element("h3", {}, "Past games (tap to open)"));
}

function addName(name) {
  const seat = $("names").children.length + 1;
  $("names").append(element("input", { type: "text", maxlength: String(MAX_NAME), "aria-label": "Player " + seat,
    placeholder: "Player " + seat, value: name }));
}

function startGame(game) {
  table = game;
  tableNote = "";
  dice = [];
  replayTable();
  writeStore("game", table);
  renderTable();
}

$("add-player").addEventListener("click", () => { addName(""); renderSetup(); });
$("remove-player").addEventListener("click", () => { $("names").lastElementChild?.remove(); renderSetup(); });
$("start").addEventListener("click", () => {
  const names = [...$("names").querySelectorAll("input")]
    .map((input, seat) => input.value.trim().slice(0, MAX_NAME) || "Player " + (seat + 1));
  startGame({ names: distinctNames(names), actions: [], redo: [] });
});
$("bank").addEventListener("click", () => {
  const name = tableState.players[tableState.seat].name;
  act("bank", name + " banked " + withCommas(tableState.turn.points) + ".");
});
$("farkle").addEventListener("click", () => act("farkle", tableState.players[tableState.seat].name + " farkled."));
$("take-over").addEventListener("click", () => act("take_over", tableState.players[tableState.seat].name + " took over "
  + withCommas(tableState.offer.points) + "."));
// Undo moves the last action onto the redo list, redo moves it back; the state is the replay of the actions.
function moveLast(from, to) {
  if (from.length === 0) return;
  to.push(from.pop());
  replayTable();
  dice = [];
  combo = [];
  tableNote = "";
  writeStore("game", table);
  renderTable();
}
$("undo").addEventListener("click", () => moveLast(table.actions, table.redo));
$("redo").addEventListener("click", () => moveLast(table.redo, table.actions));
$("new-game").addEventListener("click", () => {
  table = null;
  tableState = null;
  dice = [];
  writeStore("game", null);
  renderTable();
});
for (const button of document.querySelectorAll("[data-face]")) button.addEventListener("click", afterDie);
document.addEventListener("keydown", (event) => {
  if (/^[1-6]$/.test(event.key) || event.key === "Backspace") afterDie();
});
$("clear").addEventListener("click", () => { if (table) renderTable(); });
$("keep-these").addEventListener("click", () => act({ keep: dice.slice() }));
$("combo-keep").addEventListener("click", () => act({ keep: combo.slice() }));
$("combo-clear").addEventListener("click", () => {
  combo = [];
  renderCombos();
});
buildComboPad();

table = checkedGame(readStore("game"));
if (table) {
  dice = [];
  replayTable();
}
renderTable();

// Installed from the app folder (its page links a manifest): the service worker keeps the app for offline use.
if ("serviceWorker" in navigator && document.querySelector('link[rel="manifest"]') && location.protocol !== "file:") {
  navigator.serviceWorker.register("sw.js").catch(() => {
    // No worker (a private window, an old browser): the page works, online.
  });
}
