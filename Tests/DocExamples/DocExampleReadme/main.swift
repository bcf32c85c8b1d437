// Generated from README.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLStreaming

// README.md:93
/// Counts teams and collects their codes, reading names and attributes in place.
struct TeamCodes: XMLEventHandler {
    var codes: [String] = []
    mutating func startElement(_ name: XMLName, attributes: XMLAttributes) throws {
        if name.localName == "team", let code = attributes["code"] {
            codes.append(code.string)
        }
    }
}


var failures = 0
failures += await example("README.md:93") {
    do {
        let parser = XMLStreamParser(handler: TeamCodes())
        try parser.parse(contentsOf: "Samples/SiteSchedule/schedule.xml")
        print(parser.handler.codes)            // ["100"]
    } catch let error as XMLParseError {
        print(error)                           // schedule.xml:7:3: error: mismatched tag
    }
}
exit(failures == 0 ? 0 : 1)
