/// One generated corpus file: its name, size, shape and what it stresses.
struct CorpusFixture: Sendable {
    enum Shape: Sendable, Equatable {
        /// A SiteSchedule feed of about this many bytes.
        case schedule
        /// A namespace-heavy document of about this many bytes.
        case namespaced
        /// One element whose single attribute value has exactly this many bytes.
        case bigAttribute
        /// The schedule shape with damage every few KiB and a truncated end, for the
        /// recovering reader.
        case damagedSchedule
        /// A news feed in Chinese characters, written in this encoding (iconv's name; `nil`
        /// for UTF-8).
        case news(encoding: String?)
    }

    /// The file name in the corpus directory, which also names the fixture in tables.
    let fileName: String
    let shape: Shape
    /// The target size in bytes.
    let size: Int
    /// Written only by `generate --large`.
    let isLarge: Bool
    /// One line for the fixtures table.
    let stresses: String

    /// The name without `.xml`, used in workload identifiers ("schedule-1m/stream-reading").
    var name: String { String(fileName.dropLast(4)) }

    static let mebibyte = 1 << 20

    static let schedule1M = CorpusFixture(
        fileName: "schedule-1m.xml", shape: .schedule, size: 1 * mebibyte, isLarge: false,
        stresses: "short elements with 1 to 3 attributes, short text, entities, some CDATA; fits in cache")
    static let namespaced1M = CorpusFixture(
        fileName: "namespaced-1m.xml", shape: .namespaced, size: 1 * mebibyte, isLarge: false,
        stresses: "prefixes, default and local namespaces, namespaced attributes, mixed content, comments, PIs")
    static let schedule64M = CorpusFixture(
        fileName: "schedule-64m.xml", shape: .schedule, size: 64 * mebibyte, isLarge: false,
        stresses: "the schedule shape streamed: throughput once nothing stays in cache")
    static let namespaced64M = CorpusFixture(
        fileName: "namespaced-64m.xml", shape: .namespaced, size: 64 * mebibyte, isLarge: false,
        stresses: "the namespaced shape streamed")
    static let schedule32M = CorpusFixture(
        fileName: "schedule-32m.xml", shape: .schedule, size: 32 * mebibyte, isLarge: false,
        stresses: "ordinary content, the comparison for the big token")
    static let bigAttribute32M = CorpusFixture(
        fileName: "big-attribute-32m.xml", shape: .bigAttribute, size: 32 * mebibyte, isLarge: false,
        stresses: "one 32 MiB attribute value: a token spanning 512 reads of 64 KiB")
    static let damaged64M = CorpusFixture(
        fileName: "damaged-64m.xml", shape: .damagedSchedule, size: 64 * mebibyte, isLarge: false,
        stresses: "the schedule shape with a form feed, a stray &, a bare < or a windows-1252 byte every 4 KiB, and a truncated end")
    static let schedule512M = CorpusFixture(
        fileName: "schedule-512m.xml", shape: .schedule, size: 512 * mebibyte, isLarge: true,
        stresses: "a feed far larger than any buffer: memory must stay bounded (generate --large)")

    static func news(_ megabytes: Int, _ encoding: String?) -> CorpusFixture {
        let suffix = encoding.map { "-" + $0.lowercased() } ?? ""
        return CorpusFixture(
            fileName: "news-\(megabytes)m\(suffix).xml", shape: .news(encoding: encoding), size: megabytes * mebibyte,
            isLarge: false,
            stresses: "an RSS feed in Chinese characters, \(megabytes) MiB in UTF-8, in \(encoding ?? "UTF-8")")
    }

    /// The news feed in each encoding whose reading speed is compared: UTF-8, UTF-16 (expat's
    /// own) and the multi-byte encodings transcoded ahead of expat.
    static let newsFeeds: [CorpusFixture] = [nil, "UTF-16", "GB2312", "GB18030", "BIG5", "CP932", "CP949"].map { news(32, $0) }
    /// The 1 MiB news feed, for instruction counts.
    static let smallNewsFeeds: [CorpusFixture] = [nil, "UTF-16", "GB18030", "CP932"].map { news(1, $0) }

    static let all: [CorpusFixture] =
        [
            schedule1M, namespaced1M, schedule64M, namespaced64M, schedule32M, bigAttribute32M, damaged64M, schedule512M,
        ] + newsFeeds + smallNewsFeeds

    /// Writes the fixture to `path`, replacing any file there only once it is complete.
    func generate(at path: String) throws {
        let file = try CorpusFileWriter(path: path)
        switch shape {
        case .schedule: try ScheduleFeedWriter(size: size).write(to: file)
        case .namespaced: try NamespacedDocumentWriter(size: size).write(to: file)
        case .bigAttribute: try BigAttributeWriter(valueSize: size).write(to: file)
        case .damagedSchedule: try DamagedFeedWriter(size: size).write(to: file)
        case .news(let encoding): try NewsFeedWriter(size: size, encoding: encoding).write(to: file)
        }
        try file.commit()
    }
}
