// Generated from docs/PublicAPI.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLStreaming



var failures = 0
failures += await example("docs/PublicAPI.md:52") {
    do {
        _ = try XMLStreamParser(handler: XMLEventCollector()).parse("<a><b></a>")
    } catch let error as XMLParseError {
        switch error.code {
        case .tagMismatch: print("line \(error.position.line): \(error.message)")
        default: print(error)
        }
    }
}
exit(failures == 0 ? 0 : 1)
