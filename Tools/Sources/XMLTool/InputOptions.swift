import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XMLStreaming
import XMLTree
import XMLValidation
import XMLWriting

/// The options every subcommand that reads XML shares.
struct InputOptions: ParsableArguments {
    @Option(help: "Read the input in this encoding, whatever it declares (default: as declared): any name iconv knows, as `iconv -l` lists them (latin1, windows-1252, Shift_JIS, GB18030, Big5, …).")
    var encoding: String?

    @Flag(help: "Do not process namespaces: report names as written (default: process them).")
    var noNamespaces = false

    @Option(help: "The deepest element nesting allowed; 0 for no limit.")
    var maxDepth: Int = 10_000

    @Flag(help: """
        Lift the limits on name length (50,000 bytes), attribute values and runs of text \
        (10 MiB each), as xmllint --huge does; expat's protection against entity expansion stays.
        """)
    var huge = false

    func validate() throws {
        if maxDepth < 0 { throw ValidationError("--max-depth takes a number of levels, or 0 for no limit.") }
        if let encoding, !XMLEncodingName(rawValue: encoding).isSupported {
            throw ValidationError(
                "--encoding \(encoding): unknown encoding name; the names of every encoding iconv reads here are what `iconv -l` lists.")
        }
    }

    var parserOptions: XMLParserOptions {
        var limits = XMLLimits()
        limits.maximumDepth = maxDepth == 0 ? nil : maxDepth
        if huge {
            limits.maximumNameLength = nil
            limits.maximumAttributeValueLength = nil
            limits.maximumTextLength = nil
        }
        return XMLParserOptions(
            processesNamespaces: !noNamespaces, encoding: encoding.map(XMLEncodingName.init(rawValue:)), limits: limits)
    }
}

/// Reads a whole document as a tree: `-` is standard input (named `<stdin>` in errors).
func readTree(_ file: String, options: XMLTreeDocument.Options) throws -> XMLTreeDocument {
    file == "-"
        ? try XMLTreeDocument(fileDescriptor: 0, name: "<stdin>", options: options)
        : try XMLTreeDocument(contentsOf: file, options: options)
}

/// Where `-o PATH` sends output: `-` is standard output (as in xmllint and plutil), anything
/// else a file replaced atomically.
func writerOutput(_ path: String?) -> XMLWriterOutput {
    guard let path, path != "-" else { return .fileDescriptor(1) }
    return .file(path: path)
}

/// Prints a runtime failure the way compilers do and leaves the exit code to the caller.
enum Diagnostics {
    static func report(_ error: any Error, file: String) {
        var standardError = StandardError()
        switch error {
        case let error as XMLParseError:
            print(error, to: &standardError)
            if let excerpt = error.excerptWithCaret { print(excerpt, to: &standardError) }
        case let error as XMLInputError: print(error, to: &standardError)
        case let error as XMLValidationError: print(error, to: &standardError)
        case let error as XMLWriterError:
            // An output failure names the output, not the input.
            if case .output(let path?, _, let message) = error.kind {
                print("\(path): error: \(message)", to: &standardError)
            } else {
                print("\(file): error: \(error)", to: &standardError)
            }
        case let error as XMLTreeError:
            // The tree's errors point into the file read (when they point anywhere).
            let place = error.position.map { "\(error.fileName ?? file):\($0.line):\($0.column)" } ?? error.fileName ?? file
            print("\(place): error: \(error.message)", to: &standardError)
        default: print("\(file): error: \(error)", to: &standardError)
        }
        if let note = note(for: error), notesGiven.insert(note).inserted {
            print("xml: note: \(note)", to: &standardError)
        }
    }

    /// Each note once per run, however many files fail for the same reason. The tool reports
    /// from its one thread.
    nonisolated(unsafe) private static var notesGiven: Set<String> = []

    /// What to do about an error, in the tool's options.
    static func note(for error: any Error) -> String? {
        if isUnexpandedEntity(error) { return "--entities keep, skip or html, or --entity-table FILE, says what to do with such a reference" }
        guard let error = error as? XMLParseError else { return nil }
        switch error.code {
        case .unknownEncoding:
            return "--encoding NAME reads the file in the encoding you name (`iconv -l` lists them); xml check --recover reads it as UTF-8"
        case .invalidEncoding:
            return "--encoding NAME reads the file in the encoding it was saved in; xml check --recover -o FIXED reads it, replacing what does not decode"
        case .depthLimitExceeded:
            // The parser's fixed limit on a DTD's content model (groups in groups) is no
            // option's: only the elements' is.
            guard !error.message.hasPrefix("the content model") else { return nil }
            return "--max-depth N allows deeper nesting (0 for no limit)"
        case .nameTooLong, .attributeValueTooLong, .textTooLong, .tokenTooLarge:
            return "--huge lifts the limits on names, attribute values and text, as xmllint --huge does"
        case .inputTooLarge, .unexpandedEntity, .amplificationLimitBreach, .noMemory, .aborted, .finished, .suspended,
            .notSuspended, .suspendInParameterEntity:
            return nil
        default:
            // A well-formedness error: the recovering reader reads such files.
            return error.code.rawValue < 1000 ? "xml check --recover -o FIXED FILE writes a repaired copy of a file that is not well-formed" : nil
        }
    }

    private static func isUnexpandedEntity(_ error: any Error) -> Bool {
        switch error {
        case let error as XMLParseError: return error.code == .unexpandedEntity
        case let error as XMLTreeError: return error.code == .unexpandedEntity
        default: return false
        }
    }
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = systemWrite(2, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
