import ArgumentParser
import Foundation
import PropertyLists
import XMLStreaming

/// `plist`: a plutil for Linux. Its own subcommands, and plutil's flags (`-lint`, `-p`,
/// `-convert`, `-extract`, `-insert`, `-replace`, `-remove`, `-type`) so that scripts written
/// for Apple's plutil run unchanged.
@main
struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Read, check, query, edit and convert property lists (XML, binary, JSON, OpenStep).",
        discussion: """
            plutil's own syntax works too (plist -help lists it): plist -convert xml1 file.plist, \
            plist -p file.plist, plist -extract key raw file.plist, … Usage errors exit 64.
            """,
        version: "plist (XMLStack \(XMLStackLibrary.version))",
        subcommands: [Convert.self, Lint.self, Print.self, Extract.self, Set.self, Remove.self]
    )

    static func main() {
        // Output to a pipe whose reader has gone ends the process quietly (status 141), as
        // xml and siteschedule end, also when the parent ignores SIGPIPE (see XMLCommand).
        signal(SIGPIPE, SIG_DFL)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.isEmpty {
            // Like every other usage error: the help on standard error, exit 64.
            FileHandle.standardError.write(Data((helpMessage() + "\n").utf8))
            Foundation.exit(64)
        }
        if let first = arguments.first, first.hasPrefix("-"), !first.hasPrefix("--"), first != "-h" {
            Foundation.exit(Plutil.run(arguments))
        }
        Self.main(arguments)
    }
}


/// Reads a plist file, or standard input for `-`.
func readPropertyList(_ file: String) throws -> PropertyList {
    try PropertyList(data: try readInput(file))
}

/// Reads `file`, lets `change` edit the value, and writes it back in its own format,
/// atomically; a failure is reported and exits 1.
func editFile(_ file: String, _ change: (inout PropertyList) throws -> Void) throws {
    try reporting(file) {
        let data = try readInput(file)
        var plist = try PropertyList(data: data)
        try change(&plist)
        try plist.write(to: file, format: PropertyList.format(of: data) ?? .xml)
    }
}

/// Runs `work` on `file`; a failure is reported as `file: error` and exits 1.
func reporting(_ file: String, _ work: () throws -> Void) throws {
    do {
        try work()
    } catch {
        report(file, error)
        throw ExitCode.failure
    }
}

func report(_ file: String, _ error: any Error) {
    standardError(located(file, error))
}

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a property list to another format, in place unless -o is given (like plutil -convert).")

    @Argument(help: "The file to convert.")
    var file: String

    @Option(help: "The format to write: xml1, binary1, json or openstep.")
    var to: String

    @Option(name: .shortAndLong, help: "Write here instead of replacing the file; - for standard output.")
    var output: String?

    func run() throws {
        guard let format = PropertyList.Format(rawValue: to) else {
            throw ValidationError("--to takes xml1, binary1, json or openstep, not \(to).")
        }
        try reporting(file) {
            let value = try readPropertyList(file)
            let destination = output ?? file
            if destination == "-" {
                FileHandle.standardOutput.write(try value.data(format: format))
            } else {
                try value.write(to: destination, format: format)
            }
        }
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check that files are property lists (like plutil -lint).")

    @Argument(help: "The files to check.")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do {
                _ = try readPropertyList(file)
                print("\(file): OK")
            } catch {
                // Errors go to standard error, as every other command's (plutil -lint is the
                // one that prints them on standard output).
                report(file, error)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}

struct Print: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print a property list for people (like plutil -p).")

    @Argument(help: "The file to print.")
    var file: String

    func run() throws {
        try reporting(file) {
            print(PlistPrinter.text(try readPropertyList(file)))
        }
    }
}

struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the value at a key path (like plutil -extract).")

    @Argument(help: "The key path: keys separated by dots (\\. for a dot in a key), numbers for array elements.")
    var keyPath: String

    @Argument(help: "The file to read.")
    var file: String

    @Option(name: .customLong("as"), help: "How to print it: xml1, binary1, json, openstep or raw.")
    var format = "raw"

    func run() throws {
        try reporting(file) {
            let value = try readPropertyList(file)
            guard let found = value.value(atKeyPath: keyPath) else {
                throw PropertyListError("no value at key path \"\(keyPath)\"")
            }
            if format == "raw" {
                print(Plutil.rawText(found))
            } else {
                guard let plistFormat = PropertyList.Format(rawValue: format) else {
                    throw PropertyListError("unknown format \(format): use xml1, binary1, json, openstep or raw")
                }
                FileHandle.standardOutput.write(try found.data(format: plistFormat))
            }
        }
    }
}

struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Set the value at a key path and write the file back, atomically.",
        discussion: "An array index one past the end appends (items.N with N the count), as -insert does.")

    @Argument(help: "The key path.")
    var keyPath: String

    @Argument(help: "The value.")
    var value: String

    @Argument(help: "The file to change.")
    var file: String

    @Option(help: "The value's type: string, integer, float, bool (YES, yes, true, 1, NO, no, false or 0), date, data, json or xml.")
    var type = "string"

    func run() throws {
        try editFile(file) { plist in
            try plist.set(try Plutil.parseValue(value, type: type), atKeyPath: keyPath, replacing: true)
        }
    }
}

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove the value at a key path and write the file back, atomically.")

    @Argument(help: "The key path.")
    var keyPath: String

    @Argument(help: "The file to change.")
    var file: String

    func run() throws {
        try editFile(file) { plist in try plist.remove(atKeyPath: keyPath) }
    }
}
