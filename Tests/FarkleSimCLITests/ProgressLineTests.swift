import Testing

@testable import farkle_sim

/// What the progress lines say: the counts, and the time left where the work left is known.
@Suite("Progress lines")
struct ProgressLineTests {
    @Test("the time left in seconds, minutes, then hours")
    func timeLeft() {
        #expect(StatusLine.timeLeft(40.4) == "about 40 s left")
        #expect(StatusLine.timeLeft(89) == "about 89 s left")
        #expect(StatusLine.timeLeft(180) == "about 3 min left")
        #expect(StatusLine.timeLeft(5_399) == "about 90 min left")
        #expect(StatusLine.timeLeft(9_000) == "about 2.5 h left")
    }

    @Test("simulate: the share of the games played and the time left at the pace so far")
    func games() {
        #expect(
            SimulateCommand.progressText(done: 1_474_560, games: 3_000_000, elapsed: 5.9)
                == "49% (1,474,560 of 3,000,000 games), about 6 s left")
        #expect(SimulateCommand.progressText(done: 0, games: 100, elapsed: 1) == "0% (0 of 100 games)")
    }

    @Test(
        "a solve to win: a share with one decimal below a tenth, the time left from a thousandth on at the pace so far"
    )
    func solve() {
        let label = "Solving rules 'standard' to win, 3 players"
        let unit = "the sets of totals"
        // 0.4% in 36 s: 99.6% more at 90 s a percent.
        #expect(
            SolveProgress.text(label: label, unit: unit, fraction: 0.004, seconds: 36)
                == "\(label): 0.4% of the sets of totals, about 2.5 h left")
        // Too little done to say how long is left.
        #expect(
            SolveProgress.text(label: label, unit: unit, fraction: 0.0004, seconds: 6) == "\(label): 0.0% of \(unit)")
        #expect(
            SolveProgress.text(label: "Solving", unit: "the pairs of totals", fraction: 0.5, seconds: 20)
                == "Solving: 50% of the pairs of totals, about 20 s left")
    }

    @Test("dice-set: the time left to bound every candidate, then how long each exact solve takes")
    func search() {
        typealias Counts = SearchProgress.Counts
        // 45 of 3,003 bounded in 30 s: 2,958 more at 2/3 s each.
        #expect(
            SearchProgress.text(Counts(bounded: 45, solved: 0), candidates: 3_003, elapsed: 30)
                == "bounded 45 of 3,003 candidates, about 33 min left to bound them all; 0 solved exactly")
        // Bounds done at 2,000 s; 4 solved in the 100 s since.
        #expect(
            SearchProgress.text(
                Counts(bounded: 3_003, solved: 4, boundedAt: .seconds(2_000)), candidates: 3_003, elapsed: 2_100)
                == "bounded all 3,003 candidates; 4 solved exactly, about 25 s each (until the bounds rule out the rest)"
        )
        #expect(
            SearchProgress.text(
                Counts(bounded: 3_003, solved: 0, boundedAt: .seconds(10)), candidates: 3_003, elapsed: 11)
                == "bounded all 3,003 candidates; 0 solved exactly")
        // Every candidate solved exactly (no bounds): 10 of 40 in 20 s, 30 more at 2 s each.
        #expect(
            SearchProgress.text(Counts(bounded: 0, solved: 10), candidates: 40, elapsed: 20)
                == "10 of 40 candidates solved exactly, about 60 s left")
        #expect(
            SearchProgress.text(Counts(bounded: 0, solved: 0), candidates: 40, elapsed: 2)
                == "0 of 40 candidates solved exactly")
    }
}
