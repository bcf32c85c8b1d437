// Generated from docs/Security.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLStreaming

// docs/Security.md:204
struct Handler: XMLEventHandler {}

var failures = 0
failures += await example("docs/Security.md:108") {
    print(ExpatLibrary.version)               // the linked library, e.g. "2.5.0"
    print(ExpatLibrary.headerVersion)         // the expat.h the package was compiled against
    print(ExpatLibrary.hasReparseDeferral)    // the linked library has reparse deferral
    print(ExpatLibrary.hasAllocationTracker)  // the linked library has the allocation tracker
    print(ExpatLibrary.features)              // XML_DTD, XML_NS, XML_BLAP_MAX_AMP, …
}
failures += await example("docs/Security.md:154") {
    // No depth, name, value, text or size limits. The billion-laughs protection stays on.
    let trusted = XMLParserOptions(limits: .unlimited)

    // Or raise only what you need:
    var limits = XMLLimits()
    limits.maximumDepth = 50_000
    limits.maximumTextLength = 256 * 1024 * 1024
    limits.maximumAmplification = 1_000
    let options = XMLParserOptions(limits: limits)

    // And for untrusted uploads, tighten:
    let upload = XMLParserOptions(limits: XMLLimits(maximumDepth: 256, maximumInputSize: 20 * 1024 * 1024))
    _ = trusted
    _ = limits
    _ = options
    _ = upload
}
failures += await example("docs/Security.md:204") {
    let handler = Handler()
    let parser = XMLStreamParser(handler: handler, options: XMLParserOptions(encoding: .macRoman))
    _ = handler
    _ = parser
}
exit(failures == 0 ? 0 : 1)
