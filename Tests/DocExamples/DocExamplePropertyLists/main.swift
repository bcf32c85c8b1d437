// Generated from docs/PropertyLists.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import PropertyLists

// docs/PropertyLists.md:69
struct Settings: Codable {
    var theme = "dark"
    var fontSize = 12
}


// docs/PropertyLists.md:102
protocol Shape {}

// docs/PropertyLists.md:102
struct Circle: Shape, Decodable { var radius: Double }

// docs/PropertyLists.md:102
struct Square: Shape, Decodable { var side: Double }

var failures = 0
failures += await example("docs/PropertyLists.md:7") {
    var settings = try PropertyList(contentsOf: "Settings.plist")   // any format, detected
    settings["theme"] = "dark"
    try settings.write(toFile: "Settings.plist", format: .binary)    // atomically
    _ = settings
}
failures += await example("docs/PropertyLists.md:69") {
    let encoder = PlistEncoder()      // was: PropertyListEncoder()
    encoder.outputFormat = .xml       // binary by default, as Foundation's
    let encoded = try encoder.encode(Settings())
    let decoded = try PlistDecoder().decode(Settings.self, from: encoded)
    _ = encoder
    _ = encoded
    _ = decoded
}
failures += await example("docs/PropertyLists.md:102") {
    let data = try PropertyList.array([["type": "circle", "radius": 1.5], ["type": "square", "side": 2.0]]).data(format: .xml)
    let shapes = PlistTypeAllowlist<any Shape>(typeKey: "type", ["circle": Circle.self, "square": Square.self])
    let all = try PlistDecoder().decode([PlistPolymorphic<any Shape>].self, from: data, allowlist: shapes)
    _ = data
    _ = shapes
    _ = all
}
failures += await example("docs/PropertyLists.md:116") {
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
