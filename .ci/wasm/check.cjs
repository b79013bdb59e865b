"use strict";
// Runs FarkleKit built as WebAssembly (.ci/embedded) and checks that it answers as the native build does, to the last
// bit: every preset's expected turn score, and the chance to win in a race and in a race under a three-farkle
// penalty, read from policy files the native build solved.
// Usage: node check.cjs MODULE.wasm FARKLE_SIM SCRATCH_DIRECTORY
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const [wasmPath, tool, scratch] = process.argv.slice(2);
const farkleSim = (...args) => execFileSync(tool, args, { encoding: "utf8" });
const wasmModule = new WebAssembly.Module(fs.readFileSync(wasmPath));
let memory = null;
// What the module imports from its host: the C library's exp, log and pow, and Embedded Swift's Double(String).
const host = {
  exp: Math.exp,
  log: Math.log,
  pow: Math.pow,
  // Parses the C string at `text` as a decimal number, writes it at `out` and returns where it ends (0: no number).
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
for (const { module, name } of WebAssembly.Module.imports(wasmModule)) {
  if (!(name in host)) throw new Error("the module imports " + module + "." + name + ", which no host gives");
  imports[module] ??= {};
  imports[module][name] = host[name];
}
const farkle = new WebAssembly.Instance(wasmModule, imports).exports;
memory = farkle.memory;

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

// A race to 2,000: the module reads the policy file and tabulates one turn.
const [raceRules, racePolicy, raceBytes, racePolicyBytes] = solvedToWin("standard", 2000);
for (const [me, them] of [[0, 0], [500, 1200], [1950, 1900], [1200, 500]]) {
  const [points, dice, native] = nativeKeepOfOne(
    raceRules, racePolicy, ["--my-score", String(me), "--opponent-score", String(them)]);
  const wasm = farkle.farkle_win_value(...raceBytes, ...racePolicyBytes, me, them, points, dice);
  expectSame("race to 2000 at " + me + " against " + them + ", a 1 kept", wasm, native);
}

// zilch to 1,000 (a three-farkle penalty: totals below 0, farkles in a row of each).
const [zilchRules, zilchPolicy, zilchBytes, zilchPolicyBytes] = solvedToWin("zilch", 1000);
for (const [me, them, mine, theirs] of [[0, 0, 0, 0], [300, 200, 1, 0], [500, 700, 2, 1], [-500, 300, 0, 2]]) {
  const [points, dice, native] = nativeKeepOfOne(zilchRules, zilchPolicy, [
    "--my-score", String(me), "--opponent-score", String(them), "--farkles", String(mine),
    "--opponent-farkles", String(theirs)]);
  const wasm = farkle.farkle_penalty_win_value(...zilchBytes, ...zilchPolicyBytes, me, them, mine, theirs, points, dice);
  expectSame("zilch to 1000 at " + me + " against " + them + ", farkles " + mine + " and " + theirs + ", a 1 kept",
    wasm, native);
}
if (failures > 0) {
  console.error("Error: FarkleKit built as WebAssembly differs from the native build in " + failures + " answers");
  process.exit(1);
}
