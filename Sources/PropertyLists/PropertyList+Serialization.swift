import Foundation
import XMLStreaming
import XMLWriting

extension PropertyList {
    /// The file formats.
    public enum Format: String, Sendable, CaseIterable {
        /// Apple's XML plist (`xml1`).
        case xml = "xml1"
        /// `bplist00` (`binary1`).
        case binary = "binary1"
        /// JSON, for the types JSON has (`json`).
        case json
        /// OpenStep, the ASCII format of NeXT-era files and Xcode projects (`openstep`).
        case openStep = "openstep"
    }

    /// Which format `data` is in, by its first bytes; `nil` when it is neither.
    public static func format(of data: some Collection<UInt8>) -> Format? {
        let quick = quickFormat(of: data)
        if quick != .xml, quick != .binary, let text = try? PlistTextEncoding.utf8(Array(data)) { return format(of: text) }
        guard quick == .json else { return quick }
        // `{`, `(`, `"`, digits and words are JSON or OpenStep: JSON when it parses as JSON.
        var reader = JSONPropertyListReader(Array(contentStart(of: data)))
        return (try? reader.read()) != nil ? .json : .openStep
    }

    /// The format by the first bytes alone: binary, XML, OpenStep data, or `.json` for
    /// text that is JSON or OpenStep (only a parse tells them apart); `nil` when empty.
    static func quickFormat<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Format? {
        // Any version: the reader names the one it does not read.
        if bytes.starts(with: Array("bplist".utf8)), bytes.count >= 8 { return .binary }
        if isUTF16XML(bytes) { return .xml }
        let rest = contentStart(of: bytes)
        if rest.first == UInt8(ascii: "<") { return isOpenStepData(rest) ? .openStep : .xml }
        // Only white space: OpenStep's empty dictionary, as CoreFoundation reads it.
        if rest.isEmpty { return bytes.isEmpty ? nil : .openStep }
        return .json
    }

    /// Whether the bytes are XML in UTF-16 (either byte order, with or without a byte order
    /// mark), which the stream parser reads: `<` after the mark and any white space.
    private static func isUTF16XML<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var units = Array(bytes.prefix(512))
        var bigEndian: Bool
        if units.starts(with: [0xFE, 0xFF]) {
            bigEndian = true
            units.removeFirst(2)
        } else if units.starts(with: [0xFF, 0xFE]) {
            bigEndian = false
            units.removeFirst(2)
        } else if units.starts(with: [0x00, 0x3C]) {
            bigEndian = true
        } else if units.starts(with: [0x3C, 0x00]) {
            bigEndian = false
        } else {
            return false
        }
        var i = 0
        while i + 1 < units.count {
            let unit = bigEndian ? UInt16(units[i]) << 8 | UInt16(units[i + 1]) : UInt16(units[i + 1]) << 8 | UInt16(units[i])
            switch unit {
            case 0x20, 0x09, 0x0A, 0x0D: i += 2
            case 0x3C: return true
            default: return false
            }
        }
        return false
    }

    /// Whether the text is one OpenStep data value, `<0fa3 …>`: hex digits and white space
    /// up to `>`, then only white space. (An XML plist starts with `<?`, `<!` or `<plist`,
    /// never with hex digits alone up to a `>` that ends the file.)
    private static func isOpenStepData<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        var sawEnd = false
        for b in text.dropFirst() {
            let isSpace = b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
            if sawEnd {
                if !isSpace { return false }
            } else if b == UInt8(ascii: ">") {
                sawEnd = true
            } else if !(isSpace || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66)) {
                return false
            }
        }
        return sawEnd
    }

    /// The bytes after a UTF-8 byte order mark and leading XML whitespace.
    private static func contentStart<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Bytes.SubSequence {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        while let first = rest.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D { rest = rest.dropFirst() }
        return rest
    }

    /// Reads a property list, its format detected: XML (UTF-8, or UTF-16 or UTF-32 with a
    /// byte-order mark), binary, JSON or OpenStep (UTF-8, or UTF-16 with a byte-order mark,
    /// as `.strings` files usually are).
    public init(data: some Collection<UInt8>) throws {
        self = try Self.read(data).value
    }

    /// Reads a property list, and says which format it was in (what ``format(of:)`` says
    /// of the same bytes, found by the reading itself).
    static func read(_ data: some Collection<UInt8>) throws -> (value: PropertyList, format: Format) {
        let bytes = Array(data)
        let format = Self.quickFormat(of: bytes)
        if format != .xml, format != .binary, let text = try PlistTextEncoding.utf8(bytes) {
            return try read(bytes: text, format: Self.quickFormat(of: text), transcoded: true)
        }
        return try read(bytes: bytes, format: format, transcoded: false)
    }

    /// Reads `bytes` in `format` (from ``quickFormat(of:)``); `transcoded` says they were
    /// converted to UTF-8 from the encoding their XML declaration may still name.
    private static func read(bytes: [UInt8], format: Format?, transcoded: Bool) throws -> (value: PropertyList, format: Format) {
        switch format {
        case .binary?:
            var reader = try BinaryPropertyListReader(bytes)
            return (try reader.read(), .binary)
        case .xml?:
            return (try Self.readXML(bytes, encoding: transcoded ? .utf8 : nil), .xml)
        case .json?, .openStep?:
            // JSON when it is JSON, OpenStep otherwise.
            var json = JSONPropertyListReader(bytes)
            let jsonError: PropertyListError
            do {
                return (try json.read(), .json)
            } catch {
                jsonError = error as? PropertyListError ?? PropertyListError("\(error)")
            }
            var reader = OpenStepPropertyListReader(bytes)
            do {
                return (try reader.read(), .openStep)
            } catch let error as PropertyListError {
                // Neither: the reading that got further says what is wrong. JSON with a null
                // or a trailing comma fails late as JSON but at the first ":" as OpenStep.
                let jsonReach = jsonError.position?.byteOffset ?? 0
                let openStepReach = error.position?.byteOffset ?? 0
                if jsonReach > openStepReach {
                    let message = jsonError.message.hasPrefix("JSON") ? jsonError.message : "JSON: " + jsonError.message
                    throw PropertyListError(message, position: jsonError.position)
                }
                throw error
            }
        case nil:
            throw PropertyListError("not a property list: the input is empty")
        }
    }

    /// Reads a property-list file, its format detected. A file that cannot be read is an
    /// `XMLInputError` naming it, as for every reader of the package.
    public init(contentsOf path: String) throws {
        try self.init(data: XMLInputError.readWholeFile(path))
    }

    /// An XML plist: most files by the scanner; what it does not read for certain, by expat
    /// (`scanning: false` skips the scanner, for the tests that compare the two).
    static func readXML(_ bytes: [UInt8], encoding: XMLEncodingName?, scanning: Bool = true) throws -> PropertyList {
        if scanning, encoding == nil, let value = XMLPlistScanner.read(bytes) { return value }
        let parser = XMLStreamParser(
            handler: XMLPropertyListReader(), options: XMLParserOptions(processesNamespaces: false, encoding: encoding))
        do {
            try parser.parse(bytes)
        } catch let error as XMLParseError {
            throw PropertyListError(error.message, position: error.position, fileName: error.fileName)
        }
        guard let result = parser.handler.result else { throw PropertyListError("the plist holds no value") }
        return result
    }

    /// What a writer does with characters an XML plist cannot hold (U+0000 and the other
    /// control characters but tab, line feed and carriage return, U+FFFE and U+FFFF): the
    /// XML writer's own policy. Plists default to `.throw`, refusing the value with a
    /// ``PropertyListError`` naming its key path (as Foundation and plistlib refuse it), so
    /// nothing is dropped silently; `.strip` leaves the characters out, `.replace` writes
    /// U+FFFD.
    public typealias InvalidXMLCharacterPolicy = XMLCharacterPolicy

    /// The value as a file in `format`. Dictionary keys are sorted unless `sortsKeys` is
    /// false (then they keep their order). A value the format cannot hold throws a
    /// ``PropertyListError`` with code `.propertyListWriteInvalid` and the value's key path.
    public func data(
        format: Format, sortsKeys: Bool = true, json: JSONOptions = JSONOptions(),
        invalidXMLCharacters: InvalidXMLCharacterPolicy = .throw
    ) throws -> Data {
        do {
            switch format {
            case .json:
                return Data(try JSONPropertyListWriter.write(self, options: json, sortsKeys: sortsKeys))
            case .openStep:
                return Data(try OpenStepPropertyListWriter.write(self, sortsKeys: sortsKeys))
            case .xml:
                let writer = try XMLStreamWriter(to: .memory, options: XMLPropertyListWriter.writerOptions(invalidXMLCharacters))
                try XMLPropertyListWriter(writer: writer, sortsKeys: sortsKeys).write(self)
                try writer.finish()
                return Data(writer.bytes)
            case .binary:
                var writer = BinaryPropertyListWriter(sortsKeys: sortsKeys)
                return Data(try writer.write(self))
            }
        } catch var error as PropertyListError {
            error.code = .propertyListWriteInvalid
            throw error
        }
    }

    /// Writes the value to a file, atomically (see `AtomicFile` in XMLWriting): a temporary
    /// file beside it, then a rename, so a failure leaves the old file as it was; a replaced
    /// file keeps its mode, and a symbolic link keeps pointing at the new content.
    public func write(
        to path: String, format: Format, sortsKeys: Bool = true, invalidXMLCharacters: InvalidXMLCharacterPolicy = .throw
    ) throws {
        switch format {
        case .xml:
            // The writer's file output: temporary file, fsync, rename.
            let writer = try XMLStreamWriter(to: .file(path: path), options: XMLPropertyListWriter.writerOptions(invalidXMLCharacters))
            do {
                try XMLPropertyListWriter(writer: writer, sortsKeys: sortsKeys).write(self)
                try writer.finish()
            } catch var error as PropertyListError {
                writer.abandon()
                error.code = .propertyListWriteInvalid
                throw error
            } catch {
                writer.abandon()
                throw error
            }
        case .binary, .json, .openStep:
            try AtomicFile.write(try data(format: format, sortsKeys: sortsKeys), to: path)
        }
    }
}
