import Foundation
import FuzzSupport
import PropertyLists

/// Every property-list reader: what one reads, every writer writes (or refuses with a
/// typed error) and every reader reads again; binary keeps every value exactly, and the
/// text formats reach a fixed point after one round.
@main
struct FuzzPropertyLists {
    static let json = PropertyList.JSONOptions(writesDatesAsISO8601Strings: true, writesDataAsBase64Strings: true)

    static func main() {
        Fuzzer.run { bytes in
            guard let value = try? PropertyList(data: bytes) else { return }
            for format in PropertyList.Format.allCases {
                let written: Data
                do {
                    written = try value.data(format: format, json: json)
                } catch is PropertyListError {
                    continue
                } catch {
                    Fuzzer.check(false, "\(format) writer threw an untyped error: \(error)")
                    return
                }
                let back: PropertyList
                do {
                    back = try PropertyList(data: written)
                } catch {
                    Fuzzer.check(false, "\(format) output does not read back: \(error)\n\(String(decoding: written, as: UTF8.self))")
                    return
                }
                if format == .binary {
                    Fuzzer.check(back == value, "binary changed the value: \(value) → \(back)")
                }
                do {
                    let again = try back.data(format: format, json: json)
                    Fuzzer.check(again == written, "\(format) is not a fixed point:\n\(String(decoding: written, as: UTF8.self))\n\(String(decoding: again, as: UTF8.self))")
                } catch {
                    Fuzzer.check(false, "\(format): a value read back does not write again: \(error)")
                }
            }
        }
    }
}
