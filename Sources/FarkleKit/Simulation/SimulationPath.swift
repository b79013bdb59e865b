/// How `GameSimulation.run` plays its games.
@_spi(Kernels) public enum SimulationPath: Hashable, Sendable {
    /// The lane engine where it applies (`GameSimulation.lanesApply`) and the run has at least
    /// `GameSimulation.lanesMinimumGames` games, with 16 lanes; else the general engine.
    case automatic
    /// One game at a time per thread, asking the seats' strategies on every roll: any strategy, any rules.
    case general
    /// That many games at once per thread, each roll one read of a table of every turn's states (the lane
    /// engine): turn-only strategies in a race to a target without a three-farkle penalty.
    case lanes(Int)
}
