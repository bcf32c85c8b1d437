import Foundation
import Testing
import XMLTestSupport

/// The `xml` tool's commands on hostile files, run as a user runs them.
@Suite("xml tool scaling", .serialized)
struct ToolScalingTests {
    /// Times `xml ARGUMENTS FILE` on files made by `make` for n and 4n.
    private func toolScaling(n: Int, _ arguments: [String], expecting status: Int32 = 0, make: @escaping (Int) -> [UInt8])
        throws -> Scaling
    {
        let directory = try TemporaryDirectory()
        return try Scaling.measureSeconds(n: n, prepare: { try directory.write(make($0), named: "in-\($0).xml") }) { path in
            let run = try Scaling.runTool("xml", arguments + [path])
            #expect(run.status == status, "xml \(arguments) exited \(run.status)")
            return run.seconds
        }
    }

    @Test("xml events on a tag with n attributes")
    func events() throws {
        let scaling = try toolScaling(n: 25_000, ["events"], make: HostileInput.manyAttributes)
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("xml fmt on a tag with n attributes")
    func fmt() throws {
        let scaling = try toolScaling(n: 25_000, ["fmt"], make: HostileInput.manyAttributes)
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("xml query '//@*' on a tag with n attributes")
    func query() throws {
        let scaling = try toolScaling(n: 20_000, ["query", "//@*"], make: HostileInput.manyAttributes)
        print("scaling: \(scaling)"); #expect(scaling.isNearLinear(), "\(scaling)")
    }

    @Test("xml validate --valid on a tag with n declared attributes, and on n errors (100 printed)")
    func validate() throws {
        let attributes = try toolScaling(n: 10_000, ["validate", "--valid"]) { n in
            let names = (0..<n).map { "a\($0)" }
            let declarations = names.map { " \($0) CDATA #REQUIRED" }.joined()
            let values = names.map { " \($0)=\"v\"" }.joined()
            return Array("<!DOCTYPE r [<!ELEMENT r EMPTY><!ATTLIST r\(declarations)>]><r\(values)/>".utf8)
        }
        print("scaling: \(attributes)"); #expect(attributes.isNearLinear(), "\(attributes)")
        let errors = try toolScaling(n: 20_000, ["validate", "--valid"], expecting: 4) { n in
            Array(("<!DOCTYPE r [<!ELEMENT r (x)*><!ELEMENT x EMPTY>]><r>" + String(repeating: "<y/>", count: n) + "</r>").utf8)
        }
        print("scaling: \(errors)"); #expect(errors.isNearLinear(), "\(errors)")
    }

    @Test("xml check --recover on many attributes, undeclared prefixes and unmatched end tags")
    func recover() throws {
        let wellFormed = try toolScaling(n: 10_000, ["check", "--recover"], make: HostileInput.manyAttributes)
        print("scaling: well-formed: \(wellFormed)"); #expect(wellFormed.isNearLinear(), "well-formed: \(wellFormed)")
        let prefixes = try toolScaling(n: 10_000, ["check", "--recover"], make: HostileInput.undeclaredPrefixes)
        print("scaling: undeclared prefixes: \(prefixes)"); #expect(prefixes.isNearLinear(), "undeclared prefixes: \(prefixes)")
        let unmatched = try toolScaling(n: 2_000, ["check", "--recover"], make: { HostileInput.unmatchedEndTags(depth: $0, $0) })
        print("scaling: unmatched end tags: \(unmatched)"); #expect(unmatched.isNearLinear(), "unmatched end tags: \(unmatched)")
    }
}

/// The `plist` tool on property lists with n keys and deep nesting.
@Suite("plist tool scaling", .serialized)
struct PlistToolScalingTests {
    /// An XML plist: a dictionary with n keys, each holding a small array and a long string.
    static func manyKeys(_ n: Int) -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>"
        for i in 0..<n { xml += "<key>k\(i)</key><array><integer>\(i)</integer><string>s&amp;\(i)</string></array>" }
        xml += "<key>long</key><string>" + String(repeating: "é", count: n) + "</string></dict></plist>"
        return Array(xml.utf8)
    }

    private func plistScaling(n: Int, _ arguments: [String]) throws -> Scaling {
        let directory = try TemporaryDirectory()
        return try Scaling.measureSeconds(n: n, prepare: { try directory.write(Self.manyKeys($0), named: "in-\($0).plist") }) { path in
            let run = try Scaling.runTool("plist", arguments + [path])
            #expect(run.status == 0, "plist \(arguments) exited \(run.status)")
            return run.seconds
        }
    }

    @Test("plist print, lint and convert to every format (written to standard output) on n keys")
    func commands() throws {
        for arguments in [["print"], ["lint"], ["convert", "--to", "json", "-o", "-"], ["convert", "--to", "binary1", "-o", "-"],
            ["convert", "--to", "openstep", "-o", "-"]]
        {
            let scaling = try plistScaling(n: 10_000, arguments)
            print("scaling: plist \(arguments.joined(separator: " ")): \(scaling)")
            #expect(scaling.isNearLinear(), "plist \(arguments): \(scaling)")
        }
    }
}
