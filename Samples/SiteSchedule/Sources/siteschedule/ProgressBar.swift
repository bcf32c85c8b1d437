import Foundation
import SiteScheduleImport

/// A progress bar on standard error, drawn only when it is a terminal: bytes read of the
/// total, rate, and time left; redrawn at most five times a second.
final class ProgressBar {
    private let enabled: Bool
    /// The first report: the rate leaves out any wait before the import began.
    private var started: Date?
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(enabled: Bool) {
        self.enabled = enabled && isatty(2) == 1
    }

    func update(_ progress: ImportProgress) {
        guard enabled else { return }
        let now = Date()
        let started = self.started ?? now
        self.started = started
        guard now.timeIntervalSince(lastDraw) >= 0.2 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(started), 0.001)
        let rate = Double(progress.bytesRead) / elapsed
        var line = "\r\(progress.feed): "
        if let total = progress.totalBytes, total > 0 {
            let fraction = min(1, Double(progress.bytesRead) / Double(total))
            let width = 30
            let filled = Int(fraction * Double(width))
            let left = rate > 0 ? Double(total - progress.bytesRead) / rate : 0
            line += "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            line += "\(Self.megabytes(progress.bytesRead)) of \(Self.megabytes(total)) MB, "
            line += "\(Self.megabytes(Int64(rate))) MB/s, \(Int(left.rounded())) s left"
        } else {
            line += "\(Self.megabytes(progress.bytesRead)) MB, \(Self.megabytes(Int64(rate))) MB/s"
        }
        FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
        drawn = true
    }

    func clear() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = false
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }
}
