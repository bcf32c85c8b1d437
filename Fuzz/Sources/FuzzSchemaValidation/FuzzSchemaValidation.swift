import FuzzSupport
import XMLStreaming
import XMLValidation

/// The schema compiler and validator: a schema compiles or is refused with a positioned
/// `XMLValidationError` within it; a document's errors are the same however it is
/// chunked, the first error alone is the first of all, and each is placed where its byte
/// offset is.
@main
struct FuzzSchemaValidation {
    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            let options = XMLParserOptions(processesNamespaces: flags & 1 == 0)
            let chunks = (0..<3).map { _ in Int(input.byte()) + 1 }
            let schemaBytes = input.bytes(upTo: 0)
            let document = input.rest()
            let schema: XMLSchema
            do throws(XMLValidationError) {
                schema = try XMLSchema(bytes: schemaBytes, name: "schema.xsd")
            } catch {
                if error.fileName == "schema.xsd" { ValidationRuns.checkPosition(error, in: schemaBytes) }
                return
            }
            ValidationRuns.check(
                document, options: options, chunks: chunks, files: ["schema.xsd": schemaBytes],
                make: { XMLSchemaValidator(schema: schema, options: $0) }, errors: { $0.errors })
        }
    }
}
