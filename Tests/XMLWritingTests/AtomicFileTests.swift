import Foundation
import Testing
import XMLTestSupport
import XMLWriting

@Suite("Atomic file output")
struct AtomicFileTests {
    func mode(_ path: String) -> mode_t {
        var status = stat()
        _ = stat(path, &status)
        return status.st_mode & 0o7777
    }

    @Test("A replaced file keeps its mode; an abandoned write leaves the old bytes")
    func keepsMode() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("old", named: "f.xml")
        chmod(path, 0o751)
        let file = try AtomicFile(path: path)
        try file.write(Array("new".utf8))
        file.abandon()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(mode(path) == 0o751)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["f.xml"])
    }

    @Test("A symbolic link (relative, to a file not yet there) stays a link to the new content")
    func followsLinks() throws {
        let directory = try TemporaryDirectory()
        let link = directory.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target")
        let writer = try XMLStreamWriter(to: .file(path: link))
        try writer.startElement("a")
        try writer.endElement()
        try writer.finish()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target")
        #expect(try String(contentsOfFile: directory.path + "/target", encoding: .utf8) == "<a/>")
    }

    @Test("A device is written in place; a directory is refused by name before anything is written")
    func devicesAndDirectories() throws {
        try AtomicFile.write(Array("discarded".utf8), to: "/dev/null")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
        let directory = try TemporaryDirectory()
        #expect(throws: XMLWriterError(.output(path: directory.path, errno: EISDIR, message: "Is a directory"))) {
            try AtomicFile(path: directory.path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

@Suite("Indentation that never changes text")
struct KeepContentTests {
    @Test("Inside an element that holds text, nested elements are not indented either")
    func nestedInsideText() throws {
        let writer = try XMLStreamWriter(options: .init(indentation: "  "))
        try writer.startElement("doc")
        try writer.startElement("p")
        try writer.text("a ")
        try writer.startElement("b")
        try writer.startElement("i")
        try writer.endElement()
        try writer.endElement()
        try writer.endElement()
        try writer.startElement("pre")
        try writer.keepContentAsWritten()
        try writer.attribute("xml:space", value: "preserve")
        try writer.startElement("x")
        try writer.endElement()
        try writer.endElement()
        try writer.endElement()
        try writer.finish()
        #expect(writer.string == "<doc>\n  <p>a <b><i/></b></p>\n  <pre xml:space=\"preserve\"><x/></pre>\n</doc>\n")
    }
}
