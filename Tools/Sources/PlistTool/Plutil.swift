import Foundation
import PropertyLists
import XMLWriting

/// plutil's own command line, for scripts written for Apple's plutil: the same flags, the
/// same messages' shape (`FILE: OK`), exit 0 on success and 1 on failure; a mistake in the
/// command line itself exits 64 (plutil exits 1 there too).
enum Plutil {
    static let help = """
        usage: plist <command> [options] <file>...  (plutil's command line; `plist --help` for the subcommands)
        Commands (-lint is the default):
          -help                         this message
          -lint                         check the files (FILE: OK, or FILE:LINE:COLUMN: error: …)
          -p                            print for people (not a stable format)
          -convert FMT                  rewrite the files in FMT: xml1, binary1, json or openstep
          -create FMT                   write an empty dictionary in FMT (file - is standard output)
          -insert KEYPATH -TYPE VALUE   insert a value; TYPE is bool, integer, float, date, string,
                                        data (base64), xml, json, dictionary or array (no VALUE
                                        for the last two; a bool is YES, yes, true or 1, or NO,
                                        no, false or 0); with -append, add to the end of the
                                        array at KEYPATH; a last number inserts into an array there
          -replace KEYPATH -TYPE VALUE  the same, overwriting (a number one past an array's end appends)
          -remove KEYPATH               remove the value
          -extract KEYPATH FMT          the value as FMT (xml1, binary1, json, openstep) written like
                                        -convert (in place unless -o or -e), or raw: printed on
                                        standard output (strings as they are, numbers, true/false,
                                        dates in RFC 3339 UTC, data in base64, a dictionary's keys
                                        one per line, an array's count)
          -type KEYPATH                 print the type of the value
        Options:
          -expect TYPE                  with -extract and -type: fail unless the value is a TYPE
          -o PATH                       write the result here (- is standard output); one file only
          -e EXT                        write the result beside each file, with extension EXT
          -s                            print nothing on success
          -r                            JSON for people (indented)
          -n                            no line feed after raw -extract output and -type
          --                            every further argument is a file
        Key paths are keys separated by dots; a number indexes an array; \\. is a dot inside a key
        (com\\.apple\\.foo). Exit status: 0 on success, 1 when a file fails, 64 for a usage error.
        """

    /// Runs the command line; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let invocation: PlutilArguments
        do {
            invocation = try PlutilArguments(arguments)
        } catch {
            standardError("plist: \(error.message)\nRun `plist -help` for plutil's flags.")
            return 64
        }
        if invocation.command == .help {
            print(help)
            return 0
        }
        var status: Int32 = 0
        for file in invocation.files {
            do {
                try run(invocation, on: file)
            } catch {
                if invocation.command == .lint {
                    // plutil -lint prints its verdicts, good and bad, on standard output.
                    print(located(file, error))
                } else {
                    standardError(located(file, error))
                }
                status = 1
            }
        }
        return status
    }

    /// One command on one file.
    private static func run(_ invocation: PlutilArguments, on file: String) throws {
        if case .create(let name) = invocation.command {
            let format = try format(named: name)
            return try write(.dictionary([:]), format: format, for: file, invocation)
        }
        let data = try readInput(file)
        var value = try PropertyList(data: data)
        let ownFormat = PropertyList.format(of: data) ?? .xml
        switch invocation.command {
        case .lint:
            if !invocation.silent { print("\(file): OK") }
        case .print:
            print(PlistPrinter.text(value))
        case .convert(let name):
            try write(value, format: try format(named: name), for: file, invocation)
        case .insert(let keyPath, let type, let text):
            let new = try parseValue(text ?? "", type: type)
            if invocation.append {
                guard case .array(let items)? = value.value(atKeyPath: keyPath) else {
                    throw PropertyListError("-append: no array at key path \(keyPath)")
                }
                try value.set(new, atKeyPath: keyPath.isEmpty ? "\(items.count)" : "\(keyPath).\(items.count)", replacing: false)
            } else {
                do {
                    try value.set(new, atKeyPath: keyPath, replacing: false)
                } catch var error as PropertyListError where error.message.hasSuffix(" already exists: use replace") {
                    // The library's hint names its `replacing:` parameter; here it is a flag.
                    error.message.removeLast("replace".count)
                    error.message += "-replace"
                    throw error
                }
            }
            try write(value, format: ownFormat, for: file, invocation)
        case .replace(let keyPath, let type, let text):
            try value.set(try parseValue(text ?? "", type: type), atKeyPath: keyPath, replacing: true)
            try write(value, format: ownFormat, for: file, invocation)
        case .remove(let keyPath):
            try value.remove(atKeyPath: keyPath)
            try write(value, format: ownFormat, for: file, invocation)
        case .extract(let keyPath, let name):
            let found = try lookUp(keyPath, in: value, expecting: invocation.expect)
            if name == "raw" {
                let text = rawText(found) + (invocation.noNewline ? "" : "\n")
                try emit(Array(text.utf8), to: invocation.output ?? "-")
            } else {
                try write(found, format: try format(named: name), for: file, invocation)
            }
        case .type(let keyPath):
            let found = try lookUp(keyPath, in: value, expecting: invocation.expect)
            let text = typeName(found) + (invocation.noNewline ? "" : "\n")
            FileHandle.standardOutput.write(Data(text.utf8))
        case .create, .help:
            break
        }
    }

    /// The value at `keyPath`, checked against `-expect`.
    private static func lookUp(_ keyPath: String, in value: PropertyList, expecting expected: String?) throws -> PropertyList {
        guard let found = value.value(atKeyPath: keyPath) else {
            throw PropertyListError("no value at key path \(keyPath)")
        }
        if let expected, typeName(found) != expected {
            throw PropertyListError("the value at key path \(keyPath) is \(typeName(found)), not the expected \(expected)")
        }
        return found
    }

    /// A format name of `-convert`, `-create` and `-extract`.
    private static func format(named name: String) throws -> PropertyList.Format {
        if let format = PropertyList.Format(rawValue: name) { return format }
        if name == "swift" || name == "objc" {
            throw PropertyListError("the \(name) format (source code) is not supported: use xml1, binary1, json or openstep")
        }
        throw PropertyListError("unknown format \(name): use xml1, binary1, json or openstep")
    }

    /// Writes a result where plutil would: `-o PATH` (`-`: standard output), else beside the
    /// input with `-e`'s extension, else over the input (standard output for `-`). The file
    /// is replaced atomically and only once the bytes exist, so a failure leaves it as it was.
    private static func write(_ value: PropertyList, format: PropertyList.Format, for file: String, _ invocation: PlutilArguments) throws {
        let bytes = try value.data(format: format, json: PropertyList.JSONOptions(isHumanReadable: invocation.readableJSON))
        let destination: String
        if let output = invocation.output {
            destination = output
        } else if let extensionName = invocation.extensionName, file != "-" {
            destination = replacingExtension(of: file, with: extensionName)
        } else {
            destination = file
        }
        try emit(Array(bytes), to: destination)
    }

    /// `dir/S.plist` with `json` is `dir/S.json`; a name without an extension gains one.
    static func replacingExtension(of path: String, with newExtension: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(path[..<dot]) + "." + newExtension
        }
        return path + "." + newExtension
    }

    /// Bytes to a file (atomically) or, for `-`, standard output.
    static func emit(_ bytes: [UInt8], to destination: String) throws {
        if destination == "-" {
            FileHandle.standardOutput.write(Data(bytes))
        } else {
            try AtomicFile.write(bytes, to: destination)
        }
    }

    /// plutil's names for types (`-type`, `-expect`).
    static func typeName(_ value: PropertyList) -> String {
        switch value {
        case .boolean: return "bool"
        case .integer, .unsignedInteger: return "integer"
        case .real: return "float"
        case .string: return "string"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dictionary"
        case .uid: return "uid"
        }
    }

    /// A value from the command line, as plutil's `-TYPE VALUE` reads it.
    static func parseValue(_ text: String, type: String) throws -> PropertyList {
        switch type {
        case "string": return .string(text)
        case "bool":
            // What plutil takes; anything else is refused, never read as false.
            switch text {
            case "YES", "yes", "true", "1": return .boolean(true)
            case "NO", "no", "false", "0": return .boolean(false)
            default: throw PropertyListError("\"\(text)\" is not a boolean: YES, yes, true or 1; NO, no, false or 0")
            }
        case "integer":
            if let v = Int64(text) { return .integer(v) }
            if let u = UInt64(text) { return .unsignedInteger(u) }
            throw PropertyListError("\"\(text)\" is not an integer")
        case "float":
            guard let v = Double(text) else { throw PropertyListError("\"\(text)\" is not a number") }
            return .real(v)
        case "date":
            guard let date = try? PropertyList(data: Array("<plist><date>\(text)</date></plist>".utf8)) else {
                throw PropertyListError("\"\(text)\" is not a date like 2023-11-14T22:13:20Z")
            }
            return date
        case "data":
            guard let d = Data(base64Encoded: text) else { throw PropertyListError("the value is not base64") }
            return .data(d)
        case "json", "xml":
            do {
                return try PropertyList(data: Array(text.utf8))
            } catch let error as PropertyListError {
                // The error is in the argument, not in the file being changed.
                let column = error.position.map { ", column \($0.column)" } ?? ""
                throw PropertyListError("in the -\(type) value\(column): \(error.message)")
            }
        case "dictionary": return .dictionary([:])
        case "array": return .array([])
        default: throw PropertyListError("unknown type \(type)")
        }
    }

    /// `-extract … raw`: the value as text, as plutil prints it.
    static func rawText(_ value: PropertyList) -> String {
        switch value {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .unsignedInteger(let u): return String(u)
        case .real(let r): return "\(r)"
        case .boolean(let b): return b ? "true" : "false"
        case .date(let d): return ISO8601DateFormatter().string(from: d)
        case .data(let d): return d.base64EncodedString()
        case .array(let a): return String(a.count)
        // Code-point order, as the printer and every writer sort keys.
        case .dictionary(let d): return d.keys.sorted().map(\.string).joined(separator: "\n")
        case .uid(let u): return String(u)
        }
    }
}

/// The file's bytes, or standard input's for `-`. Failures name no Foundation domain: the
/// message is the system's (`No such file or directory`).
func readInput(_ file: String) throws -> [UInt8] {
    if file == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
    let fd = open(file, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw PropertyListError(String(cString: strerror(errno))) }
    defer { close(fd) }
    var status = stat()
    if fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { throw PropertyListError(String(cString: strerror(EISDIR))) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw PropertyListError(String(cString: strerror(errno)))
        }
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk[..<count])
    }
}

/// An error as the tool prints it after `FILE: `: the library's own messages, and for
/// anything else (Foundation's errors) only its description, never a Cocoa domain dump.
/// An error as every plist command prints it, after the file's name: `FILE:LINE:COLUMN:
/// error: MESSAGE` when the error has a line, as `xml` prints it; `FILE: error: at byte N:
/// MESSAGE` in a binary file; else `FILE: error: MESSAGE`.
func located(_ file: String, _ error: any Error) -> String {
    guard let error = error as? PropertyListError, let position = error.position else { return "\(file): error: \(describe(error))" }
    if position.line > 0 { return "\(file):\(position.line):\(position.column): error: \(describe(error))" }
    return "\(file): error: at byte \(position.byteOffset): \(describe(error))"
}

/// An error's message, without its position (``located(_:_:)`` writes that), in the
/// command line's terms.
func describe(_ error: any Error) -> String {
    switch error {
    case let error as PropertyListError:
        let message: String
        // The library's hints name its API options; here, what to do on the command line.
        if error.message.hasPrefix("JSON has no data (") {
            message = "JSON has no data: convert to xml1, binary1 or openstep, which have it"
        } else if error.message.hasPrefix("JSON has no dates (") {
            message = "JSON has no dates: convert to xml1, binary1 or openstep, which have them"
        } else {
            message = error.message
        }
        return error.keyPath.map { "\($0): \(message)" } ?? message
    case let error as XMLWriterError: return error.description
    case let error as CocoaError:
        return (error.userInfo[NSUnderlyingErrorKey] as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
            ?? "error \(error.code.rawValue)"
    default:
        return "\(error)"
    }
}

func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
