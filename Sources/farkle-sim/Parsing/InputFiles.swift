import FarkleKit
import Foundation

/// The files a command line names, opened and checked as soon as it is parsed, whatever path the command
/// then takes: a bad file is a bad argument wherever it is named, not only where it is used.
enum InputFiles {
    /// Loads `--dice-catalog` and checks `--policy` when given (the policy's rules are checked when it is read).
    ///
    /// - Throws: `UsageError` with the file's path and what is wrong.
    static func check(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.spec.options.contains(where: { $0.name == DiceSetOption.catalog.name }) {
            _ = try DiceSetOption.catalog(arguments)
            // A catalog names loaded dice for the options that take dice: without one it would be read for nothing.
            let takesDice = ["dice-set", "opponent-set", "inventory", "rank-catalog"]
            // `advise --dice 5@odd,...` names loaded dice in the roll itself.
            let namesDice = arguments.value("dice")?.contains("@") == true
            if arguments.value(DiceSetOption.catalog.name) != nil, !namesDice,
                !takesDice.contains(where: { arguments.value($0) != nil || arguments.flag($0) })
            {
                let offered = takesDice.filter { name in arguments.spec.options.contains { $0.name == name } }
                    .map { "'--\($0)'" }
                let dice = arguments.spec.options.contains { $0.name == "dice" } ? ["a face of '--dice' (5@odd)"] : []
                let uses = (offered + dice).joined(separator: ", or ")
                throw UsageError(
                    "'--\(DiceSetOption.catalog.name)' adds loaded dice for \(uses.isEmpty ? "no option here" : uses)"
                        + ", and none is given: the catalog would be read for nothing",
                    spec: arguments.spec)
            }
        }
        if arguments.spec.options.contains(where: { $0.name == StrategyArguments.policy.name }),
            let path = try arguments.path(StrategyArguments.policy.name)
        {
            do {
                try WinPolicyFile.checkFile(at: URL(fileURLWithPath: path))
            } catch {
                throw UsageError(error.description, spec: arguments.spec)
            }
        }
    }
}
