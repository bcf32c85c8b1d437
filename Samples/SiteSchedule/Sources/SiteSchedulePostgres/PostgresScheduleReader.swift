import PostgresNIO
import SiteScheduleImport
import SiteScheduleModel

/// `show` and `export` on the server, inside the store's `REPEATABLE READ` transaction. The
/// export reads through a cursor, a thousand rows at a time, so memory stays bounded
/// whatever the size of the schedule.
struct PostgresScheduleReader: ScheduleStoreReader {
    let store: PostgresScheduleStore

    func teams(code: String?) throws -> [Team] {
        let rows =
            if let code {
                try store.query("SELECT code, name FROM team WHERE code = \(code)")
            } else {
                try store.query("SELECT code, name FROM team ORDER BY code")
            }
        return try rows.map { row in
            let (code, name) = try row.decode((String, String).self)
            let contacts = try store.query(
                "SELECT name, phone, isHead FROM contact WHERE teamCode = \(code) ORDER BY position"
            ).map { row in
                let (name, phone, isHead) = try row.decode((String, String, Bool).self)
                return Contact(name: name, phone: phone, isHead: isHead)
            }
            return Team(code: code, name: name, contacts: contacts)
        }
    }

    func assignment(team: String, at time: ScheduleTime, current: Bool) throws -> TeamStatus.Assignment? {
        let at = time.sortableText
        let rows =
            if current {
                try store.query(
                    """
                    SELECT site.code, site.name, site.street, site.zip, site.city, site.countryCode,
                           activity.teamCode, activity.start, activity."end", activity.summary
                    FROM activity JOIN site ON site.code = activity.siteCode
                    WHERE activity.teamCode = \(team) AND activity.start <= \(at) AND \(at) < activity."end"
                    ORDER BY activity.start LIMIT 1
                    """)
            } else {
                try store.query(
                    """
                    SELECT site.code, site.name, site.street, site.zip, site.city, site.countryCode,
                           activity.teamCode, activity.start, activity."end", activity.summary
                    FROM activity JOIN site ON site.code = activity.siteCode
                    WHERE activity.teamCode = \(team) AND activity.start > \(at)
                    ORDER BY activity.start LIMIT 1
                    """)
            }
        guard let row = rows.first else { return nil }
        let (code, name, street, zip, city, country, teamCode, start, end, summary) = try row.decode(
            (String, String, String, String, String, String, String, String, String, String).self)
        return TeamStatus.Assignment(
            site: TeamStatus.Place(code: code, name: name, street: street, zip: zip, city: city, countryCode: country),
            activity: try activity(teamCode, start, end, summary))
    }

    func activityRange() throws -> ClosedRange<ScheduleTime>? {
        guard let row = try store.query("SELECT MIN(start), MAX(\"end\") FROM activity").first else { return nil }
        let (first, last) = try row.decode((String?, String?).self)
        guard let first = first.flatMap({ ScheduleTime($0) }), let last = last.flatMap({ ScheduleTime($0) }) else { return nil }
        return first...max(first, last)
    }

    func site(_ code: String) throws -> (TeamStatus.Place, [(activity: Activity, teamName: String)])? {
        guard let row = try store.query("SELECT code, name, street, zip, city, countryCode FROM site WHERE code = \(code)").first
        else { return nil }
        let (siteCode, name, street, zip, city, country) = try row.decode((String, String, String, String, String, String).self)
        let activities = try store.query(
            """
            SELECT activity.teamCode, activity.start, activity."end", activity.summary, team.name
            FROM activity JOIN team ON team.code = activity.teamCode
            WHERE activity.siteCode = \(code) ORDER BY activity.start, activity.position
            """
        ).map { row in
            let (team, start, end, summary, teamName) = try row.decode((String, String, String, String, String).self)
            return (activity: try activity(team, start, end, summary), teamName: teamName)
        }
        return (TeamStatus.Place(code: siteCode, name: name, street: street, zip: zip, city: city, countryCode: country), activities)
    }

    func forEachTeam(_ body: (Team) throws -> Void) throws {
        var teams = RowsByCode<Team>()
        try forEachRow(
            """
            SELECT team.code, team.name, contact.name, contact.phone, contact.isHead
            FROM team LEFT JOIN contact ON contact.teamCode = team.code
            ORDER BY team.code, contact.position
            """
        ) { row in
            let (code, name, contactName, phone, isHead) = try row.decode((String, String, String?, String?, Bool?).self)
            try teams.add(code: code, entity: { Team(code: code, name: name) }, child: { team in
                if let contactName, let phone, let isHead { team.contacts.append(Contact(name: contactName, phone: phone, isHead: isHead)) }
            }, finished: body)
        }
        try teams.end(body)
    }

    func forEachSite(_ body: (Site) throws -> Void) throws {
        var sites = RowsByCode<Site>()
        try forEachRow(
            """
            SELECT site.code, site.name, site.street, site.zip, site.city, site.countryCode,
                   activity.teamCode, activity.start, activity."end", activity.summary
            FROM site LEFT JOIN activity ON activity.siteCode = site.code
            ORDER BY site.code, activity.position
            """
        ) { row in
            let (code, name, street, zip, city, country, team, start, end, summary) = try row.decode(
                (String, String, String, String, String, String, String?, String?, String?, String?).self)
            try sites.add(code: code, entity: { Site(code: code, name: name, street: street, zip: zip, city: city, countryCode: country) }, child: { site in
                if let team, let start, let end, let summary { site.activities.append(try activity(team, start, end, summary)) }
            }, finished: body)
        }
        try sites.end(body)
    }

    /// Runs `sql` through a cursor, calling `body` with each row, a thousand rows per trip.
    private func forEachRow(_ sql: String, _ body: (PostgresRow) throws -> Void) throws {
        try store.query(PostgresQuery(unsafeSQL: "DECLARE export_rows NO SCROLL CURSOR FOR " + sql))
        while true {
            let rows = try store.query("FETCH FORWARD 1000 FROM export_rows")
            for row in rows { try body(row) }
            if rows.count < 1000 { break }
        }
        try store.query("CLOSE export_rows")
    }

    private func activity(_ team: String, _ start: String, _ end: String, _ summary: String) throws -> Activity {
        guard let start = ScheduleTime(start), let end = ScheduleTime(end) else {
            throw PostgresStoreError("\(store.location.redacted): a stored activity has a time that is not one (\(start), \(end))")
        }
        return Activity(teamCode: team, start: start, end: end, summary: summary)
    }
}
