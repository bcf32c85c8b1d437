import ArgumentParser
import Foundation
import PropertyLists

/// `plist`: a plutil for Linux (first part: convert, lint, print).
@main
struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Read, check and convert property lists (XML and binary).",
        subcommands: [Convert.self, Lint.self, Print.self]
    )
}

/// Reads a plist file, or standard input for `-`.
func readPropertyList(_ file: String) throws -> PropertyList {
    let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
    return try PropertyList(data: data)
}

func report(_ file: String, _ error: any Error) {
    FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
}

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a property list to another format, in place unless -o is given (like plutil -convert).")

    @Argument(help: "The file to convert.")
    var file: String

    @Option(help: "The format to write: xml1 or binary1.")
    var to: String

    @Option(name: .shortAndLong, help: "Write here instead of replacing the file; - for standard output.")
    var output: String?

    func run() throws {
        guard let format = PropertyList.Format(rawValue: to) else {
            throw ValidationError("--to takes xml1 or binary1, not \(to).")
        }
        do {
            let value = try readPropertyList(file)
            let destination = output ?? file
            if destination == "-" {
                FileHandle.standardOutput.write(try value.data(format: format))
            } else {
                try value.write(toFile: destination, format: format)
            }
        } catch {
            report(file, error)
            throw ExitCode.failure
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
        do {
            print(PlistPrinter.text(try readPropertyList(file)))
        } catch {
            report(file, error)
            throw ExitCode.failure
        }
    }
}
