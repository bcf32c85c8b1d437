import PostgresNIO

/// The schema, as numbered migrations recorded in `siteschedule_migration`, as the SQLite
/// store's are in GRDB's table. Add a migration for every change; never edit a shipped one.
///
/// The tables match the SQLite file's column for column. Text is compared and sorted
/// byte by byte (`COLLATE "C"`), as SQLite does, so both stores list codes in one order.
extension PostgresScheduleStore {
    static let migrations: [(name: String, sql: String)] = [
        (
            "v1: teams, contacts, sites, activities",
            """
            CREATE TABLE team (
                code TEXT COLLATE "C" PRIMARY KEY,
                name TEXT COLLATE "C" NOT NULL
            );
            CREATE TABLE contact (
                teamCode TEXT COLLATE "C" NOT NULL REFERENCES team(code) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT COLLATE "C" NOT NULL,
                phone TEXT COLLATE "C" NOT NULL,
                isHead BOOLEAN NOT NULL,
                PRIMARY KEY (teamCode, position)
            );
            CREATE TABLE site (
                code TEXT COLLATE "C" PRIMARY KEY,
                name TEXT COLLATE "C" NOT NULL,
                street TEXT COLLATE "C" NOT NULL,
                zip TEXT COLLATE "C" NOT NULL,
                city TEXT COLLATE "C" NOT NULL,
                countryCode TEXT COLLATE "C" NOT NULL
            );
            CREATE TABLE activity (
                siteCode TEXT COLLATE "C" NOT NULL REFERENCES site(code) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                teamCode TEXT COLLATE "C" NOT NULL REFERENCES team(code),
                start TEXT COLLATE "C" NOT NULL,
                "end" TEXT COLLATE "C" NOT NULL,
                summary TEXT COLLATE "C" NOT NULL,
                PRIMARY KEY (siteCode, position)
            );
            CREATE INDEX activity_team_start ON activity(teamCode, start);
            """
        )
    ]

    /// Applies the migrations the database lacks, in one transaction, under a lock so that
    /// two processes starting at once do not both apply them. A database that has them all is
    /// only read: the lock is the imports' too, and `show` must not wait for an import.
    func migrate() throws {
        if try appliedMigrations().isSuperset(of: Self.migrations.map(\.name)) { return }
        try transaction("") {
            try query("SELECT pg_advisory_xact_lock(\(Self.importLock))")
            try query("CREATE TABLE IF NOT EXISTS siteschedule_migration (name TEXT PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())")
            let applied = try appliedMigrations()
            for migration in Self.migrations where !applied.contains(migration.name) {
                // One statement at a time: the extended protocol takes no lists of them.
                for statement in migration.sql.split(separator: ";") where !statement.allSatisfy(\.isWhitespace) {
                    try query(PostgresQuery(unsafeSQL: String(statement)))
                }
                try query("INSERT INTO siteschedule_migration (name) VALUES (\(migration.name))")
            }
        }
    }

    /// The names of the migrations recorded in the database (none before its first use).
    private func appliedMigrations() throws -> Set<String> {
        let exists = try query("SELECT to_regclass('siteschedule_migration') IS NOT NULL").map { try $0.decode(Bool.self) }
        guard exists.first == true else { return [] }
        return Set(try query("SELECT name FROM siteschedule_migration").map { try $0.decode(String.self) })
    }
}
