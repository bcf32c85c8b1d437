import GRDB
import SiteScheduleModel

/// Writes teams and sites as the feed delivers them, inside the import's transaction: an
/// existing code is updated in place and its children replaced, a new one inserted.
/// Rows that did not change are not written, so a repeated import changes nothing. A new
/// code costs one insert per row; only an existing one is read back and compared.
struct ScheduleWriter {
    let db: Database

    mutating func save(_ team: Team, into summary: inout ImportSummary) throws {
        // A new code (the common case) is one statement, and its contacts need no comparing.
        try db.cachedStatement(sql: "INSERT INTO team (code, name) VALUES (?, ?) ON CONFLICT DO NOTHING").execute(
            arguments: [team.code, team.name])
        if db.changesCount == 1 {
            summary.teams.inserted += 1
            try insertContacts(team.contacts, of: team.code, from: 0, into: &summary)
            return
        }
        let existing = try String.fetchOne(
            db.cachedStatement(sql: "SELECT name FROM team WHERE code = ?"), arguments: [team.code])
        switch existing {
        case team.name?:
            summary.teams.unchanged += 1
        default:
            try db.cachedStatement(sql: "UPDATE team SET name = ? WHERE code = ?").execute(arguments: [team.name, team.code])
            summary.teams.updated += 1
        }
        let old = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT name, phone, isHead FROM contact WHERE teamCode = ? ORDER BY position"),
            arguments: [team.code]
        ).map { Contact(name: $0[0], phone: $0[1], isHead: $0[2]) }
        for (position, contact) in team.contacts.enumerated() where position < old.count {
            let values: StatementArguments = [contact.name, contact.phone, contact.isHead, team.code, position]
            if old[position] == contact {
                summary.contacts.unchanged += 1
            } else {
                try db.cachedStatement(
                    sql: "UPDATE contact SET name = ?, phone = ?, isHead = ? WHERE teamCode = ? AND position = ?"
                ).execute(arguments: values)
                summary.contacts.updated += 1
            }
        }
        try insertContacts(team.contacts, of: team.code, from: old.count, into: &summary)
        if old.count > team.contacts.count {
            try db.cachedStatement(sql: "DELETE FROM contact WHERE teamCode = ? AND position >= ?").execute(arguments: [
                team.code, team.contacts.count,
            ])
            summary.contacts.removed += old.count - team.contacts.count
        }
    }

    private func insertContacts(_ contacts: [Contact], of code: String, from first: Int, into summary: inout ImportSummary)
        throws
    {
        guard first < contacts.count else { return }
        let statement = try db.cachedStatement(
            sql: "INSERT INTO contact (name, phone, isHead, teamCode, position) VALUES (?, ?, ?, ?, ?)")
        for position in first..<contacts.count {
            let contact = contacts[position]
            try statement.execute(arguments: [contact.name, contact.phone, contact.isHead, code, position])
            summary.contacts.inserted += 1
        }
    }

    mutating func save(_ site: Site, into summary: inout ImportSummary) throws {
        let values: StatementArguments = [site.name, site.street, site.zip, site.city, site.countryCode, site.code]
        try db.cachedStatement(
            sql: "INSERT INTO site (name, street, zip, city, countryCode, code) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        ).execute(arguments: values)
        if db.changesCount == 1 {
            summary.sites.inserted += 1
            try insertActivities(site.activities, of: site.code, from: 0, into: &summary)
            return
        }
        let existing = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT name, street, zip, city, countryCode FROM site WHERE code = ?"),
            arguments: [site.code])
        if let existing {
            let same =
                existing[0] == site.name && existing[1] == site.street && existing[2] == site.zip
                && existing[3] == site.city && existing[4] == site.countryCode
            if same {
                summary.sites.unchanged += 1
            } else {
                try db.cachedStatement(
                    sql: "UPDATE site SET name = ?, street = ?, zip = ?, city = ?, countryCode = ? WHERE code = ?"
                ).execute(arguments: values)
                summary.sites.updated += 1
            }
        } else {
            try db.cachedStatement(
                sql: "INSERT INTO site (name, street, zip, city, countryCode, code) VALUES (?, ?, ?, ?, ?, ?)"
            ).execute(arguments: values)
            summary.sites.inserted += 1
        }
        let old = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT teamCode, start, \"end\", summary FROM activity WHERE siteCode = ? ORDER BY position"),
            arguments: [site.code]
        ).map { row -> (String, String, String, String) in (row[0], row[1], row[2], row[3]) }
        for (position, activity) in site.activities.enumerated() where position < old.count {
            let start = activity.start.sortableText
            let end = activity.end.sortableText
            let values: StatementArguments = [activity.teamCode, start, end, activity.summary, site.code, position]
            if old[position] == (activity.teamCode, start, end, activity.summary) {
                summary.activities.unchanged += 1
            } else {
                try db.cachedStatement(
                    sql: "UPDATE activity SET teamCode = ?, start = ?, \"end\" = ?, summary = ? WHERE siteCode = ? AND position = ?"
                ).execute(arguments: values)
                summary.activities.updated += 1
            }
        }
        try insertActivities(site.activities, of: site.code, from: old.count, into: &summary)
        if old.count > site.activities.count {
            try db.cachedStatement(sql: "DELETE FROM activity WHERE siteCode = ? AND position >= ?").execute(arguments: [
                site.code, site.activities.count,
            ])
            summary.activities.removed += old.count - site.activities.count
        }
    }

    private func insertActivities(
        _ activities: [Activity], of code: String, from first: Int, into summary: inout ImportSummary
    ) throws {
        guard first < activities.count else { return }
        let statement = try db.cachedStatement(
            sql: "INSERT INTO activity (teamCode, start, \"end\", summary, siteCode, position) VALUES (?, ?, ?, ?, ?, ?)")
        for position in first..<activities.count {
            let activity = activities[position]
            try statement.execute(arguments: [
                activity.teamCode, activity.start.sortableText, activity.end.sortableText, activity.summary, code, position,
            ])
            summary.activities.inserted += 1
        }
    }
}
