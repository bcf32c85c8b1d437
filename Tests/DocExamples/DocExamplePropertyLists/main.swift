// Generated from docs/PropertyLists.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import PropertyLists

// docs/PropertyLists.md:100
struct Settings: Codable {
    var theme = "dark"
    var fontSize = 12
}


// docs/PropertyLists.md:216
protocol Shape {}

// docs/PropertyLists.md:216
struct Circle: Shape, Decodable { var radius: Double }

// docs/PropertyLists.md:216
struct Square: Shape, Decodable { var side: Double }

var failures = 0
failures += await example("docs/PropertyLists.md:7") {
    var settings = try PropertyList(contentsOf: "Settings.plist")   // any format, detected
    settings["theme"] = "dark"
    try settings.write(to: "Settings.plist", format: .binary)    // atomically
    _ = settings
}
failures += await example("docs/PropertyLists.md:100") {
    let encoder = PlistEncoder()      // was: PropertyListEncoder()
    encoder.outputFormat = .xml       // binary by default, as Foundation's
    let encoded = try encoder.encode(Settings())
    let decoded = try PlistDecoder().decode(Settings.self, from: encoded)
    _ = encoder
    _ = encoded
    _ = decoded
}
failures += await example("docs/PropertyLists.md:129") {
    let values: [Int?] = [1, nil]
    let written = try PlistEncoder().encode(values)          // [1, "$null"]
    let read = try PlistDecoder().decode([Int?].self, from: written)   // [1, nil]

    let lenient = PlistEncoder()
    lenient.outputFormat = .xml
    lenient.nilEncodingStrategy = .omit                      // keyed nil: the key is left out
    lenient.invalidXMLCharacters = .strip                    // or .replace; the default refuses
    let trimmed = try lenient.encode(["note": "bell\u{07}"])  // <string>bell</string>
    let refused = (try? lenient.encode(values)) == nil        // true: .omit cannot leave out [1]
    _ = values
    _ = written
    _ = read
    _ = lenient
    _ = trimmed
    _ = refused
}
failures += await example("docs/PropertyLists.md:175") {
    do {
        _ = try PropertyList(data: Array("<plist><integer>x</integer></plist>".utf8))
    } catch let error as PropertyListError {
        print(error.code == .propertyListReadCorrupt, error.position?.line ?? 0)   // true 1
        let foundationStyle: CocoaError = error.cocoaError                // for code that expects it
        print(foundationStyle.code.rawValue)                               // 3840
    }
}
failures += await example("docs/PropertyLists.md:196") {
    let data = try PropertyList.dictionary(["CFBundleVersion": "42", "count": 3]).data(format: .xml)
    // was: let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    let object = try PropertyList(data: data).propertyListObject
    let info = object as? [String: Any]
    print(info?["count"] as? Int ?? 0)                                   // 3

    // was: try PropertyListSerialization.data(fromPropertyList: info!, format: .binary, options: 0)
    let written = try PropertyList(propertyListObject: info!).data(format: .binary)
    _ = data
    _ = object
    _ = info
    _ = written
}
failures += await example("docs/PropertyLists.md:216") {
    let data = try PropertyList.array([["type": "circle", "radius": 1.5], ["type": "square", "side": 2.0]]).data(format: .xml)
    let shapes = PlistTypeAllowlist<any Shape>(typeKey: "type", ["circle": Circle.self, "square": Square.self])
    let all = try PlistDecoder().decode([PlistPolymorphic<any Shape>].self, from: data, allowlist: shapes)
    _ = data
    _ = shapes
    _ = all
}
failures += await example("docs/PropertyLists.md:230") {
    let settings = Settings()
    let format = PlistVersionedFormat(majorVersion: 1, minorVersion: 2)
    let data = try format.encode(settings)                       // top level: majorVersion, minorVersion, …
    let (value, major, minor) = try format.decode(Settings.self, from: data)
    _ = settings
    _ = format
    _ = data
    _ = (value, major, minor)
}
exit(failures == 0 ? 0 : 1)
