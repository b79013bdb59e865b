/// The exact chances of each seat to win a three-player race between three fixed strategies, and of a tie
/// (`ExactOdds` with three strategies).
///
/// The state between turns is the three totals and the seat to move. A bank raises the sum of the totals; a
/// farkle hands the turn on at the same totals, so the three seats to move at one set of totals form a loop
/// through farkles. With every play fixed the loop is linear: in the frame of the seat to move (its own chance,
/// then the next seat's, then the last's), X₀ = C₀ + f₀ R X₁, X₁ = C₁ + f₁ R X₂, X₂ = C₂ + f₂ R X₀, where C is what
/// a turn wins without farkling, f its chance to farkle and R turns the next mover's frame into this one; it is
/// solved in closed form, X₀ = (C₀ + f₀ R C₁ + f₀ f₁ R² C₂) / (1 − f₀ f₁ f₂). The sets of totals are worked out
/// from the highest sum down, the sets of one sum in parallel.
///
/// With a final round, the first bank that reaches the target gives each other seat one more turn, in order,
/// and the highest total wins; equal highest totals tie. A fixed strategy plays its own turn there, so what the
/// last turns give depends only on how far the two other seats are behind (in levels, up to the longest bank) and
/// whether each is on the board: tabulated once per seat to move.
///
/// Each seat's table holds three chances per set of totals, 24 bytes: 190 MB a seat for a 10,000-point race in
/// steps of 50 (one table where the three strategies are the same, three otherwise).
struct ThreePlayerOdds {
    /// The chance that each seat wins, seat 1 (who starts) first.
    let winProbabilities: [Double]
    /// The chance of a tie between two or three seats.
    let tie: Double
    /// The sets of totals below the target worked out, each with every seat to move.
    let setCount: Int

    /// The most totals below the target, in score steps: three tables of 250³ sets are 1.1 GB.
    static let maximumLevels = 250

    /// Evaluates `strategies` (three, seat 1 first), telling `progress` the share of the sets of totals worked out.
    init(
        strategies: [StrategySpec], context: inout StrategyContext, threads: Int,
        progress: @Sendable (Double) -> Void = { _ in }
    ) throws(ExactOdds.Unsupported) {
        let rules = context.rules
        guard case .target(let target, let finalRound) = rules.game.end else {
            throw ExactOdds.Unsupported(
                "exact odds of three players are for races to a target, not games of fixed rounds (rules '\(rules.name)')"
            )
        }
        guard rules.turn.threeFarklePenalty == nil, rules.game.instantLossFaces.isEmpty else {
            throw ExactOdds.Unsupported(
                "exact odds of three players do not handle a three-farkle penalty nor a six of a kind that loses "
                    + "(rules '\(rules.name)')")
        }
        let step = context.table.scoreStep
        let levels = TurnMechanics.levels(below: target, step: step)
        guard levels <= Self.maximumLevels else {
            throw ExactOdds.Unsupported(
                "a target of \(target) in steps of \(step) is \(levels) levels; exact odds of three players tabulate "
                    + "at most \(Self.maximumLevels)")
        }
        // One play per strategy named: three `ev` seats share one turn and one table.
        var seats: [TrioSeat] = []
        for (index, spec) in strategies.enumerated() {
            if let earlier = strategies.firstIndex(of: spec), earlier < index {
                seats.append(seats[earlier])
            } else {
                seats.append(try TrioSeat(OddsSeat(spec, context: &context, threads: threads), spec: spec))
            }
        }
        if seats.allSatisfy(\.neverScores) {
            throw ExactOdds.Unsupported(
                "no strategy ever banks or wins under rules '\(rules.name)': the game never ends")
        }
        let game = TrioOddsGame(
            levels: levels, finalRound: finalRound, seats: seats,
            symmetric: strategies.allSatisfy { $0 == strategies[0] }, threads: threads)
        var done = 0
        let total = Double(levels * levels * levels)
        progress(0)
        for sum in stride(from: 3 * (levels - 1), through: 0, by: -1) {
            let first = max(0, sum - 2 * (levels - 1))
            let last = min(levels - 1, sum)
            // Work item i: the sets whose first seat has `first + i`; each writes its own three slots.
            Parallel.forEach(last - first + 1, threads: threads) { item in
                let own = first + item
                let rest = sum - own
                for next in max(0, rest - (levels - 1))...min(levels - 1, rest) {
                    game.solve((own, next, rest - next))
                }
            }
            done += (first...last).reduce(0) { count, own in
                let rest = sum - own
                return count + min(levels - 1, rest) - max(0, rest - (levels - 1)) + 1
            }
            progress(Double(done) / total)
        }
        let start = game.chances(mover: 0, at: (0, 0, 0))
        winProbabilities = [start.0, start.1, start.2]
        // Without a final round the first bank that reaches the target wins at once: no tie, whatever 1 minus the
        // three chances rounds to (2.6e-14 for a race to 500).
        tie = finalRound ? max(0, 1 - start.0 - start.1 - start.2) : 0
        setCount = levels * levels * levels
    }
}

/// A seat's play in the three-player evaluation: a turn that reads at most the seat's own total, or the
/// three-player race's solution, whose turn reads all three.
private struct TrioSeat: Sendable {
    /// The turn at each own total in levels, the last entry standing for every total from there up; empty for
    /// the solved race (`game`).
    let turns: [BlindTurnOutcomes]
    /// The three-player race solved to win, whose play this seat follows at every set of totals.
    let game: ThreePlayerWinSolver?

    init(_ seat: OddsSeat, spec: StrategySpec) throws(ExactOdds.Unsupported) {
        switch seat {
        case .blind(let entered, let notEntered): (turns, game) = ([notEntered, entered], nil)
        case .byTotal(let turns): (self.turns, game) = (turns, nil)
        case .threePlayerWin(let game):
            turns = []
            self.game = game
        case .win, .roundsWin, .penaltyWin, .diceSetWin:
            throw ExactOdds.Unsupported(
                "strategy '\(spec)': exact odds of three players take ev, ev-target, greedy and threshold, and win "
                    + "where three race without a final round")
        }
    }

    /// The turn of the solved race's play at `totals` (this seat's first, in levels): the chance to bank each
    /// level below the target, to farkle, and to win at once (a bank that reaches the target, or a six of a kind
    /// that wins).
    ///
    /// - Precondition: `game` is set.
    func solvedTurn(at totals: (Int, Int, Int)) -> (banked: [Double], farkle: Double, win: Double) {
        let game = game.unsafelyUnwrapped
        let endings = game.layout.fixedPlayEndings(
            at: (mine: totals.0, next: totals.1, last: totals.2), values: game.values, ties: game.nextValues)
        return (endings.banked, endings.farkle, endings.instantWin + endings.aboveTop)
    }

    /// The turn of this seat at its own total of `level` levels (0: not yet on the board in a race with an entry
    /// minimum).
    ///
    /// - Precondition: a seat that reads at most its own total (`game` is `nil`).
    func turn(at level: Int) -> BlindTurnOutcomes { turns[min(level, turns.count - 1)] }

    /// Whether a turn of this seat can never bank nor win at once.
    var neverScores: Bool {
        game == nil && turns.allSatisfy { $0.instantWin == 0 && $0.banked.allSatisfy { $0 == 0 } }
    }

    /// The most levels one turn banks, plus one.
    var longestBank: Int { turns.map(\.banked.count).max() ?? 0 }
}

/// Three chances, in the frame of the seat to move: its own, the next seat's, the last seat's.
private typealias Trio = (Double, Double, Double)

/// The evaluation's tables and the solve of one loop of three turns.
private struct TrioOddsGame: Sendable {
    let levels: Int
    let seats: [TrioSeat]
    /// `tables[t]`: for seat t to move, its chances at `3 * ((own * levels + next) * levels + last)` (own, next's,
    /// last's); one table for all seats where the three play alike. With a final round a slot holds, until its
    /// loop is solved, what the mover's banks that reach the target win there (`addPastTarget(mover:finals:threads:)`).
    let tables: [SharedSlots<Double>]
    let finalRound: Bool

    init(levels: Int, finalRound: Bool, seats: [TrioSeat], symmetric: Bool, threads: Int) {
        self.levels = levels
        self.seats = seats
        self.finalRound = finalRound
        let count = 3 * levels * levels * levels
        // The first mover's last turns are tabulated before the tables are allocated, so that their scratch (10 MB
        // for `ev` in `standard`) never sits beside the tables (192 MB for a 10,000-point race).
        var firstFinals = finalRound ? Self.lastTurns(of: 0, seats: seats) : nil
        tables = (0..<(symmetric ? 1 : 3)).map { _ in SharedSlots(repeating: 0, count: count) }
        if finalRound {
            for mover in tables.indices {
                let finals = firstFinals ?? Self.lastTurns(of: mover, seats: seats)
                firstFinals = nil
                addPastTarget(mover: mover, finals: finals, threads: threads)
            }
        }
    }

    func table(_ mover: Int) -> SharedSlots<Double> { tables[mover % tables.count] }

    /// Seat `mover`'s chances at `totals` (its own first), in its frame.
    func chances(mover: Int, at totals: (Int, Int, Int)) -> Trio {
        let base = 3 * ((totals.0 * levels + totals.1) * levels + totals.2)
        let table = table(mover)
        return (table[base], table[base + 1], table[base + 2])
    }

    // MARK: Final round

    /// The chances of the seat that reached the target (first), the next seat and the last, after the next seat's
    /// and the last seat's final turns: at `3 * (((nextOnBoard * 2 + lastOnBoard) * width + nextBehind) * width +
    /// lastBehind)`, the distances behind in levels (at least 1) capped at `width - 1`, which no bank covers.
    ///
    /// A distance of `d₁` for the next seat and `d₂` for the last: the next seat finishes r₁ = b − d₁ levels ahead
    /// of the leader (b its bank, 0 on a farkle), the last r₂; the leader wins where both are below 0, the next seat
    /// where r₁ > 0 and r₁ > r₂, the last where r₂ > max(0, r₁); a six of a kind that wins at once wins.
    ///
    /// Where both seats play the same turn on the board or not (no entry minimum), the four cases are one, and the
    /// table holds it once (`cases` 1, else 4): for a race to 10,000 in steps of 50, 15 MB instead of 62.
    ///
    /// - Complexity: O(width²) for each case on the board or not: the sums over the next seat's banks above d₁ are
    ///   carried from d₁ + 1 to d₁ (`above`).
    static func lastTurns(next: TrioSeat, last: TrioSeat, width: Int) -> (table: [Double], cases: Int) {
        let isOneCase = next.turn(at: 0) == next.turn(at: 1) && last.turn(at: 0) == last.turn(at: 1)
        // Whether the next and the last seat are on the board, case by case.
        let cases: [(next: Int, last: Int)] = isOneCase ? [(1, 1)] : [(0, 0), (0, 1), (1, 0), (1, 1)]
        var table = [Double](repeating: 0, count: 3 * cases.count * width * width)
        for (caseIndex, onBoard) in cases.enumerated() {
            let second = next.turn(at: onBoard.next)
            let bank = (0..<width).map { $0 < second.banked.count ? second.banked[$0] : 0 }
            let third = last.turn(at: onBoard.last)
            // under[m]: the chance that the last turn banks fewer than m levels (m in 0...width).
            var under = [Double](repeating: 0, count: width + 1)
            for level in 0..<width {
                under[level + 1] = under[level] + (level < third.banked.count ? third.banked[level] : 0)
            }
            let lastScores = third.instantWin + third.farkle + under[width]
            // above[d₁][e + width], for e = d₁ − k: Σ over banks b > d₁ of P(b) · under[b − e], the next seat's
            // banks ahead of the leader weighed with the last seat's chance to bank below them by k − 1.
            let span = 2 * width
            var above = [Double](repeating: 0, count: width * span)
            for nextBehind in stride(from: width - 2, through: 0, by: -1) {
                let chance = bank[nextBehind + 1]
                for e in (1 - width)..<width {
                    let index = nextBehind * span + e + width
                    above[index] =
                        above[index + span] + chance * under[min(max(nextBehind + 1 - e, 0), width)]
                }
            }
            var bankedAbove = 0.0
            var belowAndEqual = [Double](repeating: 0, count: width)
            var running = second.farkle
            for level in 0..<width {
                belowAndEqual[level] = running + bank[level]
                running += bank[level]
            }
            for nextBehind in stride(from: width - 1, through: 1, by: -1) {
                if nextBehind + 1 < width { bankedAbove += bank[nextBehind + 1] }
                let behind = belowAndEqual[nextBehind] - bank[nextBehind]
                let even = bank[nextBehind]
                for lastBehind in 1..<width {
                    let lastBelow = third.farkle + under[min(lastBehind, width)]
                    let lastNotAbove = third.farkle + under[min(lastBehind + 1, width)]
                    let row = nextBehind * span + width
                    let ahead = above[row + nextBehind - lastBehind]
                    let aheadByMore = above[row + nextBehind - lastBehind - 1]
                    let base = 3 * ((caseIndex * width + nextBehind) * width + lastBehind)
                    table[base] = behind * lastBelow
                    table[base + 1] = second.instantWin + third.farkle * bankedAbove + ahead
                    table[base + 2] =
                        (behind + even) * (lastScores - lastNotAbove)
                        + bankedAbove * (lastScores - third.farkle) - aheadByMore
                }
            }
        }
        return (table, cases.count)
    }

    /// The last turns of the two seats after `mover` (`lastTurns(next:last:width:)`), once `mover` reached the target.
    static func lastTurns(of mover: Int, seats: [TrioSeat]) -> (table: [Double], cases: Int) {
        lastTurns(next: seats[(mover + 1) % 3], last: seats[(mover + 2) % 3], width: width(of: seats))
    }

    /// Adds to seat `mover`'s table, at every set of totals, what its banks that reach the target win there (the
    /// last turns of the two others follow, `finals` from `lastTurns(of:seats:)`), spread over `threads`.
    ///
    /// For a mover on the board the sum over banks b from the target up depends on the distances of the totals
    /// (α = own − next, β = own − last) and the least bank that reaches the target, L − own: along each α the sums
    /// for every β are carried from the longest bank down, each bank adding one term, and read off where own = L − b
    /// is a total. A mover not yet on the board plays another turn and is summed directly.
    private func addPastTarget(mover: Int, finals last: (table: [Double], cases: Int), threads: Int) {
        let levels = levels
        let turn = seats[mover].turn(at: 1)
        let opening = seats[mover].turn(at: 0)
        let (finals, cases) = last
        let width = width
        let table = table(mover)
        // The last turns' slot for (both on the board or not, d₁, d₂), capped; one case where the four are one.
        @Sendable @inline(__always) func final(_ onBoard: Int, _ nextBehind: Int, _ lastBehind: Int) -> Int {
            3 * ((min(onBoard, cases - 1) * width + min(nextBehind, width - 1)) * width + min(lastBehind, width - 1))
        }
        // α = own − next from −(levels − 1) to levels − 1: one work item each.
        Parallel.forEach(2 * levels - 1, threads: threads) { item in
            let alpha = item - (levels - 1)
            let span = 2 * levels - 1
            // sums[(onBoard * span + β + levels − 1) * 3 + c]
            var sums = [Double](repeating: 0, count: 4 * span * 3)
            let banked = turn.banked
            guard banked.count > 1 else { return }
            for bank in stride(from: banked.count - 1, through: max(1, 1 - alpha), by: -1) {
                let chance = banked[bank]
                let nextBehind = alpha + bank
                if chance > 0 {
                    for onBoard in 0..<cases {
                        for beta in max(-(levels - 1), 1 - bank)...(levels - 1) {
                            let slot = final(onBoard, nextBehind, beta + bank)
                            let sum = ((onBoard * span) + beta + levels - 1) * 3
                            sums[sum] += chance * finals[slot]
                            sums[sum + 1] += chance * finals[slot + 1]
                            sums[sum + 2] += chance * finals[slot + 2]
                        }
                    }
                }
                // The totals whose least bank to the target is this one: own = levels − bank, on the board.
                let own = levels - bank
                let next = own - alpha
                guard own >= 1, next >= 0, next < levels else { continue }
                for last in max(0, own - (levels - 1))...min(levels - 1, own + levels - 1) where last < levels {
                    let beta = own - last
                    let onBoard = min((next > 0 ? 2 : 0) + (last > 0 ? 1 : 0), cases - 1)
                    let sum = ((onBoard * span) + beta + levels - 1) * 3
                    let base = 3 * ((own * levels + next) * levels + last)
                    table[base] += sums[sum]
                    table[base + 1] += sums[sum + 1]
                    table[base + 2] += sums[sum + 2]
                }
            }
        }
        // Not yet on the board: own total 0, every bank of the opening turn that reaches the target.
        Parallel.forEach(levels, threads: threads) { next in
            for bank in max(levels, 1)..<max(opening.banked.count, levels) {
                let chance = opening.banked[bank]
                guard chance > 0 else { continue }
                for last in 0..<levels {
                    let slot = final((next > 0 ? 2 : 0) + (last > 0 ? 1 : 0), bank - next, bank - last)
                    let base = 3 * (next * levels + last)
                    table[base] += chance * finals[slot]
                    table[base + 1] += chance * finals[slot + 1]
                    table[base + 2] += chance * finals[slot + 2]
                }
            }
        }
    }

    /// The longest bank of any seat's turn, in levels, plus two: the width of the last turns' tables.
    var width: Int { Self.width(of: seats) }

    static func width(of seats: [TrioSeat]) -> Int { (seats.map(\.longestBank).max() ?? 0) + 2 }

    // MARK: Loops

    /// What seat `mover`'s turn at `totals` (its own first) wins without farkling, in its frame, and its chance to
    /// farkle.
    private func turn(mover: Int, at totals: (Int, Int, Int)) -> (won: Trio, farkle: Double) {
        let (own, next, last) = totals
        if seats[mover].game != nil {
            // The solved race's play (no final round): its banks below the target read the next mover's chances.
            let solved = seats[mover].solvedTurn(at: totals)
            return (weighBanks(solved.banked, from: (solved.win, 0, 0), mover: mover, at: totals), solved.farkle)
        }
        let outcomes = seats[mover].turn(at: own)
        let table = table(mover)
        let slot = 3 * ((own * levels + next) * levels + last)
        var won: Trio
        if finalRound {
            // The banks that reach the target, summed before the sweep.
            won = (table[slot] + outcomes.instantWin, table[slot + 1], table[slot + 2])
        } else {
            // The first bank that reaches the target wins, as a six of a kind that wins at once does.
            won = (outcomes.finalRound(deficit: levels - own - 1).win, 0, 0)
        }
        return (weighBanks(outcomes.banked, from: won, mover: mover, at: totals), outcomes.farkle)
    }

    /// `won` plus what the banks below the target of seat `mover`'s turn at `totals` (`banked[level]`, the chance
    /// to bank `level` levels) win, in its frame.
    private func weighBanks(_ banked: [Double], from won: Trio, mover: Int, at totals: (Int, Int, Int)) -> Trio {
        let (own, next, last) = totals
        var won = won
        let after = self.table(mover + 1).buffer
        // The next mover's frame is (next, last, this seat): a bank to `own + level` is read at (next, last, own +
        // level), consecutive slots.
        let base = 3 * ((next * levels + last) * levels + own)
        banked.withUnsafeBufferPointer { banked in
            for level in 0..<min(banked.count, levels - own) where banked[level] > 0 {
                let chance = banked[level]
                let read = base + 3 * level
                won.0 += chance * after[read + 2]
                won.1 += chance * after[read]
                won.2 += chance * after[read + 1]
            }
        }
        return won
    }

    /// Solves the loop of the three seats to move at `totals` (seat 1's first, then seat 2's, then seat 3's) and
    /// writes each seat's chances; with one table, only the first of a loop's rotations solves it.
    func solve(_ totals: (Int, Int, Int)) {
        let frames = (totals, (totals.1, totals.2, totals.0), (totals.2, totals.0, totals.1))
        if tables.count == 1, !(frames.0 <= frames.1 && frames.0 <= frames.2) { return }
        let turns = (turn(mover: 0, at: frames.0), turn(mover: 1, at: frames.1), turn(mover: 2, at: frames.2))
        // R: the next mover's frame (next, last, this seat) into this one.
        func rotated(_ chances: Trio) -> Trio { (chances.2, chances.0, chances.1) }
        func plus(_ a: Trio, _ b: Trio, times factor: Double) -> Trio {
            (a.0 + factor * b.0, a.1 + factor * b.1, a.2 + factor * b.2)
        }
        let (f0, f1, f2) = (turns.0.farkle, turns.1.farkle, turns.2.farkle)
        let loop = 1 - f0 * f1 * f2
        let sum = plus(
            plus(turns.0.won, rotated(turns.1.won), times: f0), rotated(rotated(turns.2.won)), times: f0 * f1)
        let x0 = (sum.0 / loop, sum.1 / loop, sum.2 / loop)
        let x2 = plus(turns.2.won, rotated(x0), times: f2)
        let x1 = plus(turns.1.won, rotated(x2), times: f1)
        write(x0, mover: 0, at: frames.0)
        write(x1, mover: 1, at: frames.1)
        write(x2, mover: 2, at: frames.2)
    }

    private func write(_ chances: Trio, mover: Int, at frame: (Int, Int, Int)) {
        let base = 3 * ((frame.0 * levels + frame.1) * levels + frame.2)
        let table = table(mover)
        table[base] = chances.0
        table[base + 1] = chances.1
        table[base + 2] = chances.2
    }
}
