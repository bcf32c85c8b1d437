import GRDB

/// A list of rows that belong to one parent and are stored by (parent, position): a team's
/// contacts, a site's activities. Its statements are built once.
struct ChildRows {
    let select: String
    let update: String
    let insert: String
    let delete: String

    /// `columns` are the stored values in order, quoted where SQL needs it; the parent and
    /// the position come last in every statement's arguments.
    init(table: String, parent: String, columns: [String]) {
        let list = columns.joined(separator: ", ")
        select = "SELECT \(list) FROM \(table) WHERE \(parent) = ? ORDER BY position"
        update =
            "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE \(parent) = ? AND position = ?"
        insert =
            "INSERT INTO \(table) (\(list), \(parent), position) VALUES (\(Array(repeating: "?", count: columns.count + 2).joined(separator: ", ")))"
        delete = "DELETE FROM \(table) WHERE \(parent) = ? AND position >= ?"
    }

    static let contacts = ChildRows(table: "contact", parent: "teamCode", columns: ["name", "phone", "isHead"])
    static let activities = ChildRows(
        table: "activity", parent: "siteCode", columns: ["teamCode", "start", "\"end\"", "summary"])

    /// Brings the stored children of `parent` to `rows`: a row at a stored position is
    /// updated only when it differs, further rows inserted, stored rows beyond them deleted.
    /// A parent that was just inserted (`isNew`) has no children to read back.
    func sync(
        _ rows: [[DatabaseValue]], of parent: String, isNew: Bool, in db: Database, counts: inout ImportSummary.Counts
    ) throws {
        var stored = 0
        if !isNew {
            let old = try Row.fetchAll(db.cachedStatement(sql: select), arguments: [parent])
            stored = old.count
            for (position, row) in rows.enumerated() where position < old.count {
                if Array(old[position].databaseValues) == row {
                    counts.unchanged += 1
                } else {
                    try db.cachedStatement(sql: update).execute(arguments: arguments(row, parent, position))
                    counts.updated += 1
                }
            }
        }
        if stored < rows.count {
            let statement = try db.cachedStatement(sql: insert)
            for position in stored..<rows.count {
                try statement.execute(arguments: arguments(rows[position], parent, position))
                counts.inserted += 1
            }
        }
        if stored > rows.count {
            try db.cachedStatement(sql: delete).execute(arguments: [parent, rows.count])
            counts.removed += stored - rows.count
        }
    }

    private func arguments(_ row: [DatabaseValue], _ parent: String, _ position: Int) -> StatementArguments {
        StatementArguments(row + [parent.databaseValue, position.databaseValue])
    }
}
