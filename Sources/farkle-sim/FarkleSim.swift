import FarkleReports

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entry point: picks the subcommand, handles `--help` and `--version`, maps errors to exit codes.
@main
enum FarkleSim {
    /// Every subcommand, in the order `--help` lists them.
    static let subcommands: [any Command.Type] = [
        ValidateCommand.self,
        OddsCommand.self,
        TableCommand.self,
        SolveCommand.self,
        EvaluateCommand.self,
        AdviseCommand.self,
        ReviewCommand.self,
        ReportCommand.self,
        RulesCommand.self,
        DiceSetCommand.self,
        CacheCommand.self,
    ]

    /// The command that runs when no subcommand is named.
    static let defaultCommand: any Command.Type = SimulateCommand.self

    /// The default command's name as a subcommand: `farkle-sim simulate ...` is `farkle-sim ...`.
    static let defaultCommandName = "simulate"

    static func main() {
        // A reader that stops early (`farkle-sim table | head -1`) closes the pipe: the write then fails with
        // EPIPE and the tool ends as for any unwritable stdout (exit 1, one line), instead of dying of SIGPIPE.
        _ = signal(SIGPIPE, SIG_IGN)
        Standard.occupyClosedDescriptors()
        ReportFile.removeTemporaryFilesOnSignals()
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the tool on `arguments` (without the program name) and returns the exit status.
    ///
    /// Results that could not be written to stdout turn a success into exit status 1, with one line
    /// saying so: a caller must never take a lost result for a good one.
    static func run(_ arguments: [String]) -> Int32 {
        let status = dispatch(arguments)
        // A command that already failed has said why on its one line.
        guard status == ExitStatus.success, let failure = Standard.outputFailure else { return status }
        ErrorLine.print("cannot write the results to standard output: \(failure)")
        return ExitStatus.failure
    }

    /// Picks the command, runs it and maps its errors to exit statuses.
    private static func dispatch(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var command = defaultCommand
        if let first = arguments.first {
            if first == "help" {
                arguments.removeFirst()
                let target = arguments.first.flatMap(subcommand(named:)) ?? defaultCommand
                if let name = arguments.first, subcommand(named: name) == nil {
                    return report(UsageError("unknown subcommand '\(name)'", spec: defaultCommand.spec))
                }
                if arguments.count > 1 {
                    return report(UsageError("unexpected argument '\(arguments[1])' after 'help'", spec: target.spec))
                }
                printHelp(for: target)
                return ExitStatus.success
            }
            if let named = subcommand(named: first) {
                command = named
                arguments.removeFirst()
            } else if !first.hasPrefix("-") {
                return report(UsageError("unknown subcommand '\(first)'", spec: defaultCommand.spec))
            }
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            printHelp(for: command)
            return ExitStatus.success
        }
        if command == defaultCommand, arguments.contains("--version") {
            guard arguments.count == 1 else {
                return report(UsageError("'--version' takes no other arguments", spec: defaultCommand.spec))
            }
            Standard.output(ToolInfo.version)
            return ExitStatus.success
        }
        do {
            let parsed = try ParsedArguments(arguments, spec: command.spec)
            try InputFiles.check(parsed)
            return try command.run(parsed)
        } catch let error as UsageError {
            return report(error)
        } catch let error as RuntimeFailure {
            ErrorLine.print(error.message)
            return ExitStatus.failure
        } catch {
            ErrorLine.print("\(error)")
            return ExitStatus.failure
        }
    }

    private static func subcommand(named name: String) -> (any Command.Type)? {
        if name == defaultCommandName { return defaultCommand }
        return subcommands.first { $0.spec.name == name }
    }

    private static func printHelp(for command: any Command.Type) {
        let listed = CommandSpec(name: defaultCommandName, abstract: defaultCommand.spec.abstract, options: [])
        let children = command == defaultCommand ? [listed] + subcommands.map { $0.spec } : []
        Standard.output(command.spec.helpText(subcommands: children), terminator: "")
    }

    private static func report(_ error: UsageError) -> Int32 {
        ErrorLine.print(error.message)
        if let spec = error.spec {
            Standard.error("Usage: \(spec.usage)")
            Standard.error("  See '\(spec.commandLine) --help' for more information.")
        }
        return ExitStatus.usage
    }
}
