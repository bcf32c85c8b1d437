import Foundation
import Testing
import XMLCoding
import XMLStreaming
import XMLWriting

/// `readsControlCharacterReferences`: what S3 writes for an object key holding U+001E
/// (`&#x1E;`), outside XML 1.0, read into the string when the caller asks.
@Suite("Codable: control-character references read on request (S3 keys), refused by default")
struct ControlCharacterReferenceTests {
    typealias ListBucketResult = ServiceFormatTests.ListBucketResult

    /// A page whose second key holds U+001E and U+0001, as S3 lists it.
    static let page = Array(
        (#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>logs</Name><Prefix></Prefix>"#
            + "<KeyCount>2</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>\n"
            + "<Contents><Key>plain.txt</Key><LastModified>2024-01-15T10:11:12.000Z</LastModified><ETag>&quot;a&quot;</ETag>"
            + "<Size>1</Size><StorageClass>STANDARD</StorageClass></Contents>\n"
            + "<Contents><Key>odd&#x1E;name&#1;.txt</Key><LastModified>2024-01-15T10:11:12.000Z</LastModified>"
            + "<ETag>&quot;b&quot;</ETag><Size>2</Size><StorageClass>STANDARD</StorageClass></Contents>\n"
            + "</ListBucketResult>").utf8)

    static var decoder: XMLDecoder {
        let decoder = XMLDecoder()
        decoder.readsControlCharacterReferences = true
        return decoder
    }

    @Test("an S3 page with a key holding U+001E: read into the key with the option, an error at its place without")
    func s3Key() throws {
        let page = try Self.decoder.decode(ListBucketResult.self, from: Self.page)
        #expect(page.contents.map(\.key) == ["plain.txt", "odd\u{1E}name\u{1}.txt"])
        #expect(page.contents[1].size == 2)
        let error = #expect(throws: XMLParseError.self) { try XMLDecoder().decode(ListBucketResult.self, from: Self.page) }
        #expect(error?.code == .badCharacterReference)
        #expect(error?.position.line == 4 && error?.position.column == 19)
    }

    @Test("the other ways in: a file, a record stream, a document looked at first, chunks; attribute values")
    func everyEntryPoint() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("control-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("page.xml").path
        try Data(Self.page).write(to: URL(fileURLWithPath: path))
        let decoder = Self.decoder
        #expect(try decoder.decode(ListBucketResult.self, contentsOf: path).contents[1].key == "odd\u{1E}name\u{1}.txt")
        var keys: [String] = []
        for try await object in try decoder.decode(ServiceFormatTests.Object.self, eachAt: "ListBucketResult/Contents", contentsOf: path) {
            keys.append(object.key)
        }
        #expect(keys == ["plain.txt", "odd\u{1E}name\u{1}.txt"])
        let document = try decoder.document(from: Self.page)
        #expect(document.rootName.localName == "ListBucketResult")
        #expect(try document.decode(ListBucketResult.self).contents[1].key == "odd\u{1E}name\u{1}.txt")
        let chunks = AsyncStream<[UInt8]> { continuation in
            for start in stride(from: 0, to: Self.page.count, by: 5) { continuation.yield(Array(Self.page[start..<min(start + 5, Self.page.count)])) }
            continuation.finish()
        }
        #expect(try await decoder.decode(ListBucketResult.self, from: chunks).contents[1].key == "odd\u{1E}name\u{1}.txt")

        struct Tagged: Codable, Equatable, XMLNodePlacing {
            var id: String
            var note: String
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "id" ? .attribute : .element }
        }
        let tagged = try decoder.decode(Tagged.self, from: Array("<t id='a&#x1F;b&#31;'><note>&#x7;<![CDATA[&#x7;]]></note></t>".utf8))
        #expect(tagged == Tagged(id: "a\u{1F}b\u{1F}", note: "\u{7}&#x7;"))
    }

    @Test("U+FDD0 to U+FDEF, which carry the references, are refused with their position while the option is on")
    func reservedCharacters() throws {
        let text = "<t>\n  <note>\u{FDCF} &#xFDD0;</note></t>"
        let error = #expect(throws: XMLParseError.self) { try Self.decoder.decode([String: String].self, from: Array(text.utf8)) }
        #expect(error?.code == .reservedCharacter)
        #expect(error?.position == XMLPosition(line: 2, column: 11, byteOffset: 16))
        #expect(try XMLDecoder().decode([String: String].self, from: Array(text.utf8)) == ["note": "\u{FDCF} " + String(Character(Unicode.Scalar(0xFDD0)!))])
    }

    @Test("written back, such a string follows the writer's character policy: XML 1.0 cannot hold it")
    func encodingBack() throws {
        struct Key: Codable { var key: String }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        #expect(String(decoding: try encoder.encode(Key(key: "a\u{1E}b"), withRootKey: "k"), as: UTF8.self) == "<k><key>ab</key></k>")
        encoder.writerOptions.characterPolicy = .throw
        #expect(throws: EncodingError.self) { try encoder.encode(Key(key: "a\u{1E}b"), withRootKey: "k") }

        // A fragment keeps them for writing back; its markup string, XML 1.0, leaves them out.
        struct Note: Codable { var body: XMLFragment }
        let note = try Self.decoder.decode(Note.self, from: Array("<n><body>a&#x1E;<b>c&#1;</b></body></n>".utf8))
        #expect(note.body.markup == "a<b>c</b>")
        encoder.writerOptions.characterPolicy = .replace
        #expect(String(decoding: try encoder.encode(note, withRootKey: "n"), as: UTF8.self) == "<n><body>a\u{FFFD}<b>c\u{FFFD}</b></body></n>")
    }
}
