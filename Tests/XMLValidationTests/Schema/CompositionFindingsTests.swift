import Foundation
import Testing
import XMLStreaming
import XMLTestSupport
import XMLValidation

/// What a differential campaign on schema composition found (2026-11-29: 4,659 cases on
/// include, import, redefine, namespaces, wildcards, `xsi:nil` and content models, against
/// xmllint 2.9.14 and xmlschema 4.3.2), each with the verdict XML Schema 1.0 gives.
@Suite("XSD: composition and namespaces, the campaign's findings")
struct CompositionFindingsTests {
    static let xs = #"xmlns:xs="http://www.w3.org/2001/XMLSchema""#

    /// A directory of schema documents, each written as `<xs:schema …>BODY</xs:schema>`
    /// with the attributes given.
    final class Documents {
        let directory: TemporaryDirectory
        init() throws { directory = try TemporaryDirectory() }

        @discardableResult
        func write(_ name: String, _ attributes: String = "", _ body: String) throws -> String {
            try directory.write("<xs:schema \(CompositionFindingsTests.xs) \(attributes)>\(body)</xs:schema>", named: name)
        }

        func schema(_ name: String) throws -> XMLSchema {
            try XMLSchema(contentsOf: (directory.path as NSString).appendingPathComponent(name))
        }

        /// The schema's compile error, or `nil`.
        func compileError(_ name: String) -> XMLValidationError? {
            do {
                _ = try schema(name)
                return nil
            } catch {
                return error as? XMLValidationError
            }
        }
    }

    @Test("a reference to another namespace needs an import in its own schema document (src-resolve.4.2, 4.1.2)")
    func referencesNeedTheirOwnImport() throws {
        let files = try Documents()
        try files.write("o.xsd", #"targetNamespace="urn:o""#, #"<xs:simpleType name="T"><xs:restriction base="xs:int"/></xs:simpleType>"#)
        try files.write("inc.xsd", "", #"<xs:import namespace="urn:o" schemaLocation="o.xsd"/>"#)
        // The namespace is read, but imported by the included document only.
        try files.write("s.xsd", #"xmlns:o="urn:o""#, #"<xs:include schemaLocation="inc.xsd"/><xs:element name="r" type="o:T"/>"#)
        let error = try #require(files.compileError("s.xsd"))
        #expect(error.code == .invalidSchema && error.message.contains("which this schema document does not import (src-resolve.4.2)"))
        #expect(error.position.line == 1)
        // Imported where the reference is: fine.
        try files.write("ok.xsd", #"xmlns:o="urn:o""#, #"<xs:import namespace="urn:o" schemaLocation="o.xsd"/><xs:element name="r" type="o:T"/>"#)
        #expect(try SchemaValidationTests.errors(files.schema("ok.xsd"), "<r>1</r>").isEmpty)
        // A name in no namespace, from a document with a target namespace: an import without
        // a namespace is needed too (4.1.2).
        try files.write("none.xsd", "", #"<xs:simpleType name="N"><xs:restriction base="xs:int"/></xs:simpleType>"#)
        try files.write("t.xsd", #"targetNamespace="urn:t""#, #"<xs:element name="r" type="N"/>"#)
        #expect(files.compileError("t.xsd")?.message.contains("in no namespace, which this schema document does not import") == true)
        try files.write("t2.xsd", #"targetNamespace="urn:t""#, #"<xs:import schemaLocation="none.xsd"/><xs:element name="r" type="N"/>"#)
        #expect(files.compileError("t2.xsd") == nil)
        // An import that names no file: a reference into its namespace says so.
        try files.write("noloc.xsd", #"xmlns:o="urn:o""#, #"<xs:import namespace="urn:o"/><xs:element name="r" type="o:T"/>"#)
        #expect(
            files.compileError("noloc.xsd")?.message
                == "no type {urn:o}T is declared: no document of its namespace was read, as its <xs:import> names no schemaLocation "
                + "(XMLSchema.Options.catalog can name one)")
        // A document in another namespace, included or redefined: the message says which.
        try files.write("other.xsd", #"targetNamespace="urn:other""#, #"<xs:simpleType name="T"><xs:restriction base="xs:int"/></xs:simpleType>"#)
        try files.write("inc-other.xsd", #"targetNamespace="urn:t""#, #"<xs:include schemaLocation="other.xsd"/>"#)
        try files.write("red-other.xsd", #"targetNamespace="urn:t""#, #"<xs:redefine schemaLocation="other.xsd"/>"#)
        #expect(files.compileError("inc-other.xsd")?.message.hasSuffix(#"other.xsd has targetNamespace "urn:other", but the schema including it has "urn:t""#) == true)
        #expect(files.compileError("red-other.xsd")?.message.hasSuffix(#"other.xsd has targetNamespace "urn:other", but the schema redefining it has "urn:t""#) == true)
        // The document's own component, written without its prefix: the message says so.
        try files.write(
            "own.xsd", #"targetNamespace="urn:t" xmlns:t="urn:t""#,
            #"<xs:simpleType name="N"><xs:restriction base="xs:int"/></xs:simpleType><xs:element name="r" type="N"/>"#)
        #expect(
            files.compileError("own.xsd")?.message
                == "N is in no namespace, which this schema document does not import (src-resolve.4.2); to name its own N, "
                + "in urn:t, write it with a prefix bound to urn:t")
    }

    @Test("an imported document's target namespace is the one the import names, or none when it names none (src-import.3)")
    func importedNamespaceMatches() throws {
        let files = try Documents()
        try files.write("o.xsd", #"targetNamespace="urn:o""#, "")
        try files.write("none.xsd", "", "")
        try files.write("a.xsd", "", #"<xs:import namespace="urn:p" schemaLocation="o.xsd"/><xs:element name="r"/>"#)
        try files.write("b.xsd", #"targetNamespace="urn:b""#, #"<xs:import schemaLocation="o.xsd"/><xs:element name="r"/>"#)
        try files.write("c.xsd", "", #"<xs:import namespace="urn:o" schemaLocation="none.xsd"/><xs:element name="r"/>"#)
        #expect(files.compileError("a.xsd")?.message.hasSuffix("names namespace \"urn:p\" (src-import.3.1)") == true)
        #expect(files.compileError("b.xsd")?.message.hasSuffix("names no namespace (src-import.3.2)") == true)
        #expect(files.compileError("c.xsd")?.message.contains("has no targetNamespace") == true)
        // The same document imported twice, the second time under another namespace.
        try files.write("d.xsd", "", #"<xs:import namespace="urn:o" schemaLocation="o.xsd"/><xs:import namespace="urn:q" schemaLocation="o.xsd"/><xs:element name="r"/>"#)
        #expect(files.compileError("d.xsd")?.message.contains("(src-import.3.1)") == true)
    }

    @Test("an import of the XML namespace's schema from a local file is read; from the web, the built-in attributes stand in")
    func xmlNamespaceImport() throws {
        let files = try Documents()
        // A local xml.xsd whose xml:lang takes only "en", with the attribute group XML's own has.
        try files.write(
            "xml.xsd", #"targetNamespace="http://www.w3.org/XML/1998/namespace""#,
            #"<xs:attribute name="lang"><xs:simpleType><xs:restriction base="xs:language"><xs:enumeration value="en"/></xs:restriction></xs:simpleType></xs:attribute>"#
                + #"<xs:attributeGroup name="specialAttrs"><xs:attribute ref="xml:lang"/></xs:attributeGroup>"#)
        let element = #"<xs:element name="r"><xs:complexType><xs:attributeGroup ref="xml:specialAttrs"/></xs:complexType></xs:element>"#
        try files.write("s.xsd", "", #"<xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="xml.xsd"/>"# + element)
        let schema = try files.schema("s.xsd")
        #expect(try SchemaValidationTests.errors(schema, #"<r xml:lang="en"/>"#).isEmpty)
        #expect(try SchemaValidationTests.errors(schema, #"<r xml:lang="fr"/>"#).map(\.code) == [.invalidValue])
        // The W3C's location is not fetched: the built-in xml:lang, which has no attribute group.
        try files.write(
            "web.xsd", "",
            #"<xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="http://www.w3.org/2001/xml.xsd"/>"#
                + #"<xs:element name="r"><xs:complexType><xs:attribute ref="xml:lang"/></xs:complexType></xs:element>"#)
        #expect(try SchemaValidationTests.errors(files.schema("web.xsd"), #"<r xml:lang="fr"/>"#).isEmpty)
    }

    @Test("a strict wildcard takes an element without a global declaration when it has an xsi:type (Structures 3.10.1)")
    func strictWildcardWithXsiType() throws {
        let schema = try SchemaValidationTests.schema(
            #"<xs:element name="r"><xs:complexType><xs:sequence><xs:any processContents="strict"/></xs:sequence></xs:complexType></xs:element>"#)
        let xsi = #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema""#
        #expect(try SchemaValidationTests.errors(schema, #"<r \#(xsi)><u xsi:type="xs:int">1</u></r>"#).isEmpty)
        #expect(try SchemaValidationTests.errors(schema, #"<r \#(xsi)><u xsi:type="xs:int">x</u></r>"#).map(\.code) == [.invalidValue])
        #expect(try SchemaValidationTests.errors(schema, #"<r \#(xsi)><u>1</u></r>"#).map(\.code) == [.undeclaredElement])
    }

    @Test("a notation declared twice is refused, in one document or across an include (sch-props-correct.2)")
    func notationDeclaredTwice() throws {
        #expect(throws: XMLValidationError.self) {
            try SchemaValidationTests.schema(#"<xs:notation name="n" public="a"/><xs:notation name="n" public="b"/><xs:element name="r"/>"#)
        }
        let files = try Documents()
        try files.write("n.xsd", "", #"<xs:notation name="n" public="a"/>"#)
        try files.write("s.xsd", "", #"<xs:include schemaLocation="n.xsd"/><xs:notation name="n" public="b"/><xs:element name="r"/>"#)
        #expect(files.compileError("s.xsd")?.message.contains("is declared twice (notation here, and at") == true)
    }

    @Test("an import whose file is not there is a hint not taken: the schema compiles, and a reference into it says why it fails")
    func missingImport() throws {
        let files = try Documents()
        try files.write("s.xsd", "", #"<xs:import namespace="urn:o" schemaLocation="missing.xsd"/><xs:element name="r"/>"#)
        #expect(try SchemaValidationTests.errors(files.schema("s.xsd"), "<r/>").isEmpty)
        try files.write("t.xsd", #"xmlns:o="urn:o""#, #"<xs:import namespace="urn:o" schemaLocation="missing.xsd"/><xs:element name="r" type="o:T"/>"#)
        let error = try #require(files.compileError("t.xsd"))
        #expect(error.code == .unreadableSchema && error.message.contains("the <xs:import> of its namespace was not read"), "\(error)")
    }

    @Test(
        "an include, or a redefine of nothing, whose file cannot be read (missing, or a directory) is passed over with a warning (Structures 4.2.1, 4.2.2), where xmllint refuses the schema; a reference into it says why it fails; a redefine of something needs its file"
    )
    func missingInclude() throws {
        let files = try Documents()
        try files.write(
            "u.xsd", "",
            #"<xs:include schemaLocation="missing.xsd"/><xs:redefine schemaLocation="gone.xsd"/><xs:element name="r"/>"#)
        let schema = try files.schema("u.xsd")
        #expect(try SchemaValidationTests.errors(schema, "<r/>").isEmpty)
        #expect(
            schema.warnings.map { "\($0.code) \($0.message.replacingOccurrences(of: files.directory.path + "/", with: ""))" } == [
                "unreadable-schema the <xs:include> was passed over: missing.xsd cannot be read; the components of the document it names are unknown",
                "unreadable-schema the <xs:redefine> was passed over: gone.xsd cannot be read; the components of the document it names are unknown",
            ])
        // One not a local file: the same.
        try files.write("v.xsd", "", #"<xs:include schemaLocation="http://example.com/t.xsd"/><xs:element name="r" type="T"/>"#)
        let error = try #require(files.compileError("v.xsd"))
        #expect(
            error.code == .unreadableSchema
                && error.message.hasPrefix("no type T is declared: the document an <xs:include> reads into its namespace could not be read "
                    + "(http://example.com/t.xsd is not a local file"), "\(error)")
        try files.write("w.xsd", "", #"<xs:redefine schemaLocation="gone.xsd"><xs:simpleType name="T"><xs:restriction base="T"/></xs:simpleType></xs:redefine>"#)
        #expect(files.compileError("w.xsd")?.code == .unreadableSchema)
        // A directory, named or through a link, holds no schema document: passed over the same.
        for directory in ["sub", "other"] {
            try FileManager.default.createDirectory(atPath: files.directory.path + "/" + directory, withIntermediateDirectories: false)
        }
        try FileManager.default.createSymbolicLink(atPath: files.directory.path + "/link", withDestinationPath: "other")
        try files.write("x.xsd", "", #"<xs:include schemaLocation="sub"/><xs:include schemaLocation="link"/><xs:element name="r"/>"#)
        let passed = try files.schema("x.xsd")
        #expect(try SchemaValidationTests.errors(passed, "<r/>").isEmpty)
        #expect(passed.warnings.map { $0.message.replacingOccurrences(of: files.directory.path + "/", with: "") } == [
            "the <xs:include> was passed over: sub cannot be read; the components of the document it names are unknown",
            "the <xs:include> was passed over: link cannot be read; the components of the document it names are unknown",
        ])
    }

    @Test("an import passed over is a warning of the schema, at the import, once per namespace; none when another import read it")
    func passedOverImportWarning() throws {
        let files = try Documents()
        let any = ###"<xs:element name="r"><xs:complexType><xs:sequence><xs:any namespace="##other" processContents="lax"/></xs:sequence></xs:complexType></xs:element>"###
        try files.write(
            "s.xsd", "",
            #"<xs:import namespace="urn:o" schemaLocation="missing.xsd"/><xs:import namespace="urn:o" schemaLocation="gone.xsd"/>"#
                + "\n" + #"<xs:import namespace="urn:w" schemaLocation="http://example.com/w.xsd"/>"# + any)
        let schema = try files.schema("s.xsd")
        let path = (files.directory.path as NSString).appendingPathComponent("s.xsd")
        // At the first import of each namespace: after `<xs:schema xmlns:xs="…" >` on line 1, at line 2's start.
        let column = "<xs:schema \(CompositionFindingsTests.xs) >".count + 1
        #expect(
            schema.warnings.map { "\($0.fileName ?? "-"):\($0.position) \($0.code)" } == [
                "\(path):1:\(column) unreadable-schema", "\(path):2:1 unreadable-schema",
            ])
        #expect(schema.warnings[0].message.hasPrefix("the <xs:import> of namespace urn:o was passed over: "), "\(schema.warnings[0].message)")
        #expect(schema.warnings[0].message.hasSuffix(
            "missing.xsd cannot be read; its components are unknown, and its elements that a lax or skip wildcard allows are not checked"))
        #expect(schema.warnings[1].message.contains("namespace urn:w"))
        // What it warns of: an element of that namespace passes the lax wildcard unchecked.
        #expect(try SchemaValidationTests.errors(schema, #"<r><o:x xmlns:o="urn:o">anything</o:x></r>"#).isEmpty)
        // Read by another import, or the XML namespace's built-in attributes: no warning.
        try files.write("o.xsd", #"targetNamespace="urn:o""#, #"<xs:element name="x" type="xs:int"/>"#)
        try files.write(
            "t.xsd", "", #"<xs:import namespace="urn:o" schemaLocation="missing.xsd"/><xs:import namespace="urn:o" schemaLocation="o.xsd"/>"#
                + #"<xs:import namespace="http://www.w3.org/XML/1998/namespace"/>"# + any)
        #expect(try files.schema("t.xsd").warnings.isEmpty)
        #expect(try SchemaValidationTests.schema("<xs:element name='r'/>").warnings.isEmpty)
    }

    @Test("a schemaLocation is a URI reference: its percent escapes name the file's characters")
    func percentEscapedLocation() throws {
        let files = try Documents()
        try files.write("my schema.xsd", "", #"<xs:element name="r" type="xs:int"/>"#)
        try files.write("é.xsd", "", #"<xs:element name="e" type="xs:int"/>"#)
        try files.write("s.xsd", "", #"<xs:include schemaLocation="my%20schema.xsd"/><xs:include schemaLocation="%C3%A9.xsd"/>"#)
        let schema = try files.schema("s.xsd")
        #expect(try SchemaValidationTests.errors(schema, "<r>1</r>").isEmpty)
        #expect(try SchemaValidationTests.errors(schema, "<e>x</e>").map(\.code) == [.invalidValue])
    }
}
