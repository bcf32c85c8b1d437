import Foundation
import SiteScheduleImport
import XMLHandlerStack
import XMLStreaming

/// Turns errors into `FILE:LINE:COLUMN: error: MESSAGE` lines.
enum Diagnostics {
    static func describe(_ error: any Error, feeds: [ScheduleFeed]) -> String {
        switch error {
        case let error as XMLParseError: return error.description
        case let error as HandlerStackError: return error.description
        case let error as XMLInputError: return error.description
        default:
            let name = feeds.count == 1 ? feeds[0].name : "siteschedule"
            return "\(name): error: \(error)"
        }
    }
}

/// Writes to standard error.
enum StandardError {
    static func print(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
