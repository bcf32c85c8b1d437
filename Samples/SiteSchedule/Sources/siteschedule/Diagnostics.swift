import Foundation
import SiteScheduleImport
import SiteSchedulePostgres
import XMLHandlerStack
import XMLStreaming
import XMLValidation
import XMLWriting

/// Turns errors into `FILE:LINE:COLUMN: error: MESSAGE` lines.
enum Diagnostics {
    static func describe(_ error: any Error, feeds: [ScheduleFeed]) -> String {
        switch error {
        case let error as XMLParseError:
            // With the line and a caret under the error, as xml prints it.
            return error.excerptWithCaret.map { error.description + "\n" + $0 } ?? error.description
        case let error as HandlerStackError: return error.description
        case let error as XMLValidationError: return error.description
        case let error as XMLInputError: return error.description
        case let error as ScheduleError: return error.description
        case let error as PostgresStoreError: return "siteschedule: error: \(error.message)"
        default:
            let name = feeds.count == 1 ? feeds[0].name : "siteschedule"
            return "\(name): error: \(error)"
        }
    }
}

extension Diagnostics {
    /// An error while writing `output` (`nil`: standard output): a failing output is named.
    static func describe(_ error: any Error, output: String?) -> String {
        if let error = error as? XMLWriterError, case .output(let path?, _, let message) = error.kind {
            return "\(path): error: \(message)"
        }
        if let error = error as? ScheduleError { return error.description }
        if let error = error as? PostgresStoreError { return "siteschedule: error: \(error.message)" }
        return "\(output ?? "siteschedule"): error: \(error)"
    }
}

extension Diagnostics {
    /// Ends the process as a write to a closed pipe ends `xml` and `plist` (`siteschedule
    /// export | head`): killed by SIGPIPE, status 141 to the shell, no message. The
    /// PostgreSQL client's event loop ignores SIGPIPE, so there the write fails with EPIPE
    /// instead; that failure ends here the same way. Returns for any other error.
    static func endIfStandardOutputClosed(_ error: any Error) {
        guard let error = error as? XMLWriterError, case .output(nil, EPIPE, _) = error.kind else { return }
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
    }
}

/// Writes to standard error.
enum StandardError {
    static func print(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
