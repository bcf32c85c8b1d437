import ArgumentParser
import Foundation
import PropertyLists

/// `plist`: a plutil for Linux. Its own subcommands, and plutil's flags (`-lint`, `-p`,
/// `-convert`, `-extract`, `-insert`, `-replace`, `-remove`, `-type`) so that scripts written
/// for Apple's plutil run unchanged.
@main
struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Read, check, query, edit and convert property lists (XML, binary, JSON, OpenStep).",
        discussion: "plutil's own syntax works too: plist -convert xml1 file.plist, plist -p file.plist, …",
        subcommands: [Convert.self, Lint.self, Print.self, Extract.self, Set.self, Remove.self]
    )

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, first.hasPrefix("-"), first != "-h", first != "--help", !first.hasPrefix("--") {
            Foundation.exit(Plutil.run(arguments))
        }
        Self.main(arguments)
    }
}

/// Reads a plist file, or standard input for `-`.
func readPropertyList(_ file: String) throws -> PropertyList {
    let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
    return try PropertyList(data: data)
}

/// Reads `file`, lets `change` edit the value, and writes it back in its own format,
/// atomically; a failure is reported and exits 1.
func editFile(_ file: String, _ change: (inout PropertyList) throws -> Void) throws {
    try reporting(file) {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        var plist = try PropertyList(data: data)
        try change(&plist)
        try plist.write(toFile: file, format: PropertyList.format(of: data) ?? .xml)
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
    FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
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
                try value.write(toFile: destination, format: format)
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
                print("\(file): \(error)")
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

    @Argument(help: "The key path: keys separated by dots, numbers for array elements.")
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
            try Plutil.output(found, as: format, to: "-")
        }
    }
}

struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Set the value at a key path and write the file back, atomically.")

    @Argument(help: "The key path.")
    var keyPath: String

    @Argument(help: "The value.")
    var value: String

    @Argument(help: "The file to change.")
    var file: String

    @Option(help: "The value's type: string, integer, float, bool, date, data, json or xml.")
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
