// Generated from docs/RecoveringXML.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLStreaming

// docs/RecoveringXML.md:11
struct MyHandler: XMLEventHandler {}

var failures = 0
failures += await example("docs/RecoveringXML.md:11") {
    var options = XMLParserOptions()
    options.recovery = XMLRecovery()          // strip illegal characters, keep the first 1,000 repairs

    let parser = XMLStreamParser(handler: MyHandler(), options: options)
    try parser.parse(contentsOf: "project.xml")
    for repair in parser.repairs {
        print("project.xml:\(repair.line):\(repair.column): \(repair.message)")
    }
    _ = options
    _ = parser
}
exit(failures == 0 ? 0 : 1)
