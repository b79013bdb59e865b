"use strict";
// FarkleKit on the page: its core built as WebAssembly (Advisor/farkle.wasm, from Module/PageModule.swift by
// .ci/embedded), embedded in the page as base64, opened on the page's rule file and solved game. The page asks it
// every rule it needs computed (the least bank, the turn played to win) instead of carrying a copy of the rules.

// The module's exports, after the page's rules (and solved game, where the page plays to win) are opened in it.
const farkleKit = (() => {
  const bytes = Uint8Array.from(atob(document.getElementById("farkle-module").textContent.trim()),
    (character) => character.charCodeAt(0));
  const module = new WebAssembly.Module(bytes);
  let memory = null;
  // What the module imports: the C library's exp, log and pow, and Embedded Swift's Double(String), which parses
  // the C string at `text`, writes the number at `out` and returns where it ends (0: no number).
  const host = {
    exp: Math.exp,
    log: Math.log,
    pow: Math.pow,
    _swift_stdlib_strtod_clocale(text, out) {
      const heap = new Uint8Array(memory.buffer);
      let end = text;
      while (heap[end] !== 0) end++;
      const match = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(new TextDecoder().decode(heap.subarray(text, end)));
      if (match === null) return 0;
      new DataView(memory.buffer).setFloat64(out, Number(match[0]), true);
      return text + match[0].length;
    },
  };
  const imports = {};
  for (const { module: name, name: field } of WebAssembly.Module.imports(module)) {
    imports[name] ??= {};
    imports[name][field] = host[field];
  }
  const kit = new WebAssembly.Instance(module, imports).exports;
  memory = kit.memory;
  // Copies `content` into the module's memory: [address, count], freed by the caller.
  const place = (content) => {
    const address = kit.farkle_allocate(content.length);
    new Uint8Array(memory.buffer, address, content.length).set(content);
    return [address, content.length];
  };
  const pageData = JSON.parse(document.getElementById("advisor-data").textContent);
  const policy = pageData.win === null ? new Uint8Array(0)
    : Uint8Array.from(atob(pageData.win.policy), (character) => character.charCodeAt(0));
  const ruleFile = place(new TextEncoder().encode(JSON.stringify(pageData.rule_file)));
  const policyFile = place(policy);
  const status = kit.farkle_open(...ruleFile, ...policyFile);
  kit.farkle_release(ruleFile[0]);
  kit.farkle_release(policyFile[0]);
  if (status !== 0) throw new Error("FarkleKit refused the page's " + (status === 1 ? "rule file" : "solved game"));
  return kit;
})();

// The text of the module's last message, `count` UTF-8 bytes (PageModule's `farkle_message`).
const moduleMessage = (count) =>
  new TextDecoder().decode(new Uint8Array(farkleKit.memory.buffer, farkleKit.farkle_message(), count));

// Why the last advice asked (pointsAdvice, winAdvice, offerAdviceOf) is null, in FarkleKit's words (NotCovered, as
// the command line says them); null where it was given, or where what was asked is not a situation of the rules.
let adviceRefusal = null;

// Why the totals `me` and `them` (null: not given) are no situation of the game, in FarkleKit's words: in a race
// (WinTurnTable.checkTotals) a total past the target or an opponent's that ended the game; in a game of rounds at
// the turn `turnIndex` (RoundsWinSolver.checkTotals) a total in round 1, where nobody has banked yet. Null where they
// fit.
function totalsRefusal(me, them, turnIndex) {
  const status = farkleKit.farkle_check_totals(me, them ?? 0, them === null ? 0 : 1, turnIndex ?? -1);
  return status > 0 ? moduleMessage(status) : null;
}

// The least a player may bank (TurnMechanics.leastBank), on the board or not, and where the turn took over `offered`
// points under piggybacking (null: a turn of their own), as Piggyback.leastBank raises it.
const leastBank = (hasEntered, offered) => farkleKit.farkle_least_bank(hasEntered ? 1 : 0, offered ?? -1);

// The turn to win of the player with total `me` against `them` (`game`: `turnIndex` in a game of rounds,
// `myFarkles` and `theirFarkles` under a penalty), as FarkleKit tabulates it (WinTurnTable), or null where the solved
// game has no such turn. The module infers the final round from an opponent at or over the target, as advise does
// (`isFinalRound` says whether it is). Values are P(win) + 1/2 P(tie) of the player to move. The module holds one
// turn: each read tabulates this one again if another was asked since.
function winTurn(me, them, game) {
  const where = [me, them, game.myFarkles ?? 0, game.theirFarkles ?? 0, 0, game.turnIndex ?? 0];
  const key = where.join(",");
  const select = () => {
    if (winTurn.current === key) return true;
    const status = farkleKit.farkle_win_turn(...where);
    winTurn.current = status === 0 ? key : null;
    adviceRefusal = status > 0 ? moduleMessage(status) : null;
    return winTurn.current === key;
  };
  if (!select()) return null;
  const read = (question) => (...args) => (select() ? question(...args) : NaN);
  const decisions = ["bank", "roll", "must-roll"];
  return {
    isFinalRound: farkleKit.farkle_final_round() === 1,
    farkle: farkleKit.farkle_farkle_value(0),
    openingFarkle: farkleKit.farkle_farkle_value(1),
    value: read(farkleKit.farkle_value),
    rollValue: read(farkleKit.farkle_roll_value),
    // The value of banking `t`, null where banking it is not allowed.
    bankValue: (t) => {
      const value = read(farkleKit.farkle_bank_value)(t);
      return Number.isNaN(value) ? null : value;
    },
    decision: (t, n) => decisions[read(farkleKit.farkle_decision)(t, n)],
  };
}

// The numbers of the module's last answer (`count` of them, PageModule's `farkle_answer`), copied out; null for none.
function answerNumbers(count) {
  return count === 0 ? null : Array.from(new Float64Array(farkleKit.memory.buffer, farkleKit.farkle_answer(), count));
}

const orNull = (x) => (Number.isNaN(x) ? null : x);
// An objective by its code in the module's answers (PointsObjective, then the chance to win).
const OBJECTIVES = ["points", "capped", "long-run", "win"];

// The advice on a roll as FarkleKit gives it (RollAdvice), read from the numbers PageModule's `numbers(of:)` lays
// out: every keep (its dice as sorted digits), best first, with what it, banking and rolling on after it are worth;
// the six-dice farkle, a reroll, the farkle's value and cost, the luck, what to do next, and whether the roll ends
// the game at once.
function readAdvice(numbers) {
  if (numbers === null) return null;
  const options = [];
  for (let at = 16; at < numbers.length; at += 6) {
    const [dice, score, left, value, bankValue, rollValue] = numbers.slice(at, at + 6);
    options.push({ dice: String(dice), score, left, value, bankValue: orNull(bankValue), rollValue });
  }
  const [objective, cap, farkle, cost, rolledAgain, sixPoints, sixValue, luck, turn, left, decision, bankValue,
    rollValue, winsAtOnce, losesAtOnce] = numbers;
  return {
    objective: { kind: OBJECTIVES[objective], cap: orNull(cap) }, farkle, cost, rolledAgain: rolledAgain === 1,
    sixDiceFarkle: Number.isNaN(sixPoints) ? null : { points: sixPoints, value: sixValue }, luck,
    next: Number.isNaN(turn) ? null : {
      turn, left, decision: ["bank", "roll", "must-roll"][decision], bankValue: orNull(bankValue), rollValue,
    },
    winsAtOnce: winsAtOnce === 1, losesAtOnce: losesAtOnce === 1, options,
  };
}

// The faces of a roll as the module takes them: their sorted digits as one number (1, 5, 5: 155).
const facesNumber = (faces) => Number(faces.slice().sort().join(""));

// Every keep of the roll of `faces` with `turn` points before it, valued for points as FarkleKit's advisor values
// them for a player with the total `me` (null: not given) after `farkles` farkles in a row (PointsAdvisor: the
// expected points, toward the target, or the long run under a penalty; the opening roll inferred), best first; null
// where the rules have no such situation (adviceRefusal: why). A total of 0 under an entry minimum is a player not
// yet on the board: `objective.least` says from what the player may bank.
function pointsAdvice(faces, turn, farkles, me) {
  const count = farkleKit.farkle_points_advice(facesNumber(faces), turn, me ?? -1, farkles);
  adviceRefusal = count < 0 ? moduleMessage(-count) : null;
  const advice = readAdvice(answerNumbers(Math.max(count, 0)));
  if (advice === null) return null;
  const least = leastBank(me !== 0, null);
  advice.objective.least = least;
  // The page's names of the turn played: the expected points of a player on the board or not yet on it ("points",
  // "new-player"), toward the target ("capped"), or the long run under a penalty, which its words call "points".
  const kind = advice.objective.kind;
  if (kind === "long-run") advice.objective.kind = "points";
  if (kind === "points" && least > leastBank(true, null)) advice.objective.kind = "new-player";
  if (advice.next) {
    advice.next.least = least;
    advice.next.cap = advice.objective.cap;
  }
  return Object.assign(advice, { farkles, me });
}

// Every keep of the roll of `faces` with `turn` points before it valued by the chance to win of the player with
// total `me` against `them` (`game` as winTurn reads it), as FarkleKit's WinTurnTable gives it, best first; null
// where the solved game has no such turn (adviceRefusal: why).
function winAdvice(faces, turn, me, them, game) {
  const table = winTurn(me, them, game);
  if (table === null) return null;
  const advice = readAdvice(answerNumbers(farkleKit.farkle_win_advice(facesNumber(faces), turn)));
  if (advice === null) return null;
  if (advice.next) advice.next.least = leastBank(me !== 0, null);
  advice.isFinalRound = table.isFinalRound;
  return advice;
}

// The advice on a banked turn offered under piggybacking (`offer`: its points, the bonus included, and dice) for a
// player with the total `me` (null: not given) after `farkles` farkles in a row, as FarkleKit's advisor gives it
// (Advisor.advice(onOffer:)): what it is worth taken over and a fresh turn's worth, for the same points objective as
// the advice on a roll; null where it is not covered (adviceRefusal: why).
function offerAdviceOf(offer, me, farkles) {
  const count = farkleKit.farkle_offer_advice(offer.dice, offer.points, me ?? -1, farkles);
  adviceRefusal = count < 0 ? moduleMessage(-count) : null;
  const numbers = answerNumbers(Math.max(count, 0));
  if (numbers === null) return null;
  const [objective, cap, takeOver, fresh, least] = numbers;
  return { objective: { kind: OBJECTIVES[objective], cap: orNull(cap) }, takeOver, fresh, least: orNull(least) };
}
