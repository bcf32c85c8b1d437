import Foundation

/// Reads the test fixtures shipped in this target's `Fixtures/` folder.
enum Fixture {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
    }

    static func path(_ name: String) -> String { url(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: url(name))) }

    static let all = [
        "book-table-8-8.xml", "schedule.xml", "everything.xml", "multibyte.xml", "utf16le-bom.xml",
        "utf16be-bom.xml", "latin1.xml", "windows1252.xml", "macroman.xml", "iso8859-15.xml", "ascii.xml",
    ]
}
