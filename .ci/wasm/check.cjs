"use strict";
// Runs FarkleKit built as WebAssembly (.ci/embedded) and checks that it answers as the native build does, to the last
// bit: every preset's expected turn score and advice for points on a few rolls (every keep, the farkle, what to do
// next, as the page reads them), and the chance to win and advice to win in a race and in a race under a three-farkle
// penalty, read from policy files the native build solved; and that situations out of the game are refused, not
// trapped on.
// Usage: node check.cjs MODULE.wasm FARKLE_SIM SCRATCH_DIRECTORY
const fs = require("fs");
const path = require("path");
const vm = require("vm");
const { execFileSync } = require("child_process");

const [wasmPath, tool, scratch] = process.argv.slice(2);
const farkleSim = (...args) => execFileSync(tool, args, { encoding: "utf8" });
// The module as the advisor page opens it: the page's own loader (Advisor/farkle.js) run on a page that embeds it,
// with standard's rule file; every question below opens its own rules and policy file in it.
const page = (() => {
  const elements = {
    "farkle-module": { textContent: fs.readFileSync(wasmPath).toString("base64") },
    "advisor-data": { textContent: JSON.stringify({ rule_file: JSON.parse(farkleSim("rules", "--show", "standard")), win: null }) },
  };
  const loader = fs.readFileSync(path.join(__dirname, "../../Sources/FarkleReports/Advisor/farkle.js"), "utf8");
  const context = { document: { getElementById: (id) => elements[id] }, atob, TextEncoder, TextDecoder };
  return vm.runInNewContext(loader
    + "\n({ farkleKit, pointsAdvice, readAdvice, answerNumbers, facesNumber, moduleMessage });\n", context);
})();
const farkle = page.farkleKit;
const memory = farkle.memory;

// Copies `bytes` into the module's memory: [address, count].
function place(bytes) {
  const address = farkle.farkle_allocate(bytes.length);
  new Uint8Array(memory.buffer, address, bytes.length).set(bytes);
  return [address, bytes.length];
}

let failures = 0;
function expectSame(what, wasm, native) {
  // Both print the shortest decimal that reads back as the same Double: equal text, equal bits.
  const same = String(wasm) === String(native);
  if (!same) failures++;
  console.log((same ? "same  " : "DIFFER") + " " + what + ": wasm " + wasm + ", native " + native);
}

const presets = farkleSim("rules").split("\n").filter((line) => line.trim() !== "").map((line) => line.split(/\s+/)[0]);
for (const preset of presets) {
  const text = farkleSim("rules", "--show", preset);
  const wasm = farkle.farkle_expected_turn_score(...place(new TextEncoder().encode(text)));
  const native = JSON.parse(farkleSim("solve", "--rules", preset, "--format", "json")).expected_turn_score;
  expectSame(preset + ", expected turn score", wasm, native);
}

// The advice on a roll as the page reads it (farkle.js readAdvice) against `advise --format json` (`native`, its
// points or win member): every keep in order with its points, dice left and value, the farkle's value and cost, the
// reroll, the six-dice farkle, and what to do next.
function expectSameAdvice(what, advice, native) {
  const keeps = (options) => options.map((o) => [o.dice, o.score, o.left, o.value].join(" ")).join("; ");
  expectSame(what + ", keeps", keeps(advice.options), keeps(native.keeps.map((keep) => ({
    dice: keep.dice.join(""), score: keep.score, left: keep.dice_left, value: keep.expected ?? keep.value,
  }))));
  expectSame(what + ", farkle value", advice.farkle, native.farkle_value);
  if (native.farkle_cost !== undefined) expectSame(what + ", farkle cost", advice.cost, native.farkle_cost);
  if (native.rolled_again !== undefined) expectSame(what + ", rolled again", advice.rolledAgain, native.rolled_again);
  const six = native.six_dice_farkle;
  expectSame(what + ", six-dice farkle", JSON.stringify(advice.sixDiceFarkle),
    JSON.stringify(six === null ? null : { points: six.points, value: six.expected ?? six.value }));
  const next = advice.next;
  const decision = native.decision;
  // `advise` says "roll" where the rules make the player roll, and gives the reason.
  const action = next === null ? null : next.decision === "must-roll" ? "roll" : next.decision;
  expectSame(what + ", then", next === null ? "none" : [action, next.turn, next.left, next.rollValue].join(" "),
    decision === null ? "none" : [decision.action, decision.turn_points, decision.dice_left, decision.roll_value]
      .join(" "));
}

// Every preset's advice for points on the page's rolls: a roll, an opening roll with no keep, and (where the
// preset's own total matters) at a total: 0, not yet on the board under an entry minimum; near the target of a race
// won at once.
for (const preset of presets) {
  const rules = new TextEncoder().encode(farkleSim("rules", "--show", preset));
  farkle.farkle_open(...place(rules), 0, 0);
  for (const [dice, turn, me, farkles] of [
    [[1, 5, 2, 3], 300, null, 0], [[2, 2, 3, 3, 4, 6], 0, null, 0], [[1, 1, 5, 2, 3, 4], 0, 0, 0],
    [[5, 2, 3], 100, 3850, 0], [[1, 5], 250, null, 1],
  ]) {
    const args = ["advise", "--rules", preset, "--dice", dice.join(","), "--turn-points", String(turn), "--format",
      "json"].concat(me === null ? [] : ["--my-score", String(me)]).concat(farkles === 0 ? [] : ["--farkles",
      String(farkles)]);
    // Refused natively (a roll past the game's dice, farkles in a row without a penalty): the module refuses it too.
    // Where the total changes nothing, `advise` refuses it as an option that does nothing, and the page's answer is
    // the one without it.
    const advise = (options) => {
      try {
        return JSON.parse(execFileSync(tool, options, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
      } catch (error) {
        return String(error.stderr).includes("alone changes no advice")
          ? advise(options.filter((option, index) => option !== "--my-score" && options[index - 1] !== "--my-score"))
          : null;
      }
    };
    const native = advise(args);
    const advice = page.pointsAdvice(dice, turn, farkles, me);
    const what = preset + " " + dice.join("") + " at " + turn + (me === null ? "" : ", total " + me)
      + (farkles === 0 ? "" : ", farkles " + farkles);
    if (native === null) expectSame(what + ": refused", advice, null);
    else expectSameAdvice(what, advice, native);
  }
}

// A preset with another target, solved to win by the native build: [rules file, policy file, their bytes in the
// module].
function solvedToWin(preset, target) {
  const rules = JSON.parse(farkleSim("rules", "--show", preset));
  rules.name = preset + "-" + target;
  rules.game.target = target;
  const rulesPath = path.join(scratch, rules.name + ".json");
  const policyPath = path.join(scratch, rules.name + ".policy");
  fs.writeFileSync(rulesPath, JSON.stringify(rules));
  farkleSim("solve", "--objective", "win", "--rules", rulesPath, "--out", policyPath, "--quiet", "--no-cache");
  return [rulesPath, policyPath, place(new TextEncoder().encode(JSON.stringify(rules))), place(fs.readFileSync(policyPath))];
}

// The value `advise` gives keeping a single 1 of an opening roll 1,2,3,4,6,6 (100 points, 5 dice left) in the
// situation its `options` describe: [the keep's points, dice left, its value].
function nativeKeepOfOne(rulesPath, policyPath, options) {
  const advice = JSON.parse(farkleSim("advise", "--rules", rulesPath, "--policy", policyPath,
    "--dice", "1,2,3,4,6,6", "--format", "json", ...options));
  const keep = advice.win.keeps.find((option) => option.dice.length === 1 && option.dice[0] === 1);
  return [keep.score, keep.dice_left, keep.value];
}

// The value of `points` and `dice` to roll in the turn of `situation` (farkle_win_turn's arguments) of the game
// `opened` (farkle_open's), as the page asks it; -1 where the module refuses the game or the situation.
function winValue(opened, situation, points, dice) {
  if (farkle.farkle_open(...opened) !== 0 || farkle.farkle_win_turn(...situation) !== 0) return -1;
  return farkle.farkle_value(points, dice);
}

// A race to 2,000: the module reads the policy file and tabulates one turn. At 500 against 2100 the opponent has
// reached the target: both infer the final round (no '--final-round', finalRound 0).
const [raceRules, racePolicy, raceBytes, racePolicyBytes] = solvedToWin("standard", 2000);
for (const [me, them] of [[0, 0], [500, 1200], [1950, 1900], [1200, 500], [500, 2100]]) {
  const [points, dice, native] = nativeKeepOfOne(
    raceRules, racePolicy, ["--my-score", String(me), "--opponent-score", String(them)]);
  const wasm = winValue([...raceBytes, ...racePolicyBytes], [me, them, 0, 0, 0, 0], points, dice);
  expectSame("race to 2000 at " + me + " against " + them + ", a 1 kept", wasm, native);
}

// The advice to win on whole rolls in the race to 2,000, as the page reads it, against `advise`'s.
for (const [dice, turn, me, them] of [[[1, 2, 3, 4, 6, 6], 0, 500, 1200], [[1, 5, 5, 2], 350, 1600, 1900],
  [[2, 2, 3, 3, 4, 6], 0, 0, 0]]) {
  const native = JSON.parse(farkleSim("advise", "--rules", raceRules, "--policy", racePolicy, "--dice", dice.join(","),
    "--turn-points", String(turn), "--my-score", String(me), "--opponent-score", String(them), "--format", "json"));
  farkle.farkle_open(...raceBytes, ...racePolicyBytes);
  farkle.farkle_win_turn(me, them, 0, 0, 0, 0);
  const advice = page.readAdvice(page.answerNumbers(farkle.farkle_win_advice(page.facesNumber(dice), turn)));
  expectSameAdvice("race to 2000, " + dice.join("") + " at " + turn + ", " + me + " against " + them + ", to win",
    advice, native.win);
}

// zilch to 1,000 (a three-farkle penalty: totals below 0, farkles in a row of each).
const [zilchRules, zilchPolicy, zilchBytes, zilchPolicyBytes] = solvedToWin("zilch", 1000);
for (const [me, them, mine, theirs] of [[0, 0, 0, 0], [300, 200, 1, 0], [500, 700, 2, 1], [-500, 300, 0, 2]]) {
  const [points, dice, native] = nativeKeepOfOne(zilchRules, zilchPolicy, [
    "--my-score", String(me), "--opponent-score", String(them), "--farkles", String(mine),
    "--opponent-farkles", String(theirs)]);
  const wasm = winValue([...zilchBytes, ...zilchPolicyBytes], [me, them, mine, theirs, 0, 0], points, dice);
  expectSame("zilch to 1000 at " + me + " against " + them + ", farkles " + mine + " and " + theirs + ", a 1 kept",
    wasm, native);
}
// Situations the solved game does not have answer why, never a trap (a trap would stop the page's script): totals
// that overflow a 32-bit Int, a final round far behind (whose table would take gigabytes), bad counts. Where
// `advise` refuses the same situation, the module says it in the same words.
const refusal = (args) => {
  try {
    execFileSync(tool, ["advise", ...args], { encoding: "utf8", stdio: "pipe" });
    return "(advise gave advice)";
  } catch (error) {
    return String(error.stderr).split("\n")[0].replace(/^Error: /, "");
  }
};
const refusedAlike = [
  [[0, 1000050, 0, 0, 1, 0], ["--my-score", "0", "--opponent-score", "1000050", "--final-round"]],
];
for (const [situation, args] of refusedAlike) {
  farkle.farkle_open(...raceBytes, ...racePolicyBytes);
  const status = farkle.farkle_win_turn(...situation);
  expectSame("race to 2000 at " + situation.slice(0, 2).join(" against ") + ", refused as advise refuses it",
    status > 0 ? page.moduleMessage(status) : "status " + status,
    refusal(["--rules", raceRules, "--policy", racePolicy, "--dice", "1,5", ...args]));
}
for (const [what, opened, situation] of [
  ["a final round 2,147,483,600 points behind", [...raceBytes, ...racePolicyBytes], [50, 2147483600, 0, 0, 1, 0]],
  ["a final round 1,000,050 points behind", [...raceBytes, ...racePolicyBytes], [0, 1000050, 0, 0, 1, 0]],
  ["a final round under a penalty from the floor to 2^31", [...zilchBytes, ...zilchPolicyBytes], [-100, 2147483600, 2, 0, 1, 0]],
  ["a total off the score step", [...raceBytes, ...racePolicyBytes], [7, 0, 0, 0, 0, 0]],
  ["three farkles in a row", [...zilchBytes, ...zilchPolicyBytes], [0, 0, 3, 0, 0, 0]],
]) {
  const status = farkle.farkle_open(...opened) === 0 ? farkle.farkle_win_turn(...situation) : -1;
  expectSame(what + ": refused with a message", status > 0, true);
}
expectSame("an offer of 2^31 - 1 points taken over: refused (-1)", farkle.farkle_least_bank(0, 2147483647), -1);

if (failures > 0) {
  console.error("Error: FarkleKit built as WebAssembly differs from the native build in " + failures + " answers");
  process.exit(1);
}
