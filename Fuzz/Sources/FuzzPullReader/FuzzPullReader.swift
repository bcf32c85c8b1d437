import FuzzSupport
import XMLStreaming

/// The pull reader hands out the push parser's events, one at a time, and the same error.
@main
struct FuzzPullReader {
    static let endOfInputErrors: Set<XMLParseError.Code> = [.unclosedToken, .unclosedCDATASection, .partialCharacter, .noElements]

    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            // The smallest chunk the reader takes, so inputs of a few KiB cross chunks.
            let options = XMLParserOptions(processNamespaces: flags & 1 == 0, chunkSize: 4096)
            let document = input.rest()

            let reader = XMLEventReader(bytes: document, options: options)
            var pulled: [XMLEvent] = []
            var pullError: String?
            var pullCode: XMLParseError.Code?
            do {
                while let event = try reader.next() { pulled.append(event) }
            } catch {
                pullError = "\(error)"
                pullCode = (error as? XMLParseError)?.code
            }
            switch EventCopy.events(of: document, options: options) {
            case .success(let pushed):
                Fuzzer.check(pullError == nil, "the pull reader failed where the parser did not: \(pullError ?? "")")
                Fuzzer.check(pulled == pushed, "pulled events differ:\n\(pulled)\n\(pushed)")
            case .failure(let failure):
                if let code = (failure.error as? XMLParseError)?.code, endOfInputErrors.contains(code) {
                    // After the pull reader's suspensions expat places an error found at the
                    // end of the input at the end, not at the start of the unfinished token.
                    Fuzzer.check(pullCode == code, "pull error \(pullError ?? "none"), push error \(failure)")
                } else {
                    Fuzzer.check(pullError == failure.description, "pull error \(pullError ?? "none"), push error \(failure)")
                }
            }
        }
    }
}
