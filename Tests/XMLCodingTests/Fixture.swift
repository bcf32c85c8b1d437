import Foundation

/// The documents in this target's `Fixtures/` folder, shaped like the formats people decode
/// (RSS 2.0, Atom, a Maven POM, S3, SOAP 1.1 and 1.2, sitemaps, JUnit, KML, SVG, GPX, OPML,
/// Android strings).
enum Fixture {
    static func path(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!.path
    }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }
}
