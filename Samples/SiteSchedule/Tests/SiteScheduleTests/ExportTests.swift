import Foundation
import SiteScheduleImport
import Testing
import XMLTestSupport
import XMLWriting

@Suite("Exporting the database")
struct ExportTests {
    @Test("an export imports into an identical database")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let original = try freshDatabase(in: directory, named: "original.sqlite")
        _ = try ScheduleImport.run([.file(fixture("schedule-large.xml")), .file(fixture("schedule.xml"))], into: original)
        let exported = try ScheduleExport.write(from: original, to: .memory).bytes
        let copy = try freshDatabase(in: directory, named: "copy.sqlite")
        let summary = try ScheduleImport.run([.bytes(exported, name: "export.xml")], into: copy)
        #expect(summary.rows > 100)
        #expect(try dump(copy) == dump(original))
    }

    @Test("the sample exports as the book's feed, in the feed's time format")
    func sampleExport() throws {
        let directory = try TemporaryDirectory()
        let database = try freshDatabase(in: directory)
        _ = try ScheduleImport.run([.file(fixture("schedule.xml"))], into: database)
        let exported = try ScheduleExport.write(from: database, to: .memory).string
        #expect(exported == """
            <?xml version="1.0" encoding="UTF-8"?>
            <schedule>
              <teams>
                <team code="100">
                  <name>Betonbauer</name>
                  <contact phone="+49 163 1234567" isHead="YES">Hr. Meier</contact>
                </team>
              </teams>
              <sites>
                <site code="10001">
                  <name>Kölner Dom</name>
                  <street>Domkloster 4</street>
                  <city zip="50667">Köln</city>
                  <countryCode>de</countryCode>
                  <activities>
                    <activity team="100" start="2012-03-01 6:00" end="2012-03-31 12:00">Stabilisierungsarbeiten</activity>
                  </activities>
                </site>
              </sites>
            </schedule>

            """)
    }
}
