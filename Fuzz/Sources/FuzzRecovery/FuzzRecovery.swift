import FuzzSupport
import XMLStreaming

/// The recovering reader: every input with an element recovers, the same however it is
/// chunked, into events that the writer writes and the strict parser reads back.
@main
struct FuzzRecovery {
    /// What the recovering reader documents it does not repair.
    static func isAllowedFailure(_ error: any Error, input: [UInt8]) -> Bool {
        guard let error = error as? XMLParseError else { return false }
        if error.code == .noElements || error.code == .amplificationLimitBreach || error.code.rawValue > 1000 {
            return true
        }
        // Damage inside a DTD's internal subset is not repaired.
        return input.firstRange(of: Array("<!DOCTYPE".utf8)) != nil
    }

    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            var options = XMLParserOptions(processesNamespaces: flags & 1 == 0)
            options.recovery = XMLRecovery(illegalCharacters: flags & 2 == 0 ? .strip : .replace)
            let chunks = (0..<3).map { _ in Int(input.byte()) + 1 }
            let document = input.rest()

            switch ChunkedReading.events(of: document, options: options, chunks: chunks) {
            case .success(let events): ReadBack.check(events, options: options)
            case .failure(let failure): Fuzzer.check(isAllowedFailure(failure.error, input: document), "recovery failed: \(failure)")
            }
        }
    }
}
