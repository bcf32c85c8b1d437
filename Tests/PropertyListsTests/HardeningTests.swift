import Foundation
import PropertyLists
import Testing
import XMLTestSupport


@Suite("Binary plists from hostile files: typed errors, never a crash")
struct HardeningTests {
    @Test("our binary output is byte for byte plistlib's for these values")
    func identicalToPlistlib() throws {
        for name in ["array", "string"] {
            let value = PlistlibFixtures.all.first { $0.0 == name }!.1
            #expect(try value.data(format: .binary) == fixture("\(name).binary.plist"), "\(name)")
        }
    }

    @Test("broken files are errors", arguments: [
        ("too short", Array("bplist00".utf8)),
        ("offset size 0", { var b = bplist([[0x09]]); b[b.count - 26] = 0; return b }()),
        ("count larger than the file", bplist([[0x09]], count: 1_000_000)),
        ("top object out of range", bplist([[0x09]], top: 5)),
        ("offset outside the objects", { var b = bplist([[0x09]]); b[b.count - 34] = 0xFF; return b }()),
        ("reference out of range", bplist([[0xA1, 0x07]])),
        ("array containing itself", bplist([[0xA1, 0x00]])),
        ("two arrays containing each other", bplist([[0xA1, 0x01], [0xA1, 0x00]])),
        ("huge count", bplist([[0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])),
        ("string running past the end", bplist([[0x5F, 0x10, 0xFF, 0x41]])),
        ("unknown marker", bplist([[0x70]])),
        ("dictionary key not a string", bplist([[0xD1, 0x01, 0x01], [0x10, 0x01]])),
        ("integer wider than 16 bytes", bplist([[0x15] + Array(repeating: 0, count: 32)])),
    ] as [(String, [UInt8])])
    func broken(_ name: String, _ bytes: [UInt8]) {
        #expect(throws: PropertyListError.self, "\(name)") { try PropertyList(data: bytes) }
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func deep() {
        // 2,000 arrays, each holding the next.
        let objects: [[UInt8]] = (0..<2000).map { i in i == 1999 ? [0xA0] : [0xA1, 0x00] }
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for (i, var object) in objects.enumerated() {
            offsets.append(bytes.count)
            if object.count == 2 {
                // A two-byte reference to the next object.
                object = [0xA1, UInt8((i + 1) >> 8), UInt8((i + 1) & 0xFF)]
            }
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2]
        func be(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
        bytes += be(2000) + be(0) + be(UInt64(table))
        #expect(throws: PropertyListError.self) { try PropertyList(data: bytes) }
    }

    @Test("shared objects are decoded once; a value that would expand past the limit is refused")
    func sharing() throws {
        // Object k is an array holding object k+1 twice; the last is an empty array.
        func chain(_ levels: Int) -> [UInt8] {
            var objects: [[UInt8]] = (0..<levels).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
            objects.append([0xA0])
            return bplist(objects)
        }
        let value = try PropertyList(data: chain(10))
        var depth = 0
        var node = value
        while let first = node[0] {
            depth += 1
            node = first
        }
        #expect(depth == 10)
        // 2^40 paths through 41 objects: anything walking the value would never end.
        #expect(throws: PropertyListError.self) { try PropertyList(data: chain(40)) }
    }

    @Test("a binary date outside the years 0 to 99,999,999 is refused where it is read", arguments: [
        1e19, 4e15, -63_300_000_000, 1e300, -.infinity, .nan,
    ])
    func farDate(_ seconds: Double) throws {
        let bits = seconds.bitPattern
        let object: [UInt8] = [0x33] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
        let error = try #require(throws: PropertyListError.self) { try PropertyList(data: bplist([object])) }
        #expect(error.message.contains("outside the years 0 to 99,999,999"), "\(error)")
        #expect(error.position?.byteOffset == 8)
    }

    @Test("UTF-16 strings: pairs are one character, a lone surrogate is U+FFFD, as String(decoding:as:) reads them", arguments: [
        [0x00, 0x41, 0x00, 0xE9, 0x26, 0x3A] as [UInt8], [0xD8, 0x3D, 0xDE, 0x00], [0xD8, 0x3D, 0x00, 0x41], [0xDC, 0x00, 0x00, 0x42],
        [0x00, 0x43, 0xD8, 0x3D], [0xFF, 0xFF, 0x07, 0xFF],
    ])
    func utf16Strings(_ units: [UInt8]) throws {
        let object = [0x60 | UInt8(units.count / 2)] + units
        let pairs = stride(from: 0, to: units.count, by: 2).map { UInt16(units[$0]) << 8 | UInt16(units[$0 + 1]) }
        #expect(try PropertyList(data: bplist([object])) == .string(String(decoding: pairs, as: UTF16.self)))
    }

    @Test("UIDs wider than 8 bytes are errors")
    func wideUID() {
        #expect(throws: PropertyListError.self) { try PropertyList(data: bplist([[0x8F] + Array(repeating: 1, count: 16)])) }
    }

    @Test("XML plists that break the format say where", arguments: [
        ("<plist><dict><key>a</key></dict></plist>", "the key \"a\" has no value", 1),
        ("<plist><dict>\n<string>x</string></dict></plist>", "a string in a <dict> without a <key> before it", 2),
        ("<plist><array>\n\n<integer>12x</integer></array></plist>", "\"12x\" is not an integer", 3),
        ("<plist><date>yesterday</date></plist>", "\"yesterday\" is not a date like 2012-03-01T06:00:00Z", 1),
        ("<plist><data>!!</data></plist>", "the data is not base64", 1),
        ("<plist><string>a</string><string>b</string></plist>", "a second value at the top level", 1),
        ("<plist><set/></plist>", "<set> is not a property-list element", 1),
        ("<plist><dict><key>a</key></plist>", "mismatched tag", 1),
    ] as [(String, String, Int)])
    func xmlErrors(_ xml: String, _ message: String, _ line: Int) {
        do {
            _ = try PropertyList(data: Array(xml.utf8))
            Issue.record("no error for \(xml)")
        } catch let error as PropertyListError {
            #expect(error.message == message)
            #expect(error.position?.line == line)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("integers across both 64-bit ranges, in decimal and hexadecimal")
    func integers() throws {
        let xml = "<plist><array><integer>18446744073709551615</integer><integer>-9223372036854775808</integer><integer>0x10</integer><integer> 42</integer></array></plist>"
        #expect(try PropertyList(data: Array(xml.utf8)) == .array([.unsignedInteger(.max), .integer(.min), 16, 42]))
        #expect(throws: PropertyListError.self) { try PropertyList(data: Array("<plist><integer>18446744073709551616</integer></plist>".utf8)) }
    }

    @Test("files are written atomically; a failed write leaves the old file")
    func atomic() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/settings.plist"
        let first: PropertyList = ["version": 1]
        try first.write(to: path, format: .xml)
        let second: PropertyList = ["version": 2]
        try second.write(to: path, format: .binary)
        #expect(try PropertyList(contentsOf: path) == ["version": 2])
        #expect(throws: (any Error).self) { try PropertyList.string("x").write(to: directory.path + "/missing/dir/x.plist", format: .xml) }
        // A value the format cannot hold, refused part-way through writing the file itself:
        // the streamed XML writer abandons its temporary file, JSON never starts one.
        let refused: [(PropertyList.Format, PropertyList)] = [
            (.xml, ["version": 3, "note": .string("a\u{1}b")]),  // XML 1.0 has no U+0001
            (.json, ["version": 3, "saved": .date(Date(timeIntervalSince1970: 0))]),  // JSON has no dates
        ]
        for (format, bad) in refused {
            let error = try #require(throws: PropertyListError.self, "\(format)") { try bad.write(to: path, format: format) }
            #expect(error.code == .propertyListWriteInvalid, "\(format)")
            #expect(try PropertyList(contentsOf: path) == ["version": 2], "\(format)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["settings.plist"], "\(format)")
        }
    }
}
