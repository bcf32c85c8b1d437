import Testing
import XMLStreaming

@Suite("Borrowed views check their bounds")
struct ViewPreconditionTests {
    @Test("Reading past the end of a view stops the process, like an array")
    func outOfBounds() async {
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = Array("abc".utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let view = XMLStringView(borrowing: buffer)
                _ = view[3]
            }
        }
    }

    @Test("Views compare with strings and trim without copying")
    func comparisons() {
        let bytes: [UInt8] = Array("  Köln \n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let view = XMLStringView(borrowing: buffer)
            #expect(view.trimmingWhitespace == "Köln")
            #expect(view != "Köln")
            #expect(!view.isWhitespace)
            #expect(view.trimmingWhitespace.string == "Köln")
            switch view.trimmingWhitespace {
            case "Köln": break
            default: Issue.record("pattern match failed")
            }
        }
    }
}
