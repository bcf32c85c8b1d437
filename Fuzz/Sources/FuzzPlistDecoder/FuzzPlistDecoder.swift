import Foundation
import FuzzSupport
import PropertyLists

/// A model with every kind the decoder handles, optional so partial inputs decode.
struct Sample: Codable {
    enum Kind: String, Codable { case site, team }
    var name: String
    var count: Int?
    var small: Int8?
    var big: UInt64?
    var ratio: Double?
    var flag: Bool?
    var when: Date?
    var blob: Data?
    var kind: Kind?
    var tags: [String]?
    var table: [String: Int]?
    var children: [Sample]?
}

/// `PlistDecoder`: any input decodes or fails with an error; what decodes encodes, in XML
/// and binary, and decodes again to the same values.
@main
struct FuzzPlistDecoder {
    static func main() {
        Fuzzer.run { bytes in
            guard let sample = try? PlistDecoder().decode(Sample.self, from: Data(bytes)) else { return }
            let encoder = PlistEncoder()
            let expected: PropertyList
            do {
                expected = try encoder.encodeValue(sample)
            } catch {
                Fuzzer.check(false, "a decoded value does not encode: \(error)")
                return
            }
            for format in [PropertyList.Format.binary, .xml] {
                let formatEncoder = PlistEncoder()
                formatEncoder.outputFormat = format
                do {
                    let data = try formatEncoder.encode(sample)
                    let again = try PlistDecoder().decode(Sample.self, from: data)
                    let value = try encoder.encodeValue(again)
                    // XML keeps whole seconds of dates; binary keeps everything.
                    if format == .binary {
                        Fuzzer.check(value == expected, "binary round trip changed \(expected) → \(value)")
                    }
                } catch let error as PropertyListError where format == .xml && error.message.contains("cannot hold") {
                    // A string XML cannot hold (U+0000 from a binary or JSON file) is refused.
                } catch {
                    Fuzzer.check(false, "\(format) round trip failed: \(error)")
                }
            }
        }
    }
}
