import SiteScheduleModel
import XMLWriting

/// Writes a store back as a SiteSchedule feed, streaming its rows through the writer:
/// importing the result into an empty store gives the same rows.
public enum ScheduleExport {
    /// Writes every team (with its contacts) and every site (with its activities), ordered
    /// by code, to `output`, from one consistent state of the store. A file is replaced only
    /// when the whole feed is written.
    public static func write(from store: some ScheduleStore, to output: XMLWriterOutput, indented: Bool = true) throws
        -> XMLStreamWriter
    {
        let writer = try XMLStreamWriter(to: output, options: .init(indentation: indented ? "  " : nil))
        do {
            try store.reading { reader in
                try writer.declaration()
                try writer.startElement("schedule")
                try writer.startElement("teams")
                try reader.forEachTeam { try write($0, to: writer) }
                try writer.endElement()
                try writer.startElement("sites")
                try reader.forEachSite { try write($0, to: writer) }
                try writer.endElement()
                try writer.endElement()
            }
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        return writer
    }

    private static func write(_ team: Team, to writer: XMLStreamWriter) throws {
        try writer.startElement("team")
        try writer.attribute("code", value: team.code)
        try writer.element("name", text: team.name)
        for contact in team.contacts {
            try writer.startElement("contact")
            try writer.attribute("phone", value: contact.phone)
            try writer.attribute("isHead", value: contact.isHead ? "YES" : "NO")
            if !contact.name.isEmpty { try writer.text(contact.name) }
            try writer.endElement()
        }
        try writer.endElement()
    }

    private static func write(_ site: Site, to writer: XMLStreamWriter) throws {
        try writer.startElement("site")
        try writer.attribute("code", value: site.code)
        try writer.element("name", text: site.name)
        try writer.element("street", text: site.street)
        try writer.startElement("city")
        try writer.attribute("zip", value: site.zip)
        try writer.text(site.city)
        try writer.endElement()
        try writer.element("countryCode", text: site.countryCode)
        if !site.activities.isEmpty {
            try writer.startElement("activities")
            for activity in site.activities {
                try writer.startElement("activity")
                try writer.attribute("team", value: activity.teamCode)
                try writer.attribute("start", value: activity.start.description)
                try writer.attribute("end", value: activity.end.description)
                try writer.text(activity.summary)
                try writer.endElement()
            }
            try writer.endElement()
        }
        try writer.endElement()
    }
}
