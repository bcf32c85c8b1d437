import GRDB
import SiteScheduleModel

/// Writes teams and sites as the feed delivers them, inside the import's transaction: an
/// existing code is updated in place and its children replaced, a new one inserted.
/// Rows that did not change are not written, so a repeated import changes nothing. A new
/// code costs one insert per row; only an existing one is read back and compared, in place.
///
/// Every statement is prepared once per import and bound value by value (``BulkStatement``).
struct ScheduleWriter {
    private let db: Database
    private let insertTeam, selectTeam, updateTeam: BulkStatement
    private let insertContact, selectContacts, updateContact, deleteContacts: BulkStatement
    private let insertSite, selectSite, updateSite: BulkStatement
    private let insertActivity, selectActivities, updateActivity, deleteActivities: BulkStatement

    init(db: Database) throws {
        self.db = db
        // A new code (the common case) is one statement; only a conflict reads back.
        insertTeam = try BulkStatement(db, sql: "INSERT INTO team (code, name) VALUES (?1, ?2) ON CONFLICT DO NOTHING")
        selectTeam = try BulkStatement(db, sql: "SELECT name FROM team WHERE code = ?1")
        updateTeam = try BulkStatement(db, sql: "UPDATE team SET name = ?2 WHERE code = ?1")
        insertContact = try BulkStatement(
            db, sql: "INSERT INTO contact (teamCode, position, name, phone, isHead) VALUES (?1, ?2, ?3, ?4, ?5)")
        selectContacts = try BulkStatement(
            db, sql: "SELECT name, phone, isHead FROM contact WHERE teamCode = ?1 ORDER BY position")
        updateContact = try BulkStatement(
            db, sql: "UPDATE contact SET name = ?3, phone = ?4, isHead = ?5 WHERE teamCode = ?1 AND position = ?2")
        deleteContacts = try BulkStatement(db, sql: "DELETE FROM contact WHERE teamCode = ?1 AND position >= ?2")
        insertSite = try BulkStatement(
            db,
            sql: """
                INSERT INTO site (code, name, street, zip, city, countryCode) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT DO NOTHING
                """)
        selectSite = try BulkStatement(
            db, sql: "SELECT name, street, zip, city, countryCode FROM site WHERE code = ?1")
        updateSite = try BulkStatement(
            db, sql: "UPDATE site SET name = ?2, street = ?3, zip = ?4, city = ?5, countryCode = ?6 WHERE code = ?1")
        insertActivity = try BulkStatement(
            db,
            sql: """
                INSERT INTO activity (siteCode, position, teamCode, start, "end", summary)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
        selectActivities = try BulkStatement(
            db, sql: "SELECT teamCode, start, \"end\", summary FROM activity WHERE siteCode = ?1 ORDER BY position")
        updateActivity = try BulkStatement(
            db,
            sql: """
                UPDATE activity SET teamCode = ?3, start = ?4, "end" = ?5, summary = ?6
                WHERE siteCode = ?1 AND position = ?2
                """)
        deleteActivities = try BulkStatement(db, sql: "DELETE FROM activity WHERE siteCode = ?1 AND position >= ?2")
    }

    // MARK: Teams

    func save(_ team: Team, into summary: inout ImportSummary) throws {
        insertTeam.bind(team.code, at: 1)
        insertTeam.bind(team.name, at: 2)
        try insertTeam.run()
        if db.changesCount == 1 {
            summary.teams.inserted += 1
            try insertContacts(team.contacts, of: team.code, from: 0, into: &summary)
            return
        }
        selectTeam.bind(team.code, at: 1)
        var unchanged = false
        try selectTeam.forEachRow { unchanged = $0.text(0, equals: team.name) }
        if unchanged {
            summary.teams.unchanged += 1
        } else {
            updateTeam.bind(team.code, at: 1)
            updateTeam.bind(team.name, at: 2)
            try updateTeam.run()
            summary.teams.updated += 1
        }
        // Which stored contacts differ, found while the query runs; written after it ends.
        var changed: [Int] = []
        var stored = 0
        selectContacts.bind(team.code, at: 1)
        try selectContacts.forEachRow { row in
            defer { stored += 1 }
            guard stored < team.contacts.count else { return }
            let contact = team.contacts[stored]
            if row.text(0, equals: contact.name) && row.text(1, equals: contact.phone)
                && row.integer(2) == (contact.isHead ? 1 : 0)
            {
                summary.contacts.unchanged += 1
            } else {
                changed.append(stored)
            }
        }
        for position in changed {
            bindContact(team.contacts[position], of: team.code, at: position, to: updateContact)
            try updateContact.run()
            summary.contacts.updated += 1
        }
        try insertContacts(team.contacts, of: team.code, from: stored, into: &summary)
        if stored > team.contacts.count {
            deleteContacts.bind(team.code, at: 1)
            deleteContacts.bind(team.contacts.count, at: 2)
            try deleteContacts.run()
            summary.contacts.removed += stored - team.contacts.count
        }
    }

    private func bindContact(_ contact: Contact, of code: String, at position: Int, to statement: BulkStatement) {
        statement.bind(code, at: 1)
        statement.bind(position, at: 2)
        statement.bind(contact.name, at: 3)
        statement.bind(contact.phone, at: 4)
        statement.bind(contact.isHead, at: 5)
    }

    private func insertContacts(_ contacts: [Contact], of code: String, from first: Int, into summary: inout ImportSummary)
        throws
    {
        guard first < contacts.count else { return }
        for position in first..<contacts.count {
            bindContact(contacts[position], of: code, at: position, to: insertContact)
            try insertContact.run()
            summary.contacts.inserted += 1
        }
    }

    // MARK: Sites

    private func bindSite(_ site: Site, to statement: BulkStatement) {
        statement.bind(site.code, at: 1)
        statement.bind(site.name, at: 2)
        statement.bind(site.street, at: 3)
        statement.bind(site.zip, at: 4)
        statement.bind(site.city, at: 5)
        statement.bind(site.countryCode, at: 6)
    }

    func save(_ site: Site, into summary: inout ImportSummary) throws {
        bindSite(site, to: insertSite)
        try insertSite.run()
        if db.changesCount == 1 {
            summary.sites.inserted += 1
            try insertActivities(site.activities, of: site.code, from: 0, into: &summary)
            return
        }
        selectSite.bind(site.code, at: 1)
        var unchanged = false
        try selectSite.forEachRow { row in
            unchanged =
                row.text(0, equals: site.name) && row.text(1, equals: site.street) && row.text(2, equals: site.zip)
                && row.text(3, equals: site.city) && row.text(4, equals: site.countryCode)
        }
        if unchanged {
            summary.sites.unchanged += 1
        } else {
            bindSite(site, to: updateSite)
            try updateSite.run()
            summary.sites.updated += 1
        }
        var changed: [Int] = []
        var stored = 0
        selectActivities.bind(site.code, at: 1)
        try selectActivities.forEachRow { row in
            defer { stored += 1 }
            guard stored < site.activities.count else { return }
            let activity = site.activities[stored]
            let same =
                row.text(0, equals: activity.teamCode)
                && activity.start.withSortableText { row.text(1, equals: $0) }
                && activity.end.withSortableText { row.text(2, equals: $0) } && row.text(3, equals: activity.summary)
            if same { summary.activities.unchanged += 1 } else { changed.append(stored) }
        }
        for position in changed {
            bindActivity(site.activities[position], of: site.code, at: position, to: updateActivity)
            try updateActivity.run()
            summary.activities.updated += 1
        }
        try insertActivities(site.activities, of: site.code, from: stored, into: &summary)
        if stored > site.activities.count {
            deleteActivities.bind(site.code, at: 1)
            deleteActivities.bind(site.activities.count, at: 2)
            try deleteActivities.run()
            summary.activities.removed += stored - site.activities.count
        }
    }

    private func bindActivity(_ activity: Activity, of code: String, at position: Int, to statement: BulkStatement) {
        statement.bind(code, at: 1)
        statement.bind(position, at: 2)
        statement.bind(activity.teamCode, at: 3)
        activity.start.withSortableText { statement.bind($0, at: 4) }
        activity.end.withSortableText { statement.bind($0, at: 5) }
        statement.bind(activity.summary, at: 6)
    }

    private func insertActivities(
        _ activities: [Activity], of code: String, from first: Int, into summary: inout ImportSummary
    ) throws {
        guard first < activities.count else { return }
        for position in first..<activities.count {
            bindActivity(activities[position], of: code, at: position, to: insertActivity)
            try insertActivity.run()
            summary.activities.inserted += 1
        }
    }
}
