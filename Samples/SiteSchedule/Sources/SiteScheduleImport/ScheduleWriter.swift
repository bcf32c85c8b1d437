import GRDB
import SiteScheduleModel

/// Writes teams and sites as the feed delivers them, inside the import's transaction: an
/// existing code is updated in place and its children replaced, a new one inserted.
/// Rows that did not change are not written, so a repeated import changes nothing. A new
/// code costs one insert per row; only an existing one is read back and compared, in place.
///
/// Every statement is prepared once per import and bound value by value (``BulkStatement``).
struct ScheduleWriter {
    private let teams: EntityStatements<Team>
    private let contacts: ChildStatements<Contact>
    private let sites: EntityStatements<Site>
    private let activities: ChildStatements<Activity>

    init(db: Database) throws {
        teams = try EntityStatements(db, table: "team", columns: ["name"], code: \.code) { team, statement in
            statement.bind(team.name, at: 2)
        } isStored: { row, team in
            row.text(0, equals: team.name)
        }
        contacts = try ChildStatements(db, table: "contact", owner: "teamCode", columns: ["name", "phone", "isHead"]) {
            contact, statement in
            statement.bind(contact.name, at: 3)
            statement.bind(contact.phone, at: 4)
            statement.bind(contact.isHead, at: 5)
        } isStored: { row, contact in
            row.text(0, equals: contact.name) && row.text(1, equals: contact.phone)
                && row.integer(2) == (contact.isHead ? 1 : 0)
        }
        sites = try EntityStatements(
            db, table: "site", columns: ["name", "street", "zip", "city", "countryCode"], code: \.code
        ) { site, statement in
            statement.bind(site.name, at: 2)
            statement.bind(site.street, at: 3)
            statement.bind(site.zip, at: 4)
            statement.bind(site.city, at: 5)
            statement.bind(site.countryCode, at: 6)
        } isStored: { row, site in
            row.text(0, equals: site.name) && row.text(1, equals: site.street) && row.text(2, equals: site.zip)
                && row.text(3, equals: site.city) && row.text(4, equals: site.countryCode)
        }
        activities = try ChildStatements(
            db, table: "activity", owner: "siteCode", columns: ["teamCode", "start", "end", "summary"]
        ) { activity, statement in
            statement.bind(activity.teamCode, at: 3)
            activity.start.withSortableText { statement.bind($0, at: 4) }
            activity.end.withSortableText { statement.bind($0, at: 5) }
            statement.bind(activity.summary, at: 6)
        } isStored: { row, activity in
            row.text(0, equals: activity.teamCode) && activity.start.withSortableText { row.text(1, equals: $0) }
                && activity.end.withSortableText { row.text(2, equals: $0) } && row.text(3, equals: activity.summary)
        }
    }

    /// Saves each entity in turn (a repeated code updates the row the earlier one wrote).
    func save(_ entities: [ScheduleEntity], into summary: inout ImportSummary) throws {
        for (index, entity) in entities.enumerated() {
            do {
                switch entity {
                case .team(let team): try save(team, into: &summary)
                case .site(let site): try save(site, into: &summary)
                }
            } catch {
                throw ScheduleStoreWriteError(index: index, underlying: error)
            }
        }
    }

    func save(_ team: Team, into summary: inout ImportSummary) throws {
        if try teams.save(team, counts: &summary.teams) {
            try contacts.insert(team.contacts, of: team.code, from: 0, counts: &summary.contacts)
        } else {
            try contacts.replace(team.contacts, of: team.code, counts: &summary.contacts)
        }
    }

    func save(_ site: Site, into summary: inout ImportSummary) throws {
        if try sites.save(site, counts: &summary.sites) {
            try activities.insert(site.activities, of: site.code, from: 0, counts: &summary.activities)
        } else {
            try activities.replace(site.activities, of: site.code, counts: &summary.activities)
        }
    }
}

/// `"end"`: every column name quoted, since some are SQL keywords.
private func quoted(_ column: String) -> String { "\"\(column)\"" }

/// The statements of a table of entities keyed by `code` (teams, sites), and how an entity
/// binds its values and compares with a stored row.
struct EntityStatements<Entity> {
    private let insert, select, update: BulkStatement
    private let code: KeyPath<Entity, String>
    /// Binds the entity's columns from parameter 2 on (1 is the code).
    private let bindValues: (Entity, BulkStatement) -> Void
    /// Whether a selected row (the columns, from 0) holds the entity's values.
    private let isStored: (BulkRow, Entity) -> Bool

    init(
        _ db: Database, table: String, columns: [String], code: KeyPath<Entity, String>,
        bind: @escaping (Entity, BulkStatement) -> Void, isStored: @escaping (BulkRow, Entity) -> Bool
    ) throws {
        let names = columns.map(quoted)
        let values = (0..<columns.count).map { "?\($0 + 2)" }
        // A new code (the common case) is one statement; only a conflict reads back.
        insert = try BulkStatement(
            db,
            sql: "INSERT INTO \(table) (code, \(names.joined(separator: ", "))) VALUES (?1, \(values.joined(separator: ", "))) "
                + "ON CONFLICT DO NOTHING")
        select = try BulkStatement(db, sql: "SELECT \(names.joined(separator: ", ")) FROM \(table) WHERE code = ?1")
        update = try BulkStatement(
            db,
            sql: "UPDATE \(table) SET \(zip(names, values).map { "\($0) = \($1)" }.joined(separator: ", ")) WHERE code = ?1")
        self.code = code
        self.bindValues = bind
        self.isStored = isStored
    }

    /// Inserts a new code, or updates an existing one whose values changed.
    /// - Returns: whether the code was new (so its children need no comparing).
    func save(_ entity: Entity, counts: inout ImportSummary.Counts) throws -> Bool {
        let code = entity[keyPath: code]
        insert.bind(code, at: 1)
        bindValues(entity, insert)
        if try insert.run() == 1 {
            counts.inserted += 1
            return true
        }
        select.bind(code, at: 1)
        var unchanged = false
        try select.forEachRow { unchanged = isStored($0, entity) }
        if unchanged {
            counts.unchanged += 1
        } else {
            update.bind(code, at: 1)
            bindValues(entity, update)
            try update.run()
            counts.updated += 1
        }
        return false
    }
}

/// The statements of a table of children keyed by their owner's code and their position
/// (contacts, activities), and how a child binds its values and compares with a stored row.
struct ChildStatements<Child> {
    private let insert, select, update, delete: BulkStatement
    /// Binds the child's columns from parameter 3 on (1 is the owner's code, 2 the position).
    private let bindValues: (Child, BulkStatement) -> Void
    /// Whether a selected row (the columns, from 0) holds the child's values.
    private let isStored: (BulkRow, Child) -> Bool

    init(
        _ db: Database, table: String, owner: String, columns: [String],
        bind: @escaping (Child, BulkStatement) -> Void, isStored: @escaping (BulkRow, Child) -> Bool
    ) throws {
        let names = columns.map(quoted)
        let values = (0..<columns.count).map { "?\($0 + 3)" }
        insert = try BulkStatement(
            db,
            sql: "INSERT INTO \(table) (\(owner), position, \(names.joined(separator: ", "))) "
                + "VALUES (?1, ?2, \(values.joined(separator: ", ")))")
        select = try BulkStatement(
            db, sql: "SELECT \(names.joined(separator: ", ")) FROM \(table) WHERE \(owner) = ?1 ORDER BY position")
        update = try BulkStatement(
            db,
            sql: "UPDATE \(table) SET \(zip(names, values).map { "\($0) = \($1)" }.joined(separator: ", ")) "
                + "WHERE \(owner) = ?1 AND position = ?2")
        delete = try BulkStatement(db, sql: "DELETE FROM \(table) WHERE \(owner) = ?1 AND position >= ?2")
        self.bindValues = bind
        self.isStored = isStored
    }

    private func bind(_ child: Child, of code: String, at position: Int, to statement: BulkStatement) {
        statement.bind(code, at: 1)
        statement.bind(position, at: 2)
        bindValues(child, statement)
    }

    /// Inserts the children from `first` on.
    func insert(_ children: [Child], of code: String, from first: Int, counts: inout ImportSummary.Counts) throws {
        for position in first..<max(first, children.count) {
            bind(children[position], of: code, at: position, to: insert)
            try insert.run()
            counts.inserted += 1
        }
    }

    /// Makes the stored children of `code` these, by position: changed rows updated, missing
    /// ones inserted, extra ones deleted, the others untouched.
    func replace(_ children: [Child], of code: String, counts: inout ImportSummary.Counts) throws {
        // Which stored rows differ, found while the query runs; written after it ends.
        var changed: [Int] = []
        var stored = 0
        select.bind(code, at: 1)
        try select.forEachRow { row in
            defer { stored += 1 }
            guard stored < children.count else { return }
            if isStored(row, children[stored]) { counts.unchanged += 1 } else { changed.append(stored) }
        }
        for position in changed {
            bind(children[position], of: code, at: position, to: update)
            try update.run()
            counts.updated += 1
        }
        try insert(children, of: code, from: stored, counts: &counts)
        if stored > children.count {
            delete.bind(code, at: 1)
            delete.bind(children.count, at: 2)
            try delete.run()
            counts.removed += stored - children.count
        }
    }
}
