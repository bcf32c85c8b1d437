import GRDB
import SiteScheduleModel

/// The SQLite file as a ``ScheduleStore``: an import is one `BEGIN IMMEDIATE` transaction on
/// the file (SQLite's journal undoes it if the process dies), a read is one read transaction.
extension ScheduleDatabase: ScheduleStore {
    public var displayName: String { path }

    public func importTransaction<R>(_ body: (any ScheduleStoreWriter) throws -> R) throws -> R {
        try queue.write { db in try body(SQLiteScheduleWriter(db: db, writer: try ScheduleWriter(db: db))) }
    }

    public func reading<R>(_ body: (any ScheduleStoreReader) throws -> R) throws -> R {
        try queue.read { db in try body(SQLiteScheduleReader(db: db)) }
    }
}

/// The import's side of the SQLite transaction: prepared statements bound in place, one
/// entity at a time (``ScheduleWriter``).
private struct SQLiteScheduleWriter: ScheduleStoreWriter {
    let db: Database
    let writer: ScheduleWriter

    func teamCodes() throws -> [String] { try String.fetchAll(db, sql: "SELECT code FROM team") }

    func save(_ entities: [ScheduleEntity], into summary: inout ImportSummary) throws {
        try writer.save(entities, into: &summary)
    }
}

/// `show` and `export` on the SQLite file.
private struct SQLiteScheduleReader: ScheduleStoreReader {
    let db: Database

    func teams(code: String?) throws -> [Team] {
        let rows =
            code == nil
            ? try Row.fetchAll(db, sql: "SELECT code, name FROM team ORDER BY code")
            : try Row.fetchAll(db, sql: "SELECT code, name FROM team WHERE code = ?", arguments: [code])
        return try rows.map { row in
            var team = Team(code: row[0], name: row[1])
            team.contacts = try Row.fetchAll(
                db, sql: "SELECT name, phone, isHead FROM contact WHERE teamCode = ? ORDER BY position", arguments: [team.code]
            ).map { Contact(name: $0[0], phone: $0[1], isHead: $0[2]) }
            return team
        }
    }

    func assignment(team: String, at time: ScheduleTime, current: Bool) throws -> TeamStatus.Assignment? {
        let at = time.sortableText
        let condition =
            current
            ? "activity.teamCode = ?1 AND activity.start <= ?2 AND ?2 < activity.\"end\""
            : "activity.teamCode = ?1 AND activity.start > ?2"
        let sql = """
            SELECT site.code, site.name, site.street, site.zip, site.city, site.countryCode,
                   activity.teamCode, activity.start, activity."end", activity.summary
            FROM activity JOIN site ON site.code = activity.siteCode
            WHERE \(condition) ORDER BY activity.start LIMIT 1
            """
        guard let row = try Row.fetchOne(db, sql: sql, arguments: [team, at]) else { return nil }
        return TeamStatus.Assignment(site: place(row, from: 0), activity: activity(row, from: 6))
    }

    func activityRange() throws -> ClosedRange<ScheduleTime>? {
        guard let row = try Row.fetchOne(db, sql: "SELECT MIN(start), MAX(\"end\") FROM activity"),
            let first = (row[0] as String?).flatMap({ ScheduleTime($0) }),
            let last = (row[1] as String?).flatMap({ ScheduleTime($0) })
        else { return nil }
        return first...max(first, last)
    }

    func site(_ code: String) throws -> (TeamStatus.Place, [(activity: Activity, teamName: String)])? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT code, name, street, zip, city, countryCode FROM site WHERE code = ?", arguments: [code])
        else { return nil }
        let activities = try Row.fetchAll(
            db,
            sql: """
                SELECT activity.teamCode, activity.start, activity."end", activity.summary, team.name
                FROM activity JOIN team ON team.code = activity.teamCode
                WHERE activity.siteCode = ? ORDER BY activity.start, activity.position
                """, arguments: [code]
        ).map { (activity: activity($0, from: 0), teamName: $0[4] as String) }
        return (place(row, from: 0), activities)
    }

    func forEachTeam(_ body: (Team) throws -> Void) throws {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT team.code, team.name, contact.name, contact.phone, contact.isHead
                FROM team LEFT JOIN contact ON contact.teamCode = team.code
                ORDER BY team.code, contact.position
                """)
        var teams = RowsByCode<Team>()
        while let row = try rows.next() {
            try teams.add(code: row[0], entity: { Team(code: row[0], name: row[1]) }, child: { team in
                if let name: String = row[2] { team.contacts.append(Contact(name: name, phone: row[3], isHead: row[4])) }
            }, finished: body)
        }
        try teams.end(body)
    }

    func forEachSite(_ body: (Site) throws -> Void) throws {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT site.code, site.name, site.street, site.zip, site.city, site.countryCode,
                       activity.teamCode, activity.start, activity."end", activity.summary
                FROM site LEFT JOIN activity ON activity.siteCode = site.code
                ORDER BY site.code, activity.position
                """)
        var sites = RowsByCode<Site>()
        while let row = try rows.next() {
            try sites.add(code: row[0], entity: { Site(code: row[0], name: row[1], street: row[2], zip: row[3], city: row[4], countryCode: row[5]) }, child: { site in
                if row[6] as String? != nil { site.activities.append(activity(row, from: 6)) }
            }, finished: body)
        }
        try sites.end(body)
    }

    private func place(_ row: Row, from i: Int) -> TeamStatus.Place {
        TeamStatus.Place(code: row[i], name: row[i + 1], street: row[i + 2], zip: row[i + 3], city: row[i + 4], countryCode: row[i + 5])
    }

    private func activity(_ row: Row, from i: Int) -> Activity {
        // Stored times were written by the import from valid ScheduleTimes.
        Activity(
            teamCode: row[i], start: ScheduleTime(row[i + 1] as String)!, end: ScheduleTime(row[i + 2] as String)!,
            summary: row[i + 3])
    }
}
