import Foundation

/// Writes a SiteSchedule feed with damage every 4 KiB, cycling through a form feed, a stray
/// `&`, a bare `<` and a windows-1252 byte, and cuts off its last kilobyte: input only the
/// recovering reader reads.
struct DamagedFeedWriter {
    let size: Int

    private static let damage: [[UInt8]] = [[0x0C], Array(" & ".utf8), Array(" < ".utf8), [0xE9]]

    func write(to file: CorpusFileWriter) throws {
        let cleanPath = file.path + ".clean"
        let clean = try CorpusFileWriter(path: cleanPath)
        try ScheduleFeedWriter(size: size).write(to: clean)
        try clean.commit()
        defer { unlink(cleanPath) }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: cleanPath)))
        let end = bytes.count - 1024
        var offset = 0
        var kind = 0
        while offset < end {
            let next = min(end, offset + 4096)
            try file.write(Array(bytes[offset..<next]))
            if next < end {
                try file.write(Self.damage[kind % Self.damage.count])
                kind += 1
            }
            offset = next
        }
    }
}
