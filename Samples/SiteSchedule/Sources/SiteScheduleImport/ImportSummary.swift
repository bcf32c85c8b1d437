import Foundation

/// What an import changed, counted by kind of row.
public struct ImportSummary: Hashable, Sendable, CustomStringConvertible {
    /// Rows of one table: how many were new, changed, unchanged, or gone.
    public struct Counts: Hashable, Sendable {
        public var inserted = 0
        public var updated = 0
        public var unchanged = 0
        public var removed = 0

        public init() {}

        /// Every row the feed named.
        public var total: Int { inserted + updated + unchanged }
    }

    public var teams = Counts()
    public var contacts = Counts()
    public var sites = Counts()
    public var activities = Counts()
    /// Bytes of feed read.
    public var bytes: Int64 = 0
    /// Wall-clock seconds the import took.
    public var seconds: Double = 0

    public init() {}

    /// Rows written or checked: every team, contact, site and activity of the feed.
    public var rows: Int { teams.total + contacts.total + sites.total + activities.total }

    public var description: String {
        func line(_ name: String, _ c: Counts) -> String {
            "\(name): \(c.inserted) inserted, \(c.updated) updated, \(c.unchanged) unchanged, \(c.removed) removed"
        }
        let rate = seconds > 0 ? Double(rows) / seconds : 0
        return [
            line("teams", teams), line("contacts", contacts), line("sites", sites), line("activities", activities),
            "\(rows) rows from \(bytes) bytes in \(String(format: "%.2f", seconds)) s (\(Int(rate)) rows/s)",
        ].joined(separator: "\n")
    }
}
