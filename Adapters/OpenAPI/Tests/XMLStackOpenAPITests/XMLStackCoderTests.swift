import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime
import Testing
import XMLCoding
import XMLStackOpenAPI
import XMLStreaming

/// The coder through the runtime's `Converter`, as the code swift-openapi-generator writes
/// for an `application/xml` body calls it.
@Suite("XMLStackCoder: XML bodies of generated clients and servers")
struct XMLStackCoderTests {
    struct Pet: Codable, Equatable, XMLNodePlacing {
        var id: Int
        var name: String
        var tag: [String]
        static func nodePlacement(for key: any CodingKey) -> XMLNodePlacement { key.stringValue == "id" ? .attribute : .element }
    }

    @Test("a client's request body is written by the encoder, and a server reads it back with the decoder")
    func requestBody() async throws {
        let encoder = XMLEncoder()
        encoder.writesDeclaration = false
        let converter = Converter(configuration: Configuration(xmlCoder: XMLStackCoder(encoder: encoder)))
        var fields = HTTPFields()
        let pet = Pet(id: 7, name: "Rex & Co", tag: ["dog", "good"])
        let body = try converter.setRequiredRequestBodyAsXML(pet, headerFields: &fields, contentType: "application/xml")
        #expect(fields[.contentType] == "application/xml")
        let bytes = try await Data(collecting: body, upTo: 1 << 20)
        #expect(String(decoding: bytes, as: UTF8.self) == #"<pet id="7"><name>Rex &amp; Co</name><tag>dog</tag><tag>good</tag></pet>"#)
        let read = try await converter.getRequiredRequestBodyAsXML(Pet.self, from: HTTPBody(bytes), transforming: { $0 })
        #expect(read == pet)
    }

    struct ListBucketResult: Codable, Equatable, XMLKeyNamespace {
        static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
        var name: String
        var contents: [Object]
        enum CodingKeys: String, CodingKey { case name = "Name", contents = "Contents" }
        struct Object: Codable, Equatable, XMLKeyNamespace {
            static var keyNamespace: String { "http://s3.amazonaws.com/doc/2006-03-01/" }
            var key: String
            var lastModified: Date
            enum CodingKeys: String, CodingKey { case key = "Key", lastModified = "LastModified" }
        }
    }

    @Test("a server's response body under the root key the caller names, in a namespace; a client decodes it")
    func responseBody() async throws {
        let coder = XMLStackCoder(rootKey: { type in
            type == ListBucketResult.self ? "{http://s3.amazonaws.com/doc/2006-03-01/}ListBucketResult" : nil
        })
        let converter = Converter(configuration: Configuration(xmlCoder: coder))
        let listing = ListBucketResult(
            name: "photos", contents: [.init(key: "2024/a.jpg", lastModified: Date(timeIntervalSince1970: 1_705_313_472.345))])
        var fields = HTTPFields()
        let body = try converter.setResponseBodyAsXML(listing, headerFields: &fields, contentType: "application/xml")
        let text = try await String(collecting: body, upTo: 1 << 20)
        #expect(text.contains(#"<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>photos</Name>"#))
        let read = try await converter.getResponseBodyAsXML(ListBucketResult.self, from: HTTPBody(text), transforming: { $0 })
        #expect(read == listing)
    }

    @Test("a body that does not fit the type fails with XMLCoding's error: the coding path, the line and the column")
    func decodingError() async throws {
        let converter = Converter(configuration: Configuration(xmlCoder: XMLStackCoder()))
        let body = HTTPBody("<pet id=\"x\">\n  <name>Rex</name>\n</pet>")
        await #expect {
            _ = try await converter.getResponseBodyAsXML(Pet.self, from: body, transforming: { $0 })
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["id"] && context.debugDescription.contains("line 1, column 1")
        }
        // Not well-formed: the parser's error, with its position.
        await #expect {
            _ = try await converter.getResponseBodyAsXML(Pet.self, from: HTTPBody("<pet id='1'><name>Rex</pet>"), transforming: { $0 })
        } throws: { error in
            guard let error = error as? XMLParseError else { return false }
            return error.position.line == 1 && error.position.column == 24
        }
    }
}
