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
/// Each seat's table holds three chances per set of totals, 24 bytes, but only for the sets the sweep can still
/// read (`TrioTable`): at most 86 MB a seat for a 10,000-point race in steps of 50, instead of 192 MB (one
/// table where the three strategies are the same, three otherwise).
struct ThreePlayerOdds {
    /// The chance that each seat wins, seat 1 (who starts) first.
    let winProbabilities: [Double]
    /// The chance of a tie between two or three seats.
    let tie: Double
    /// The sets of totals below the target worked out, each with every seat to move.
    let setCount: Int

    /// The most totals below the target, in score steps: three tables of 250³ sets hold up to about 0.5 GB at once.
    static let maximumLevels = 250

    /// Evaluates `strategies` (three, seat 1 first), telling `progress` the share of the sets of totals worked out.
    init(
        strategies: [StrategySpec], context: inout StrategyContext, threads: Int,
        progress: @Sendable (Double) -> Void = { _ in }
    ) throws(NotCovered) {
        let rules = context.rules
        guard case .target(let target, let finalRound) = rules.game.end else {
            throw NotCovered(
                "exact odds of three players are for races to a target, not games of fixed rounds (rules '\(rules.name)')"
            )
        }
        guard rules.turn.threeFarklePenalty == nil, rules.game.instantLossFaces.isEmpty else {
            throw NotCovered(
                "exact odds of three players do not handle a three-farkle penalty nor a six of a kind that loses "
                    + "(rules '\(rules.name)')")
        }
        let step = context.table.scoreStep
        let levels = try ExactOdds.levels(
            below: target, step: step, most: Self.maximumLevels, evaluation: "exact odds of three players")
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
            throw NotCovered(
                "no strategy ever banks or wins under rules '\(rules.name)': the game never ends")
        }
        let game = TrioOddsGame(
            levels: levels, finalRound: finalRound, bustsPastTarget: rules.game.mustHitTargetExactly, seats: seats,
            symmetric: strategies.allSatisfy { $0 == strategies[0] }, threads: threads)
        var done = 0
        let total = Double(levels * levels * levels)
        progress(0)
        for sum in stride(from: 3 * (levels - 1), through: 0, by: -1) {
            let first = max(0, sum - 2 * (levels - 1))
            let last = min(levels - 1, sum)
            for table in game.tables { table.prepare(sum: sum) }
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
            // The sets of slab `sum` are read at sums from `sum` up only (slab 0 holds the start).
            if sum > 0 { for table in game.tables { table.release(slab: sum) } }
        }
        let start = game.chances(mover: 0, at: (0, 0, 0))
        // Only where banks past a target hit exactly bust can the three plays leave totals no turn ever ends from.
        guard [start.0, start.1, start.2].allSatisfy(\.isFinite) else {
            throw NotCovered(
                "under rules '\(rules.name)' the game can reach totals from which none of the three plays ever ends "
                    + "it (each banks past the target, which busts, or farkles): no exact odds exist; simulate them "
                    + "(such games stop unfinished)")
        }
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

    init(_ seat: OddsSeat, spec: StrategySpec) throws(NotCovered) {
        switch seat {
        case .blind(let entered, let notEntered): (turns, game) = ([notEntered, entered], nil)
        case .byTotal(let turns): (self.turns, game) = (turns, nil)
        case .threePlayerWin(let game):
            turns = []
            self.game = game
        case .win, .roundsWin, .penaltyWin, .diceSetWin:
            throw NotCovered(
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
    /// `tables[t]`: for seat t to move, its chances (own, next's, last's) at the sets the sweep still reads; one
    /// table for all seats where the three play alike.
    let tables: [TrioTable]
    /// With a final round, `pastTarget[t]` sums what seat t's banks that reach the target win (one where the three
    /// play alike); empty without one.
    let pastTarget: [PastTargetSums]
    let finalRound: Bool
    /// Whether the target must be hit exactly: a bank past it busts, a farkle of the turn.
    let bustsPastTarget: Bool

    init(levels: Int, finalRound: Bool, bustsPastTarget: Bool, seats: [TrioSeat], symmetric: Bool, threads: Int) {
        self.levels = levels
        self.seats = seats
        self.finalRound = finalRound
        self.bustsPastTarget = bustsPastTarget
        let movers = symmetric ? 1 : 3
        tables = (0..<movers).map { _ in TrioTable(levels: levels) }
        pastTarget =
            finalRound
            ? (0..<movers).map { PastTargetSums(mover: $0, seats: seats, levels: levels, threads: threads) } : []
    }

    func table(_ mover: Int) -> TrioTable { tables[mover % tables.count] }

    /// Seat `mover`'s chances at `totals` (its own first), in its frame.
    func chances(mover: Int, at totals: (Int, Int, Int)) -> Trio {
        let slot = table(mover).chances(own: totals.0, next: totals.1, last: totals.2)
        return (slot[0], slot[1], slot[2])
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
                    let base = PastTargetSums.finalSlot(
                        caseIndex, nextBehind, lastBehind, cases: cases.count, width: width)
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

    /// The longest bank of any seat's turn, in levels, plus two: the width of the last turns' tables.
    static func width(of seats: [TrioSeat]) -> Int { (seats.map(\.longestBank).max() ?? 0) + 2 }

    // MARK: Loops

    /// What seat `mover`'s turn at `totals` (its own first) wins without farkling, in its frame, and its chance to
    /// farkle.
    private func turn(mover: Int, at totals: (Int, Int, Int)) -> (won: Trio, farkle: Double) {
        let (own, next, last) = totals
        if bustsPastTarget {
            // A target hit exactly: the bank that hits it wins, every bank past it busts (a farkle of the turn).
            let played: (banked: [Double], farkle: Double, win: Double)
            if seats[mover].game == nil {
                let outcomes = seats[mover].turn(at: own)
                played = (outcomes.banked, outcomes.farkle, outcomes.instantWin)
            } else {
                played = seats[mover].solvedTurn(at: totals)
            }
            let (hit, busts) = BlindTurnOutcomes.exactTarget(played.banked, need: levels - own)
            return (
                weighBanks(played.banked, from: (played.win + hit, 0, 0), mover: mover, at: totals),
                played.farkle + busts
            )
        }
        if seats[mover].game != nil {
            // The solved race's play (no final round): its banks below the target read the next mover's chances.
            let solved = seats[mover].solvedTurn(at: totals)
            return (weighBanks(solved.banked, from: (solved.win, 0, 0), mover: mover, at: totals), solved.farkle)
        }
        let outcomes = seats[mover].turn(at: own)
        var won: Trio
        if finalRound {
            // The banks that reach the target, the last turns of the two others following.
            let past = pastTarget[mover % pastTarget.count].sum(at: (own, next, last))
            won = (past.0 + outcomes.instantWin, past.1, past.2)
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
        let after = self.table(mover + 1)
        // The next mover's frame is (next, last, this seat): a bank to `own + level` is read at (next, last, own +
        // level), consecutive slots within a chunk; the levels are weighed from the lowest up, chunk by chunk.
        let end = own + min(banked.count, levels - own)
        banked.withUnsafeBufferPointer { banked in
            var reached = own
            while reached < end {
                let first = after.chances(own: next, next: last, last: reached)
                let stop = min(end, (reached / after.chunkSize + 1) * after.chunkSize)
                for total in reached..<stop where banked[total - own] > 0 {
                    let chance = banked[total - own]
                    let read = first + 3 * (total - reached)
                    won.0 += chance * read[2]
                    won.1 += chance * read[0]
                    won.2 += chance * read[1]
                }
                reached = stop
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
        // Where every turn farkles or busts surely (a target hit exactly) the loop never ends: no chances exist, and
        // the NaN that stands for them reaches the start if the game can get here (`init` refuses it).
        let loop = bustsPastTarget && 1 - f0 * f1 * f2 < 1e-12 ? .nan : 1 - f0 * f1 * f2
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
        let slot = table(mover).chances(own: frame.0, next: frame.1, last: frame.2)
        slot[0] = chances.0
        slot[1] = chances.1
        slot[2] = chances.2
    }
}

/// What a seat's banks that reach the target win, the last turns of the two others following, at any set of totals
/// of a race with a final round, summed when the sweep reaches the set.
///
/// For a mover on the board the sum over banks b from the target up depends on the distances of the totals
/// (α = own − next, β = own − last) and on the least bank that reaches the target, m = L − own: for each α the sums
/// for every β are carried from the longest bank down, each bank adding one term, and kept at every `spacing`-th
/// bank (`checkpoints`). A set's sum starts from the checkpoint at or above m and adds the banks below it down to m,
/// in the order the carried sums add them, so it is the same to the last bit as carrying down to m itself. A mover
/// not yet on the board plays another turn and is summed directly.
///
/// The checkpoints take (2L − 1)² sums of three chances each, times `checkpointCount` and the cases on the board or
/// not: 15 MB for a race to 10,000 in steps of 50, where each set then adds at most 49 banks.
private struct PastTargetSums: Sendable {
    let levels: Int
    /// The last turns of the two other seats (`TrioOddsGame.lastTurns(next:last:width:)`) and their cases.
    let finals: [Double]
    let cases: Int
    let width: Int
    /// The mover's banks on the board and not yet on it, by levels.
    let banked: [Double]
    let opening: [Double]
    /// The banks between checkpoints, and the checkpoints per α: at banks `spacing`, 2 `spacing`, ....
    let spacing: Int
    let checkpointCount: Int
    /// The carried sums after bank (j + 1) · `spacing`, at `((α + L − 1) * checkpointCount + j) * stride +
    /// (case * span + β + L − 1) * 3`, stride being `cases * span * 3`; 0 for banks above the longest.
    let checkpoints: SharedSlots<Double>

    var span: Int { 2 * levels - 1 }

    init(mover: Int, seats: [TrioSeat], levels: Int, threads: Int) {
        self.levels = levels
        (finals, cases) = TrioOddsGame.lastTurns(of: mover, seats: seats)
        width = TrioOddsGame.width(of: seats)
        banked = seats[mover].turn(at: 1).banked
        opening = seats[mover].turn(at: 0).banked
        // About four checkpoints per α over the banks that a total below the target needs (1 to L − 1), fewer
        // where the four cases on the board or not are kept apart.
        checkpointCount = max(1, 4 / cases)
        spacing = max(1, (levels - 1 + checkpointCount - 1) / checkpointCount)
        let span = 2 * levels - 1
        let stride = cases * span * 3
        let checkpoints = SharedSlots<Double>(repeating: 0, count: span * checkpointCount * stride)
        self.checkpoints = checkpoints
        let (banked, finals, cases, spacing, checkpointCount) = (banked, finals, cases, spacing, checkpointCount)
        let width = width
        @Sendable @inline(__always) func final(_ onBoard: Int, _ nextBehind: Int, _ lastBehind: Int) -> Int {
            Self.finalSlot(onBoard, nextBehind, lastBehind, cases: cases, width: width)
        }
        // α = own − next from −(levels − 1) to levels − 1: one work item each, writing its own checkpoints.
        Parallel.forEach(span, threads: threads) { item in
            let alpha = item - (levels - 1)
            guard banked.count > 1 else { return }
            // sums[(onBoard * span + β + levels − 1) * 3 + c]
            var sums = [Double](repeating: 0, count: stride)
            for bank in Swift.stride(from: banked.count - 1, through: max(1, 1 - alpha), by: -1) {
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
                guard bank % spacing == 0, bank / spacing <= checkpointCount else { continue }
                let base = (item * checkpointCount + bank / spacing - 1) * stride
                for index in 0..<stride { checkpoints[base + index] = sums[index] }
            }
        }
    }

    /// The last turns' slot for (both on the board or not, d₁, d₂), capped; one case where the four are one. The one
    /// layout of the table `TrioOddsGame.lastTurns(next:last:width:)` writes and the sums read.
    @inline(__always) static func finalSlot(
        _ onBoard: Int, _ nextBehind: Int, _ lastBehind: Int, cases: Int, width: Int
    ) -> Int {
        3 * ((min(onBoard, cases - 1) * width + min(nextBehind, width - 1)) * width + min(lastBehind, width - 1))
    }

    /// What the mover's banks that reach the target win at `totals` (its own first), in its frame.
    func sum(at totals: (Int, Int, Int)) -> (Double, Double, Double) {
        let (own, next, last) = totals
        let (cases, width) = (cases, width)
        @inline(__always) func final(_ onBoard: Int, _ nextBehind: Int, _ lastBehind: Int) -> Int {
            Self.finalSlot(onBoard, nextBehind, lastBehind, cases: cases, width: width)
        }
        var won = (0.0, 0.0, 0.0)
        /// Adds a bank's chance times the last turns at `slot`, one chance at a time.
        @inline(__always) func add(_ chance: Double, times slot: Int) {
            won.0 += chance * finals[slot]
            won.1 += chance * finals[slot + 1]
            won.2 += chance * finals[slot + 2]
        }
        guard own > 0 else {
            // Not yet on the board: every bank of the opening turn that reaches the target, the lowest first.
            for bank in max(levels, 1)..<max(opening.count, levels) {
                let chance = opening[bank]
                guard chance > 0 else { continue }
                add(chance, times: final((next > 0 ? 2 : 0) + (last > 0 ? 1 : 0), bank - next, bank - last))
            }
            return won
        }
        let (alpha, beta, least) = (own - next, own - last, levels - own)
        let onBoard = min((next > 0 ? 2 : 0) + (last > 0 ? 1 : 0), cases - 1)
        // The checkpoint at or above the least bank, then the banks below it, the highest first.
        let checkpoint = (least + spacing - 1) / spacing
        let above = checkpoint * spacing
        if checkpoint <= checkpointCount {
            let read =
                ((alpha + levels - 1) * checkpointCount + checkpoint - 1) * cases * span * 3
                + (onBoard * span + beta + levels - 1) * 3
            won = (checkpoints[read], checkpoints[read + 1], checkpoints[read + 2])
        }
        for bank in Swift.stride(from: min(above - 1, banked.count - 1), through: least, by: -1) {
            let chance = banked[bank]
            guard chance > 0 else { continue }
            add(chance, times: final(onBoard, alpha + bank, beta + bank))
        }
        return won
    }
}
