import Foundation
import GRDB
import SiteScheduleImport
import XMLTestSupport

func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!.path
}

/// The sample's own directory (Samples/SiteSchedule), for checking the files it ships (the
/// tests' own fixtures are copies).
let sampleRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every row of every table, in key order, as text: two databases with equal dumps hold the
/// same schedule.
func dump(_ database: ScheduleDatabase) throws -> [String] {
    try database.queue.read { db in
        var lines: [String] = []
        for (table, order) in [
            ("team", "code"), ("contact", "teamCode, position"), ("site", "code"), ("activity", "siteCode, position"),
        ] {
            for row in try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY \(order)") {
                lines.append("\(table) \(row)")
            }
        }
        return lines
    }
}

/// A fresh database in a temporary directory.
func freshDatabase(in directory: TemporaryDirectory, named name: String = "schedule.sqlite") throws -> ScheduleDatabase {
    try ScheduleDatabase(path: directory.path + "/" + name)
}
