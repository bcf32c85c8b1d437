// Generated from docs/WritingXML.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLWriting

// docs/WritingXML.md:203
struct Activity { var team: String; var task: String }

var failures = 0
failures += await example("docs/WritingXML.md:13") {
    let writer = try XMLStreamWriter(to: .file(path: "schedule.xml"), options: .init(indentation: "  "))
    try writer.declaration()
    try writer.startElement("schedule")
    try writer.startElement("team")
    try writer.attribute("code", value: "100")
    try writer.element("name", text: "Betonbauer")     // <name>Betonbauer</name>
    try writer.endElement()
    try writer.endElement()
    try writer.finish()                                 // now schedule.xml is replaced
    _ = writer
}
failures += await example("docs/WritingXML.md:80") {
    let feed = try XMLStreamWriter()
    try feed.startElement("feed", namespace: "http://www.w3.org/2005/Atom")
    try feed.declareNamespace(prefix: "media", uri: "http://search.yahoo.com/mrss/")
    try feed.startElement("thumbnail", namespace: "http://search.yahoo.com/mrss/", prefix: "media")
    try feed.endElement()
    try feed.endElement()
    try feed.finish()
    print(feed.string)
    // <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><media:thumbnail/></feed>
    _ = feed
}
failures += await example("docs/WritingXML.md:113") {
    let page = try XMLStreamWriter(options: .init(indentation: "  "))
    try page.doctype(name: "doc", internalSubset: [
        .element(name: "doc", content: "(p+)"),
        .attribute(element: "p", name: "class", type: "CDATA", default: .value("normal")),
        .entity(name: "co", value: "ACME &amp; Co"),
    ])
    try page.startElement("doc")
    try page.startElement("p")
    try page.entityReference("co")
    try page.endElement()
    try page.endElement()
    try page.finish()
    print(page.string)
    // <!DOCTYPE doc [
    // <!ELEMENT doc (p+)>
    // <!ATTLIST p class CDATA "normal">
    // <!ENTITY co "ACME &amp; Co">
    // ]>
    // <doc>
    //   <p>&co;</p>
    // </doc>
    _ = page
}
failures += await example("docs/WritingXML.md:173") {
    print(try "Kapitel\u{0C}1".validXMLString())                  // Kapitel1
    print(try "bell\u{07}".validXMLString(policy: .replace))      // bell� (U+FFFD)
    print("Köln".isValidXML)                                       // true
    print(Unicode.Scalar(0x0C)!.isAllowedInXML)                    // false
}
failures += await example("docs/WritingXML.md:203") {
    let rows = [Activity(team: "100", task: "Gerüst & Dach"), Activity(team: "101", task: "Fassade")]

    let writer = try XMLStreamWriter()
    let activityName = try XMLWriterName("activity")   // checked here, once
    let teamName = try XMLWriterName("team")
    try writer.startElement("activities")
    for row in rows {
        try writer.startElement(activityName)
        try writer.attribute(teamName, value: row.team)
        try writer.text(row.task)
        try writer.endElement()
    }
    try writer.endElement()
    try writer.finish()
    print(writer.string)
    // <activities><activity team="100">Gerüst &amp; Dach</activity><activity team="101">Fassade</activity></activities>
    _ = rows
    _ = writer
    _ = activityName
    _ = teamName
}
exit(failures == 0 ? 0 : 1)
