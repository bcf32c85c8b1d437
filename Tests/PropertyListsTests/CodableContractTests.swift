import Foundation
import PropertyLists
import Testing

// The subclass pattern: the superclass's values under `super`, with no `super` case in
// either type's CodingKeys.
class Vehicle: Codable {
    var wheels: Int
    init(wheels: Int) { self.wheels = wheels }
}

final class Truck: Vehicle {
    var load: Double
    enum CodingKeys: String, CodingKey { case load, chassis }

    init(wheels: Int, load: Double) {
        self.load = load
        super.init(wheels: wheels)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        load = try container.decode(Double.self, forKey: .load)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(load, forKey: .load)
        try super.encode(to: container.superEncoder())
    }
}

/// The same, with the superclass under a key of the type's own, and in an array.
final class Van: Vehicle {
    enum CodingKeys: String, CodingKey { case chassis }

    init() { super.init(wheels: 4) }

    required init(from decoder: any Decoder) throws {
        var items = try decoder.unkeyedContainer()
        let keyed = try items.nestedContainer(keyedBy: CodingKeys.self)
        try super.init(from: keyed.superDecoder(forKey: .chassis))
        let again = try items.superDecoder()
        #expect(try again.singleValueContainer().decode(String.self) == "end")
    }

    override func encode(to encoder: any Encoder) throws {
        var items = encoder.unkeyedContainer()
        var keyed = items.nestedContainer(keyedBy: CodingKeys.self)
        try super.encode(to: keyed.superEncoder(forKey: .chassis))
        var last = items.superEncoder().singleValueContainer()
        try last.encode("end")
    }
}

class Person: Codable {
    var name: String
    init(name: String) { self.name = name }
}

final class Employee: Person {
    var salary: Int
    enum CodingKeys: String, CodingKey { case salary }

    init(name: String, salary: Int) {
        self.salary = salary
        super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
        salary = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .salary)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(salary, forKey: .salary)
    }
}

/// Asks for the nested container under `top` twice, of the same kind.
struct TwoVisits: Encodable {
    enum Keys: String, CodingKey { case top, list, first, second }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var once = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
        try once.encode(1, forKey: .first)
        var twice = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
        try twice.encode(2, forKey: .second)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode("a")
        var more = container.nestedUnkeyedContainer(forKey: .list)
        try more.encode("b")
    }
}

/// Asks for a keyed and then an unkeyed container under one key: a programming error.
struct MixedVisits: Encodable {
    enum Keys: String, CodingKey { case top }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        _ = container.nestedContainer(keyedBy: Keys.self, forKey: .top)
        _ = container.nestedUnkeyedContainer(forKey: .top)
    }
}

/// Writes `nil` explicitly, as hand-written `encode(to:)` methods do.
struct ExplicitNil: Codable, Equatable {
    var note: String?
    var count: Int
    enum CodingKeys: String, CodingKey { case note, count }
    init(note: String?, count: Int) {
        self.note = note
        self.count = count
    }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        count = try container.decode(Int.self, forKey: .count)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(note, forKey: .note)  // nil goes through encodeNil(forKey:)
        try container.encode(count, forKey: .count)
    }
}

struct Labelled: Codable, Equatable {
    struct Item: Codable, Equatable { var title: String }
    var name: String
    var items: [Item]
}

/// Encoding needs a configuration: the prefix each name is written with.
struct Tagged: EncodableWithConfiguration, DecodableWithConfiguration, Equatable {
    var name: String
    enum CodingKeys: String, CodingKey { case name }
    init(name: String) { self.name = name }
    func encode(to encoder: any Encoder, configuration: String) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configuration + name, forKey: .name)
    }
    init(from decoder: any Decoder, configuration: String) throws {
        let stored = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        name = String(stored.dropFirst(configuration.count))
    }
}

enum TagPrefix: EncodingConfigurationProviding, DecodingConfigurationProviding {
    static var encodingConfiguration: String { "tag:" }
    static var decodingConfiguration: String { "tag:" }
}

/// A subclass, as Foundation's coders can be subclassed.
final class CountingEncoder: PlistEncoder, @unchecked Sendable {
    nonisolated(unsafe) var calls = 0
    override func encode<Value: Encodable>(_ value: Value) throws -> Data {
        calls += 1
        return try super.encode(value)
    }
}

@Suite("Codable: Foundation's contract")
struct CodableContractTests {
    @Test("superEncoder() and superDecoder() keep a superclass's values under super, as Foundation does")
    func superclass() throws {
        let encoder = PlistEncoder()
        let plist = try encoder.encodeValue(Truck(wheels: 6, load: 7.5))
        #expect(plist == ["load": 7.5, "super": ["wheels": 6]])
        let truck = try PlistDecoder().decode(Truck.self, from: try encoder.encode(Truck(wheels: 6, load: 7.5)))
        #expect(truck.wheels == 6 && truck.load == 7.5)
        // Foundation's own decoder reads what ours wrote, and ours what Foundation wrote.
        let theirs = try PropertyListDecoder().decode(Truck.self, from: try encoder.encode(Truck(wheels: 4, load: 1)))
        #expect(theirs.wheels == 4)
        let ours = try PlistDecoder().decode(Truck.self, from: try PropertyListEncoder().encode(Truck(wheels: 8, load: 2)))
        #expect(ours.wheels == 8 && ours.load == 2)

        // superEncoder(forKey:) and the unkeyed superEncoder().
        #expect(try encoder.encodeValue(Van()) == [["chassis": ["wheels": 4]], "end"])
        #expect(try PlistDecoder().decode(Van.self, from: try encoder.encode(Van())).wheels == 4)

        // No `super` in the file: nil there, as in Foundation (valueNotFound at `super`).
        do {
            _ = try PlistDecoder().decode(Truck.self, from: ["load": 1.0] as PropertyList)
            Issue.record("decoded without the superclass's values")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["super"])
        }
    }

    @Test("a second nested container under one key adds to the first")
    func nestedTwice() throws {
        #expect(try PlistEncoder().encodeValue(TwoVisits()) == ["top": ["first": 1, "second": 2], "list": ["a", "b"]])
    }

    @Test("a keyed and an unkeyed container under one key stop the program, as Foundation's do")
    func nestedKindsDiffer() async {
        await #expect(processExitsWith: .failure) {
            _ = try? PlistEncoder().encodeValue(MixedVisits())
        }
    }

    @Test("a failed decode in an unkeyed container does not move past the element")
    func unkeyedRetry() throws {
        struct Loose: Decodable {
            var values: [String] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while !container.isAtEnd {
                    let before = container.currentIndex
                    if let number = try? container.decode(Int.self) {
                        values.append("int \(number)")
                    } else {
                        #expect(container.currentIndex == before)
                        values.append("string \(try container.decode(String.self))")
                    }
                }
            }
        }
        #expect(try PlistDecoder().decode(Loose.self, from: [1, "a", 2] as PropertyList).values == ["int 1", "string a", "int 2"])
    }

    @Test("decode(Employee.self as Person.Type, from:) makes the type passed in")
    func dynamicMetatype() throws {
        let data = try PlistEncoder().encode(Employee(name: "Ada", salary: 5))
        let type: Person.Type = Employee.self
        let decoded = try PlistDecoder().decode(type, from: data)
        #expect(Swift.type(of: decoded) == Employee.self)
        #expect((decoded as? Employee)?.salary == 5)
        #expect(decoded.name == "Ada")
    }

    @Test("nil is written as $null and read back as nil, as Foundation's coders do")
    func nullString() throws {
        let encoder = PlistEncoder()
        #expect(try encoder.encodeValue(ExplicitNil(note: nil, count: 2)) == ["note": "$null", "count": 2])
        #expect(try encoder.encodeValue([1, nil, 3] as [Int?]) == [1, "$null", 3])
        #expect(try PlistDecoder().decode([Int?].self, from: try encoder.encode([1, nil, 3] as [Int?])) == [1, nil, 3])
        #expect(try PlistDecoder().decode(ExplicitNil.self, from: ["note": "$null", "count": 2] as PropertyList) == ExplicitNil(note: nil, count: 2))

        // Files Foundation wrote read as nil; what we write Foundation reads as nil.
        let foundation = PropertyListEncoder()
        #expect(try PlistDecoder().decode([Int?].self, from: try foundation.encode([nil, 4] as [Int?])) == [nil, 4])
        #expect(try PlistDecoder().decode(ExplicitNil.self, from: try foundation.encode(ExplicitNil(note: nil, count: 1))) == ExplicitNil(note: nil, count: 1))
        #expect(try PropertyListDecoder().decode([Int?].self, from: try encoder.encode([nil, 4] as [Int?])) == [nil, 4])

        // Where a value is needed, $null is a missing value, as Foundation reports it.
        do {
            _ = try PlistDecoder().decode([String: String].self, from: ["x": "$null"] as PropertyList)
            Issue.record("$null decoded as a String")
        } catch DecodingError.valueNotFound(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
            #expect(context.codingPath.map(\.stringValue) == ["x"])
        }

        // The option: leave keyed nils out, refuse the others.
        encoder.nilEncodingStrategy = .omit
        #expect(try encoder.encodeValue(ExplicitNil(note: nil, count: 2)) == ["count": 2])
        do {
            _ = try encoder.encodeValue(["a": [1, nil]] as [String: [Int?]])
            Issue.record("nil in an array encoded with .omit")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["a", "Index 1"])
        }
    }

    @Test("a string XML cannot hold is refused with its coding path, or stripped when asked")
    func unwritableCharacters() throws {
        let value = Labelled(name: "ok", items: [.init(title: "fine"), .init(title: "val\0ue")])
        let encoder = PlistEncoder()
        encoder.outputFormat = .xml
        do {
            _ = try encoder.encode(value)
            Issue.record("U+0000 written to an XML plist")
        } catch EncodingError.invalidValue(let refused, let context) {
            #expect(refused as? String == "val\0ue")
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1", "title"])
            #expect(context.codingPath.map(\.intValue) == [nil, 1, nil])
            #expect(context.debugDescription == "items[1].title: the string holds U+0000, which an XML plist cannot hold (binary and JSON plists can)")
        }
        encoder.invalidXMLCharacters = .strip
        #expect(try PlistDecoder().decode(Labelled.self, from: try encoder.encode(value)).items[1].title == "value")
        // Binary plists hold it as it is.
        encoder.outputFormat = .binary
        #expect(try PlistDecoder().decode(Labelled.self, from: try encoder.encode(value)) == value)
        // PropertyList's own writer names the key path.
        #expect(throws: PropertyListError.self) { try PropertyList.dictionary(["a": ["b\u{1}"]]).data(format: .xml) }
        do {
            _ = try PropertyList.dictionary(["a": ["b\u{1}"]]).data(format: .xml)
        } catch let error as PropertyListError {
            #expect(error.keyPath == "a.0")
            #expect(error.code == .propertyListWriteInvalid)
        }
    }

    @Test("array positions in coding paths are named as Foundation names them")
    func indexKeys() throws {
        var ours: [any CodingKey] = []
        var theirs: [any CodingKey] = []
        let data = try PlistEncoder().encode(["k": [1, 2]])
        struct Wrong: Decodable { var k: [String] }
        do { _ = try PlistDecoder().decode(Wrong.self, from: data) } catch DecodingError.typeMismatch(_, let context) { ours = context.codingPath }
        do { _ = try PropertyListDecoder().decode(Wrong.self, from: data) } catch DecodingError.typeMismatch(_, let context) { theirs = context.codingPath }
        #expect(ours.map(\.stringValue) == ["k", "Index 0"])
        #expect(ours.map(\.stringValue) == theirs.map(\.stringValue))
        #expect(ours.map(\.intValue) == theirs.map(\.intValue))
    }

    @Test("the coders have Foundation's shape: classes, binary by default, configurations, streams")
    func foundationShape() throws {
        let encoder = PlistEncoder()
        #expect(encoder.outputFormat == .binary)
        let binary = try encoder.encode(["a": 1])
        #expect(binary.starts(with: Array("bplist00".utf8)))
        encoder.outputFormat = .xml
        #expect(String(decoding: try encoder.encode(["a": 1]), as: UTF8.self).hasPrefix("<?xml"))

        // The format as Foundation's type, both ways.
        var format = PropertyListSerialization.PropertyListFormat.openStep
        #expect(try PlistDecoder().decode([String: Int].self, from: binary, format: &format) == ["a": 1])
        #expect(format == .binary)
        var ours = PlistDecoder.PropertyListFormat.xml
        _ = try PlistDecoder().decode([String: Int].self, from: binary, format: &ours)
        #expect(ours == .binary)
        #expect(PropertyList.Format(PropertyListSerialization.PropertyListFormat.openStep) == .openStep)

        // EncodableWithConfiguration and DecodableWithConfiguration, by value and by provider.
        let tagged = try encoder.encode(Tagged(name: "x"), configuration: "tag:")
        #expect(try PropertyList(data: tagged) == ["name": "tag:x"])
        #expect(try PlistDecoder().decode(Tagged.self, from: tagged, configuration: "tag:") == Tagged(name: "x"))
        let provided = try encoder.encode(Tagged(name: "y"), configuration: TagPrefix.self)
        #expect(try PlistDecoder().decode(Tagged.self, from: provided, configuration: TagPrefix.self) == Tagged(name: "y"))

        // An InputStream, opened or not.
        let stream = InputStream(data: binary)
        #expect(try PlistDecoder().decode([String: Int].self, from: stream) == ["a": 1])
        #expect(try PropertyList(stream: InputStream(data: binary)) == ["a": 1])

        // Subclasses override as Foundation's allow.
        let counting = CountingEncoder()
        _ = try counting.encode(["a": 1])
        #expect(counting.calls == 1)
    }

    @Test("data that is no property list is DecodingError.dataCorrupted with Foundation's CocoaError underneath")
    func unreadableData() throws {
        do {
            _ = try PlistDecoder().decode([Int].self, from: Data("<plist><array>\n<integer>x</integer></array></plist>".utf8))
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
            #expect(context.debugDescription == "the data is not a valid property list: line 2, column 11: \"x\" is not an integer")
            #expect((context.underlyingError as? CocoaError)?.code == .propertyListReadCorrupt)
        }
    }

    @Test("a subclass that overrides an option is heard, as Foundation's encode reads self.outputFormat")
    func overriddenOption() throws {
        final class XMLEncoder: PlistEncoder, @unchecked Sendable {
            override var outputFormat: PropertyList.Format {
                get { .xml }
                set {}
            }
        }
        #expect(String(decoding: try XMLEncoder().encode(["a": 1]), as: UTF8.self).hasPrefix("<?xml"))
    }

    @Test("a value that encodes nothing is an empty dictionary inside another, and an error at the top level")
    func encodesNothing() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct Holder: Encodable { var inner = Nothing(); var list = [Nothing()] }
        #expect(try PlistEncoder().encodeValue(Holder()) == ["inner": [:], "list": [[:]]])
        #expect(throws: EncodingError.self) { try PlistEncoder().encode(Nothing()) }
    }

    @Test("Foundation's decoding checks: a real too large for a Float, decodeNil for a missing key, Int-backed keys in messages")
    func decodingChecks() throws {
        #expect(throws: DecodingError.self) { try PlistDecoder().decode([Float].self, from: [1e300] as PropertyList) }
        struct Probe: Decodable {
            enum CodingKeys: String, CodingKey { case missing }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                #expect(throws: DecodingError.self) { try container.decodeNil(forKey: .missing) }
            }
        }
        _ = try PlistDecoder().decode(Probe.self, from: [:] as PropertyList)
        struct Numbered: Decodable {
            var name: String
            enum CodingKeys: Int, CodingKey { case name }
        }
        do {
            _ = try PlistDecoder().decode(Numbered.self, from: ["name": 5] as PropertyList)
            Issue.record("an integer decoded as a String")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription == "name: expected a string, found an integer 5")
        }
    }

    @Test("Date.distantPast and distantFuture encode in every format, as Foundation's do")
    func distantDates() throws {
        struct Span: Codable, Equatable { var from = Date.distantPast; var to = Date.distantFuture }
        for format in [PropertyList.Format.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            #expect(try PlistDecoder().decode(Span.self, from: try encoder.encode(Span())) == Span())
        }
        let xml = try PropertyList.date(.distantPast).data(format: .xml)
        #expect(String(decoding: xml, as: UTF8.self).contains("<date>0000-12-30T00:00:00Z</date>"))
    }

    @Test("a value a format cannot hold is an EncodingError at its coding path, in every format")
    func unwritableInEveryFormat() throws {
        let encoder = PlistEncoder()
        encoder.outputFormat = .json
        do {
            _ = try encoder.encode(["a": [Date(timeIntervalSince1970: 0)]])
            Issue.record("a date written as JSON")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["a", "Index 0"])
        }
        encoder.outputFormat = .binary
        do {
            _ = try encoder.encode(["b": Date(timeIntervalSince1970: 1e19)])
            Issue.record("a date past the year 99,999,999 written")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["b"])
        }
    }
}
