import FuzzSupport
import XMLStreaming

/// The stream parser: the same events (or a failure) however the input is chunked,
/// and what it reports writes back and reads back the same.
@main
struct FuzzStreamParser {
    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            let options = XMLParserOptions(processesNamespaces: flags & 1 == 0)
            let chunks = (0..<3).map { _ in Int(input.byte()) + 1 }
            let document = input.rest()

            if case .success(let events) = ChunkedReading.events(of: document, options: options, chunks: chunks) {
                ReadBack.check(events, options: options)
            }
        }
    }
}
