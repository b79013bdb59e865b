import Testing

@Suite("farkle-sim simulate: the default command by its name")
struct SimulateSubcommandTests {
    /// The JSON keys that measure wall time, whose values differ from run to run.
    static let timingKeys = ["\"elapsed_seconds\":", "\"games_per_second\":", "\"rolls_per_second\":"]

    /// The lines of `output` but those of the timing keys.
    static func withoutTiming(_ output: String) -> [Substring] {
        output.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !timingKeys.contains { line.contains($0) }
        }
    }

    @Test("simulate --games 1000 --seed 3 --format json --quiet prints and exits as the default command does")
    func sameAsDefault() throws {
        let options = ["--games", "1000", "--seed", "3", "--format", "json", "--quiet"]
        let named = try CommandRunner.run(["simulate"] + options)
        let unnamed = try CommandRunner.run(options)
        #expect(named.exitStatus == 0)
        #expect(named.exitStatus == unnamed.exitStatus)
        #expect(named.standardError == unnamed.standardError)
        #expect(named.standardOutput.contains("\"games\": 1000,"))
        // Everything but the three wall-time lines is the same, byte for byte.
        let lines = Self.withoutTiming(named.standardOutput)
        #expect(lines.count == named.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count - 3)
        #expect(lines == Self.withoutTiming(unnamed.standardOutput))
    }

    @Test("simulate --help and help simulate print the tool's help, whose subcommands list simulate")
    func help() throws {
        let tool = try CommandRunner.run(["--help"])
        #expect(tool.exitStatus == 0)
        #expect(tool.standardOutput.contains("\n  simulate  "))
        for arguments in [["simulate", "--help"], ["help", "simulate"]] {
            let result = try CommandRunner.run(arguments)
            #expect(result.exitStatus == 0)
            #expect(result.standardOutput == tool.standardOutput)
            #expect(result.standardError.isEmpty)
        }
    }
}
