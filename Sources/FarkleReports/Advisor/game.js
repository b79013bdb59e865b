"use strict";
// A whole game at the table, as the companion keeps it: the players' totals, whose turn it is, and every action
// checked against the page's rules (`data.rules`, the keeps of `data.keeps`). FarkleKit's GameState is the
// reference: a test replays the same records in both and compares every total, count and result.

// The faces of a die.
const FACES = 6;

// The keeps of a roll of `faces` under the page's rules: [dice, score, dice left] each, dice as sorted digits.
const diceKey = (faces) => faces.slice().sort((a, b) => a - b).join("");

// The faces of a roll or keep, lowest first, as the messages show them.
const facesText = (faces) => faces.slice().sort((a, b) => a - b).join(" ");

// A turn before its first roll: every die of the game (TurnRules.dice) to roll.
// `inherited`: the points of a turn taken over (the bonus in them), which may not count toward the entry minimum.
const freshTurn = (rules) => ({ points: 0, left: rules.dice, opening: true, roll: null, inherited: null });

// The state of a game between `names`, in seat order, before the first roll.
function newGame(rules, names) {
  return {
    players: names.map((name) => ({
      name, total: 0, entered: false, farkles: 0, highestTurn: 0,
      stats: { turns: 0, banked: 0, farkles: 0, penalties: 0, hotDice: 0 },
    })),
    seat: 0, round: 1, finalRound: false, finalTurnsLeft: 0,
    turn: freshTurn(rules),
    // Under piggybacking, the turn the last player banked ({ points, dice }, the bonus in the points), which the
    // player to move may take over before rolling (GameState.offer); null otherwise.
    offer: null,
    result: null,
  };
}

// What a bank of `points` that left `left` dice offers the next player under piggybacking (Piggyback.offer), or
// null: no piggybacking, a table of one, or too few dice left.
function offerOf(rules, state, points, left) {
  const rule = rules.piggyback;
  if (rule === null || state.players.length < 2 || left < rule.least_dice_left) return null;
  return { points: points + rule.bonus, dice: left };
}

// Whether a roll wins the game at once: one of the rolls the rules list (GameRules.winsAtOnce), such as six 1s.
const winsAtOnce = (rules, faces) => rules.wins_at_once.includes(diceKey(faces));

// Whether a roll loses the game at once for its roller (GameRules.losesAtOnce): none in standard.
const losesAtOnce = (rules, faces) => rules.loses_at_once.includes(diceKey(faces));

// The keep of the dice `kept` (sorted digits) among a roll's keeps as the data lists them (`keepsOfRoll`, or
// undefined for a roll the data does not list), or undefined where those dice are no keep of the roll.
const keepOf = (keepsOfRoll, kept) => (keepsOfRoll || []).find(([dice]) => dice === kept);

// Keeping `kept` of `rolled` dice: [the dice left to roll, the points added to the keep's combination points], as
// FarkleKit counts them (TurnMechanics.diceLeft(afterKeeping:of:), TurnRules.points(ofKeeping:isHotDice:)).
const afterKeeping = (rules, kept, rolled) => rules.after_keeping[rolled - 1][kept - 1];

// The combination points of a keep entered without its roll, from `whole`, the keep of all its dice as a roll of
// their own, whose score carries what keeping every die rolled adds (ScoringTable.points(of:)).
const keptAlonePoints = (rules, whole) => whole[1] - afterKeeping(rules, whole[0].length, whole[0].length)[1];

// What a keep entered without its roll (`whole`, as above) adds to the turn when the player rolled `rolled` dice.
const keptAloneAdds = (rules, whole, rolled) =>
  keptAlonePoints(rules, whole) + afterKeeping(rules, whole[0].length, rolled)[1];

// The points six scoreless dice score now, or null where they are a farkle.
const sixDiceFarklePoints = (rules, turn) => (turn.left === rules.dice
  ? rules.six_dice_farkle[turn.opening ? "opening" : "later"] : null);

// Whether six scoreless dice now are rolled again rather than a farkle: a turn's opening roll under rules that
// roll it again (TurnMechanics.rollsAgain).
const rollsAgain = (rules, turn) => turn.opening && turn.left === rules.dice && rules.rerolls_scoreless_opening_roll;

// The points a farkle now takes off the total: the cost of a scoreless opening roll of every die, 0 otherwise
// (TurnMechanics.farkleCost(rolled:isOpeningRoll:)).
const openingFarkleCost = (rules, turn) => (turn.opening && turn.left === rules.dice ? rules.opening_farkle_cost : 0);

// The least the player to move may bank now: FarkleKit's (leastBank, farkle.js), raised where the turn took over
// points another player banked.
const leastBankNow = (state) => leastBank(state.players[state.seat].entered, state.turn.inherited ?? null);

// Why the player to move may not bank now, or null.
function reasonNotToBank(rules, state) {
  const turn = state.turn;
  if (state.result) return "the game is over";
  if (turn.roll) return "the roll waits for its keep";
  if (turn.opening) return "nothing has been rolled this turn";
  const least = leastBankNow(state);
  if (turn.points < least) {
    if (least > rules.least_bank.new) {
      return turn.points + " is below " + least + ": the entry minimum of " + rules.entry_minimum + " on top of the "
        + turn.inherited + " taken over, which do not count toward it";
    }
    return turn.points + " is below the " + (least > rules.minimum_bank ? "entry minimum" : "minimum bank") + " of " + least;
  }
  if (!rules.banking_dice_left.includes(turn.left)) {
    return "the rules '" + rules.name + "' do not allow banking with " + turn.left + " dice to roll";
  }
  return null;
}

// The seats with the highest total (then the highest single turn, where the rules break ties so).
function leaders(rules, state, breakTies) {
  const best = Math.max(...state.players.map((player) => player.total));
  let seats = state.players.map((_, seat) => seat).filter((seat) => state.players[seat].total === best);
  if (breakTies && rules.highest_turn_breaks_tie && seats.length > 1) {
    const turn = Math.max(...seats.map((seat) => state.players[seat].highestTurn));
    seats = seats.filter((seat) => state.players[seat].highestTurn === turn);
  }
  return seats;
}

// Ends the turn: the next seat plays, or the game ends on its totals (final round, rounds, extra rounds).
function passTheDice(rules, state) {
  state.turn = freshTurn(rules);
  state.offer = null;
  const players = state.players.length;
  let scoreTotals = false;
  if (state.finalRound) {
    if (state.finalTurnsLeft === 0) scoreTotals = true;
    else state.finalTurnsLeft -= 1;
  }
  const lastSeat = state.seat === players - 1;
  if (!scoreTotals && lastSeat && rules.rounds !== null && state.round >= rules.rounds) scoreTotals = true;
  if (!scoreTotals) {
    state.seat = lastSeat ? 0 : state.seat + 1;
    if (lastSeat) state.round += 1;
    return;
  }
  if (rules.rounds !== null && state.round < rules.rounds + rules.extra_rounds_on_tie
    && leaders(rules, state, false).length > 1) {
    state.seat = 0;
    state.round += 1;
    return;
  }
  const seats = leaders(rules, state, rules.rounds !== null);
  state.result = seats.length === 1 ? { won: seats[0] } : { tied: seats };
}

// Whether banking `points` on `total` busts: the target must be hit exactly and the bank would pass it
// (GameRules.bankBusts). The bank then scores nothing and the turn ends as a farkle does.
function bankBusts(rules, total, points) {
  return rules.exact_target && rules.target !== null && total + points > rules.target;
}

function farkled(rules, state) {
  const player = state.players[state.seat];
  // A scoreless opening roll that costs points: taken in full, as a penalty of points is.
  player.total -= openingFarkleCost(rules, state.turn);
  player.stats.farkles += 1;
  player.stats.turns += 1;
  player.farkles += 1;
  if (rules.three_farkle_penalty !== null && player.farkles === 3) {
    // As ThreeFarklePenalty: points taken (the total may fall below zero), or the whole total lost.
    player.total = rules.three_farkle_penalty === "whole_total" ? 0 : player.total - rules.three_farkle_penalty;
    player.farkles = 0;
    player.stats.penalties += 1;
  }
  passTheDice(rules, state);
}

function wonOnTheRoll(state) {
  state.players[state.seat].stats.turns += 1;
  state.turn.roll = null;
  state.result = { won: state.seat };
}

// The roller loses at once: the others' highest total wins, equal highest totals tie, nobody wins a solo game
// (GameState.finishLostAtOnce).
function lostOnTheRoll(state) {
  state.players[state.seat].stats.turns += 1;
  state.turn.roll = null;
  const others = state.players.map((_, seat) => seat).filter((seat) => seat !== state.seat);
  const best = Math.max(...others.map((seat) => state.players[seat].total));
  const seats = others.filter((seat) => state.players[seat].total === best);
  state.result = seats.length === 1 ? { won: seats[0] } : { tied: seats };
}

// Applies `action` ({roll: faces}, {keep: faces}, "bank", "farkle" or "take_over", as a game record writes them)
// for the player to move: returns null, or why the rules do not allow it (the state is then unchanged).
function applyAction(rules, keeps, state, action) {
  if (state.result) return "the game is over";
  const turn = state.turn;
  const player = state.players[state.seat];
  if (action === "take_over") {
    const offer = state.offer;
    if (offer === null) {
      return rules.piggyback === null ? "rules '" + rules.name + "' have no piggybacking: a turn starts fresh"
        : "there is no banked turn to take over: the last turn did not bank with enough dice left, or this turn has begun";
    }
    // A turn taken over goes on from the bank: its first roll is not an opening roll.
    state.offer = null;
    turn.points = offer.points;
    turn.left = offer.dice;
    turn.opening = false;
    turn.inherited = offer.points;
    return null;
  }
  if (action === "bank") {
    const reason = reasonNotToBank(rules, state);
    if (reason) return reason;
    const points = turn.points;
    if (bankBusts(rules, player.total, points)) {
      farkled(rules, state);
      return null;
    }
    const offer = offerOf(rules, state, points, turn.left);
    player.total += points;
    player.entered = true;
    player.farkles = 0;
    player.stats.banked += points;
    player.stats.turns += 1;
    player.highestTurn = Math.max(player.highestTurn, points);
    if (rules.target !== null && !state.finalRound && player.total >= rules.target) {
      if (!rules.final_round) {
        state.result = { won: state.seat };
        state.turn = freshTurn(rules);
        return null;
      }
      state.finalRound = true;
      state.finalTurnsLeft = state.players.length - 1;
    }
    passTheDice(rules, state);
    if (state.result === null) state.offer = offer;
    return null;
  }
  if (action === "farkle") {
    if (turn.roll) return "the roll " + facesText(turn.roll) + " scores: keep from it";
    const points = sixDiceFarklePoints(rules, turn);
    if (points !== null) {
      return "six dice that score nothing score " + points + " under rules '" + rules.name + "': enter the roll";
    }
    if (rollsAgain(rules, turn)) {
      return "a turn's opening roll that scores nothing is rolled again under rules '" + rules.name + "': no farkle yet";
    }
    farkled(rules, state);
    return null;
  }
  if (action.roll) {
    const faces = action.roll;
    if (turn.roll) return "the last roll waits for its keep";
    if (faces.length !== turn.left) return faces.length + " dice rolled; the player has " + turn.left + " to roll";
    // Rolling fresh dice declines a banked turn on offer.
    state.offer = null;
    if (winsAtOnce(rules, faces)) {
      wonOnTheRoll(state);
      return null;
    }
    if (losesAtOnce(rules, faces)) {
      lostOnTheRoll(state);
      return null;
    }
    if ((keeps(faces) || []).length > 0) {
      turn.roll = faces.slice();
      return null;
    }
    const points = sixDiceFarklePoints(rules, turn);
    // A scoreless opening roll rolled again leaves the turn as it was.
    if (rollsAgain(rules, turn)) return null;
    if (points === null) {
      farkled(rules, state);
      return null;
    }
    turn.opening = false;
    turn.points += points;
    player.stats.hotDice += 1;
    return null;
  }
  const faces = action.keep;
  const rolled = turn.roll || faces;
  if (faces.length === 0 || faces.length > rolled.length || rolled.length > turn.left) {
    return "a keep of " + faces.length + " dice from " + turn.left + " dice rolled";
  }
  const keep = keepOf(keeps(rolled), diceKey(faces));
  if (!keep) {
    return turn.roll ? facesText(faces) + " is no keep of the roll " + facesText(turn.roll)
      : facesText(faces) + " is no keep under rules '" + rules.name + "': every die kept must score";
  }
  if (!turn.roll && faces.length === turn.left && winsAtOnce(rules, faces)) {
    wonOnTheRoll(state);
    return null;
  }
  if (!turn.roll && faces.length === turn.left && losesAtOnce(rules, faces)) {
    lostOnTheRoll(state);
    return null;
  }
  state.offer = null;
  // A keep of a roll carries its points and dice left; a keep entered alone is looked up as a roll of its own
  // dice, and what keeping them adds and leaves depends on the dice the player rolled.
  const [added, left] = turn.roll ? [keep[1], keep[2]]
    : [keptAloneAdds(rules, keep, turn.left), afterKeeping(rules, faces.length, turn.left)[0]];
  turn.roll = null;
  turn.opening = false;
  turn.points += added;
  if (faces.length === turn.left) player.stats.hotDice += 1;
  turn.left = left;
  return null;
}

// The state after `actions`, or the first action the rules refuse: { state, error, index }.
function replayGame(rules, keeps, names, actions) {
  const state = newGame(rules, names);
  for (let index = 0; index < actions.length; index++) {
    const error = applyAction(rules, keeps, state, actions[index]);
    if (error) return { state, error, index };
  }
  return { state, error: null, index: actions.length };
}
