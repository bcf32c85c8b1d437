// The service formats of issue 30: S3's ListBucketResult pages, and an RSS feed whose
// pubDate is decoded as text or as a Date. Each decoder builds the same S3Object values.
import BenchmarkSupport
import Foundation
import XMLCoder
import XMLCoding
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One object of a listing, as every decoder below builds it.
struct S3Object: Codable, Equatable, XMLKeyNamespace {
    static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
    var key: String
    var lastModified: Date
    var eTag: String
    var size: Int64
    var storageClass: String
    enum CodingKeys: String, CodingKey {
        case key = "Key", lastModified = "LastModified", eTag = "ETag", size = "Size", storageClass = "StorageClass"
    }
}

struct ListBucketPage: Codable, XMLKeyNamespace {
    static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
    var name: String
    var keyCount: Int
    var isTruncated: Bool
    var contents: [S3Object]
    enum CodingKeys: String, CodingKey { case name = "Name", keyCount = "KeyCount", isTruncated = "IsTruncated", contents = "Contents" }
}

/// Many pages in one file (a listing saved page after page).
struct ListBucketPages: Codable {
    var page: [ListBucketPage]
    enum CodingKeys: String, CodingKey { case page = "ListBucketResult" }
}

enum S3Listing {
    /// A page of `count` keys as S3 writes it: one line, milliseconds in every date.
    static func page(count: Int, seed: UInt64) -> String {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var xml = #"<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>site-photos</Name><Prefix>2024/</Prefix>"#
            + "<KeyCount>\(count)</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>true</IsTruncated>"
        for i in 0..<count {
            let millis = 1_600_000_000_000 + Int64(next() % 150_000_000_000)
            let date = Date(timeIntervalSince1970: Double(millis / 1000))
            let whole = date.formatted(Date.ISO8601FormatStyle())
            let fraction = String(millis % 1000)
            let stamp = whole.dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
            xml += "<Contents><Key>2024/site-\(i % 97)/photo-\(next() % 1_000_000).jpg</Key><LastModified>\(stamp)</LastModified>"
                + "<ETag>&quot;\(String(next(), radix: 16))\(String(next(), radix: 16))&quot;</ETag><Size>\(next() % 5_000_000_000)</Size>"
                + "<StorageClass>STANDARD</StorageClass></Contents>"
        }
        return xml + "</ListBucketResult>"
    }

    /// `pages` pages of 1,000 keys under one root.
    static func write(pages: Int, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8) + Data("<ListBucketResults>".utf8))
        for p in 0..<pages { try handle.write(contentsOf: Data(("\n" + page(count: 1000, seed: UInt64(p))).utf8)) }
        try handle.write(contentsOf: Data("</ListBucketResults>".utf8))
    }

    /// XMLCoder 0.18.2's `.iso8601` reads no fractions of a second: a formatter that does.
    static func xmlCoderDecoder() -> XMLCoder.XMLDecoder {
        let decoder = XMLCoder.XMLDecoder()
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
            }
            return date
        }
        return decoder
    }

    #if canImport(FoundationXML)
    /// Foundation's tree, walked by hand into the same values, dates through
    /// `ISO8601DateFormatter` as a Foundation user reads them.
    static func foundationPages(_ data: Data) throws -> [ListBucketPage] {
        let document = try XMLDocument(data: data)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let root = document.rootElement() else { return [] }
        let pageElements = root.localName == "ListBucketResult" ? [root] : root.elements(forName: "ListBucketResult")
        return try pageElements.map { page in
            func text(_ element: XMLElement, _ name: String) throws -> String {
                guard let child = element.elements(forLocalName: name, uri: "http://s3.amazonaws.com/doc/2006-03-01/").first,
                    let value = child.stringValue
                else { throw BenchError("no <\(name)>") }
                return value
            }
            let contents = try page.elements(forLocalName: "Contents", uri: "http://s3.amazonaws.com/doc/2006-03-01/").map { element in
                guard let modified = formatter.date(from: try text(element, "LastModified")), let size = Int64(try text(element, "Size")) else {
                    throw BenchError("a bad object")
                }
                return S3Object(
                    key: try text(element, "Key"), lastModified: modified, eTag: try text(element, "ETag"), size: size,
                    storageClass: try text(element, "StorageClass"))
            }
            return ListBucketPage(
                name: try text(page, "Name"), keyCount: Int(try text(page, "KeyCount")) ?? 0, isTruncated: try text(page, "IsTruncated") == "true",
                contents: contents)
        }
    }
    #endif
}

/// An RSS item with its date as text, and as a `Date`.
struct RSSItemText: Decodable {
    var title: String
    var link: String
    var guid: String
    var pubDate: String
}

struct RSSItemDate: Decodable {
    var title: String
    var link: String
    var guid: String
    var pubDate: Date
}

enum RSSFeed {
    /// A feed of `items` items with dates of every weekday, month and zone form.
    static func write(items: Int, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let zones = ["GMT", "+0000", "+0100", "-0500", "EST", "PDT"]
        var chunk = #"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>News</title>"#
        for i in 0..<items {
            let day = i % 28 + 1
            let date = "\(days[i % 7]), \(day < 10 ? "0" : "")\(day) \(months[i % 12]) \(2000 + i % 25) \(i % 24 < 10 ? "0" : "")\(i % 24):\(i % 60 < 10 ? "0" : "")\(i % 60):07 \(zones[i % zones.count])"
            chunk += "<item><title>Item \(i) on site \(i % 97)</title><link>https://example.org/news/\(i)</link>"
                + "<guid>urn:uuid:\(i)</guid><pubDate>\(date)</pubDate></item>\n"
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data((chunk + "</channel></rss>").utf8))
    }
}
