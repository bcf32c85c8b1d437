import XMLStreaming
import XMLValidation

/// The checks shared by the validation targets: a validator's verdict and errors do not
/// depend on how the document is chunked, the first error alone is the first of all of
/// them, and every error's position is where its byte offset is.
public enum ValidationRuns {
    /// How one validating reading ended: the validation errors found (all of them, or the
    /// first, thrown), and the error that stopped the parse if another did.
    public struct Outcome: Equatable, CustomStringConvertible {
        public var errors: [XMLValidationError]
        /// An `XMLParseError`'s or `XMLInputError`'s line, or `nil` when the parse ended.
        public var failure: String?

        public var description: String {
            (errors.map(\.description) + [failure.map { "stopped: \($0)" } ?? "ended"]).joined(separator: "\n")
        }
    }

    /// Reads `document` (whole when `chunks` is empty) through the validator `make` builds.
    public static func outcome<Validator: XMLEventHandler>(
        of document: [UInt8], options: XMLParserOptions, chunks: [Int] = [],
        make: () -> Validator, errors: (Validator) -> [XMLValidationError]
    ) -> Outcome {
        let parser = XMLStreamParser(handler: make(), options: options)
        parser.fileName = "document.xml"
        do {
            try ChunkedReading.parse(document, with: parser, chunks: chunks)
            return Outcome(errors: errors(parser.handler), failure: nil)
        } catch let error as XMLValidationError {
            return Outcome(errors: errors(parser.handler) + [error], failure: nil)
        } catch let error as XMLParseError {
            return Outcome(errors: errors(parser.handler), failure: "\(error.code)")
        } catch {
            Fuzzer.check(error is XMLInputError, "a validating parse threw \(type(of: error)): \(error)")
            return Outcome(errors: errors(parser.handler), failure: "\(error)")
        }
    }

    /// Checks a validator on `document`: read whole and in `chunks`, with all errors kept,
    /// the same errors (a parse error may be found at another place when chunked, as the
    /// stream targets allow, so then only the errors before both are compared); the first
    /// error alone is the first kept; each position agrees with its byte offset.
    /// `files` are the other inputs errors may be placed in (an external DTD), by name.
    public static func check<Validator: XMLEventHandler>(
        _ document: [UInt8], options: XMLParserOptions, chunks: [Int], files: [String: [UInt8]] = [:],
        make: (XMLValidationOptions) -> Validator, errors: (Validator) -> [XMLValidationError]
    ) {
        let all = XMLValidationOptions(reporting: .allErrors(maximum: 1_000))
        let whole = outcome(of: document, options: options, make: { make(all) }, errors: errors)
        let chunked = outcome(of: document, options: options, chunks: chunks, make: { make(all) }, errors: errors)
        if whole.failure == nil && chunked.failure == nil {
            Fuzzer.check(whole == chunked, "chunks \(chunks) change the validation:\n\(whole)\n---\n\(chunked)")
        } else {
            let shared = min(whole.errors.count, chunked.errors.count)
            Fuzzer.check(
                whole.errors.prefix(shared) == chunked.errors.prefix(shared),
                "chunks \(chunks) change the validation:\n\(whole)\n---\n\(chunked)")
        }

        let first = outcome(of: document, options: options, make: { make(XMLValidationOptions()) }, errors: errors)
        Fuzzer.check(first.errors.count <= 1, "the first error alone kept more than one:\n\(first)")
        if let error = first.errors.first {
            Fuzzer.check(whole.errors.first == error, "the first error alone is not the first of all:\n\(first)\n---\n\(whole)")
        } else if whole.failure == nil {
            Fuzzer.check(whole.errors.isEmpty, "all errors found some, the first error alone none:\n\(whole)\n---\n\(first)")
        }

        for error in whole.errors {
            if error.fileName == "document.xml" {
                checkPosition(error, in: document)
            } else if let name = error.fileName, let bytes = files[name] {
                checkPosition(error, in: bytes)
            }
        }
    }

    /// For a document in UTF-8: the error's line and column are those of its byte offset
    /// (lines end at LF, CR LF or CR; columns count characters, a byte-order mark none).
    public static func checkPosition(_ error: XMLValidationError, in document: [UInt8]) {
        let offset = Int(error.position.byteOffset)
        Fuzzer.check(offset >= 0 && offset <= document.count, "position \(error.position) past the document: \(error)")
        guard isUTF8(document), offset <= document.count else { return }
        var line = 1
        var column = 1
        var index = document.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < offset {
            let byte = document[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= document.count || document[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte != 0x0D && byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        Fuzzer.check(
            error.position.line == line && error.position.column == column,
            "position \(error.position) is not byte \(offset)'s \(line):\(column): \(error)")
    }

    /// Whether the document is read as UTF-8: it is valid UTF-8, and its XML declaration,
    /// if any, names no other encoding.
    static func isUTF8(_ document: [UInt8]) -> Bool {
        guard String(validating: document, as: UTF8.self) != nil else { return false }
        guard document.starts(with: Array("<?xml".utf8)) || document.starts(with: [0xEF, 0xBB, 0xBF] + Array("<?xml".utf8))
        else { return true }
        let head = String(decoding: document.prefix(200), as: UTF8.self).lowercased()
        guard let close = head.range(of: "?>") else { return false }
        let declaration = head[..<close.lowerBound]
        guard let encoding = declaration.range(of: "encoding") else { return true }
        let value = declaration[encoding.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        return value.hasPrefix("utf-8")
    }
}
