// Generated from docs/Security.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLStreaming
import XMLTree

// docs/Security.md:271
struct Handler: XMLEventHandler {}

var failures = 0
failures += await example("docs/Security.md:85") {
    let page = """
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "xhtml1-strict.dtd">
        <html><p title="Buy&nbsp;now">Price:&nbsp;10&euro;</p></html>
        """
    var options = XMLTreeDocument.Options()
    options.parserOptions.unexpandedEntities = .replace(.html)
    let document = try XMLTreeDocument(string: page, options: options)
    let paragraph = document.root!.firstChildElement!
    print(paragraph["title"]!)       // Buy now (with U+00A0)
    print(paragraph.stringValue)     // Price: 10€
    _ = page
    _ = options
    _ = document
    _ = paragraph
}
failures += await example("docs/Security.md:175") {
    print(ExpatLibrary.version)               // the linked library, e.g. "2.5.0"
    print(ExpatLibrary.headerVersion)         // the expat.h the package was compiled against
    print(ExpatLibrary.hasReparseDeferral)    // the linked library has reparse deferral
    print(ExpatLibrary.hasAllocationTracker)  // the linked library has the allocation tracker
    print(ExpatLibrary.features)              // XML_DTD, XML_NS, XML_BLAP_MAX_AMP, …
}
failures += await example("docs/Security.md:221") {
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
failures += await example("docs/Security.md:271") {
    let handler = Handler()
    let parser = XMLStreamParser(handler: handler, options: XMLParserOptions(encoding: .macRoman))
    _ = handler
    _ = parser
}
exit(failures == 0 ? 0 : 1)
