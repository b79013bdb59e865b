/// Where a race between dice sets solved to win comes from (`StrategyContext.diceSetGames`): given the two players'
/// dice (player 0 first) and the threads to solve on, the whole game solved for those dice.
package typealias DiceSetGameSource = @Sendable (_ outcomes: [DiceSetOutcomes], _ threads: Int) -> LoadedWinSolver
