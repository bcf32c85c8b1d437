import CAllocationCounter

#if canImport(Glibc)
import Glibc
#endif
import XMLStreaming

// Counts the allocator calls of parsing documents of 1,000 and 100,000 elements with a
// no-op handler. A parser that allocates per event shows a hundredfold difference; ours
// should show the same counts for both.

/// A handler with no methods.
struct NoOpHandler: XMLEventHandler {}

/// `<root>` with `count` elements like `<item id="17" kind="a">Köln &amp; Bonn</item>`.
func document(elements count: Int) -> [UInt8] {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root xmlns:x=\"urn:x\">\n"
    for i in 1..<count {
        text += "<item id=\"\(i)\" x:kind=\"a\">Köln &amp; Bonn</item>\n"
    }
    text += "</root>\n"
    return Array(text.utf8)
}

struct Row {
    var elements: Int
    var bytes: Int
    var fresh: CAllocationCounter_Counts
    var reused: CAllocationCounter_Counts
}

func count(_ body: () throws -> Void) rethrows -> CAllocationCounter_Counts {
    CAllocationCounter_start()
    do {
        try body()
    } catch {
        _ = CAllocationCounter_stop()
        throw error
    }
    return CAllocationCounter_stop()
}

guard CAllocationCounter_isSupported() == 1 else {
    print("Skipped: allocation counting needs Linux with glibc.")
    exit(0)
}

let reusedParser = XMLStreamParser(handler: NoOpHandler())
var rows: [Row] = []
for elements in [1_000, 100_000] {
    let bytes = document(elements: elements)
    // Once uncounted, so that one-time costs (type metadata, lazy globals) are not counted.
    try XMLStreamParser(handler: NoOpHandler()).parse(bytes)
    try reusedParser.parse(bytes)
    let fresh = try count {
        let parser = XMLStreamParser(handler: NoOpHandler())
        try parser.parse(bytes)
    }
    let reused = try count { try reusedParser.parse(bytes) }
    rows.append(Row(elements: elements, bytes: bytes.count, fresh: fresh, reused: reused))
}

func cells(_ counts: CAllocationCounter_Counts) -> String {
    "\(counts.allocations) | \(counts.reallocations) | \(counts.frees)"
}

print("| document | bytes | new parser: mallocs | reallocs | frees | reused parser: mallocs | reallocs | frees |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for row in rows {
    print("| \(row.elements) elements | \(row.bytes) | \(cells(row.fresh)) | \(cells(row.reused)) |")
}
let same =
    rows[0].fresh.allocations == rows[1].fresh.allocations
    && rows[0].reused.allocations == rows[1].reused.allocations
print(
    "\n"
        + (same
            ? "Same allocation counts for 1,000 and 100,000 elements: nothing is allocated per event."
            : "The counts differ between 1,000 and 100,000 elements: see the table."))
