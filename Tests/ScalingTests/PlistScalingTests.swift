import Foundation
import PropertyLists
import Testing
import XMLTestSupport

/// Property lists: every reader and writer on a dictionary with n keys and strings of n
/// characters.
@Suite("Property-list scaling", .serialized)
struct PlistScalingTests {
    static func value(_ n: Int) -> PropertyList {
        var dictionary: [String: PropertyList] = [:]
        for i in 0..<n { dictionary["key\(i)"] = i % 2 == 0 ? .integer(Int64(i)) : .array([.string("v\(i)"), .boolean(true)]) }
        dictionary["long"] = .string(String(repeating: "é<&", count: n))
        return .dictionary(.init(uniqueKeysWithValues: dictionary.sorted { $0.key < $1.key }.map { (PropertyList.DictionaryKey($0.key), $0.value) }))
    }

    @Test("Writing and reading n keys in every format", arguments: PropertyList.Format.allCases)
    func everyFormat(_ format: PropertyList.Format) throws {
        let scaling = try Scaling.measure(n: 5_000, prepare: Self.value) { value in
            let bytes = try value.data(format: format)
            #expect(try PropertyList(data: bytes)["key0"] != nil)
        }
        print("scaling: plist \(format) write + read of n keys: \(scaling)")
        #expect(scaling.isNearLinear(), "\(format): \(scaling)")
    }
}
