import Foundation
import Testing
import XMLCoding
import XMLStreaming
import XMLTestSupport

/// The web-service dialects: S3's restXml (a `ListBucketResult` page, an `<Error>`), SOAP 1.1
/// with a WS-Security header, a SOAP 1.2 fault.
@Suite("Service formats: S3 restXml, SOAP 1.1 and 1.2 with WS-Security")
struct ServiceFormatTests {
    func string(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    // MARK: S3

    struct ListBucketResult: Codable, Equatable, XMLKeyNamespace {
        static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
        var name: String
        var prefix: String
        var keyCount: Int
        var maxKeys: Int
        var isTruncated: Bool
        var nextContinuationToken: String?
        var contents: [Object]
        enum CodingKeys: String, CodingKey {
            case name = "Name", prefix = "Prefix", keyCount = "KeyCount", maxKeys = "MaxKeys", isTruncated = "IsTruncated"
            case nextContinuationToken = "NextContinuationToken", contents = "Contents"
        }
    }
    struct Object: Codable, Equatable, XMLKeyNamespace {
        static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
        var key: String
        var lastModified: Date
        var eTag: String
        var size: Int64
        var storageClass: String
        enum CodingKeys: String, CodingKey { case key = "Key", lastModified = "LastModified", eTag = "ETag", size = "Size", storageClass = "StorageClass" }
    }

    /// A page of `count` keys as S3 writes it (one line, milliseconds in every date, quoted ETags).
    static func listBucketPage(count: Int, seed: UInt64) -> (xml: String, objects: [Object]) {
        var random = SeededGenerator(seed: seed)
        var objects: [Object] = []
        var xml = #"<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">"#
            + "<Name>site-photos</Name><Prefix>2024/</Prefix><KeyCount>\(count)</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>true</IsTruncated>"
            + "<NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>"
        for i in 0..<count {
            let millis = Int64.random(in: 1_600_000_000_000...1_750_000_000_000, using: &random)
            // The whole seconds, then the milliseconds as the decimal they are written as.
            let whole = Date(timeIntervalSince1970: Double(millis / 1000))
            let date = Date(timeIntervalSinceReferenceDate: whole.timeIntervalSinceReferenceDate + Double(millis % 1000) / 1000)
            let key = "2024/site-\(i % 97)/photo \(i) & <raw>.jpg"
            let etag = "\"" + String(UInt64.random(in: 0...UInt64.max, using: &random), radix: 16) + "\""
            let size = Int64.random(in: 0...5_000_000_000, using: &random)
            objects.append(Object(key: key, lastModified: date, eTag: etag, size: size, storageClass: "STANDARD"))
            let escapedKey = key.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            let milliseconds = String(millis % 1000)
            let stamp = whole.formatted(Date.ISO8601FormatStyle()).dropLast() + "." + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds + "Z"
            xml += "<Contents><Key>\(escapedKey)</Key><LastModified>\(stamp)</LastModified><ETag>&quot;\(etag.dropFirst().dropLast())&quot;</ETag>"
                + "<Size>\(size)</Size><StorageClass>STANDARD</StorageClass></Contents>"
        }
        return (xml + "</ListBucketResult>", objects)
    }

    @Test("an S3 ListBucketResult page of 1,000 keys: every field, dates with milliseconds, written back in S3's namespace")
    func listBucketResult() throws {
        let (xml, objects) = Self.listBucketPage(count: 1000, seed: 7)
        let page = try XMLDecoder().decode(ListBucketResult.self, from: Array(xml.utf8))
        #expect(page.name == "site-photos" && page.prefix == "2024/" && page.keyCount == 1000 && page.isTruncated)
        #expect(page.nextContinuationToken == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
        #expect(page.contents.count == 1000)
        for (read, written) in zip(page.contents, objects) {
            #expect(read == written)
        }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let data = try encoder.encode(page, withRootKey: "ListBucketResult")
        #expect(string(data).hasPrefix(#"<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>site-photos</Name>"#))
        #expect(!string(data).contains(#"xmlns="""#))
        #expect(try XMLDecoder().decode(ListBucketResult.self, from: data) == page)
    }

    struct S3Error: Codable, Equatable {
        var code: String
        var message: String
        var requestId: String
        var hostId: String
        enum CodingKeys: String, CodingKey { case code = "Code", message = "Message", requestId = "RequestId", hostId = "HostId" }
    }

    @Test("an S3 <Error> document")
    func s3Error() throws {
        let error = try XMLDecoder().decode(S3Error.self, contentsOf: Fixture.path("s3-error.xml"))
        #expect(error == S3Error(
            code: "SlowDown", message: "Please reduce your request rate.", requestId: "4442587FB7D0A2F9",
            hostId: "eftixk72aD6Ap51TnqcoF8eFidJG9Z/2mkiDFu8yU9AS1ed4OpIszj7UDNEHGran"))
        // The same document read as a page is an error naming what is missing, and where.
        #expect {
            try XMLDecoder().decode(ListBucketResult.self, contentsOf: Fixture.path("s3-error.xml"))
        } throws: { error in "\(error)".contains("no attribute or element \"Name\" in the element at") && "\(error)".contains("s3-error.xml:2:1") }
    }

    // MARK: SOAP

    static let soap11 = "http://schemas.xmlsoap.org/soap/envelope/"
    static let wsse = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"
    static let wsu = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"

    struct Envelope<Body: Codable & Equatable>: Codable, Equatable {
        var header: Header?
        var body: Body
        enum CodingKeys: String, CodingKey {
            case header = "{http://schemas.xmlsoap.org/soap/envelope/}Header"
            case body = "{http://schemas.xmlsoap.org/soap/envelope/}Body"
        }
    }
    struct Header: Codable, Equatable {
        var security: Security
        enum CodingKeys: String, CodingKey {
            case security = "{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd}Security"
        }
    }
    struct Security: Codable, Equatable, XMLNodePlacing, XMLKeyNamespace {
        static var keyNamespace: String { ServiceFormatTests.wsse }
        var mustUnderstand: Bool
        var usernameToken: UsernameToken
        enum CodingKeys: String, CodingKey {
            case mustUnderstand = "{http://schemas.xmlsoap.org/soap/envelope/}mustUnderstand"
            case usernameToken = "UsernameToken"
        }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue.hasSuffix("mustUnderstand") ? .attribute : .element }
    }
    struct UsernameToken: Codable, Equatable, XMLNodePlacing, XMLKeyNamespace {
        static var keyNamespace: String { ServiceFormatTests.wsse }
        var id: String
        var username: String
        var password: Password
        var created: Date
        enum CodingKeys: String, CodingKey {
            case id = "{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd}Id"
            case username = "Username", password = "Password"
            case created = "{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd}Created"
        }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue.hasSuffix("}Id") ? .attribute : .element }
    }
    struct Password: Codable, Equatable, XMLNodePlacing {
        var type: String
        var value: String
        enum CodingKeys: String, CodingKey { case type = "Type", value = "" }
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { .attribute }
    }
    struct GetScheduleBody: Codable, Equatable {
        var request: GetSchedule
        enum CodingKeys: String, CodingKey { case request = "{urn:example:schedule}GetSchedule" }
    }
    struct GetSchedule: Codable, Equatable {
        var site: Int
        var from: Date
    }

    @Test("a SOAP 1.1 envelope with a WS-Security header: mustUnderstand=\"1\", wsu:Id, prefixes as the caller declares them")
    func soap11Envelope() throws {
        let envelope = try XMLDecoder().decode(Envelope<GetScheduleBody>.self, contentsOf: Fixture.path("soap11-wssecurity.xml"))
        let token = try #require(envelope.header?.security.usernameToken)
        #expect(envelope.header?.security.mustUnderstand == true)
        #expect(token.id == "UsernameToken-1" && token.username == "site-office")
        #expect(token.password == Password(type: "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText", value: "s3cret"))
        #expect(token.created == Date(timeIntervalSince1970: 1_705_313_472))
        #expect(envelope.body.request == GetSchedule(site: 10001, from: Date(timeIntervalSince1970: 1_705_276_800)))

        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.boolEncodingStrategy = .oneZero
        encoder.namespaceDeclarations = ["soap": Self.soap11, "wsse": Self.wsse, "wsu": Self.wsu, "m": "urn:example:schedule"]
        let data = try encoder.encode(envelope, withRootKey: "{http://schemas.xmlsoap.org/soap/envelope/}Envelope")
        #expect(string(data)
            == #"<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:m="urn:example:schedule" xmlns:wsse="\#(Self.wsse)" xmlns:wsu="\#(Self.wsu)">"#
            + #"<soap:Header><wsse:Security soap:mustUnderstand="1"><wsse:UsernameToken wsu:Id="UsernameToken-1"><wsse:Username>site-office</wsse:Username>"#
            + ##"<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">s3cret</wsse:Password>"##
            + #"<wsu:Created>2024-01-15T10:11:12Z</wsu:Created></wsse:UsernameToken></wsse:Security></soap:Header>"#
            + #"<soap:Body><m:GetSchedule><m:site>10001</m:site><m:from>2024-01-15T00:00:00Z</m:from></m:GetSchedule></soap:Body></soap:Envelope>"#)
        #expect(try XMLDecoder().decode(Envelope<GetScheduleBody>.self, from: data) == envelope)
    }

    struct FaultBody: Codable, Equatable {
        var fault: Fault
        enum CodingKeys: String, CodingKey { case fault = "{http://www.w3.org/2003/05/soap-envelope}Fault" }
    }
    struct Fault: Codable, Equatable, XMLKeyNamespace {
        static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
        var code: Code
        var reason: Reason
        enum CodingKeys: String, CodingKey { case code = "Code", reason = "Reason" }
        struct Code: Codable, Equatable, XMLKeyNamespace {
            static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
            var value: String
            enum CodingKeys: String, CodingKey { case value = "Value" }
        }
        struct Reason: Codable, Equatable, XMLKeyNamespace {
            static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
            var text: [Text]
            enum CodingKeys: String, CodingKey { case text = "Text" }
        }
        struct Text: Codable, Equatable {
            var lang: String
            var value: String
            enum CodingKeys: String, CodingKey { case lang = "{http://www.w3.org/XML/1998/namespace}lang", value = "" }
        }
    }

    @Test("a SOAP 1.2 fault: xml:lang, a qualified name as a value")
    func soap12Fault() throws {
        struct Envelope12: Codable, Equatable {
            var body: FaultBody
            enum CodingKeys: String, CodingKey { case body = "{http://www.w3.org/2003/05/soap-envelope}Body" }
        }
        let envelope = try XMLDecoder().decode(Envelope12.self, contentsOf: Fixture.path("soap12-fault.xml"))
        #expect(envelope.body.fault.code.value == "env:Sender")
        #expect(envelope.body.fault.reason.text.map(\.value) == ["Unknown site 10002"])
        #expect(envelope.body.fault.reason.text.map(\.lang) == ["en"])
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["env": "http://www.w3.org/2003/05/soap-envelope"]
        encoder.nodePlacement = { path in path.last?.stringValue.hasSuffix("}lang") == true ? .attribute : .element }
        let data = try encoder.encode(envelope, withRootKey: "{http://www.w3.org/2003/05/soap-envelope}Envelope")
        #expect(string(data)
            == #"<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><env:Fault><env:Code><env:Value>env:Sender</env:Value></env:Code>"#
            + #"<env:Reason><env:Text xml:lang="en">Unknown site 10002</env:Text></env:Reason></env:Fault></env:Body></env:Envelope>"#)
        #expect(try XMLDecoder().decode(Envelope12.self, from: data) == envelope)
    }

    // MARK: Prefixes where the format expects them

    struct Payload: Codable, Equatable, XMLKeyNamespace, XMLNamespaceDeclaring {
        static var keyNamespace: String { "urn:example:schedule" }
        static var namespaceDeclarations: [String: String] { ["m": "urn:example:schedule"] }
        var site: Int
    }
    struct PayloadBody: Codable, Equatable {
        var request: Payload
        enum CodingKeys: String, CodingKey { case request = "{urn:example:schedule}GetSchedule" }
    }
    @Test("SOAP 1.1 and 1.2 with WS-Security, byte for byte: wsse and wsu declared on <Security>, the payload's on the payload")
    func prefixesWhereTheFormatExpectsThem() throws {
        let token = UsernameToken(
            id: "UsernameToken-1", username: "site-office",
            password: Password(type: "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText", value: "s3cret"),
            created: Date(timeIntervalSince1970: 1_705_313_472))

        func envelope(version: String, flag: String) -> String {
            #"<soap:Envelope xmlns:soap="\#(version)"><soap:Header>"#
                + #"<wsse:Security xmlns:wsse="\#(Self.wsse)" xmlns:wsu="\#(Self.wsu)" soap:mustUnderstand="\#(flag)">"#
                + #"<wsse:UsernameToken wsu:Id="UsernameToken-1"><wsse:Username>site-office</wsse:Username>"#
                + ##"<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">s3cret</wsse:Password>"##
                + #"<wsu:Created>2024-01-15T10:11:12Z</wsu:Created></wsse:UsernameToken></wsse:Security></soap:Header>"#
                + #"<soap:Body><m:GetSchedule xmlns:m="urn:example:schedule"><m:site>10001</m:site></m:GetSchedule></soap:Body></soap:Envelope>"#
        }

        // SOAP 1.1: mustUnderstand="1", in the envelope's namespace.
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.boolEncodingStrategy = .oneZero
        encoder.namespaceDeclarations = ["soap": Self.soap11]
        struct Envelope11: Codable, Equatable, XMLKeyNamespace {
            static var keyNamespace: String { ServiceFormatTests.soap11 }
            var header: SecureHeader11
            var body: PayloadBody
            enum CodingKeys: String, CodingKey { case header = "Header", body = "Body" }
        }
        struct SecureHeader11: Codable, Equatable, XMLKeyNamespace {
            static var keyNamespace: String { ServiceFormatTests.wsse }
            var security: Security11
            enum CodingKeys: String, CodingKey { case security = "Security" }
        }
        struct Security11: Codable, Equatable, XMLNodePlacing, XMLKeyNamespace, XMLNamespaceDeclaring {
            static var keyNamespace: String { ServiceFormatTests.wsse }
            static var namespaceDeclarations: [String: String] { ["wsse": ServiceFormatTests.wsse, "wsu": ServiceFormatTests.wsu] }
            var mustUnderstand: Bool
            var usernameToken: UsernameToken
            enum CodingKeys: String, CodingKey {
                case mustUnderstand = "{http://schemas.xmlsoap.org/soap/envelope/}mustUnderstand", usernameToken = "UsernameToken"
            }
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue.hasSuffix("mustUnderstand") ? .attribute : .element }
        }
        let soap11Value = Envelope11(
            header: SecureHeader11(security: Security11(mustUnderstand: true, usernameToken: token)), body: PayloadBody(request: Payload(site: 10001)))
        let soap11Data = try encoder.encode(soap11Value, withRootKey: "Envelope")
        // <Header> is in the envelope's namespace: SecureHeader11's key namespace is wsse only for its own keys.
        #expect(string(soap11Data) == envelope(version: Self.soap11, flag: "1"))
        #expect(try XMLDecoder().decode(Envelope11.self, from: soap11Data) == soap11Value)

        // SOAP 1.2: mustUnderstand="true".
        let soap12 = "http://www.w3.org/2003/05/soap-envelope"
        struct Envelope12: Codable, Equatable, XMLKeyNamespace {
            static var keyNamespace: String { "http://www.w3.org/2003/05/soap-envelope" }
            var header: SecureHeader12
            var body: PayloadBody
            enum CodingKeys: String, CodingKey { case header = "Header", body = "Body" }
        }
        struct SecureHeader12: Codable, Equatable {
            var security: Security12
            enum CodingKeys: String, CodingKey { case security = "{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd}Security" }
        }
        struct Security12: Codable, Equatable, XMLNodePlacing, XMLKeyNamespace, XMLNamespaceDeclaring {
            static var keyNamespace: String { ServiceFormatTests.wsse }
            static var namespaceDeclarations: [String: String] { ["wsse": ServiceFormatTests.wsse, "wsu": ServiceFormatTests.wsu] }
            var mustUnderstand: Bool
            var usernameToken: UsernameToken
            enum CodingKeys: String, CodingKey {
                case mustUnderstand = "{http://www.w3.org/2003/05/soap-envelope}mustUnderstand", usernameToken = "UsernameToken"
            }
            static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue.hasSuffix("mustUnderstand") ? .attribute : .element }
        }
        encoder.boolEncodingStrategy = .trueFalse
        encoder.namespaceDeclarations = ["soap": soap12]
        let soap12Value = Envelope12(
            header: SecureHeader12(security: Security12(mustUnderstand: true, usernameToken: token)), body: PayloadBody(request: Payload(site: 10001)))
        let soap12Data = try encoder.encode(soap12Value, withRootKey: "Envelope")
        #expect(string(soap12Data) == envelope(version: soap12, flag: "true"))
        #expect(try XMLDecoder().decode(Envelope12.self, from: soap12Data) == soap12Value)
    }

    @Test("namespaceDeclarationStrategy: all on the root, only the used ones, or each where it is needed")
    func declarationStrategies() throws {
        struct Item: Codable, Equatable {
            var a: String
            var b: [String]
            enum CodingKeys: String, CodingKey { case a = "{urn:a}a", b = "{urn:b}b" }
        }
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        encoder.namespaceDeclarations = ["a": "urn:a", "b": "urn:b", "unused": "urn:unused"]
        let item = Item(a: "1", b: ["2", "3"])
        #expect(string(try encoder.encode(item, withRootKey: "item"))
            == #"<item xmlns:a="urn:a" xmlns:b="urn:b" xmlns:unused="urn:unused"><a:a>1</a:a><b:b>2</b:b><b:b>3</b:b></item>"#)
        encoder.namespaceDeclarationStrategy = .usedOnRoot
        #expect(string(try encoder.encode(item, withRootKey: "item"))
            == #"<item xmlns:a="urn:a" xmlns:b="urn:b"><a:a>1</a:a><b:b>2</b:b><b:b>3</b:b></item>"#)
        encoder.namespaceDeclarationStrategy = .whereUsed
        let data = try encoder.encode(item, withRootKey: "item")
        #expect(string(data)
            == #"<item><a:a xmlns:a="urn:a">1</a:a><b:b xmlns:b="urn:b">2</b:b><b:b xmlns:b="urn:b">3</b:b></item>"#)
        #expect(try XMLDecoder().decode(Item.self, from: data) == item)
    }

    // MARK: One parse, the type the root calls for

    struct ErrorResponse: Decodable, Equatable {
        var error: S3Error
        var requestId: String
        enum CodingKeys: String, CodingKey { case error = "Error", requestId = "RequestId" }
    }

    @Test("an answer read once, decoded as the page or the error its document element names")
    func rootDispatch() async throws {
        struct Failure: Error { var error: S3Error }
        func page(from bytes: [UInt8]) throws -> ListBucketResult {
            let document = try XMLDecoder().document(from: bytes, fileName: "answer.xml")
            switch document.rootName.localName {
            case "Error": throw Failure(error: try document.decode(S3Error.self))
            case "ErrorResponse": throw Failure(error: try document.decode(ErrorResponse.self).error)
            default: return try document.decode(ListBucketResult.self)
            }
        }
        let (xml, objects) = Self.listBucketPage(count: 3, seed: 1)
        #expect(try page(from: Array(xml.utf8)).contents == objects)
        #expect {
            try page(from: try Fixture.bytes("s3-error.xml"))
        } throws: { error in (error as? Failure)?.error.code == "SlowDown" }
        let wrapped = "<ErrorResponse><Error><Code>Throttling</Code><Message>Rate exceeded</Message><RequestId>r</RequestId><HostId>h</HostId></Error><RequestId>r</RequestId></ErrorResponse>"
        #expect {
            try page(from: Array(wrapped.utf8))
        } throws: { error in (error as? Failure)?.error.code == "Throttling" }

        // The name has its namespace and prefix; the file, each source, the settings of the read.
        let document = try XMLDecoder().document(contentsOf: Fixture.path("soap12-fault.xml"))
        #expect(document.rootName == XMLQualifiedName(localName: "Envelope", namespaceURI: "http://www.w3.org/2003/05/soap-envelope", prefix: "env"))
        let decoder = XMLDecoder()
        decoder.dateDecodingStrategy = .rfc822
        let opml = try decoder.document(contentsOf: URL(fileURLWithPath: Fixture.path("opml.xml")))
        decoder.dateDecodingStrategy = .iso8601
        struct Head: Decodable { var head: Dated; struct Dated: Decodable { var dateCreated: Date } }
        #expect(try opml.decode(Head.self).head.dateCreated == Date(timeIntervalSince1970: 1_705_313_472))
        let chunks = AsyncStream<[UInt8]> { continuation in
            for byte in Array(xml.utf8) { continuation.yield([byte]) }
            continuation.finish()
        }
        #expect(try await XMLDecoder().document(from: chunks).rootName.namespaceURI == "http://s3.amazonaws.com/doc/2006-03-01/")
        // A decoding error still says where, with the file's name.
        #expect {
            try XMLDecoder().document(from: try Fixture.bytes("s3-error.xml"), fileName: "answer.xml").decode(ListBucketResult.self)
        } throws: { error in "\(error)".contains("answer.xml:2:1") }
    }
}
