import SiteScheduleModel

/// Where a schedule is kept: the embedded SQLite file (``ScheduleDatabase``) or a shared
/// server (SiteSchedulePostgres). The import, `show` and `export` are written once against
/// this protocol; each store brings its SQL, its transactions and its batching.
///
/// What every store guarantees:
/// - ``importTransaction(_:)`` is all or nothing: when its body throws (or the process is
///   killed) the store is exactly as it was.
/// - ``reading(_:)`` sees one consistent state: before an import or after it, never between.
public protocol ScheduleStore {
    /// How messages name the store: a file's path, or a server's URL without its password.
    var displayName: String { get }

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    func importTransaction<R>(_ body: (any ScheduleStoreWriter) throws -> R) throws -> R

    /// Runs `body` against one consistent state of the store.
    func reading<R>(_ body: (any ScheduleStoreReader) throws -> R) throws -> R
}

/// A team or a site, as the import hands them to a store, in feed order.
public enum ScheduleEntity: Sendable {
    case team(Team)
    case site(Site)
}

/// A store refused the entity at `index` of the entities it was given (which lets the import
/// name that entity's position in the feed): of this call of `save`, or with
/// `inPreviousBatch`, of the call before it (a store that sends a batch while it builds the
/// next learns of its failure one call late).
public struct ScheduleStoreWriteError: Error {
    public var index: Int
    public var underlying: any Error
    public var inPreviousBatch: Bool

    public init(index: Int, underlying: any Error, inPreviousBatch: Bool = false) {
        self.index = index
        self.underlying = underlying
        self.inPreviousBatch = inPreviousBatch
    }
}

/// The writing side of an import's transaction.
///
/// The semantics, the same in every store: an entity is keyed by its code, inserted when new
/// and updated in place when stored with other values; its children (contacts, activities)
/// are keyed by their position and replaced by position (changed rows updated, new ones
/// inserted, extra ones deleted); rows that did not change are not written. The counts go
/// into the summary.
public protocol ScheduleStoreWriter {
    /// The codes of the teams already stored (an activity may name them). An array, not a
    /// `Set<String>`: a set would merge codes the database keeps apart (``ExactText``).
    func teamCodes() throws -> [String]

    /// Saves `entities` in order. A later entity with the code of an earlier one wins, as if
    /// each were saved on its own.
    ///
    /// - Throws: ``ScheduleStoreWriteError`` naming the entity that failed.
    func save(_ entities: [ScheduleEntity], into summary: inout ImportSummary) throws

    /// Completes what the last `save` left under way (before the transaction commits).
    ///
    /// - Throws: ``ScheduleStoreWriteError`` naming an entity of the last batch
    ///   (`inPreviousBatch`).
    func finish(into summary: inout ImportSummary) throws
}

extension ScheduleStoreWriter {
    /// Nothing to complete: `save` wrote everything before it returned.
    public func finish(into summary: inout ImportSummary) throws {}
}

/// The reading side: what `show` and `export` ask of a store.
public protocol ScheduleStoreReader {
    /// Teams in code order (only `code`, when given), each with its contacts in stored order.
    func teams(code: String?) throws -> [Team]

    /// The team's activity under way at `time` (`current`), or the next one to start after it,
    /// with its site.
    func assignment(team: String, at time: ScheduleTime, current: Bool) throws -> TeamStatus.Assignment?

    /// The first start and the last end of all activities, or `nil` when there are none.
    func activityRange() throws -> ClosedRange<ScheduleTime>?

    /// A site and its activities with their teams' names, by start time then position.
    func site(_ code: String) throws -> (TeamStatus.Place, [(activity: Activity, teamName: String)])?

    /// Every team with its contacts (by position), in code order, one at a time.
    func forEachTeam(_ body: (Team) throws -> Void) throws

    /// Every site with its activities (by position), in code order, one at a time.
    func forEachSite(_ body: (Site) throws -> Void) throws
}
