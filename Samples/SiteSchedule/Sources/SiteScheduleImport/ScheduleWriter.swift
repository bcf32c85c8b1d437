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
        let isNew = db.changesCount == 1
        if isNew {
            summary.teams.inserted += 1
        } else {
            let existing = try String.fetchOne(
                db.cachedStatement(sql: "SELECT name FROM team WHERE code = ?"), arguments: [team.code])
            switch existing {
            case team.name?:
                summary.teams.unchanged += 1
            default:
                try db.cachedStatement(sql: "UPDATE team SET name = ? WHERE code = ?").execute(arguments: [
                    team.name, team.code,
                ])
                summary.teams.updated += 1
            }
        }
        let rows = team.contacts.map { [$0.name.databaseValue, $0.phone.databaseValue, $0.isHead.databaseValue] }
        try ChildRows.contacts.sync(rows, of: team.code, isNew: isNew, in: db, counts: &summary.contacts)
    }

    mutating func save(_ site: Site, into summary: inout ImportSummary) throws {
        let values: StatementArguments = [site.name, site.street, site.zip, site.city, site.countryCode, site.code]
        try db.cachedStatement(
            sql: "INSERT INTO site (name, street, zip, city, countryCode, code) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        ).execute(arguments: values)
        let isNew = db.changesCount == 1
        if isNew {
            summary.sites.inserted += 1
        } else {
            try updateIfChanged(site, values, into: &summary)
        }
        let rows = site.activities.map {
            [$0.teamCode.databaseValue, $0.start.sortableText.databaseValue, $0.end.sortableText.databaseValue,
             $0.summary.databaseValue]
        }
        try ChildRows.activities.sync(rows, of: site.code, isNew: isNew, in: db, counts: &summary.activities)
    }

    private func updateIfChanged(_ site: Site, _ values: StatementArguments, into summary: inout ImportSummary) throws {
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
    }
}
