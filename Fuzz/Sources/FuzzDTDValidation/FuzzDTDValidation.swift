import FuzzSupport
import XMLStreaming
import XMLValidation

/// The DTD validator: the same errors however the document is chunked, the first error
/// alone the first of all, and every error placed where its byte offset is, in the
/// document or in the DTD the caller names.
@main
struct FuzzDTDValidation {
    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            var options = XMLParserOptions(processesNamespaces: flags & 1 == 0)
            let chunks = (0..<3).map { _ in Int(input.byte()) + 1 }
            var files: [String: [UInt8]] = [:]
            if flags & 2 != 0 {
                // The DTD the caller names comes first, up to a NUL.
                let dtd = input.bytes(upTo: 0)
                files["external.dtd"] = dtd
                options.externalDTD = XMLExternalDTD(bytes: dtd, name: "external.dtd")
            } else if flags & 4 != 0 {
                options.externalDTD = XMLExternalDTD(bytes: [], name: "(none)")
            }
            let document = input.rest()
            ValidationRuns.check(
                document, options: options, chunks: chunks, files: files,
                make: { XMLDTDValidator(options: $0) }, errors: { $0.errors })
        }
    }
}
