import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The schedule's SQLite database: opens (or creates) the file and brings its schema up to
/// date with GRDB's migrator.
///
/// Tables, with their keys:
/// - `team(code)`; `contact(teamCode → team, position)`, position being the contact's
///   place in its team's list;
/// - `site(code)`; `activity(siteCode → site, position)`, with `teamCode → team`.
///
/// Children are keyed by their position, so importing the same feed again writes the same
/// rows: the database does not change.
public struct ScheduleDatabase {
    /// The connection; one writer at a time.
    public let queue: DatabaseQueue
    /// The file, as given.
    public let path: String

    /// Opens the database at `path` and brings its tables up to date. With `creating`, a
    /// missing file is created; without it (for reading: `show`, `export`) a missing file is
    /// an error rather than a new, empty database.
    ///
    /// Another process's import holds the file's lock until it commits: this one waits for it
    /// (SQLite releases a lock when its process ends, so the wait ends), and calls
    /// `whenWaiting` once when it starts to.
    ///
    /// - Throws: ``ScheduleError`` naming the path when it is missing, a directory, or cannot
    ///   be opened as a database.
    public init(path: String, creating: Bool = true, whenWaiting: (@Sendable () -> Void)? = nil) throws {
        var status = stat()
        if stat(path, &status) != 0 {
            if !creating {
                throw ScheduleError(file: path, message: "no such database (siteschedule import creates one)")
            }
        } else if (status.st_mode & S_IFMT) == S_IFDIR {
            throw ScheduleError(file: path, message: "is a directory, not a database file")
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .callback { tries in
            if tries == 0 { whenWaiting?() }
            usleep(20_000)
            return true
        }
        configuration.prepareDatabase { db in
            // 16 MiB of page cache (SQLite's default is 2 MiB): a large import's indexes
            // stay in memory, and the process still peaks well under 64 MB.
            try db.execute(sql: "PRAGMA cache_size = -16384")
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(queue)
        } catch let error as DatabaseError {
            throw ScheduleError(file: path, message: "cannot open the database: \(error.message ?? "\(error.resultCode)")")
        }
        self.path = path
    }

    /// Removes the database file at `path` and SQLite's companions (`-journal`, `-wal`,
    /// `-shm`): for a database an import created and then failed to fill. Close it first.
    public static func removeFiles(at path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// The schema, as migrations. Add a migration for every change; never edit a shipped one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: teams, contacts, sites, activities") { db in
            try db.execute(
                sql: """
                    CREATE TABLE team (
                        code TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL
                    );
                    CREATE TABLE contact (
                        teamCode TEXT NOT NULL REFERENCES team(code) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        phone TEXT NOT NULL,
                        isHead BOOLEAN NOT NULL,
                        PRIMARY KEY (teamCode, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE site (
                        code TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        street TEXT NOT NULL,
                        zip TEXT NOT NULL,
                        city TEXT NOT NULL,
                        countryCode TEXT NOT NULL
                    );
                    CREATE TABLE activity (
                        siteCode TEXT NOT NULL REFERENCES site(code) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        teamCode TEXT NOT NULL REFERENCES team(code),
                        start TEXT NOT NULL,
                        "end" TEXT NOT NULL,
                        summary TEXT NOT NULL,
                        PRIMARY KEY (siteCode, position)
                    ) WITHOUT ROWID;
                    CREATE INDEX activity_team_start ON activity(teamCode, start);
                    """)
        }
        return migrator
    }
}
