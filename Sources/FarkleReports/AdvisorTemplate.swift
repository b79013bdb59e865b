/// The markup, style and script of the advisor page (`AdvisorPage`), kept as plain text so the script reads
/// as the JavaScript it is: no framework, no build step.
enum AdvisorTemplate {
    /// The page with `data` (the JSON of `AdvisorPage.data`) embedded.
    static func page(data: String) -> String {
        markup.replacingOccurrences(of: "{{style}}", with: style)
            .replacingOccurrences(of: "{{script}}", with: script)
            .replacingOccurrences(of: "{{data}}", with: data)
    }

    // MARK: - Markup

    private static let markup = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>Farkle advisor</title>
        <style>
        {{style}}
        </style>
        </head>
        <body>
        <main>
        <header>
          <h1>Farkle advisor <span id="rules-name"></span></h1>
          <p id="rules-summary" class="note"></p>
        </header>

        <section aria-labelledby="roll-heading">
          <h2 id="roll-heading">Dice rolled</h2>
          <div id="roll" class="roll" aria-live="polite"></div>
          <p class="note">Tap a face to add a die, a die above to take it back (keys 1 to 6 and Backspace too).</p>
          <div class="faces" role="group" aria-label="Add a die">
            <button type="button" data-face="1" aria-label="Add a 1">1</button>
            <button type="button" data-face="2" aria-label="Add a 2">2</button>
            <button type="button" data-face="3" aria-label="Add a 3">3</button>
            <button type="button" data-face="4" aria-label="Add a 4">4</button>
            <button type="button" data-face="5" aria-label="Add a 5">5</button>
            <button type="button" data-face="6" aria-label="Add a 6">6</button>
          </div>
          <button type="button" id="clear" class="wide">Clear dice</button>
        </section>

        <section aria-labelledby="turn-heading">
          <h2 id="turn-heading">This turn</h2>
          <label for="turn">Turn points before this roll</label>
          <div class="stepper">
            <button type="button" id="turn-down" aria-label="Fewer turn points">&minus;</button>
            <input id="turn" type="number" inputmode="numeric" min="0" value="0">
            <button type="button" id="turn-up" aria-label="More turn points">+</button>
          </div>
          <label class="check"><input type="checkbox" id="opening"> The turn's opening roll (six dice)</label>
        </section>

        <section id="answer" aria-labelledby="answer-heading" aria-live="polite">
          <h2 id="answer-heading">Advice</h2>
          <div id="answer-body"></div>
        </section>

        <footer class="note">
          <p>Every number comes from farkle-sim's exact solver for these rules, embedded in this file:
          the page works offline. <em>Expected</em> is the points the turn is expected to end with
          when you keep those dice and play on for the most points.</p>
        </footer>
        </main>
        <script type="application/json" id="advisor-data">
        {{data}}
        </script>
        <script>
        {{script}}
        </script>
        </body>
        </html>

        """#

    // MARK: - Style

    private static let style = #"""
        :root { --accent: #0b6e4f; --line: #8884; --best: #0b6e4f22; font-family: system-ui, sans-serif; }
        @media (prefers-color-scheme: dark) { :root { --accent: #5fd3a7; --best: #5fd3a733; } }
        body { margin: 0; line-height: 1.4; }
        main { max-width: 40rem; margin: 0 auto; padding: 0.75rem; }
        h1 { font-size: 1.35rem; margin: 0.25rem 0; }
        h1 span { color: var(--accent); }
        h2 { font-size: 1.05rem; margin: 1rem 0 0.5rem; }
        .note { font-size: 0.875rem; opacity: 0.8; margin: 0.25rem 0; }
        button { font: inherit; min-height: 3rem; min-width: 3rem; border-radius: 0.5rem;
          border: 2px solid var(--line); background: Canvas; color: CanvasText; cursor: pointer; }
        button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .faces { display: grid; grid-template-columns: repeat(6, 1fr); gap: 0.4rem; margin: 0.5rem 0; }
        .faces button { font-size: 1.5rem; font-weight: 700; aspect-ratio: 1; }
        .roll { display: flex; flex-wrap: wrap; gap: 0.4rem; min-height: 3rem; align-items: center; }
        .roll button { font-size: 1.4rem; font-weight: 700; border-color: var(--accent); background: var(--accent);
          color: Canvas; }
        .wide { width: 100%; }
        .stepper { display: grid; grid-template-columns: 3.5rem 1fr 3.5rem; gap: 0.4rem; margin: 0.25rem 0 0.5rem; }
        .stepper button { font-size: 1.5rem; }
        input[type=number] { font: inherit; font-size: 1.25rem; min-height: 3rem; padding: 0 0.5rem;
          border-radius: 0.5rem; border: 2px solid var(--line); width: 100%; box-sizing: border-box; }
        .check { display: flex; align-items: center; gap: 0.6rem; min-height: 3rem; }
        .check input { width: 1.6rem; height: 1.6rem; }
        .advice { border-left: 0.4rem solid var(--accent); padding: 0.25rem 0.75rem; margin: 0.5rem 0;
          background: var(--best); border-radius: 0.25rem; }
        .advice p { margin: 0.4rem 0; }
        .verdict { font-size: 1.15rem; }
        .problem { border-left: 0.4rem solid #c0392b; padding: 0.5rem 0.75rem; }
        table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; font-variant-numeric: tabular-nums;
          font-size: 0.95rem; }
        caption { text-align: left; font-size: 0.875rem; opacity: 0.8; padding-bottom: 0.25rem; }
        .keeps { overflow-x: auto; }
        th, td { padding: 0.5rem 0.25rem; border-bottom: 1px solid var(--line); text-align: right; }
        th:first-child, td:first-child { text-align: left; white-space: nowrap; }
        tr.best td { background: var(--best); font-weight: 700; }
        """#

    // MARK: - Script

    private static let script = #"""
        "use strict";
        // The solver's numbers for these rules; the format: FarkleKit.docc/AdvisorPage.md in farkle-sim.
        const data = JSON.parse(document.getElementById("advisor-data").textContent);
        const rules = data.rules;
        const $ = (id) => document.getElementById(id);
        const MAX_DICE = 6;
        const MAX_TURN_POINTS = 1000000000;

        // ---- The solver's values, looked up ----

        // The turn table for `farkles` farkles in a row (the last one covers higher counts).
        function turnTable(farkles) {
          return data.points[Math.min(farkles, data.points.length - 1)];
        }

        // The decision code at (t, n): "b" bank, "r" roll, "m" must roll; above the table, its last row's.
        function decisionCode(table, t, n) {
          const row = table.decisions[n - 1];
          return row[Math.min(t / rules.score_step, row.length - 1)];
        }

        // R(t, n): the expected final turn points of rolling n dice with t turn points.
        function rollValue(table, t, n) {
          const row = table.roll[n - 1];
          const level = t / rules.score_step;
          if (level < row.length) return row[level];
          const [slope, intercept] = table.tail.roll[n - 1];
          return slope * t + intercept;
        }

        // V(t, n): t where best play banks, otherwise R(t, n); on the exact tail line above the table.
        function value(table, t, n) {
          const row = table.roll[n - 1];
          const level = t / rules.score_step;
          if (level < row.length) return table.decisions[n - 1][level] === "b" ? t : row[level];
          const [slope, intercept] = table.tail.value[n - 1];
          return slope * t + intercept;
        }

        // Every keep of the roll valued for the most points, best first, and what to do after the best.
        function pointsAdvice(faces, turn, opening, farkles) {
          const table = turnTable(farkles);
          const options = (data.keeps[faces.slice().sort().join("")] || []).map(([dice, score, left]) => (
            { dice, score, left, expected: value(table, turn + score, left) }));
          // As the solver's advice: higher expected first, then more dice first.
          options.sort((a, b) => a.expected !== b.expected ? (a.expected > b.expected ? -1 : 1)
            : b.dice.length - a.dice.length);
          let sixDiceFarkle = null;
          if (options.length === 0 && faces.length === MAX_DICE) {
            const points = rules.six_dice_farkle[opening ? "opening" : "later"];
            if (points !== null) sixDiceFarkle = { points, expected: value(table, turn + points, MAX_DICE) };
          }
          let next = null;
          if (options.length > 0) next = { turn: turn + options[0].score, left: options[0].left };
          else if (sixDiceFarkle) next = { turn: turn + sixDiceFarkle.points, left: MAX_DICE };
          if (next) {
            next.decision = { b: "bank", r: "roll", m: "must-roll" }[decisionCode(table, next.turn, next.left)];
            next.rollValue = rollValue(table, next.turn, next.left);
          }
          return { options, sixDiceFarkle, next };
        }

        // ---- Words ----

        const spaced = (dice) => dice.split("").join(" ");
        const tight = (dice) => dice.split("").join("\u2009");
        const points = (x) => x.toFixed(1);
        const diceWord = (n) => (n === 1 ? "1 die" : n + " dice");

        function mustRollReason(next) {
          if (next.left === MAX_DICE && rules.hot_dice_mandatory) return "hot dice must be rolled";
          if (!rules.banking_dice_left.includes(next.left)) {
            return "the rules do not allow banking with " + diceWord(next.left) + " left";
          }
          return "banking needs at least " + rules.minimum_bank + " turn points";
        }

        function thenSentence(next) {
          const expected = "expected " + points(next.rollValue);
          switch (next.decision) {
            case "bank":
              return "Then bank: " + next.turn + " beats rolling " + diceWord(next.left) + " (" + expected + ").";
            case "roll":
              return "Then roll " + diceWord(next.left) + ": " + expected + ", more than banking " + next.turn + ".";
            default:
              return "Then roll " + diceWord(next.left) + " with " + next.turn + " turn points: "
                + mustRollReason(next) + "; " + expected + ".";
          }
        }

        function describeRules() {
          const banking = rules.banking_dice_left.filter((n) => n < MAX_DICE);
          const counts = banking.join(" or ") + (banking.length === 1 && banking[0] === 1 ? " die" : " dice");
          const parts = [banking.length === MAX_DICE - 1 ? "Bank with any dice left" : "Bank with " + counts + " left"];
          if (rules.minimum_bank > 0) parts.push("at least " + rules.minimum_bank + " to bank");
          parts.push(rules.hot_dice_mandatory ? "hot dice must be rolled" : "you may bank after hot dice");
          const farkle = rules.six_dice_farkle;
          if (farkle.later !== null) parts.push("six dice with no score: " + farkle.later);
          else if (farkle.opening !== null) parts.push("six dice with no score on the opening roll: " + farkle.opening);
          if (rules.three_farkle_penalty !== null) {
            parts.push("three farkles in a row cost " + rules.three_farkle_penalty
              + " (the advice counts this turn's points alone, not the penalty)");
          }
          return parts.join(" · ") + ".";
        }

        // ---- Page state and the URL fragment ----

        let dice = [];
        // Fields of the fragment this page does not use (such as me, them, farkles), kept for the link.
        let otherFields = [];

        function readFragment() {
          const fields = new URLSearchParams(location.hash.slice(1));
          otherFields = [...fields].filter(([name]) => !["dice", "turn", "opening"].includes(name));
          dice = (fields.get("dice") || "").split(",").map(Number)
            .filter((face) => Number.isInteger(face) && face >= 1 && face <= MAX_DICE).slice(0, MAX_DICE);
          $("turn").value = fields.get("turn") || "0";
          $("opening").checked = fields.get("opening") === "1";
        }

        function writeFragment() {
          const fragment = "#dice=" + dice.join(",") + "&turn=" + $("turn").value.trim()
            + "&opening=" + ($("opening").checked ? 1 : 0)
            + otherFields.map(([name, text]) => "&" + encodeURIComponent(name) + "=" + encodeURIComponent(text))
              .join("");
          if (fragment !== location.hash) history.replaceState(null, "", fragment);
        }

        // The entered situation, or the reason it is not one.
        function situation() {
          const text = $("turn").value.trim();
          const turn = Number(text);
          const opening = $("opening").checked;
          if (dice.length === 0) return { problem: "Tap the dice you rolled: one to six dice." };
          if (text === "" || !Number.isInteger(turn) || turn < 0 || turn > MAX_TURN_POINTS) {
            return { problem: "Turn points are a whole number from 0." };
          }
          if (turn % rules.score_step !== 0) {
            return { problem: "Turn points are a multiple of " + rules.score_step + " under these rules." };
          }
          if (opening && dice.length !== MAX_DICE) return { problem: "An opening roll has six dice." };
          if (opening && turn !== 0) return { problem: "An opening roll starts the turn: turn points are 0." };
          return { turn, opening, farkles: 0 };
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

        function renderAdvice(state) {
          const { options, sixDiceFarkle, next } = pointsAdvice(dice, state.turn, state.opening, state.farkles);
          const best = options[0];
          const advice = element("div", {
            id: "advice", class: "advice", "data-objective": "points",
            "data-best-keep": best ? best.dice.split("").join(",") : "",
            "data-decision": next ? next.decision : "farkle",
          });
          let first;
          if (best) {
            first = "Keep " + spaced(best.dice) + " for " + best.score
              + (best.dice.length === dice.length ? " (hot dice)." : ".");
          } else if (sixDiceFarkle) {
            first = "No keep scores, but six dice with no score are worth " + sixDiceFarkle.points + " and hot dice.";
          } else {
            first = "Farkle: no keep scores, and the turn ends with nothing.";
          }
          advice.append(element("p", { class: "note" }, "For the most points this turn"),
            element("p", { class: "verdict" }, element("strong", {}, first), next ? " " + thenSentence(next) : ""));
          if (next) {
            advice.setAttribute("data-turn-points", String(next.turn));
            advice.setAttribute("data-roll-value", String(next.rollValue));
          }
          const rows = options.map((option, index) => element("tr", {
            class: index === 0 ? "best" : "", "data-keep": option.dice.split("").join(","),
            "data-points": String(option.score), "data-dice-left": String(option.left),
            "data-expected": String(option.expected),
          }, element("td", {}, (index === 0 ? "\u2605 " : "") + tight(option.dice)),
          element("td", {}, String(option.score)), element("td", {}, String(option.left)),
          element("td", {}, points(option.expected))));
          if (sixDiceFarkle) {
            rows.push(element("tr", { class: "best", "data-six-dice-farkle": String(sixDiceFarkle.points),
              "data-expected": String(sixDiceFarkle.expected) },
            element("td", {}, "\u2605 six-dice farkle"), element("td", {}, String(sixDiceFarkle.points)),
            element("td", {}, String(MAX_DICE)), element("td", {}, points(sixDiceFarkle.expected))));
          }
          const body = [advice];
          if (rows.length > 0) {
            body.push(element("div", { class: "keeps" }, element("table", {},
              element("caption", {}, "Every keep, best (\u2605) first. Expected: the points the turn ends with."),
              element("thead", {}, element("tr", {}, ...["Keep", "Points", "Dice left", "Expected"]
                .map((title) => element("th", { scope: "col" }, title)))),
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
        }

        // ---- Wiring ----

        $("rules-name").textContent = rules.name;
        $("rules-summary").textContent = describeRules();
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
        $("opening").addEventListener("change", update);
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
        """#
}
