import PostgresNIO
import SiteScheduleImport
import SiteScheduleModel

/// The import's side of a PostgreSQL transaction: each batch of entities in a handful of
/// statements, whatever its size, instead of a round trip per row.
///
/// For a run of entities with distinct codes, teams (then sites) go in one statement that
/// inserts the new ones with all their children (`INSERT … ON CONFLICT DO NOTHING`, rows sent
/// as arrays through `unnest`) and returns the codes it inserted: a first import costs one
/// statement per batch and table. The codes that were already stored are then compared with
/// their stored rows by the same rules as the SQLite store (``ScheduleStoreWriter``): one
/// query reads them and their children, and each kind of change (updates, inserts, deletes)
/// is one more statement. A code that comes again in the same batch starts a new run, so the
/// later entity wins as it would one at a time. Teams go before sites, so an activity's team
/// exists when it is inserted.
final class PostgresScheduleWriter: ScheduleStoreWriter {
    let store: PostgresScheduleStore

    /// The last statement of new rows, sent and not yet waited for: while the server inserts
    /// one batch, this process builds the next. Each statement is sent only after the one
    /// before it has answered (and the codes it found stored have been compared), so the
    /// statements run in the order of the feed.
    private var inFlight: InFlight?
    /// Which call of ``save(_:into:)`` this is, to tell an error of this batch from one of the
    /// batch before.
    private var call = 0

    private struct InFlight {
        var newCodes: EventLoopFuture<[String]>
        var entities: Entities
        /// The index of the run's first entity in the entities of its call of `save`.
        var index: Int
        var call: Int
    }

    private enum Entities {
        case teams([Team])
        case sites([Site])
    }

    init(store: PostgresScheduleStore) {
        self.store = store
    }

    func teamCodes() throws -> [String] {
        try store.query("SELECT code FROM team").map { try $0.decode(String.self) }
    }

    func save(_ entities: [ScheduleEntity], into summary: inout ImportSummary) throws {
        call += 1
        var start = 0
        while start < entities.count {
            // The longest run from `start` in which no team code and no site code repeats.
            // Codes as the server compares them, byte for byte (ExactText), here and below.
            var teamCodes = Set<ExactText>(), siteCodes = Set<ExactText>()
            var teams: [Team] = [], sites: [Site] = []
            var end = start
            runs: while end < entities.count {
                switch entities[end] {
                case .team(let team):
                    if !teamCodes.insert(ExactText(team.code)).inserted { break runs }
                    teams.append(team)
                case .site(let site):
                    if !siteCodes.insert(ExactText(site.code)).inserted { break runs }
                    sites.append(site)
                }
                end += 1
            }
            if !teams.isEmpty { try send(InsertNewTeams(teams), for: .teams(teams), index: start, into: &summary) }
            if !sites.isEmpty { try send(InsertNewSites(sites), for: .sites(sites), index: start, into: &summary) }
            start = end
        }
    }

    func finish(into summary: inout ImportSummary) throws {
        try settle(into: &summary)
    }

    /// Waits until the statement sent last has answered, whatever its answer: before the
    /// transaction ends, so that no statement reaches the server after `COMMIT` or `ROLLBACK`.
    /// (``finish(into:)`` has done so when the import got that far.)
    func waitForStatementInFlight() throws {
        guard let pending = inFlight else { return }
        inFlight = nil
        _ = try store.wait(for: pending.newCodes)
    }

    /// Sends `statement`, which inserts the new ones of `entities` with their children, once
    /// the statement before it has answered. (It was built before waiting: that is the work
    /// that overlaps the server's.)
    private func send<Statement: PostgresPreparedStatement>(
        _ statement: Statement, for entities: Entities, index: Int, into summary: inout ImportSummary
    ) throws where Statement.Row == String {
        try settle(into: &summary)
        inFlight = InFlight(newCodes: store.send(statement), entities: entities, index: index, call: call)
    }

    /// Waits for the statement in flight, counts what it inserted and compares the rest with
    /// their stored rows. The statements carry a whole run: an error names its first entity.
    private func settle(into summary: inout ImportSummary) throws {
        guard let pending = inFlight else { return }
        inFlight = nil
        do {
            let inserted = Set(try store.wait(for: pending.newCodes).map(ExactText.init))
            switch pending.entities {
            case .teams(let teams):
                let stored = Self.notIn(inserted, teams, code: \.code, children: \.contacts.count,
                    counts: &summary.teams, childCounts: &summary.contacts)
                if !stored.isEmpty { try update(stored, into: &summary) }
            case .sites(let sites):
                let stored = Self.notIn(inserted, sites, code: \.code, children: \.activities.count,
                    counts: &summary.sites, childCounts: &summary.activities)
                if !stored.isEmpty { try update(stored, into: &summary) }
            }
        } catch {
            throw ScheduleStoreWriteError(index: pending.index, underlying: error, inPreviousBatch: pending.call != call)
        }
    }

    /// Counts the entities whose code the statement inserted (and their children) and
    /// returns the others, which were stored before.
    private static func notIn<Entity>(
        _ inserted: Set<ExactText>, _ entities: [Entity], code: KeyPath<Entity, String>, children: KeyPath<Entity, Int>,
        counts: inout ImportSummary.Counts, childCounts: inout ImportSummary.Counts
    ) -> [Entity] {
        var stored: [Entity] = []
        for entity in entities {
            if inserted.contains(ExactText(entity[keyPath: code])) {
                counts.inserted += 1
                childCounts.inserted += entity[keyPath: children]
            } else {
                stored.append(entity)
            }
        }
        return stored
    }

    // MARK: Teams and contacts

    /// Compares teams that were stored before with their rows and writes what changed.
    private func update(_ teams: [Team], into summary: inout ImportSummary) throws {
        let codes = teams.map(\.code)
        var stored: [ExactText: String] = [:]
        for row in try store.query("SELECT code, name FROM team WHERE code = ANY(\(codes))") {
            let (code, name) = try row.decode((String, String).self)
            stored[ExactText(code)] = name
        }
        var storedContacts: [ExactText: [ChildRow]] = [:]
        for row in try store.query(
            "SELECT teamCode, name, phone, isHead FROM contact WHERE teamCode = ANY(\(codes)) ORDER BY teamCode, position")
        {
            let (code, name, phone, isHead) = try row.decode((String, String, String, Bool).self)
            storedContacts[ExactText(code), default: []].append(ChildRow(text: [name, phone], flag: isHead))
        }
        var newTeams = Columns(2), changedTeams = Columns(2)
        var children = ChildChanges()
        for team in teams {
            if let name = stored[ExactText(team.code)] {
                if name.isExactly(team.name) {
                    summary.teams.unchanged += 1
                } else {
                    changedTeams.append([team.code, team.name])
                    summary.teams.updated += 1
                }
            } else {
                newTeams.append([team.code, team.name])
                summary.teams.inserted += 1
            }
            children.compare(
                team.contacts.map { ChildRow(text: [$0.name, $0.phone], flag: $0.isHead) }, with: storedContacts[ExactText(team.code)] ?? [],
                of: team.code, counts: &summary.contacts)
        }
        if !newTeams.isEmpty {
            try store.query("INSERT INTO team (code, name) SELECT * FROM unnest(\(newTeams[0]), \(newTeams[1]))")
        }
        if !changedTeams.isEmpty {
            try store.query(
                "UPDATE team SET name = u.name FROM unnest(\(changedTeams[0]), \(changedTeams[1])) AS u(code, name) WHERE team.code = u.code")
        }
        try children.apply(table: "contact", owner: "teamCode", columns: ["name", "phone", "isHead"], store: store)
    }

    // MARK: Sites and activities

    /// Compares sites that were stored before with their rows and writes what changed.
    private func update(_ sites: [Site], into summary: inout ImportSummary) throws {
        let codes = sites.map(\.code)
        var stored: [ExactText: [String]] = [:]
        for row in try store.query(
            "SELECT code, name, street, zip, city, countryCode FROM site WHERE code = ANY(\(codes))")
        {
            let (code, name, street, zip, city, country) = try row.decode((String, String, String, String, String, String).self)
            stored[ExactText(code)] = [name, street, zip, city, country]
        }
        // Compared as stored (times in their sortable text), so nothing is parsed back.
        var storedActivities: [ExactText: [ChildRow]] = [:]
        for row in try store.query(
            """
            SELECT siteCode, teamCode, start, "end", summary FROM activity WHERE siteCode = ANY(\(codes))
            ORDER BY siteCode, position
            """)
        {
            let (code, team, start, end, text) = try row.decode((String, String, String, String, String).self)
            storedActivities[ExactText(code), default: []].append(ChildRow(text: [team, start, end, text], flag: nil))
        }
        var newSites = Columns(6), changedSites = Columns(6)
        var children = ChildChanges()
        for site in sites {
            let values = [site.name, site.street, site.zip, site.city, site.countryCode]
            if let old = stored[ExactText(site.code)] {
                if old.isExactly(values) {
                    summary.sites.unchanged += 1
                } else {
                    changedSites.append([site.code] + values)
                    summary.sites.updated += 1
                }
            } else {
                newSites.append([site.code] + values)
                summary.sites.inserted += 1
            }
            children.compare(
                site.activities.map { ChildRow(text: [$0.teamCode, $0.start.sortableText, $0.end.sortableText, $0.summary], flag: nil) },
                with: storedActivities[ExactText(site.code)] ?? [], of: site.code, counts: &summary.activities)
        }
        if !newSites.isEmpty {
            try store.query(
                """
                INSERT INTO site (code, name, street, zip, city, countryCode)
                SELECT * FROM unnest(\(newSites[0]), \(newSites[1]), \(newSites[2]), \(newSites[3]), \(newSites[4]), \(newSites[5]))
                """)
        }
        if !changedSites.isEmpty {
            try store.query(
                """
                UPDATE site SET name = u.name, street = u.street, zip = u.zip, city = u.city, countryCode = u.countryCode
                FROM unnest(\(changedSites[0]), \(changedSites[1]), \(changedSites[2]), \(changedSites[3]), \(changedSites[4]), \(changedSites[5]))
                    AS u(code, name, street, zip, city, countryCode)
                WHERE site.code = u.code
                """)
        }
        try children.apply(table: "activity", owner: "siteCode", columns: ["teamCode", "start", "end", "summary"], store: store)
    }
}

/// Text columns gathered row by row, sent as one array each.
private struct Columns {
    private var columns: [[String]]

    init(_ count: Int) { columns = Array(repeating: [], count: count) }

    var isEmpty: Bool { columns[0].isEmpty }

    mutating func append(_ row: [String]) {
        for (k, value) in row.enumerated() { columns[k].append(value) }
    }

    subscript(_ k: Int) -> [String] { columns[k] }
}

/// A child's columns after its owner and position: text, and for contacts the boolean that
/// comes last.
private struct ChildRow: Equatable {
    var text: [String]
    var flag: Bool?

    /// Byte for byte, as the server compares text (ExactText).
    static func == (a: ChildRow, b: ChildRow) -> Bool { a.flag == b.flag && a.text.isExactly(b.text) }
}

/// The changes to a batch's children (contacts or activities), by position: which rows to
/// update, insert and delete, found by comparing with the stored rows.
private struct ChildChanges {
    private var changed: [(owner: String, position: Int, child: ChildRow)] = []
    private var added: [(owner: String, position: Int, child: ChildRow)] = []
    private var cuts: [(owner: String, from: Int)] = []

    mutating func compare(_ children: [ChildRow], with stored: [ChildRow], of owner: String, counts: inout ImportSummary.Counts) {
        for (position, child) in children.enumerated() {
            if position < stored.count {
                if stored[position] == child {
                    counts.unchanged += 1
                } else {
                    changed.append((owner, position, child))
                    counts.updated += 1
                }
            } else {
                added.append((owner, position, child))
                counts.inserted += 1
            }
        }
        if stored.count > children.count {
            cuts.append((owner, children.count))
            counts.removed += stored.count - children.count
        }
    }

    /// Sends the changes: deletes, updates, inserts, one statement each.
    func apply(table: String, owner: String, columns: [String], store: PostgresScheduleStore) throws {
        if !cuts.isEmpty {
            try store.query(
                "DELETE FROM \(unescaped: table) AS c USING unnest(\(cuts.map(\.owner)), \(cuts.map(\.from))) AS d(owner, cut) WHERE c.\(unescaped: owner) = d.owner AND c.position >= d.cut")
        }
        let names = columns.map { "\"\($0.lowercased())\"" }
        for (rows, isUpdate) in [(changed, true), (added, false)] where !rows.isEmpty {
            var binds = PostgresBindings()
            binds.append(rows.map(\.owner))
            binds.append(rows.map(\.position))
            let split = rows.map(\.child)
            let textCount = split[0].text.count
            for k in 0..<textCount { binds.append(split.map { $0.text[k] }) }
            if split[0].flag != nil { binds.append(split.map { $0.flag ?? false }) }
            let types = ["text[]", "int[]"] + Array(repeating: "text[]", count: textCount) + (split[0].flag != nil ? ["bool[]"] : [])
            let parameters = types.enumerated().map { "$\($0.offset + 1)::\($0.element)" }.joined(separator: ", ")
            let sql: String
            if isUpdate {
                let assignments = names.map { "\($0) = u.\($0)" }.joined(separator: ", ")
                sql = "UPDATE \(table) AS c SET \(assignments) FROM unnest(\(parameters)) AS u(owner, position, \(names.joined(separator: ", "))) WHERE c.\(owner) = u.owner AND c.position = u.position"
            } else {
                sql = "INSERT INTO \(table) (\(owner), position, \(names.joined(separator: ", "))) SELECT * FROM unnest(\(parameters))"
            }
            try store.query(PostgresQuery(unsafeSQL: sql, binds: binds))
        }
    }
}

/// New teams with their contacts, in one statement prepared once per connection: the teams
/// are inserted unless their code is stored (`ON CONFLICT DO NOTHING`), the contacts of those
/// inserted with them; it returns the codes it inserted.
struct InsertNewTeams: PostgresPreparedStatement {
    static let sql = """
        WITH new AS (
            INSERT INTO team (code, name) SELECT * FROM unnest($1::text[], $2::text[])
            ON CONFLICT (code) DO NOTHING RETURNING code
        ), children AS (
            INSERT INTO contact (teamCode, position, name, phone, isHead)
            SELECT * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::bool[])
                AS c(teamCode, position, name, phone, isHead)
            WHERE c.teamCode IN (SELECT code FROM new)
        )
        SELECT code FROM new
        """
    typealias Row = String
    let bindings: PostgresBindings

    init(_ teams: [Team]) {
        var binds = PostgresBindings(capacity: 7)
        binds.append(teams.map(\.code))
        binds.append(teams.map(\.name))
        let contacts = teams.flatMap { team in team.contacts.enumerated().map { (team.code, $0.offset, $0.element) } }
        binds.append(contacts.map(\.0))
        binds.append(contacts.map(\.1))
        binds.append(contacts.map(\.2.name))
        binds.append(contacts.map(\.2.phone))
        binds.append(contacts.map(\.2.isHead))
        bindings = binds
    }

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}

/// New sites with their activities, as ``InsertNewTeams`` does teams.
struct InsertNewSites: PostgresPreparedStatement {
    static let sql = """
        WITH new AS (
            INSERT INTO site (code, name, street, zip, city, countryCode)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
            ON CONFLICT (code) DO NOTHING RETURNING code
        ), children AS (
            INSERT INTO activity (siteCode, position, teamCode, start, "end", summary)
            SELECT * FROM unnest($7::text[], $8::int[], $9::text[], $10::text[], $11::text[], $12::text[])
                AS a(siteCode, position, teamCode, start, "end", summary)
            WHERE a.siteCode IN (SELECT code FROM new)
        )
        SELECT code FROM new
        """
    typealias Row = String
    let bindings: PostgresBindings

    init(_ sites: [Site]) {
        var binds = PostgresBindings(capacity: 12)
        binds.append(sites.map(\.code))
        binds.append(sites.map(\.name))
        binds.append(sites.map(\.street))
        binds.append(sites.map(\.zip))
        binds.append(sites.map(\.city))
        binds.append(sites.map(\.countryCode))
        let activities = sites.flatMap { site in site.activities.enumerated().map { (site.code, $0.offset, $0.element) } }
        binds.append(activities.map(\.0))
        binds.append(activities.map(\.1))
        binds.append(activities.map(\.2.teamCode))
        binds.append(activities.map(\.2.start.sortableText))
        binds.append(activities.map(\.2.end.sortableText))
        binds.append(activities.map(\.2.summary))
        bindings = binds
    }

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}
