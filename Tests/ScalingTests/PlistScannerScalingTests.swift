import Foundation
import PropertyLists
import Testing
import XMLTestSupport

/// The XML plist scanner (the fast path every UTF-8 XML plist takes first, before expat) on
/// input that stresses each of its loops: n against 4n, read through `PropertyList(data:)`.
/// A document it gives up on still pays for what it scanned, so each shape is also measured
/// with an error at its very end.
@Suite("Plist scanner scaling", .serialized)
struct PlistScannerScalingTests {
    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"

    /// One shape of plist body, made at size n.
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let n: Int
        let make: @Sendable (Int) -> String
        var testDescription: String { name }
    }

    // The one-token shapes take n as large as the limits allow (a value or a text of 4·n
    // under 10 MiB): at 200,000 a run took 8 ms, short enough for AddressSanitizer's
    // allocator to make the ratio 7.1 in a CI run of 2026-11-26.
    static let shapes: [Shape] = [
        Shape(name: "attributes on <plist>", n: 10_000) { n in
            "<plist version=\"1.0\"" + (0..<n).map { " a\($0)=\"v\"" }.joined() + "><true/></plist>"
        },
        Shape(name: "a long attribute value", n: 1_000_000) { n in
            "<plist version=\"1.0\" x=\"" + String(repeating: "v", count: n) + "\"><true/></plist>"
        },
        Shape(name: "keys in one dictionary", n: 20_000) { n in
            "<plist version=\"1.0\"><dict>" + (0..<n).map { "<key>k\($0)</key><integer>\($0)</integer>" }.joined()
                + "</dict></plist>"
        },
        Shape(name: "comments between values", n: 20_000) { n in
            "<plist version=\"1.0\"><array>" + String(repeating: "<!-- c --><true/>", count: n) + "</array></plist>"
        },
        Shape(name: "a long comment", n: 1_000_000) { n in
            "<plist version=\"1.0\"><array><!--" + String(repeating: "c -", count: n) + " --></array></plist>"
        },
        Shape(name: "entities and character references in a string", n: 20_000) { n in
            "<plist version=\"1.0\"><string>" + String(repeating: "&lt;&amp;&#233;&#x1F600;é\r\n", count: n)
                + "</string></plist>"
        },
        Shape(name: "CDATA sections in a string", n: 20_000) { n in
            "<plist version=\"1.0\"><string>" + String(repeating: "a<![CDATA[<b>]]>", count: n) + "</string></plist>"
        },
        Shape(name: "white space between values", n: 100_000) { n in
            "<plist version=\"1.0\"><array>" + String(repeating: " \n\t", count: n) + "<true/></array></plist>"
        },
        Shape(name: "arrays nested to the depth limit, side by side", n: 2_000) { n in
            let depth = PropertyList.maximumDepth - 2
            let one = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            return "<plist version=\"1.0\"><array>" + String(repeating: one, count: n / 100 + 1) + "</array></plist>"
        },
        Shape(name: "long element text", n: 500_000) { n in
            "<plist version=\"1.0\"><data>" + String(repeating: "QUJD", count: n) + "</data></plist>"
        },
    ]

    @Test("Each loop of the scanner is linear in its input", arguments: shapes)
    func shape(_ shape: Shape) throws {
        let scaling = try Scaling.measure(n: shape.n, repeats: 5, prepare: { Array((Self.header + shape.make($0)).utf8) }) { bytes in
            _ = try PropertyList(data: bytes)
        }
        print("scaling: plist scanner, \(shape.name): \(scaling)")
        #expect(scaling.isNearLinear(), "\(shape.name): \(scaling)")
    }

    @Test("A document the scanner reads to its end and then refuses is linear too", arguments: shapes)
    func failing(_ shape: Shape) throws {
        // A stray end tag after the root: well-formed up to the last bytes.
        let scaling = Scaling.measure(n: shape.n, repeats: 5, prepare: { Array((Self.header + shape.make($0) + "</x>").utf8) }) { bytes in
            #expect(throws: (any Error).self) { try PropertyList(data: bytes) }
        }
        print("scaling: plist scanner, \(shape.name), then an error: \(scaling)")
        #expect(scaling.isNearLinear(), "\(shape.name), failing: \(scaling)")
    }
}
