import Foundation
import Testing

@testable import FarkleKit

@Suite("SimulationTally")
struct SimulationTallyTests {
    @Test("net points per turn and its standard error by game: a ratio estimator over three games by hand")
    func netPointsByGame() {
        // Three games, all seats together: (net points, turns) = (100, 2), (300, 4), (-200, 3).
        let games: [(points: Double, turns: Double)] = [(100, 2), (300, 4), (-200, 3)]
        var tally = SimulationTally(players: 1)
        tally.games = 3
        tally.seats[0].turns = 9
        tally.seats[0].bankedPoints = 700
        tally.seats[0].penaltyPoints = 500
        for game in games {
            tally.gameNetPointsSquared += game.points * game.points
            tally.gameTurnsSquared += game.turns * game.turns
            tally.gameNetPointsTimesTurns += game.points * game.turns
        }
        let ratio = 200.0 / 9
        #expect(tally.netPoints == 200 && tally.meanNetPointsPerTurn == ratio)
        let residuals = games.map { ($0.points - ratio * $0.turns) * ($0.points - ratio * $0.turns) }.reduce(0, +)
        let expected = (residuals / (3 * 2)).squareRoot() / 3
        #expect(abs(tally.meanNetPointsPerTurnStandardError - expected) < 1e-9 * expected)
        #expect(tally.seats[0].meanNetPointsPerTurn == ratio)
    }

    @Test("merging adds the penalty points of each seat and the per-game sums")
    func merge() {
        var first = SimulationTally(players: 2)
        first.seats[1].penaltyPoints = 500
        first.gameTurnsSquared = 4
        var second = first
        second.seats[0].penaltyPoints = 1000
        second.gameNetPointsTimesTurns = 7
        first.merge(second)
        #expect(first.seats.map(\.penaltyPoints) == [1000, 1000])
        #expect(first.penaltyPoints == 2000)
        #expect(first.gameTurnsSquared == 8 && first.gameNetPointsTimesTurns == 7)
    }
}
