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

const pageKeeps = (faces) => data.keeps[diceKey(faces)];
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
const isAction = (action) => action === "bank" || action === "farkle"
  || (action !== null && typeof action === "object" && (Array.isArray(action.roll) || Array.isArray(action.keep))
    && (action.roll || action.keep).every((face) => Number.isInteger(face) && face >= 1 && face <= GAME_DICE));

// A stored game, checked: names and actions as a record has them, replayed up to the first refused action.
function checkedGame(stored) {
  if (!stored || !Array.isArray(stored.names) || !Array.isArray(stored.actions)) return null;
  const names = stored.names.filter((name) => typeof name === "string").map((name) => name.slice(0, MAX_NAME));
  if (names.length < 1 || names.length > MAX_PLAYERS) return null;
  const actions = stored.actions.filter(isAction);
  const replayed = replayGame(rules, pageKeeps, names, actions);
  const redo = Array.isArray(stored.redo) ? stored.redo.filter(isAction) : [];
  return { names, actions: actions.slice(0, replayed.index), redo };
}

function replayTable() {
  tableState = replayGame(rules, pageKeeps, table.names, table.actions).state;
}

// The situation of the player to move for the advice, or what to do now; null without a game.
function gameSituation() {
  if (!table) return null;
  const state = tableState;
  const player = state.players[state.seat];
  if (state.result) return { problem: resultText(state) };
  if (!state.turn.roll) {
    return { problem: player.name + ": roll " + diceWord(state.turn.left) + " and tap them above." };
  }
  const mine = player.total;
  const others = state.players.filter((_, seat) => seat !== state.seat);
  const them = others.length === 1 && data.win !== null ? others[0].total : null;
  return {
    turn: state.turn.points, opening: state.turn.opening, farkles: perFarkleCount() ? player.farkles : 0,
    me: ownTotalMatters() || them !== null ? mine : null, them,
  };
}

function resultText(state) {
  const names = (seats) => seats.map((seat) => state.players[seat].name).join(" and ");
  return state.result.won !== undefined
    ? names([state.result.won]) + " won the game." : names(state.result.tied) + " tied.";
}

// Applies `action` for the player to move, or says why the rules refuse it.
function act(action, note) {
  const probe = structuredClone(tableState);
  const error = applyAction(rules, pageKeeps, probe, action);
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
  return "";
}

function afterDie() {
  if (!table || tableState.result || tableState.turn.roll) return;
  if (dice.length === tableState.turn.left) {
    const before = structuredClone(tableState);
    const probe = structuredClone(tableState);
    applyAction(rules, pageKeeps, probe, { roll: dice.slice() });
    act({ roll: dice.slice() }, rollNote(before, probe));
  } else {
    renderTable();
  }
}

// The seat's game so far: keeps that were best for points, of the keeps made from a roll entered.
function bestKeeps() {
  const counts = table.names.map(() => ({ made: 0, best: 0 }));
  const state = newGame(table.names);
  for (const action of table.actions) {
    if (action.keep && state.turn.roll) {
      const player = state.players[state.seat];
      const me = ownTotalMatters() ? player.total : null;
      const advice = pointsAdvice(state.turn.roll, state.turn.points, state.turn.opening,
        perFarkleCount() ? player.farkles : 0, me);
      counts[state.seat].made += 1;
      if (advice.options[0]?.dice === diceKey(action.keep)) counts[state.seat].best += 1;
    }
    if (applyAction(rules, pageKeeps, state, action)) break;
  }
  return counts;
}

function renderScores() {
  const state = tableState;
  const keeps = bestKeeps();
  const titles = ["Player", "Total", "Turns", "Avg", "Farkles", "Hot", "Best"]
    .concat(rules.three_farkle_penalty !== null ? ["In a row"] : []);
  const rows = state.players.map((player, seat) => {
    const stats = player.stats;
    const cells = [player.name, withCommas(player.total), String(stats.turns),
      stats.turns > 0 ? (stats.banked / stats.turns).toFixed(0) : "", String(stats.farkles), String(stats.hotDice),
      keeps[seat].made > 0 ? keeps[seat].best + "/" + keeps[seat].made : ""]
      .concat(rules.three_farkle_penalty !== null ? [String(player.farkles)] : []);
    return element("tr", { class: seat === state.seat && !state.result ? "to-play" : "", "data-seat": String(seat),
      "data-total": String(player.total) }, ...cells.map((cell) => element("td", {}, cell)));
  });
  $("scoreboard").replaceChildren(
    element("caption", {}, "Avg: points banked per turn. Hot: hot dice. Best: keeps that were the best for points, "
      + "of the keeps from a roll entered."
      + (rules.three_farkle_penalty !== null ? " In a row: farkles in a row toward the penalty." : "")),
    element("thead", {}, element("tr", {}, ...titles.map((title) => element("th", { scope: "col" }, title)))),
    element("tbody", {}, ...rows));
}

function statusText(state) {
  if (state.result) return resultText(state);
  const player = state.players[state.seat];
  const parts = [player.name + " to play", "round " + state.round];
  if (state.finalRound) parts.push("final round");
  if (state.turn.roll) {
    parts.push("turn " + withCommas(state.turn.points) + ", " + diceWord(state.turn.left) + " rolled");
  } else {
    // The chance that the next roll scores nothing; six scoreless dice that score as the six-dice farkle are none.
    const chance = sixDiceFarklePoints(rules, state.turn) === null ? rules.farkle_chance[state.turn.left - 1] : 0;
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
  return element("p", { class: "note", id: "win-note" }, state.players.length === 1
    ? "Alone at the table: the advice is for the most points."
    : "With " + state.players.length + " players the advice is for the most points: the exact advice to win is "
      + "solved for two players.");
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
  const reason = reasonNotToBank(rules, state);
  $("bank").disabled = reason !== null;
  $("bank").textContent = reason === null ? "Bank " + withCommas(state.turn.points) : "Bank";
  $("bank-reason").textContent = reason === null || state.result ? "" : "Bank: " + reason + ".";
  $("farkle").disabled = state.result !== null || pending || sixDiceFarklePoints(rules, state.turn) !== null;
  $("undo").disabled = table.actions.length === 0;
  $("redo").disabled = table.redo.length === 0;
  renderScores();
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
    const state = replayGame(rules, pageKeeps, checked.names, checked.actions).state;
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
  startGame({ names, actions: [], redo: [] });
});
$("bank").addEventListener("click", () => {
  const name = tableState.players[tableState.seat].name;
  act("bank", name + " banked " + withCommas(tableState.turn.points) + ".");
});
$("farkle").addEventListener("click", () => act("farkle", tableState.players[tableState.seat].name + " farkled."));
// Undo moves the last action onto the redo list, redo moves it back; the state is the replay of the actions.
function moveLast(from, to) {
  if (from.length === 0) return;
  to.push(from.pop());
  replayTable();
  dice = [];
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
