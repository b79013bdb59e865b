import Testing

@Suite("farkle-sim --help and errors")
struct HelpTests {
    @Test("--help prints the overview and subcommands on stdout and exits 0")
    func toolHelp() throws {
        let result = try CommandRunner.run(["--help"])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.hasPrefix("OVERVIEW:"))
        #expect(result.standardOutput.contains("SUBCOMMANDS:"))
        #expect(result.standardError.isEmpty)
    }

    @Test(
        "every subcommand has --help on stdout with exit 0",
        arguments: ["validate", "odds", "table", "solve", "evaluate", "advise", "report", "rules"])
    func subcommandHelp(name: String) throws {
        let result = try CommandRunner.run([name, "--help"])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.contains("USAGE: farkle-sim \(name)"))
        #expect(result.standardError.isEmpty)
    }

    @Test("--version prints a version")
    func version() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.exitStatus == 0)
        #expect(result.standardOutput.split(separator: ".").count == 3)
    }

    @Test("an unknown option is a usage error: one Error line, a usage hint, exit 64")
    func unknownOption() throws {
        let result = try CommandRunner.run(["validate", "--bogus"])
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: unknown option '--bogus'\n"))
        #expect(result.standardError.contains("Usage: farkle-sim validate"))
    }

    @Test("an unknown subcommand is a usage error")
    func unknownSubcommand() throws {
        let result = try CommandRunner.run(["frobnicate"])
        #expect(result.exitStatus == 64)
        #expect(result.standardError.hasPrefix("Error: unknown subcommand 'frobnicate'"))
    }
}
