import FarkleKit
import FarkleReports
import Foundation

/// The options given to one command, checked against its `CommandSpec`.
struct ParsedArguments {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    let spec: CommandSpec
    /// The action given first, one of the spec's `actions` (`list` in `cache list`), or `nil`.
    private(set) var action: String?
    /// The argument that is not an option (`GAME` in `review GAME`), for a spec that takes one.
    private(set) var argument: String?

    /// Parses `--name value`, `--name=value` and `--flag` arguments.
    ///
    /// - Throws: `UsageError` for an unknown option, a missing value or a stray argument.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if index == 1, spec.actions.contains(argument) {
                action = argument
                continue
            }
            if let expected = spec.argument, self.argument == nil, !argument.hasPrefix("--") {
                guard !argument.isEmpty else { throw UsageError("<\(expected.name)> is an empty path", spec: spec) }
                self.argument = argument
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError("unexpected argument '\(argument)'", spec: spec)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)'", spec: spec)
            }
            if option.valueName == nil {
                if inlineValue != nil { throw UsageError("'--\(name)' takes no value", spec: spec) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") || Double(arguments[index]) != nil {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("missing value for '--\(name) <\(option.valueName ?? "value")>'", spec: spec)
            }
            if values[name] != nil, !option.isRepeatable {
                throw UsageError("'--\(name)' given more than once", spec: spec)
            }
            values[name, default: []].append(value)
        }
        if let expected = spec.argument, argument == nil {
            throw UsageError("missing <\(expected.name)>: \(expected.help)", spec: spec)
        }
        for option in spec.options where option.isRequired && values[option.name] == nil {
            throw UsageError("missing '--\(option.name) <\(option.valueName ?? "value")>'", spec: spec)
        }
    }

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// Refuses any of `names` given on this command line: options of another mode of the command, which this
    /// one would otherwise ignore. `reason` completes "'--name' ...".
    func refuse(_ names: [String], _ reason: String) throws(UsageError) {
        for name in names where values[name] != nil || flags.contains(name) {
            throw UsageError("'--\(name)' \(reason)", spec: spec)
        }
    }

    /// The option's value, or `nil` when it was not given.
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option, in order.
    func allValues(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The option's value as a whole number in `range`, or `defaultValue` when not given.
    ///
    /// - Parameter reason: Why the range ends where it does, for the message (`the most games ...`).
    func integer(
        _ name: String, in range: ClosedRange<Int>, default defaultValue: Int, because reason: String? = nil
    ) throws(UsageError) -> Int {
        guard let text = value(name) else { return defaultValue }
        return try integer(text, of: name, in: range, because: reason)
    }

    /// Every value of a repeatable option as a whole number in `range`, in order (none when not given).
    func integers(_ name: String, in range: ClosedRange<Int>, because reason: String? = nil) throws(UsageError) -> [Int]
    {
        var numbers: [Int] = []
        for text in allValues(name) { numbers.append(try integer(text, of: name, in: range, because: reason)) }
        return numbers
    }

    /// `text`, a value of option `name`, as a whole number in `range`.
    private func integer(_ text: String, of name: String, in range: ClosedRange<Int>, because reason: String?)
        throws(UsageError) -> Int
    {
        guard let digits = Self.wholeNumber(text) else {
            throw UsageError("'--\(name)' must be a whole number\(Self.groupingHint(text)), not '\(text)'", spec: spec)
        }
        // A whole number too long for 64 bits is out of range like any other.
        guard let number = Int(digits), range.contains(number) else {
            let why = reason.map { " (\($0))" } ?? ""
            if range.upperBound == Int.max {
                throw UsageError("'--\(name)' must be \(range.lowerBound) or more\(why), not \(text)", spec: spec)
            }
            throw UsageError(
                "'--\(name)' must be from \(range.lowerBound) to \(NumberText.grouped(range.upperBound))\(why), "
                    + "not \(text)",
                spec: spec)
        }
        return number
    }

    /// The option's value as a file or directory path, or `nil` when not given.
    ///
    /// - Throws: `UsageError` for an empty path, which would otherwise mean the current directory.
    func path(_ name: String) throws(UsageError) -> String? {
        guard let text = value(name) else { return nil }
        guard !text.isEmpty else { throw UsageError("'--\(name)' is an empty path", spec: spec) }
        return text
    }

    /// The option's value as the path of a file the command writes, or `nil` when not given.
    ///
    /// - Throws: `UsageError` for an empty path, `-`, or one naming a file the command reads (the rule file, the dice
    ///   catalog, the policy file or the game record, links followed): the output would replace its own input.
    func outputPath(_ name: String) throws(UsageError) -> String? {
        guard let path = try path(name) else { return nil }
        // `-` reads as "standard output" to many tools; here it would be a file named `-`.
        guard path != "-" else {
            throw UsageError(
                "'--\(name) -' would write a file named '-', not to standard output: give a path", spec: spec)
        }
        var inputs: [(what: String, path: String)] = []
        if let rules = value("rules"), RuleSet.presets[rules] == nil {
            inputs.append(("the rule file given to '--rules'", rules))
        }
        if let catalog = value("dice-catalog") {
            inputs.append(("the dice catalog given to '--dice-catalog'", catalog))
        }
        if let policy = value("policy") { inputs.append(("the policy file given to '--policy'", policy)) }
        if let argument { inputs.append(("the game record itself", argument)) }
        var written = stat()
        guard stat(path, &written) == 0 else { return path }
        for input in inputs {
            var read = stat()
            if stat(input.path, &read) == 0, read.st_dev == written.st_dev, read.st_ino == written.st_ino {
                throw UsageError("'--\(name)' names \(input.what): the output would replace it", spec: spec)
            }
        }
        return path
    }

    /// The option's value as one of `Choice`'s cases, or `defaultValue` when not given.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, default defaultValue: Choice
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        guard let text = value(name) else { return defaultValue }
        guard let choice = Choice(rawValue: text) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("'--\(name)' must be one of \(known), not '\(text)'", spec: spec)
        }
        return choice
    }

    /// The `--format` value, which must be one of `allowed`.
    func format(allowed: [OutputFormat], default defaultFormat: OutputFormat = .md) throws(UsageError) -> OutputFormat {
        guard let text = value("format") else { return defaultFormat }
        guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
            let known = allowed.map(\.rawValue).joined(separator: ", ")
            throw UsageError("'--format' must be one of \(known), not '\(text)'", spec: spec)
        }
        return format
    }

    /// The `--seed` value: any whole number from 0 to 2^64 - 1, or `defaultValue` when not given.
    func seed(default defaultValue: UInt64) throws(UsageError) -> UInt64 {
        guard let text = value("seed") else { return defaultValue }
        guard let digits = Self.wholeNumber(text), let seed = UInt64(digits) else {
            throw UsageError(
                "'--seed' must be a whole number from 0 to 2^64 - 1\(Self.groupingHint(text)), not '\(text)'",
                spec: spec)
        }
        return seed
    }

    /// `text` as the digits of a whole number, a sign allowed first, with the underscores that group its digits
    /// (`10_000`) taken out; `nil` for anything else (`_10`, `1__0`, `1,000`, `0x10`, `1e3`).
    ///
    /// Scalar by scalar: a digit with a combining mark ("5\u{308}") is one `Character` that sorts among the digits.
    static func wholeNumber(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        let unsigned = scalars.dropFirst(scalars.first == "-" || scalars.first == "+" ? 1 : 0)
        let groups = unsigned.split(separator: "_", omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) else { return nil }
        return String(String.UnicodeScalarView(scalars.filter { $0 != "_" }))
    }

    /// What to write instead of a number grouped in thousands with commas, for a message (` (write 10000 or
    /// 10_000)`); empty for anything else (`1,2` is a list, not a number).
    private static func groupingHint(_ text: String) -> String {
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count > 1, let first = groups.first, wholeNumber(String(first)) != nil,
            first.filter(\.isNumber).count <= 3,
            groups.dropFirst().allSatisfy({ $0.count == 3 && $0.allSatisfy { ("0"..."9").contains($0) } })
        else { return "" }
        return " (write \(groups.joined()) or \(groups.joined(separator: "_")))"
    }
}
