import GRDB
import SiteScheduleModel
import XMLWriting

/// Writes the database back as a SiteSchedule feed, streaming rows through the writer:
/// importing the result into an empty database gives the same rows.
public enum ScheduleExport {
    /// Writes every team (with its contacts) and every site (with its activities), ordered
    /// by code, to `output`. A file is replaced only when the whole feed is written.
    public static func write(from database: ScheduleDatabase, to output: XMLWriterOutput, indented: Bool = true) throws
        -> XMLStreamWriter
    {
        let writer = try XMLStreamWriter(to: output, options: .init(indentation: indented ? "  " : nil))
        do {
            try database.queue.read { db in
                try writer.declaration()
                try writer.startElement("schedule")
                try writeTeams(db, writer)
                try writeSites(db, writer)
                try writer.endElement()
            }
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        return writer
    }

    private static func writeTeams(_ db: Database, _ writer: XMLStreamWriter) throws {
        try writer.startElement("teams")
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT team.code, team.name, contact.name, contact.phone, contact.isHead
                FROM team LEFT JOIN contact ON contact.teamCode = team.code
                ORDER BY team.code, contact.position
                """)
        var current: String?
        while let row = try rows.next() {
            let code: String = row[0]
            if code != current {
                if current != nil { try writer.endElement() }
                current = code
                try writer.startElement("team")
                try writer.attribute("code", value: code)
                try writer.element("name", text: row[1])
            }
            guard let name: String = row[2] else { continue }
            try writer.startElement("contact")
            try writer.attribute("phone", value: row[3])
            try writer.attribute("isHead", value: (row[4] as Bool) ? "YES" : "NO")
            if !name.isEmpty { try writer.text(name) }
            try writer.endElement()
        }
        if current != nil { try writer.endElement() }
        try writer.endElement()
    }

    private static func writeSites(_ db: Database, _ writer: XMLStreamWriter) throws {
        try writer.startElement("sites")
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT site.code, site.name, site.street, site.zip, site.city, site.countryCode,
                       activity.teamCode, activity.start, activity."end", activity.summary
                FROM site LEFT JOIN activity ON activity.siteCode = site.code
                ORDER BY site.code, activity.position
                """)
        var current: String?
        var inActivities = false
        while let row = try rows.next() {
            let code: String = row[0]
            if code != current {
                if inActivities { try writer.endElement() }
                if current != nil { try writer.endElement() }
                current = code
                inActivities = false
                try writer.startElement("site")
                try writer.attribute("code", value: code)
                try writer.element("name", text: row[1])
                try writer.element("street", text: row[2])
                try writer.startElement("city")
                try writer.attribute("zip", value: row[3])
                try writer.text(row[4])
                try writer.endElement()
                try writer.element("countryCode", text: row[5])
            }
            guard let team: String = row[6] else { continue }
            if !inActivities {
                try writer.startElement("activities")
                inActivities = true
            }
            try writer.startElement("activity")
            try writer.attribute("team", value: team)
            try writer.attribute("start", value: feedTime(row[7]))
            try writer.attribute("end", value: feedTime(row[8]))
            try writer.text(row[9])
            try writer.endElement()
        }
        if inActivities { try writer.endElement() }
        if current != nil { try writer.endElement() }
        try writer.endElement()
    }

    /// The stored form ("2012-03-01 06:00") in the feed's form ("2012-03-01 6:00").
    private static func feedTime(_ stored: String) -> String {
        ScheduleTime(stored)?.description ?? stored
    }
}
