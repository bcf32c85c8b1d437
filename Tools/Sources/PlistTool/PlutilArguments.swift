/// plutil's command line, parsed: one command, its operands, the options, the files.
///
/// The grammar is plutil's (macOS 14): flags are single words with one dash, a command takes
/// its operands right after it, options may come anywhere, and `--` ends the flags. A word
/// that starts with `-` and is not a flag (other than `-` itself, standard input) is a usage
/// error, never a file name.
struct PlutilArguments: Equatable {
    enum Command: Equatable {
        case lint
        case print
        case convert(format: String)
        case insert(keyPath: String, type: String, value: String?)
        case replace(keyPath: String, type: String, value: String?)
        case remove(keyPath: String)
        case extract(keyPath: String, format: String)
        case type(keyPath: String)
        case create(format: String)
        case help
    }

    var command = Command.lint
    var files: [String] = []
    /// `-o PATH`: where the result goes (`-`: standard output).
    var output: String?
    /// `-e EXT`: the result goes beside each input, with this extension instead of its own.
    var extensionName: String?
    /// `-s`: nothing printed on success.
    var silent = false
    /// `-r`: JSON for people.
    var readableJSON = false
    /// `-n`: no line feed after `-extract … raw` and `-type`.
    var noNewline = false
    /// `-append`: `-insert` adds to the end of the array at the key path.
    var append = false
    /// `-expect TYPE`: `-extract` and `-type` fail unless the value has this type.
    var expect: String?

    /// A mistake in the command line itself: printed with a pointer to `-help`, exit 64.
    struct UsageError: Error, Equatable {
        var message: String
    }

    /// The value types `-insert` and `-replace` take, as flags (`-string`, `-integer`, …).
    static let valueTypes: Swift.Set<String> = ["bool", "integer", "float", "date", "string", "data", "xml", "json", "dictionary", "array"]
    /// The types `-expect` names.
    static let expectableTypes: Swift.Set<String> = ["bool", "integer", "float", "string", "date", "data", "dictionary", "array"]

    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        var commandSeen = false
        func operand(_ what: String, for flag: String) throws(UsageError) -> String {
            guard let next = rest.popFirst() else { throw UsageError(message: "\(flag) needs \(what)") }
            return next
        }
        func setCommand(_ new: Command, _ flag: String) throws(UsageError) {
            if commandSeen { throw UsageError(message: "\(flag): only one command at a time") }
            commandSeen = true
            command = new
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--":
                files.append(contentsOf: rest)
                rest = []
            case "-help", "-h", "--help":
                try setCommand(.help, argument)
            case "-lint": try setCommand(.lint, argument)
            case "-p": try setCommand(.print, argument)
            case "-convert": try setCommand(.convert(format: try Self.format(try operand("a format", for: argument), for: argument)), argument)
            case "-create": try setCommand(.create(format: try Self.format(try operand("a format", for: argument), for: argument)), argument)
            case "-insert", "-replace":
                let keyPath = try operand("a key path", for: argument)
                let typeFlag = try operand("a type (-string, -integer, …)", for: argument)
                let type = String(typeFlag.dropFirst())
                guard typeFlag.hasPrefix("-"), Self.valueTypes.contains(type) else {
                    throw UsageError(message: "\(argument) \(keyPath): unknown type \(typeFlag)")
                }
                let value = type == "dictionary" || type == "array" ? nil : try operand("a value", for: argument)
                try setCommand(
                    argument == "-insert"
                        ? .insert(keyPath: keyPath, type: type, value: value)
                        : .replace(keyPath: keyPath, type: type, value: value), argument)
            case "-remove": try setCommand(.remove(keyPath: try operand("a key path", for: argument)), argument)
            case "-extract":
                let keyPath = try operand("a key path", for: argument)
                try setCommand(.extract(keyPath: keyPath, format: try operand("a format", for: argument)), argument)
            case "-type": try setCommand(.type(keyPath: try operand("a key path", for: argument)), argument)
            case "-o": output = try operand("a path", for: argument)
            case "-e": extensionName = try operand("an extension", for: argument)
            case "-s": silent = true
            case "-r": readableJSON = true
            case "-n": noNewline = true
            case "-append": append = true
            case "-expect":
                let type = try operand("a type", for: argument)
                guard Self.expectableTypes.contains(type) else { throw UsageError(message: "-expect: unknown type \(type)") }
                expect = type
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError(message: "unknown flag \(argument) (a file whose name starts with - goes after --)")
                }
                files.append(argument)
            }
        }
        switch command {
        case .help: return
        case .insert: break
        default:
            if append { throw UsageError(message: "-append goes with -insert") }
        }
        if expect != nil {
            switch command {
            case .extract, .type: break
            default: throw UsageError(message: "-expect goes with -extract and -type")
            }
        }
        if output != nil && extensionName != nil { throw UsageError(message: "-o and -e do not go together") }
        if output != nil && files.count > 1 {
            // Each file would overwrite the last one's result.
            throw UsageError(message: "-o takes exactly one input file (with several, -e writes each next to its input)")
        }
        if files.isEmpty { throw UsageError(message: "no files specified") }
    }

    /// A format name of `-convert` or `-create`; any other is a usage error, before a file is read.
    static func format(_ name: String, for flag: String) throws(UsageError) -> String {
        if ["xml1", "binary1", "json", "openstep"].contains(name) { return name }
        if name == "swift" || name == "objc" {
            throw UsageError(message: "\(flag) \(name): the \(name) format (source code) is not supported; use xml1, binary1, json or openstep")
        }
        throw UsageError(message: "\(flag) \(name): unknown format; use xml1, binary1, json or openstep")
    }
}
