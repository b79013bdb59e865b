import Testing

@_spi(Kernels) @testable import FarkleKit

/// A turn with two plays, two lines in the mover's farkle payoff z: the mover's best chance is the larger, as
/// `WinTurn` would give it, each play best on its side of where they meet.
private struct TwoPlayTurn {
    /// Each play's mover's chance at z = 0 and slope, and the next player's chance at w = 0.
    let low: (own: Double, slope: Double, next: Double)
    let high: (own: Double, slope: Double, next: Double)

    /// Where the two lines meet.
    var edge: Double { (low.own - high.own) / (high.slope - low.slope) }

    /// The play best at `payoff`, as a turn solved there gives it.
    func solve(_ payoff: LoopPlays.Payoffs) -> LoopPlays.Play {
        let z = payoff.farkle
        let isLow = low.own + low.slope * z >= high.own + high.slope * z
        let line = isLow ? low : high
        let entry = WinTurn.Entry(
            value: line.own + line.slope * z, slope: line.slope, aux: line.next + line.slope * payoff.farkleAux,
            banks: false)
        let validity =
            isLow
            ? WinTurn.Validity(down: .infinity, up: edge - z) : WinTurn.Validity(down: z - edge, up: .infinity)
        return LoopPlays.Play(entry: entry, payoff: payoff, validity: validity)
    }

    /// The mover's best chance at z, and the range of what the best plays leave the next player at w.
    func best(farkle z: Double, farkleAux w: Double) -> (own: Double, next: ClosedRange<Double>) {
        let lowOwn = low.own + low.slope * z
        let highOwn = high.own + high.slope * z
        let (lowNext, highNext) = (low.next + low.slope * w, high.next + high.slope * w)
        if abs(lowOwn - highOwn) <= 1e-12 { return (lowOwn, min(lowNext, highNext)...max(lowNext, highNext)) }
        return lowOwn > highOwn ? (lowOwn, lowNext...lowNext) : (highOwn, highNext...highNext)
    }
}

@Suite("The plays of a loop of three where best replies go round, and a mixed play that settles it")
struct LoopPlaysTests {
    @Test(
        "over 2,000 random loops of three two-play turns, every solution found is each mover's best reply, some with two movers mixing"
    )
    func randomLoops() throws {
        var random = Xoshiro256StarStar(seed: 2026)
        var (mixed, single, none) = (0, 0, 0)
        for _ in 0..<2_000 {
            var turns: [TwoPlayTurn] = []
            for _ in 0..<3 {
                let slopes = (
                    Double.random(in: 0.1...0.4, using: &random), Double.random(in: 0.41...0.7, using: &random)
                )
                // The lines meet at a farkle payoff between 0.2 and 0.3.
                let edge = Double.random(in: 0.2...0.3, using: &random)
                let lowOwn = Double.random(in: 0.2...0.3, using: &random)
                turns.append(
                    TwoPlayTurn(
                        low: (lowOwn, slopes.0, Double.random(in: 0.1...0.25, using: &random)),
                        high: (
                            lowOwn - (slopes.1 - slopes.0) * edge, slopes.1,
                            Double.random(in: 0.1...0.25, using: &random)
                        )))
            }
            // The payoffs met on either side of each edge.
            let met = turns.map { turn in
                LoopPlays.PayoffsMet(low: (turn.edge - 0.05, 0.3), high: (turn.edge + 0.05, 0.3))
            }
            let plays = try #require(LoopPlays(met: met) { position, payoff in turns[position].solve(payoff) })
            #expect(plays.choices.map(\.count) == [3, 3, 3])
            guard let solution = plays.settle(own: [0.3, 0.3, 0.3], next: [0.3, 0.3, 0.3]) else {
                none += 1
                continue
            }
            if solution.mixers > 0 { mixed += 1 } else { single += 1 }
            #expect(solution.mixers != 1, "one mover mixing alone cannot settle a loop of three")
            for position in 0..<3 {
                let after = (position + 1) % 3
                let best = turns[position].best(
                    farkle: 1 - solution.own[after] - solution.next[after], farkleAux: solution.own[after])
                #expect(abs(solution.own[position] - best.own) < 1e-12)
                let next = solution.next[position]
                #expect(next >= best.next.lowerBound - 1e-12 && next <= best.next.upperBound + 1e-12)
            }
        }
        #expect(mixed > 0 && single > 0, "\(mixed) mixed, \(single) single, \(none) not settled")
    }

    @Test("a play that changes more than once between the payoffs met is found with the plays in between")
    func threePlays() throws {
        // Three lines: best below 0.2, between 0.2 and 0.3, above 0.3.
        let lines: [(own: Double, slope: Double)] = [(0.3, 0.2), (0.3 - 0.1 * 0.2, 0.3), (0.28 - 0.1 * 0.3, 0.4)]
        func solve(_ position: Int, _ payoff: LoopPlays.Payoffs) -> LoopPlays.Play {
            let z = payoff.farkle
            let index = z < 0.2 ? 0 : z < 0.3 ? 1 : 2
            let edges = [-Double.infinity, 0.2, 0.3, .infinity]
            let line = lines[index]
            return LoopPlays.Play(
                entry: WinTurn.Entry(value: line.own + line.slope * z, slope: line.slope, aux: 0.2, banks: false),
                payoff: payoff, validity: WinTurn.Validity(down: z - edges[index], up: edges[index + 1] - z))
        }
        let plays = try #require(
            LoopPlays(met: [LoopPlays.PayoffsMet(low: (0.1, 0.3), high: (0.4, 0.3))], solve: solve))
        // Three single plays and two mixes, at 0.2 and 0.3.
        #expect(plays.choices[0].count == 5)
        let edges = plays.choices[0].compactMap { choice -> Double? in
            if case .mixed(_, _, let edge, _) = choice { edge } else { nil }
        }
        #expect(edges.count == 2 && abs(edges[0] - 0.2) < 1e-12 && abs(edges[1] - 0.3) < 1e-12, "\(edges)")
    }
}
