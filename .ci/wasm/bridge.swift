// What the WebAssembly build of FarkleKit answers to its host, for `.ci/embedded`'s check that it gives the native
// build's numbers to the last bit. The host writes a rule file's (and a policy file's) bytes into memory it asks
// for (`farkle_allocate`) and calls a question; each answer is one Double, -1 where the bytes are refused.

/// `count` bytes of the module's memory for the host to write into.
@_expose(wasm, "farkle_allocate")
func farkleAllocate(_ count: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 8)
}

/// The rule set in the `count` bytes at `bytes`, or nil.
private func rules(_ bytes: UnsafePointer<UInt8>, _ count: Int32) -> RuleSet? {
    try? RuleSet(jsonBytes: Array(UnsafeBufferPointer(start: bytes, count: Int(count))), source: "host")
}

/// The expected points of a turn played for points under the rules (`ExpectedScoreSolver.expectedTurnScore`).
@_expose(wasm, "farkle_expected_turn_score")
func farkleExpectedTurnScore(_ bytes: UnsafePointer<UInt8>, _ count: Int32) -> Double {
    guard let rules = rules(bytes, count) else { return -1 }
    return ExpectedScoreSolver(rules: rules).expectedTurnScore
}

/// The chance to win (ties half) of the player with `myScore` against `opponentScore` from `turnPoints` with `dice`
/// to roll, in the race whose policy file is at `policy`, played to win (`WinTurnTable.value(turnPoints:diceLeft:)`).
@_expose(wasm, "farkle_win_value")
func farkleWinValue(
    _ bytes: UnsafePointer<UInt8>, _ count: Int32, _ policy: UnsafePointer<UInt8>, _ policyCount: Int32,
    _ myScore: Int32, _ opponentScore: Int32, _ turnPoints: Int32, _ dice: Int32
) -> Double {
    guard let rules = rules(bytes, count),
        let solver = try? WinProbabilitySolver(
            policyFileBytes: Array(UnsafeBufferPointer(start: policy, count: Int(policyCount))), rules: rules)
    else { return -1 }
    let table = solver.turnTable(myScore: Int(myScore), opponentScore: Int(opponentScore))
    return table.value(turnPoints: Int(turnPoints), diceLeft: Int(dice))
}

/// The same in a race under a three-farkle penalty (`PenaltyWinSolver.turnTable`), the farkles in a row of each given.
@_expose(wasm, "farkle_penalty_win_value")
func farklePenaltyWinValue(
    _ bytes: UnsafePointer<UInt8>, _ count: Int32, _ policy: UnsafePointer<UInt8>, _ policyCount: Int32,
    _ myScore: Int32, _ opponentScore: Int32, _ myFarkles: Int32, _ opponentFarkles: Int32, _ turnPoints: Int32,
    _ dice: Int32
) -> Double {
    guard let rules = rules(bytes, count),
        let solver = try? PenaltyWinSolver(
            policyFileBytes: Array(UnsafeBufferPointer(start: policy, count: Int(policyCount))), rules: rules)
    else { return -1 }
    let table = solver.turnTable(
        myScore: Int(myScore), opponentScore: Int(opponentScore), myFarkles: Int(myFarkles),
        opponentFarkles: Int(opponentFarkles))
    return table.value(turnPoints: Int(turnPoints), diceLeft: Int(dice))
}
