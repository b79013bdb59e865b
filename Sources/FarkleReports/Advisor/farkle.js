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

// The least a player may bank (TurnMechanics.leastBank), on the board or not, and where the turn took over `offered`
// points under piggybacking (null: a turn of their own), as Piggyback.leastBank raises it.
const leastBank = (hasEntered, offered) => farkleKit.farkle_least_bank(hasEntered ? 1 : 0, offered ?? -1);

// The turn to win of the player with total `me` against `them` (`game`: `turnIndex` in a game of rounds,
// `myFarkles` and `theirFarkles` under a penalty; the opponent at or over the target: the final round), as FarkleKit
// tabulates it (WinTurnTable), or null where the solved game has no such turn. Values are P(win) + 1/2 P(tie) of the
// player to move. The module holds one turn: each read tabulates this one again if another was asked since.
function winTurn(me, them, game) {
  const where = [me, them, game.myFarkles ?? 0, game.theirFarkles ?? 0, them >= data.win.target ? 1 : 0,
    game.turnIndex ?? 0];
  const key = where.join(",");
  const select = () => {
    if (winTurn.current === key) return true;
    winTurn.current = farkleKit.farkle_win_turn(...where) === 0 ? key : null;
    return winTurn.current === key;
  };
  if (!select()) return null;
  const read = (question) => (...args) => (select() ? question(...args) : NaN);
  const decisions = ["bank", "roll", "must-roll"];
  return {
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
