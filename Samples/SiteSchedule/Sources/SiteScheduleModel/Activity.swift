/// Work a team does at a site for a while: the book's `Activity`, which belongs to its
/// site and names its team by code.
public struct Activity: Hashable, Sendable, Codable {
    /// The code of the team doing the work.
    public var teamCode: String
    /// When the work starts.
    public var start: ScheduleTime
    /// When it ends.
    public var end: ScheduleTime
    /// What the team does ("Stabilisierungsarbeiten").
    public var summary: String

    /// Creates an activity.
    public init(teamCode: String, start: ScheduleTime, end: ScheduleTime, summary: String = "") {
        self.teamCode = teamCode
        self.start = start
        self.end = end
        self.summary = summary
    }

    /// Whether the activity is under way at `time`: started, not yet ended.
    public func isUnderWay(at time: ScheduleTime) -> Bool { start <= time && time < end }
}
