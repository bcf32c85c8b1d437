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
