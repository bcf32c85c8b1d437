import BenchmarkSupport
import Foundation

/// Writes an RSS news feed in Chinese characters of about `size` bytes of UTF-8, then
/// converts it to `encoding` with iconv (the declaration names it): the same feed in UTF-8,
/// UTF-16 and the multi-byte encodings the stream parser transcodes, so that their speeds
/// compare on the same content. The characters are the CJK ideographs that GB2312, Big5,
/// windows-31j and windows-949 all have, so every encoding holds every one of them.
struct NewsFeedWriter {
    let size: Int
    /// iconv's name for the encoding; `nil` for UTF-8.
    let encoding: String?

    /// The encodings a feed is written in; each must hold every character of the feed.
    static let encodings = ["GB2312", "BIG5", "CP932", "CP949"]
    /// What the feeds' declarations call iconv's encodings: as the web labels them.
    static let labels = ["CP932": "Shift_JIS", "CP949": "EUC-KR", "BIG5": "Big5"]

    func write(to file: CorpusFileWriter) throws {
        let declared = encoding ?? "UTF-8"
        var random = SeededRandom(label: "news:20261126:\(size)")
        let pool = try Self.characterPool()
        var feed: [UInt8] = []
        feed.reserveCapacity(size + 4096)
        feed.put("<?xml version=\"1.0\" encoding=\"\(Self.labels[declared] ?? declared)\"?>\n")
        feed.put("<rss version=\"2.0\">\n<channel>\n<title>")
        text(20, from: pool, random: &random, into: &feed)
        feed.put("</title>\n<link>https://news.example.com/</link>\n")
        var item = 0
        while feed.count < size {
            item += 1
            feed.put("<item id=\"")
            feed.put(number: item)
            feed.put("\"><title>")
            text(12 + random.below(20), from: pool, random: &random, into: &feed)
            feed.put("</title><link>https://news.example.com/2026/11/")
            feed.put(number: item)
            feed.put(".html</link><category domain=\"")
            text(2, from: pool, random: &random, into: &feed)
            feed.put("\">")
            text(2 + random.below(3), from: pool, random: &random, into: &feed)
            feed.put("</category><pubDate>Thu, 26 Nov 2026 ")
            feed.put(number: item / 3600 % 24, width: 2)
            feed.put(":")
            feed.put(number: item / 60 % 60, width: 2)
            feed.put(":")
            feed.put(number: item % 60, width: 2)
            feed.put(" +0800</pubDate><description>")
            for _ in 0..<(2 + random.below(5)) {
                text(20 + random.below(40), from: pool, random: &random, into: &feed)
                feed.put("\u{3002}")
            }
            feed.put("</description></item>\n")
        }
        feed.put("</channel>\n</rss>\n")
        try file.write(encoding.map { try Self.convert(feed, to: $0) } ?? feed)
    }

    private func text(_ count: Int, from pool: [[UInt8]], random: inout SeededRandom, into feed: inout [UInt8]) {
        for _ in 0..<count { feed.put(pool[random.below(pool.count)]) }
    }

    /// The UTF-8 of the first 3,000 ideographs from U+4E00 on that every encoding holds.
    static func characterPool() throws -> [[UInt8]] {
        var pool: [[UInt8]] = []
        var scalar: UInt32 = 0x4E00
        while pool.count < 3000 && scalar <= 0x9FA5 {
            let bytes = Array(String(Unicode.Scalar(scalar)!).utf8)
            if encodings.allSatisfy({ (try? convert(bytes, to: $0)) != nil }) { pool.append(bytes) }
            scalar += 1
        }
        return pool
    }

    /// `utf8` converted to `encoding` by iconv; throws for a character it does not hold.
    static func convert(_ utf8: [UInt8], to encoding: String) throws -> [UInt8] {
        let converter = iconv_open(encoding, "UTF-8")
        guard converter != iconv_t(bitPattern: -1) else { throw BenchError("iconv does not know \(encoding)") }
        defer { iconv_close(converter) }
        var output = [UInt8](repeating: 0, count: utf8.count * 2 + 16)
        var input = utf8
        let written = try input.withUnsafeMutableBytes { inputBytes in
            try output.withUnsafeMutableBytes { outputBytes in
                var source: UnsafeMutablePointer<CChar>? = inputBytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                var sourceLeft = inputBytes.count
                var target: UnsafeMutablePointer<CChar>? = outputBytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                var targetLeft = outputBytes.count
                guard iconv(converter, &source, &sourceLeft, &target, &targetLeft) != -1, sourceLeft == 0 else {
                    throw BenchError("iconv cannot write the feed in \(encoding)")
                }
                return outputBytes.count - targetLeft
            }
        }
        return Array(output[..<written])
    }
}
