import Foundation
import FuzzSupport
import XMLCoding
import XMLStreaming
import XMLWriting

/// Codable XML: what `XMLDecoder` decodes into the models (Models.swift), `XMLEncoder`
/// encodes, with settings that are the decoder's inverse, and the encoder's output decodes
/// to the same value, exactly; a second round gives the same value again.
///
/// Input: a flag byte, then the document. The flags choose matching settings on both sides:
/// bits 0–1 the key strategy (as in Swift, snake case, kebab case, capitalized), bit 2 hex
/// instead of base64 data, bit 3 `Date`'s own Codable (seconds since 2001) instead of ISO
/// 8601, bit 4 no namespace processing, bit 5 untrimmed text, bit 6 indented output (only
/// with trimmed text: indentation is white space the untrimmed text key would keep).
///
/// Dates compare exactly: the encoder writes an ISO 8601 fraction with as many digits as it
/// takes to read back as the same `Date` (docs/CodableXML.md), so a date read from `.123Z`
/// written back as `.122Z` is a finding.
@main
struct FuzzCodable {
    static func main() {
        Fuzzer.run { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            let document = input.rest()
            let (decoder, encoder) = coders(flags)
            let first: Library
            do { first = try decoder.decode(Library.self, from: document) } catch {
                if tracing { print("does not decode: \(error)") }
                return
            }
            if tracing { print("decodes: \(spelled(first))") }

            let (xml, second) = roundTrip(first, decoder, encoder)
            var differences = Differences()
            first.compare(second, &differences)
            Fuzzer.check(
                differences.description == nil,
                "the round trip changed the value \(differences.description ?? "")\nencoded as:\n\(text(xml))")

            // And what came back is a fixed point.
            let (xml2, third) = roundTrip(second, decoder, encoder)
            var again = Differences()
            second.compare(third, &again)
            Fuzzer.check(
                again.description == nil,
                "a second round trip changed the value \(again.description ?? "")\nfirst encoded as:\n\(text(xml))\nthen as:\n\(text(xml2))")
        }
    }

    /// Encodes `value` and decodes the output: a finding when either step fails.
    static func roundTrip(_ value: Library, _ decoder: XMLDecoder, _ encoder: XMLEncoder) -> (Data, Library) {
        let xml: Data
        do {
            xml = try encoder.encode(value, withRootKey: "library")
        } catch {
            Fuzzer.check(false, "a decoded value does not encode: \(error)\n\(spelled(value))")
            fatalError()
        }
        do {
            return (xml, try decoder.decode(Library.self, from: xml))
        } catch {
            Fuzzer.check(false, "the encoder's output does not decode: \(error)\n\(text(xml))")
            fatalError()
        }
    }

    static func coders(_ flags: UInt8) -> (XMLDecoder, XMLEncoder) {
        let decoder = XMLDecoder()
        let encoder = XMLEncoder()
        switch flags & 3 {
        case 1:
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            encoder.keyEncodingStrategy = .convertToSnakeCase
        case 2:
            decoder.keyDecodingStrategy = .convertFromKebabCase
            encoder.keyEncodingStrategy = .convertToKebabCase
        case 3:
            decoder.keyDecodingStrategy = .convertFromCapitalized
            encoder.keyEncodingStrategy = .capitalized
        default:
            break
        }
        if flags & 4 != 0 {
            decoder.dataDecodingStrategy = .hex
            encoder.dataEncodingStrategy = .hex
        }
        if flags & 8 != 0 {
            decoder.dateDecodingStrategy = .deferredToDate
            encoder.dateEncodingStrategy = .deferredToDate
        }
        if flags & 16 != 0 { decoder.parserOptions.processesNamespaces = false }
        let untrimmed = flags & 32 != 0
        decoder.trimsWhitespace = !untrimmed
        // A string the writer would have to change is an error, not a silent change.
        encoder.writerOptions = XMLStreamWriter.Options(
            indentation: flags & 64 != 0 && !untrimmed ? "  " : nil, characterPolicy: .throw)
        return (decoder, encoder)
    }

    /// `FUZZ_TRACE=1` prints what each input decodes to (for replaying seeds and findings).
    static let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
}
