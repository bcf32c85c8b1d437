import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XMLStreaming
import XMLValidation

/// `xml validate --valid FILE...`, `xml validate --dtd FILE.dtd FILE...`, `xml validate
/// --schema FILE.xsd FILE...` and `xml validate --schema-hints FILE...`: whether each file is
/// valid against its own DTD, the DTD named, the W3C XML Schema named or the one the file
/// names, with xmllint's exit statuses.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Validate XML files against their own DTD (--valid), a DTD you name (--dtd), an XML Schema you name (--schema) or the one they name (--schema-hints).",
        discussion: """
            Prints FILE:LINE:COLUMN: error: MESSAGE (DECLARATION) on standard error for each \
            error of each file (up to --max-errors a file), then FILE fails to validate; prints \
            nothing for a valid file. The parser reads no file a document names: with --valid, \
            only the DTD in the document itself counts (its internal subset); --dtd reads the \
            DTD file you name in place of any the document names, as xmllint --dtdvalid does. \
            --schema compiles the W3C XML Schema 1.0 you name once (reading what it includes \
            and imports from local files only, never the network) and validates each file \
            against it as it streams; an import or include whose file cannot be read is \
            passed over with FILE:LINE:COLUMN: warning: MESSAGE, which changes no exit status. \
            xsi:schemaLocation in a document is not followed. \
            --schema-hints follows it: each file is validated against the schema documents \
            its document element names in xsi:schemaLocation and \
            xsi:noNamespaceSchemaLocation, read from local files only (relative to the file, \
            or for standard input to the current directory; an http:// location is an error, \
            never fetched); files naming the same ones share one compiled schema.

            Exit statuses, as xmllint's: 0 every file is valid; 1 a file is not well-formed or \
            cannot be read; 2 the --dtd file cannot be read or is not well-formed (no file is \
            validated); 3 a file is not valid against the --dtd file or the schema; 4 a file is \
            not valid against its own DTD (--valid), or has none; 5 the schema cannot be read \
            or does not compile (no file is validated), or with --schema-hints, a file names \
            no schema or one that cannot be read or does not compile; 64 usage. With several \
            files, the status is the last failing file's.
            """
    )

    @Argument(help: "The files to validate; - reads standard input.")
    var files: [String]

    @Flag(help: "Validate each file against the DTD it holds (its internal subset), as xmllint --valid.")
    var valid = false

    @Option(help: "Validate each file against this DTD file, as xmllint --dtdvalid; - reads standard input.")
    var dtd: String?

    @Option(help: "Validate each file against this W3C XML Schema (.xsd), as xmllint --schema; - reads standard input.")
    var schema: String?

    @Flag(help: "Validate each file against the schema its document element names (xsi:schemaLocation, xsi:noNamespaceSchemaLocation), from local files only.")
    var schemaHints = false

    @Option(help: "The most errors printed for one file; the rest are counted.")
    var maxErrors: Int = 100

    @OptionGroup var input: InputOptions

    /// xmllint's exit statuses.
    enum Status {
        static let malformed: Int32 = 1
        static let unreadableDTD: Int32 = 2
        static let invalidAgainstNamedDTD: Int32 = 3
        static let invalid: Int32 = 4
        static let unusableSchema: Int32 = 5
    }

    func validate() throws {
        if [valid, dtd != nil, schema != nil, schemaHints].filter({ $0 }).count != 1 {
            throw ValidationError(
                "Give one of --valid (the document's own DTD), --dtd FILE, --schema FILE or --schema-hints (the schema the document names).")
        }
        if maxErrors < 1 { throw ValidationError("--max-errors takes a number of errors, 1 or more.") }
        if dtd == "-" || schema == "-", files.contains("-") {
            throw ValidationError("Standard input is read once: give - to --dtd or --schema, or as a file, not both.")
        }
        if schema != nil || schemaHints, input.noNamespaces {
            // xsi:type, xsi:nil and every qualified name need the namespaces.
            throw ValidationError("A schema validates with namespaces: --no-namespaces goes with --valid or --dtd only.")
        }
    }

    func run() throws {
        if let schema { return try runSchema(schema) }
        if schemaHints { return try runSchemaHints() }
        var options = input.parserOptions
        // With a DTD given, the parser expands parameter entities (in the internal subset
        // too), as a validating parser must: --valid gives it an empty one.
        options.externalDTD = try dtd.map { try readDTD($0, limits: options.limits) } ?? XMLExternalDTD(bytes: [], name: "(no external DTD)")
        var status: Int32 = 0
        for file in files {
            if let failed = validate(file, options: options) { status = failed }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The DTD file, read once (a pipe can be read only once, and every document gets the
    /// same DTD) and checked against an empty document: a DTD that cannot be read or is not
    /// well-formed stops the command before any file (status 2). Read as UTF-8 or as its text
    /// declaration says, whatever --encoding says of the documents.
    private func readDTD(_ path: String, limits: XMLLimits) throws -> XMLExternalDTD {
        var standardError = StandardError()
        let name = path == "-" ? "<stdin>" : path
        guard let bytes = Self.contents(of: path == "-" ? "/dev/stdin" : path) else {
            print("\(name): error: \(String(cString: strerror(errno)))", to: &standardError)
            throw ExitCode(Status.unreadableDTD)
        }
        let named = XMLExternalDTD(bytes: bytes, name: name)
        var checking = XMLParserOptions(limits: limits)
        checking.externalDTD = named
        do {
            try XMLStreamParser(handler: XMLDiscardingHandler(), options: checking).parse("<_/>")
        } catch {
            // The error alone: the excerpt and notes of a document's errors would point at the
            // empty document, and suggest repairing it.
            print(error, to: &standardError)
            throw ExitCode(Status.unreadableDTD)
        }
        return named
    }

    /// A file's bytes, or `nil` with `errno` set.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// `--schema`: the schema compiled once (status 5, before any file, when it cannot be),
    /// then each file validated against it.
    private func runSchema(_ path: String) throws {
        let compiled: XMLSchema
        var standardError = StandardError()
        do {
            if path == "-" {
                // Its relative locations start from the current directory.
                guard let bytes = Self.contents(of: "/dev/stdin") else {
                    print("<stdin>: error: \(String(cString: strerror(errno)))", to: &standardError)
                    throw ExitCode(Status.unusableSchema)
                }
                compiled = try XMLSchema(bytes: bytes, name: "<stdin>")
            } else {
                compiled = try XMLSchema(contentsOf: path)
            }
        } catch let error as XMLValidationError {
            print(error, to: &standardError)
            let failure = error.code == .unreadableSchema ? "cannot be read" : "does not compile"
            print("\(path == "-" ? "<stdin>" : path): the schema \(failure)", to: &standardError)
            throw ExitCode(Status.unusableSchema)
        }
        Self.printWarnings(of: compiled)
        var status: Int32 = 0
        for file in files {
            let validator = XMLSchemaValidator(
                schema: compiled, options: XMLValidationOptions(reporting: .allErrors(maximum: maxErrors)))
            if let failed = validate(file, with: validator, options: input.parserOptions, invalid: Status.invalidAgainstNamedDTD) {
                status = failed
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Prints what a schema compiled without (``XMLSchema/warnings``), as xmllint does:
    /// `FILE:LINE:COLUMN: warning: MESSAGE` on standard error. They change no status.
    private static func printWarnings(of schema: XMLSchema) {
        var standardError = StandardError()
        for warning in schema.warnings {
            let place = "\(warning.fileName ?? "<schema>"):\(warning.position.line):\(warning.position.column)"
            print("\(place): warning: \(warning.message)", to: &standardError)
        }
    }

    /// `--schema-hints`: each file validated against the schema its document element names,
    /// compiled once for all the files that name the same documents. Standard input is read
    /// whole first, since it is read twice (its hints, then the document).
    private func runSchemaHints() throws {
        // Keyed by the hints with each location made the file it names: two files may write
        // the same relative name for different schemas.
        var compiled: [[XMLSchema.LocationHint]: XMLSchema] = [:]
        var standardError = StandardError()
        var status: Int32 = 0
        for file in files {
            let hints: [XMLSchema.LocationHint]
            var standardInput: [UInt8]?
            do {
                if file == "-" {
                    guard let bytes = Self.contents(of: "/dev/stdin") else {
                        print("<stdin>: error: \(String(cString: strerror(errno)))", to: &standardError)
                        status = Status.malformed
                        continue
                    }
                    standardInput = bytes
                    hints = try XMLSchema.locationHints(in: bytes, name: "<stdin>", options: input.parserOptions)
                } else {
                    hints = try XMLSchema.locationHints(inDocumentAt: file, options: input.parserOptions)
                }
            } catch let error as XMLValidationError {
                print(error, to: &standardError)
                status = Status.unusableSchema
                continue
            } catch {
                Diagnostics.report(error, file: file)
                status = Status.malformed
                continue
            }
            let schema: XMLSchema
            let key = hints.map { hint in
                XMLSchema.LocationHint(
                    namespace: hint.namespace, location: hint.localPath(relativeTo: file == "-" ? nil : file) ?? hint.location)
            }
            if let known = compiled[key] {
                schema = known
            } else {
                do {
                    schema = try XMLSchema(locationHints: hints, relativeTo: file == "-" ? nil : file)
                } catch {
                    var error = error
                    if file == "-", error.fileName == nil { error.fileName = "<stdin>" }
                    print(error, to: &standardError)
                    // A file that names no schema has been told so; one that names a schema
                    // is told which way it fails.
                    if !hints.isEmpty {
                        let failure = error.code == .unreadableSchema ? "cannot be read" : "does not compile"
                        print("\(file == "-" ? "<stdin>" : file): the schema it names \(failure)", to: &standardError)
                    }
                    status = Status.unusableSchema
                    continue
                }
                compiled[key] = schema
                Self.printWarnings(of: schema)
            }
            let validator = XMLSchemaValidator(schema: schema, options: XMLValidationOptions(reporting: .allErrors(maximum: maxErrors)))
            if let failed = validate(
                file, with: validator, options: input.parserOptions, invalid: Status.invalidAgainstNamedDTD, bytes: standardInput)
            {
                status = failed
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Validates one file against its DTD, printing its errors; returns its failing status,
    /// or `nil` when it is valid.
    private func validate(_ file: String, options: XMLParserOptions) -> Int32? {
        let validator = XMLDTDValidator(options: XMLValidationOptions(reporting: .allErrors(maximum: maxErrors)))
        return validate(file, with: validator, options: options, invalid: dtd == nil ? Status.invalid : Status.invalidAgainstNamedDTD)
    }

    /// Validates one file with `validator`, printing its errors; returns its failing status
    /// (`invalid` for validity errors), or `nil` when it is valid.
    /// `bytes`: the file's contents, when they were read already (standard input).
    private func validate<Validator: ValidatingHandler>(
        _ file: String, with validator: Validator, options: XMLParserOptions, invalid: Int32, bytes: [UInt8]? = nil
    ) -> Int32? {
        let parser = XMLStreamParser(handler: validator, options: options)
        var standardError = StandardError()
        do {
            if let bytes {
                parser.fileName = "<stdin>"
                try parser.parse(bytes)
            } else if file == "-" {
                try parser.parseStandardInput()
            } else {
                try parser.parse(contentsOf: file)
            }
        } catch {
            // The validity errors found before it first, in document order, as xmllint.
            for error in parser.handler.errors { print(error, to: &standardError) }
            let more = parser.handler.uncountedErrors
            if more > 0 {
                print("\(file == "-" ? "<stdin>" : file): \(Self.notPrinted(more))", to: &standardError)
            }
            Diagnostics.report(error, file: file)
            return Status.malformed
        }
        let errors = parser.handler.errors
        guard !errors.isEmpty else { return nil }
        for error in errors { print(error, to: &standardError) }
        let name = file == "-" ? "<stdin>" : file
        let more = parser.handler.uncountedErrors
        print("\(name) fails to validate\(more == 0 ? "" : " (\(Self.notPrinted(more)))")", to: &standardError)
        return invalid
    }

    /// What is said of the errors past `--max-errors`.
    private static func notPrinted(_ count: Int) -> String {
        "\(count) more error\(count == 1 ? "" : "s") not printed; --max-errors"
    }
}

/// What `xml validate` needs of a validator: its errors, kept and counted.
protocol ValidatingHandler: XMLEventHandler {
    var errors: [XMLValidationError] { get }
    var uncountedErrors: Int { get }
}

extension XMLDTDValidator: ValidatingHandler {}
extension XMLSchemaValidator: ValidatingHandler {}
