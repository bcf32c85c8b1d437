import Foundation
import PropertyLists

/// plutil's own command line, for scripts written for Apple's plutil: the same flags, the
/// same messages' shape (`FILE: OK`), exit code 0 on success and 1 on failure.
enum Plutil {
    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return 1
    }

    static func run(_ arguments: [String]) -> Int32 {
        var args = arguments[...]
        var command = "-lint"
        var commandArguments: [String] = []
        var output: String?
        var type: String?
        var typeValue: String?
        var files: [String] = []
        func take() -> String? { args.popFirst() }
        while let arg = take() {
            switch arg {
            case "-lint", "-p":
                command = arg
            case "-help":
                print("plist: plutil's flags, or run `plist --help` for the subcommands.")
                return 0
            case "-convert":
                command = arg
                guard let format = take() else { return fail("Missing format specifier for command.") }
                commandArguments = [format]
            case "-extract":
                command = arg
                guard let keyPath = take(), let format = take() else { return fail("-extract needs a key path and a format") }
                commandArguments = [keyPath, format]
            case "-insert", "-replace":
                command = arg
                guard let keyPath = take(), let typeFlag = take() else { return fail("\(arg) needs a key path and a -type") }
                type = String(typeFlag.dropFirst())
                if type != "dictionary" && type != "array" {
                    guard let value = take() else { return fail("\(arg) needs a value") }
                    typeValue = value
                }
                commandArguments = [keyPath]
            case "-remove", "-type":
                command = arg
                guard let keyPath = take() else { return fail("\(arg) needs a key path") }
                commandArguments = [keyPath]
            case "-o":
                guard let path = take() else { return fail("Missing argument for -o.") }
                output = path
            case "-s", "-r", "-e", "-n":
                continue  // silent, human-readable JSON, extension, no newline: accepted
            default:
                files.append(arg)
            }
        }
        guard !files.isEmpty else { return fail("No files specified.") }
        var status: Int32 = 0
        for file in files {
            do {
                let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
                var value = try PropertyList(data: data)
                let writeBack = { (value: PropertyList, format: PropertyList.Format) throws in
                    let destination = output ?? file
                    if destination == "-" {
                        FileHandle.standardOutput.write(try value.data(format: format))
                    } else {
                        try value.write(toFile: destination, format: format)
                    }
                }
                switch command {
                case "-lint":
                    print("\(file): OK")
                case "-p":
                    print(PlistPrinter.text(value))
                case "-convert":
                    guard let format = PropertyList.Format(rawValue: commandArguments[0]) else {
                        return fail("Unknown format specifier: \(commandArguments[0])")
                    }
                    try writeBack(value, format)
                case "-extract":
                    guard let found = value.value(atKeyPath: commandArguments[0]) else {
                        return fail("No value at that key path.")
                    }
                    try Plutil.output(found, as: commandArguments[1], to: output ?? "-")
                case "-insert", "-replace":
                    let new = try parseValue(typeValue ?? "", type: type ?? "string")
                    try value.set(new, atKeyPath: commandArguments[0], replacing: command == "-replace")
                    try writeBack(value, PropertyList.format(of: data) ?? .xml)
                case "-remove":
                    try value.remove(atKeyPath: commandArguments[0])
                    try writeBack(value, PropertyList.format(of: data) ?? .xml)
                case "-type":
                    guard let found = value.value(atKeyPath: commandArguments[0]) else {
                        return fail("No value at that key path.")
                    }
                    print(plutilTypeName(found))
                default:
                    return fail("Unknown command \(command)")
                }
            } catch {
                if command == "-lint" {
                    print("\(file): \(error)")
                } else {
                    FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
                }
                status = 1
            }
        }
        return status
    }

    /// plutil's names for types (`-type`, `-expect`).
    static func plutilTypeName(_ value: PropertyList) -> String {
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

    /// A value from the command line, as plutil's `-type` reads it.
    static func parseValue(_ text: String, type: String) throws -> PropertyList {
        switch type {
        case "string": return .string(text)
        case "bool": return .boolean(text == "YES" || text == "true")
        case "integer":
            guard let v = Int64(text) else {
                guard let u = UInt64(text) else { throw PropertyListError("\"\(text)\" is not an integer") }
                return .unsignedInteger(u)
            }
            return .integer(v)
        case "float":
            guard let v = Double(text) else { throw PropertyListError("\"\(text)\" is not a number") }
            return .real(v)
        case "date":
            let plist = try PropertyList(data: Array("<plist><date>\(text)</date></plist>".utf8))
            return plist
        case "data":
            guard let d = Data(base64Encoded: text) else { throw PropertyListError("the value is not base64") }
            return .data(d)
        case "json", "xml": return try PropertyList(data: Array(text.utf8))
        case "dictionary": return .dictionary([:])
        case "array": return .array([])
        default: throw PropertyListError("unknown type \(type)")
        }
    }

    /// Writes a value as plutil's `-extract` does: a plist in a format, or `raw` text.
    static func output(_ value: PropertyList, as format: String, to destination: String) throws {
        let bytes: Data
        if format == "raw" {
            let text: String
            switch value {
            case .string(let s): text = s
            case .integer(let i): text = String(i)
            case .unsignedInteger(let u): text = String(u)
            case .real(let r): text = "\(r)"
            case .boolean(let b): text = b ? "true" : "false"
            case .date(let d): text = ISO8601DateFormatter().string(from: d)
            case .data(let d): text = d.base64EncodedString()
            case .array(let a): text = String(a.count)
            case .dictionary(let d): text = d.keys.sorted().joined(separator: "\n")
            case .uid(let u): text = String(u)
            }
            bytes = Data((text + "\n").utf8)
        } else {
            guard let plistFormat = PropertyList.Format(rawValue: format) else {
                throw PropertyListError("unknown format \(format)")
            }
            bytes = try value.data(format: plistFormat)
        }
        if destination == "-" {
            FileHandle.standardOutput.write(bytes)
        } else {
            try bytes.write(to: URL(fileURLWithPath: destination), options: .atomic)
        }
    }
}
