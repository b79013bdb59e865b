"use strict";
// The solver's numbers for these rules; the format: FarkleKit.docc/AdvisorPage.md in farkle-sim.
const data = JSON.parse(document.getElementById("advisor-data").textContent);
const rules = data.rules;
const $ = (id) => document.getElementById(id);
// The dice of the game (TurnRules.dice): a turn starts with them and hot dice give them back.
const MAX_DICE = rules.dice;
const MAX_TURN_POINTS = 1000000000;

// ---- The advice: FarkleKit's, asked of the page's module (pointsAdvice, winAdvice: farkle.js) ----

// Whether the advice for points plays the long run under a three-farkle penalty, which reads the farkles in a row.
const perFarkleCount = () => data.long_run;

// ---- Words ----

const spaced = (dice) => dice.split("").join(" ");
const tight = (dice) => dice.split("").join("\u2009");
const pointsText = (x) => x.toFixed(1);
const diceWord = (n) => (n === 1 ? "1 die" : n + " dice");

function mustRollReason(next) {
  if (next.left === MAX_DICE && rules.hot_dice_mandatory) return "hot dice must be rolled";
  if (!rules.banking_dice_left.includes(next.left)) {
    return "the rules do not allow banking with " + diceWord(next.left) + " left";
  }
  const least = next.least ?? rules.minimum_bank;
  if (least > rules.least_bank.entered) return "you need " + least + " turn points to get on the board";
  return "banking needs at least " + least + " turn points";
}

function thenSentence(next) {
  const expected = "expected " + pointsText(next.rollValue) + (next.cap === null ? "" : " toward the target");
  switch (next.decision) {
    case "bank":
      if (next.cap !== null && next.turn >= next.cap) {
        return "Then bank: " + next.turn + " reaches the target and wins at once (rolling " + diceWord(next.left)
          + ": " + expected + ").";
      }
      return "Then bank: " + next.turn + " beats rolling " + diceWord(next.left) + " (" + expected + ").";
    case "roll":
      return "Then roll " + diceWord(next.left) + ": " + expected + ", more than banking " + next.turn + ".";
    default:
      return "Then roll " + diceWord(next.left) + " with " + next.turn + " turn points: "
        + mustRollReason(next) + "; " + expected + ".";
  }
}

const percent = (x) => (x * 100).toFixed(2) + "%";

function winThenSentence(next) {
  const rolling = "rolling " + diceWord(next.left) + " wins " + percent(next.rollValue);
  const banking = next.bankValue === null ? "" : "banking " + next.turn + " wins " + percent(next.bankValue);
  switch (next.decision) {
    case "bank": return "Then bank: " + banking + ", " + rolling + ".";
    case "roll": return "Then roll: " + rolling + ", " + banking + ".";
    default: return "Then roll with " + next.turn + " turn points: " + mustRollReason(next) + "; " + rolling + ".";
  }
}

// One objective's answer in a few words, to say where the two part.
function summary(advice) {
  const best = advice.options[0];
  const first = best ? "keep " + spaced(best.dice) : advice.sixDiceFarkle ? "take the six-dice farkle" : "no keep";
  if (!advice.next) return first;
  return first + (advice.next.decision === "bank" ? ", then bank" : ", then roll");
}

function describeRules() {
  const banking = rules.banking_dice_left.filter((n) => n < MAX_DICE);
  const counts = banking.join(" or ") + (banking.length === 1 && banking[0] === 1 ? " die" : " dice");
  const parts = [banking.length === MAX_DICE - 1 ? "Bank with any dice left" : "Bank with " + counts + " left"];
  // A game of fewer than six dice says so first: a turn starts with them and hot dice give them back.
  if (MAX_DICE !== 6) parts.unshift("A game of " + MAX_DICE + (MAX_DICE === 1 ? " die" : " dice"));
  if (rules.minimum_bank > 0) parts.push("at least " + rules.minimum_bank + " to bank");
  parts.push(rules.hot_dice_mandatory ? "hot dice must be rolled" : "you may bank after hot dice");
  const farkle = rules.six_dice_farkle;
  if (farkle.later !== null) parts.push("six dice with no score: " + farkle.later);
  else if (farkle.opening !== null) parts.push("six dice with no score on the opening roll: " + farkle.opening);
  else if (rules.rerolls_scoreless_opening_roll) parts.push("an opening roll with no score is rolled again");
  else if (rules.opening_farkle_cost > 0) {
    parts.push("an opening roll with no score costs " + rules.opening_farkle_cost + " off the total");
  }
  if (rules.hot_dice_bonus > 0) parts.push("hot dice add " + rules.hot_dice_bonus + " (counted in the keeps shown)");
  if (hasEntryMinimum()) {
    parts.push("a first bank of at least " + rules.least_bank.new + " to get on the board");
  }
  if (rules.instant_win !== null) parts.push(rules.instant_win + " win at once");
  if (rules.instant_loss !== null) parts.push(rules.instant_loss + " lose at once");
  if (rules.rounds !== null) parts.push(rules.rounds + " rounds, the highest total wins");
  else if (rules.final_round) parts.push("reaching " + rules.target + " gives the others one last turn");
  else if (rules.exact_target) {
    parts.push("the first bank to hit " + rules.target + " exactly wins at once; a bank past it scores nothing and "
      + "ends the turn as a farkle");
  } else parts.push("the first bank to reach " + rules.target + " wins at once");
  if (rules.piggyback !== null) {
    parts.push("the next player may take over a bank that left " + rules.piggyback.least_dice_left + " or more dice"
      + (rules.piggyback.bonus > 0 ? ", with " + rules.piggyback.bonus + " more once its first roll scores" : "")
      + (rules.piggyback.inherited_points_enter ? ""
        : " (a player not yet on the board still scores the entry minimum on top of it)"));
  }
  if (rules.three_farkle_penalty !== null) {
    parts.push("three farkles in a row cost " + penaltyWords() + (perFarkleCount()
      ? " (the advice plays for the most points in the long run, penalties included)"
      : " (the advice counts this turn's points alone, not the penalty)"));
  }
  return parts.join(" · ") + ".";
}

// ---- The scoring chart ----

// The rule set's combinations, read from its keeps: each face kept 1 to 6 times alone, and the straights and
// patterns of several faces that score as a whole (two triplets only where they score more than the two
// triplets apart). A pair that scores only inside a full house, three pairs or four of a kind and a pair is
// `part`.
function combinations() {
  const specials = [["123456", "1\u20136 straight"], ["12345", "1\u20135 straight"], ["23456", "2\u20136 straight"],
    ["1234", "1\u20134 straight"], ["2345", "2\u20135 straight"], ["3456", "3\u20136 straight"],
    ["22233", "full house 2 2 2 3 3"], ["223344", "three pairs"], ["222244", "four of a kind and a pair"],
    ["222333", "two triplets"]]
    .map(([key, name]) => ({ key, name, score: combinationPoints(key) }))
    .filter(({ key, score }) => score !== null && (key !== "222333" || score !== combinationPoints("222") + combinationPoints("333")));
  const pairsScore = specials.some(({ key }) => ["22233", "223344", "222244"].includes(key));
  const faces = [1, 2, 3, 4, 5, 6].map((face) => [1, 2, 3, 4, 5, 6].map((count) => {
    const key = String(face).repeat(count);
    const score = combinationPoints(key);
    return { key, score, part: score === null && count === 2 && pairsScore };
  }));
  return { faces, specials };
}

// The chart of `combinations()` as a table, each entry drawn by `cell` (a node or text), the patterns below it.
function chartNodes(cell, special) {
  const { faces, specials } = combinations();
  const counts = [1, 2, 3, 4, 5, 6];
  const table = element("table", { class: "chart" },
    element("thead", {}, element("tr", {}, element("th", { scope: "col" }, "Face"),
      ...counts.map((count) => element("th", { scope: "col" }, "\u00d7" + count)))),
    element("tbody", {}, ...faces.map((row, index) => element("tr", {},
      element("th", { scope: "row" }, String(index + 1)), ...row.map((entry) => element("td", {}, cell(entry)))))));
  return [table, element("p", { class: "specials" }, ...specials.map(special))];
}

function renderChart() {
  $("chart-body").replaceChildren(...chartNodes(
    (entry) => (entry.score !== null ? String(entry.score) : entry.part ? "pair" : "\u2013"),
    (entry) => element("span", {}, entry.name + " " + entry.score)));
}

// ---- Page state and the URL fragment ----

let dice = [];
// Fields of the fragment this page does not use, kept for the link ("opening", which older pages wrote, is
// dropped: the opening roll is the roll of every die at 0 turn points).
let otherFields = [];
const FIELDS = ["dice", "turn", "me", "them", "opening", "farkles", "theirfarkles", "round", "seat"];

function readFragment() {
  const fields = new URLSearchParams(location.hash.slice(1));
  otherFields = [...fields].filter(([name]) => !FIELDS.includes(name));
  dice = (fields.get("dice") || "").split(",").map(Number)
    .filter((face) => Number.isInteger(face) && face >= 1 && face <= FACES).slice(0, MAX_DICE);
  $("turn").value = fields.get("turn") || "0";
  $("me").value = fields.get("me") || "";
  $("them").value = fields.get("them") || "";
  $("farkles").value = fields.get("farkles") || "0";
  $("theirfarkles").value = fields.get("theirfarkles") || "0";
  $("round").value = fields.get("round") || "1";
  $("seat").value = fields.get("seat") === "2" ? "2" : "1";
}

// The fragment in one order: dice, turn, me and them when given, farkles when not 0, then the opponent's farkles
// (under a penalty) or the round and seat (in a game of rounds) where the page asks for them.
const fieldText = (id) => $(id).value.trim();
const asked = (id) => !$(id).closest("[hidden]");

function writeFragment() {
  const fragment = "#dice=" + dice.join(",") + "&turn=" + fieldText("turn")
    + (fieldText("me") !== "" ? "&me=" + fieldText("me") : "") + (fieldText("them") !== "" ? "&them=" + fieldText("them") : "")
    + (fieldText("farkles") !== "0" && fieldText("farkles") !== "" ? "&farkles=" + fieldText("farkles") : "")
    + (asked("theirfarkles") && fieldText("theirfarkles") !== "0" && fieldText("theirfarkles") !== ""
      ? "&theirfarkles=" + fieldText("theirfarkles") : "")
    + (asked("round") ? "&round=" + fieldText("round") + "&seat=" + $("seat").value : "")
    + otherFields.map(([name, value]) => "&" + encodeURIComponent(name) + "=" + encodeURIComponent(value))
      .join("");
  if (fragment !== location.hash) history.replaceState(null, "", fragment);
}

// The entered situation, or the reason it is not one; in a game kept on the page (table.js), the game's.
function situation() {
  if (typeof gameSituation === "function") {
    const fromGame = gameSituation();
    if (fromGame) return fromGame;
  }
  const text = $("turn").value.trim();
  const turn = Number(text);
  if (dice.length === 0) return { problem: "Tap the dice you rolled: one to six dice." };
  if (text === "" || !Number.isInteger(turn) || turn < 0 || turn > MAX_TURN_POINTS) {
    return { problem: "Turn points are a whole number from 0." };
  }
  if (turn % rules.score_step !== 0) {
    return { problem: "Turn points are a multiple of " + rules.score_step + " under these rules." };
  }
  // The count only matters, and is only checked, where the page has a table per count or the advice to win
  // under a penalty.
  const farkles = asked("farkles") ? count("farkles") : 0;
  const most = 2;
  if (!Number.isInteger(farkles) || farkles < 0 || farkles > most) {
    return { problem: "Farkles in a row before this turn: a whole number from 0 to " + most + "." };
  }
  const totals = gameTotals();
  if (totals.problem) return totals;
  const game = typedGame(farkles);
  if (game.problem) return game;
  // A total past the target, an opponent's that ended the game, a total in round 1: no situation of the game
  // (FarkleKit's check).
  const refusal = totals.me === null ? null : totalsRefusal(totals.me, totals.them, game.turnIndex);
  if (refusal !== null) return { problem: "FarkleKit has no advice here: " + refusal + "." };
  return { turn, farkles: perFarkleCount() ? farkles : 0, me: totals.me, them: totals.them, game };
}

// A count typed in a field, 0 where it is empty.
const count = (id) => Number(fieldText(id) === "" ? "0" : fieldText(id));

// Whether the advice to win reads the farkles in a row: under a penalty (a scoreless opening roll's cost alone
// shares the penalty's layout, but keeps no counts apart: counts_farkles false).
const winCountsFarkles = () => data.win !== null && data.win.kind === "penalty" && data.win.counts_farkles;

// What the advice to win reads besides the totals, as a game kept on the page gives it (table.js winGameOf):
// under a penalty both players' farkles in a row, in a game of rounds the turn's index (2 (round - 1) + seat).
function typedGame(farkles) {
  if (data.win === null) return {};
  if (data.win.kind === "penalty" && !data.win.counts_farkles) return { myFarkles: 0, theirFarkles: 0 };
  if (data.win.kind === "penalty") {
    const theirs = count("theirfarkles");
    if (!Number.isInteger(theirs) || theirs < 0 || theirs > 2) {
      return { problem: "The opponent's farkles in a row: a whole number from 0 to 2." };
    }
    return { myFarkles: farkles, theirFarkles: theirs };
  }
  if (data.win.kind === "rounds") {
    const round = count("round");
    if (!Number.isInteger(round) || round < 1 || round > data.win.rounds) {
      return { problem: "The round: a whole number from 1 to " + data.win.rounds + "." };
    }
    return { turnIndex: 2 * (round - 1) + Number($("seat").value) - 1 };
  }
  return {};
}

// Whether the page gives the advice to win from two totals typed in (under a penalty with both players' farkles
// in a row, in a game of rounds with the round and who plays first).
const typedWin = () => data.win !== null;

// Whether the player's own total changes the advice for points: an entry minimum (a total of 0 is not on the
// board yet) or a race won at once at the target (the points toward it).
const hasEntryMinimum = () => rules.least_bank.new > rules.least_bank.entered;
const ownTotalMatters = () => hasEntryMinimum() || data.toward_target;
// Whether a player not yet on the board plays a turn of their own for points, banking only from the entry minimum
// (ExpectedScoreSolver.notYetOnTheBoard): an entry minimum, outside the long run under a penalty.
const newPlayerTurn = () => hasEntryMinimum() && !perFarkleCount();

// The totals entered, `null` where not given: your own alone changes the points advice where it matters;
// both give the advice to win.
function gameTotals() {
  const [meText, themText] = [asked("me") ? $("me").value.trim() : "", asked("them") ? $("them").value.trim() : ""];
  if (meText === "" && themText === "") return { me: null, them: null };
  if (meText === "") return { problem: "Enter your own total too: the advice to win needs both." };
  const totals = themText === "" ? [Number(meText)] : [Number(meText), Number(themText)];
  // Under a penalty of points, or where a scoreless opening roll costs points, a total may fall below zero, down to
  // the solved game's floor (RuleSet.lowestTotalOfRounds in a game of rounds).
  const least = data.win !== null && data.win.floor !== undefined ? data.win.floor : 0;
  for (const total of totals) {
    if (!Number.isInteger(total) || total < least || total > MAX_TURN_POINTS || total % rules.score_step !== 0) {
      return { problem: "Totals are whole multiples of " + rules.score_step + " from " + least + "." };
    }
  }
  return { me: totals[0], them: totals[1] ?? null };
}

// ---- Rendering ----

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, text] of Object.entries(attributes || {})) node.setAttribute(name, text);
  node.append(...children);
  return node;
}

function renderRoll() {
  $("roll").replaceChildren(...dice.map((face, index) => {
    const chip = element("button", { type: "button", "aria-label": "Remove this " + face }, String(face));
    chip.addEventListener("click", () => { dice.splice(index, 1); update(); });
    return chip;
  }));
  if (dice.length === 0) $("roll").append(element("span", { class: "note" }, "No dice yet."));
  for (const button of document.querySelectorAll("[data-face]")) button.disabled = dice.length >= MAX_DICE;
}

// The first sentence of an objective's advice: the keep, or why there is none.
function keepSentence(advice, worth) {
  const best = advice.options[0];
  if (best) return "Keep " + spaced(best.dice) + " for " + best.score + (best.dice.length === dice.length ? " (hot dice)." : ".");
  if (advice.sixDiceFarkle) {
    return "No keep scores, but six dice with no score are worth " + advice.sixDiceFarkle.points + " and hot dice.";
  }
  if (advice.rolledAgain) {
    return "No keep scores, but no farkle either: an opening roll with no score is rolled again. Roll all six dice again.";
  }
  if (advice.cost > 0) {
    return "Farkle on the opening roll: no keep scores, and the turn ends costing " + advice.cost
      + " off your total" + worth + ".";
  }
  return "Farkle: no keep scores, and the turn ends with nothing" + worth + ".";
}

// What a third farkle in a row costs, in words: its points, or the whole total.
function penaltyWords() {
  return rules.three_farkle_penalty === "whole_total" ? "the whole total" : String(rules.three_farkle_penalty);
}

// What a farkle now costs under a penalty, in words; nothing without one.
function farkleCost(farkles) {
  if (!perFarkleCount()) return "";
  if (farkles === 2) return "; your third farkle in a row, it costs " + penaltyWords();
  return "; that makes " + (farkles + 1) + " farkle" + (farkles === 0 ? "" : "s") + " in a row";
}

// The element tests read: one per objective, with the best keep and the decision as data.
function adviceElement(objective, advice, heading, then) {
  const best = advice.options[0];
  const node = element("div", {
    id: "advice", class: "advice", "data-objective": objective,
    "data-best-keep": best ? best.dice.split("").join(",") : "",
    "data-decision": advice.next ? advice.next.decision : advice.rolledAgain ? "roll-again" : "farkle",
  });
  const worth = objective === "win" ? "; you then win " + percent(advice.farkle) : farkleCost(advice.farkles);
  node.append(element("p", { class: "note" }, heading),
    element("p", { class: "verdict" }, element("strong", {}, keepSentence(advice, worth)),
      advice.next ? " " + then(advice.next) : ""));
  if (objective === "points") node.setAttribute("data-table", advice.objective.kind);
  if (objective === "points" && advice.objective.cap !== null) {
    node.setAttribute("data-cap", String(advice.objective.cap));
  }
  if (advice.next) {
    node.setAttribute("data-turn-points", String(advice.next.turn));
    node.setAttribute("data-roll-value", String(advice.next.rollValue));
    if (objective === "win") node.setAttribute("data-bank-value", String(advice.next.bankValue));
  } else if (objective === "win" && !advice.sixDiceFarkle && !advice.rolledAgain) {
    // What the farkle leaves the player: the chance to win after it (a scoreless opening roll's cost included).
    node.setAttribute("data-farkle-value", String(advice.farkle));
  }
  return node;
}

// What the totals are for, in words.
function gameNote() {
  const parts = [];
  if (hasEntryMinimum() && perFarkleCount()) {
    parts.push("At a total of 0 you are not on the board yet, and this page has no advice for that yet.");
  }
  if (newPlayerTurn()) {
    parts.push("At a total of 0 you are not on the board yet: the advice then banks only from "
      + rules.least_bank.new + ".");
  }
  if (data.toward_target) {
    parts.push("With your total the advice for points counts the points toward the target, "
      + rules.target + (rules.exact_target ? ": a bank past it scores nothing." : ": past it they win nothing more."));
  }
  if (typedWin()) {
    const more = data.win.kind === "rounds" ? ", the round and who plays first"
      : winCountsFarkles() ? " and both players' farkles in a row" : "";
    parts.push("Both totals before this turn" + more + " give the advice to win as well."
      + (data.win.final_round ? " An opponent at or over the target means this is your last turn." : ""));
  }
  return parts.join(" ");
}

// What the points advice maximizes, in words.
function pointsHeading(points, state) {
  const objective = points.objective;
  if (objective.kind === "capped") {
    return "For the most points toward the target: at " + state.me + " of " + rules.target + ", a bank counts "
      + objective.cap + " at most" + (rules.exact_target ? " and one past it nothing" : "")
      + ", and Expected is the points toward the target";
  }
  if (objective.kind === "new-player") {
    return "For the most points this turn, not yet on the board: you need " + objective.least
      + " turn points to bank";
  }
  if (perFarkleCount()) {
    return "For the most points in the long run, penalties included, with " + state.farkles + " farkle"
      + (state.farkles === 1 ? "" : "s") + " in a row before this turn";
  }
  if (newPlayerTurn() && state.me === null) {
    return "For the most points this turn, on the board (not yet? enter your total 0)";
  }
  return "For the most points this turn";
}

function renderAdvice(state) {
  // The opening roll is FarkleKit's to infer: six dice at 0 turn points, as every keep and six-dice farkle scores.
  const points = pointsAdvice(dice, state.turn, state.farkles, state.me);
  if (points === null) {
    return [element("p", { class: "problem" }, adviceRefusal === null ? "FarkleKit has no advice for this situation."
      : "FarkleKit has no advice here: " + adviceRefusal + ".")];
  }
  const totals = state.them === null ? null : state;
  // A roll that wins at once (six 1s in standard) leaves nothing to decide: no advice to win; the points advice
  // is a single turn's, where it scores (Advice.winsAtOnce).
  const wins = points.winsAtOnce;
  const instant = wins || points.losesAtOnce;
  const win = totals && !instant ? winAdvice(dice, state.turn, totals.me, totals.them, state.game) : null;
  const body = [adviceElement("points", points, pointsHeading(points, state), thenSentence)];
  // Where the solved game has no turn at these totals, FarkleKit's words say why, as the command line says them.
  if (totals && !instant && win === null) {
    body.push(element("p", { id: "no-win-advice", class: "note" }, "No advice to win here: "
      + (adviceRefusal ?? "the solved game has no such turn") + "."));
  }
  if (instant) {
    body.unshift(element("p", { id: "wins-at-once", class: "note" }, "This roll " + (wins ? "wins" : "loses")
      + " the game at once (" + (wins ? rules.instant_win + " on six dice win" : rules.instant_loss
        + " on six dice lose") + "): nothing is left to decide. In a single turn, without that rule, it would score "
      + "as below."));
  }
  if (win) {
    // Past the regular rounds the round is an extra one, played because the highest total was shared.
    const round = Math.floor(state.game.turnIndex / 2) + 1;
    const when = data.win.kind === "rounds"
      ? (round > data.win.rounds ? " in extra round " + (round - data.win.rounds) + " after " + data.win.rounds
        + " rounds" : " in round " + round + " of " + data.win.rounds) + ", playing "
        + (state.game.turnIndex % 2 === 0 ? "first" : "second")
      : win.isFinalRound ? " (your last turn)"
        : winCountsFarkles() ? ", farkles in a row " + state.game.myFarkles + " and " + state.game.theirFarkles
          : "";
    body.push(adviceElement("win", win,
      "To win at " + totals.me + " against " + totals.them + when + ", ties counting half", winThenSentence));
    const differ = points.options[0]?.dice !== win.options[0]?.dice
      || (points.next?.decision === "bank") !== (win.next?.decision === "bank");
    body.push(differ
      ? element("p", { id: "objectives", class: "differ", "data-agree": "false" },
        "The objectives differ: for the most points " + summary(points) + "; to win " + summary(win) + ".")
      : element("p", { id: "objectives", class: "note", "data-agree": "true" }, "Both objectives agree."));
  }
  const winByKeep = new Map(win ? win.options.map((option) => [option.dice, option]) : []);
  const bestWin = win?.options[0]?.dice;
  const winCell = (option) => element("td", { class: option.dice === bestWin ? "best-win" : "" },
    (option.dice === bestWin ? "\u2605 " : "") + percent(option.value));
  const rows = points.options.map((option, index) => {
    const row = element("tr", {
      class: index === 0 ? "best" : "", "data-keep": option.dice.split("").join(","),
      "data-points": String(option.score), "data-dice-left": String(option.left),
      "data-expected": String(option.value),
    }, element("td", {}, (index === 0 ? "\u2605 " : "") + tight(option.dice)),
    element("td", {}, String(option.score)), element("td", {}, String(option.left)),
    element("td", {}, pointsText(option.value)));
    const winning = winByKeep.get(option.dice);
    if (winning) {
      row.setAttribute("data-win", String(winning.value));
      row.append(winCell(winning));
    }
    return row;
  });
  const sixDiceFarkle = points.sixDiceFarkle;
  if (sixDiceFarkle) {
    const row = element("tr", { class: "best", "data-six-dice-farkle": String(sixDiceFarkle.points),
      "data-expected": String(sixDiceFarkle.value) },
    element("td", {}, "\u2605 six-dice farkle"), element("td", {}, String(sixDiceFarkle.points)),
    element("td", {}, String(MAX_DICE)), element("td", {}, pointsText(sixDiceFarkle.value)));
    if (win) {
      row.setAttribute("data-win", String(win.sixDiceFarkle.value));
      row.append(element("td", { class: "best-win" }, "\u2605 " + percent(win.sixDiceFarkle.value)));
    }
    rows.push(row);
  }
  if (rows.length > 0) {
    const titles = ["Keep", "Points", "Dice left", "Expected"].concat(win ? ["Win"] : []);
    body.push(element("div", { class: "keeps" }, element("table", {},
      element("caption", {}, "Every keep, best for points (\u2605) first. Expected: the points "
        + (points.objective.kind === "capped" ? "toward the target" : "the turn ends with") + "."
        + (win ? " Win: the chance to win after it (\u2605 best)." : "")),
      element("thead", {}, element("tr", {}, ...titles.map((title) => element("th", { scope: "col" }, title)))),
      element("tbody", {}, ...rows))));
  }
  return body;
}

function update() {
  renderRoll();
  writeFragment();
  const state = situation();
  $("answer-body").replaceChildren(...(state.problem
    ? [element("p", { class: "problem" }, state.problem)] : renderAdvice(state)));
  if (typeof padState === "function") padState();
}

// ---- Wiring ----

$("rules-name").textContent = rules.name;
$("rules-summary").textContent = describeRules();
renderChart();
document.title = "Farkle advisor: " + rules.name;
$("turn").step = String(rules.score_step);
for (const button of document.querySelectorAll("[data-face]")) {
  button.addEventListener("click", () => {
    if (dice.length < MAX_DICE) dice.push(Number(button.dataset.face));
    update();
  });
}
$("clear").addEventListener("click", () => { dice = []; update(); });
function stepTurn(direction) {
  const turn = Math.max(0, (Math.floor(Number($("turn").value) / rules.score_step) || 0) + direction);
  $("turn").value = String(turn * rules.score_step);
  update();
}
$("turn-down").addEventListener("click", () => stepTurn(-1));
$("turn-up").addEventListener("click", () => stepTurn(1));
$("turn").addEventListener("input", update);
// The totals: your own where it changes the advice for points, both where the page has the advice to win.
$("game").hidden = !typedWin() && !ownTotalMatters();
$("them-field").hidden = !typedWin();
$("their-farkles-field").hidden = !typedWin() || !winCountsFarkles();
$("round-field").hidden = !typedWin() || data.win.kind !== "rounds";
if (typedWin() && data.win.kind === "rounds") $("round").max = String(data.win.rounds);
$("game-heading").textContent = typedWin() ? "The game (2 players)" : "The game";
$("game-note").textContent = gameNote();
// Farkles in a row matter only where the page has a turn table per count, or the advice to win under a penalty.
$("farkles-field").hidden = !perFarkleCount() && !(typedWin() && winCountsFarkles());
$("farkles").max = "2";
if (!perFarkleCount()) {
  $("farkles-note").textContent = "The third in a row costs the whole total: the advice to win counts it, the "
    + "advice for points is this turn's own.";
}
for (const id of ["me", "them", "farkles", "theirfarkles", "round", "seat"]) $(id).addEventListener("input", update);
$("me").step = $("them").step = String(rules.score_step);
// Where totals fall below 0 (a penalty of points, a scoreless opening roll's cost) the fields go down to the solved
// game's floor, and a phone shows a keypad with a minus sign (inputmode="numeric" has none).
if (typedWin() && data.win.floor !== undefined && data.win.floor < 0) {
  for (const id of ["me", "them"]) {
    $(id).min = String(data.win.floor);
    $(id).removeAttribute("inputmode");
  }
}
window.addEventListener("hashchange", () => { readFragment(); update(); });
// Keys 1 to 6 add a die and Backspace takes the last back, unless a field has the focus.
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
  if (/^[1-6]$/.test(event.key) && dice.length < MAX_DICE) dice.push(Number(event.key));
  else if (event.key === "Backspace" && dice.length > 0) dice.pop();
  else return;
  event.preventDefault();
  update();
});
readFragment();
update();
