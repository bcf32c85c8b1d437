import CAllocationCounter
import XMLStreaming

#if canImport(Glibc)
    import Glibc
#endif

// Counts the allocator calls of parsing documents of 1,000 to 1,000,000 elements with a
// no-op handler. A parser that allocates per event shows counts that grow with the
// document; ours should show the same count for 1,000 and 100,000 elements.

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
for elements in [1_000, 10_000, 100_000, 1_000_000] {
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
let small = rows.first { $0.elements == 1_000 }!
let large = rows.first { $0.elements == 100_000 }!
let largest = rows.first { $0.elements == 1_000_000 }!
func difference(_ a: Row, _ b: Row) -> String {
    let fresh = Int(b.fresh.allocations) - Int(a.fresh.allocations)
    let reused = Int(b.reused.allocations) - Int(a.reused.allocations)
    return fresh == 0 && reused == 0
        ? "the same counts"
        : "\(fresh) more malloc(s) with a new parser, \(reused) more with a reused one"
}
print("")
print("- 1,000 → 100,000 elements: \(difference(small, large)).")
print("- 100,000 → 1,000,000 elements: \(difference(large, largest)).")
