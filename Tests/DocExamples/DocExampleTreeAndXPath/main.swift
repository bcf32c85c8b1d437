// Generated from docs/TreeAndXPath.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLTree



var failures = 0
failures += await example("docs/TreeAndXPath.md:8") {
    let document = try XMLTreeDocument(contentsOf: "schedule.xml")
    let root = document.root!                                   // <schedule>
    for site in root.firstChild(named: "sites")!.children(named: "site") {
        print(site["code"]!, site.childText(named: "name") ?? "")
    }
    _ = document
    _ = root
}
failures += await example("docs/TreeAndXPath.md:72") {
    let document = try XMLTreeDocument(string: "<doc><stuff><item value='a'/><item value='b'/></stuff></doc>")
    let root = document.root!
    let first = root.find("stuff/item")                                  // the first item
    let missing = root.find("whatchacallit[1]/thingamajig[3]/doodad[2]") // nil: 0-based indexes, as in the post
    let value = root.findAttribute("stuff/item[1].value")                // "b", the second item's value
    let stuff = document.documentNode.find("doc/stuff")                  // from the document node, the root first
    _ = document
    _ = root
    _ = first
    _ = missing
    _ = value
    _ = stuff
}
failures += await example("docs/TreeAndXPath.md:89") {
    let document = try XMLTreeDocument(contentsOf: "schedule.xml")
    let feed = try XMLTreeDocument(contentsOf: "feed.xml")
    let activities = try document.documentNode.nodes(forXPath: "//activity[@team='100']")
    let count = try document.documentNode.xpath("count(//*)").number

    // Compiled once, used on any document and from any task:
    let byTeam = try XPathExpression("//activity[@team = $team]/@start")
    let starts = try byTeam.evaluate(at: document.documentNode, variables: ["team": .string("100")]).nodes

    // Prefixes are bound by the caller:
    let entries = try feed.documentNode.nodes(forXPath: "//a:entry", namespaces: ["a": "http://www.w3.org/2005/Atom"])
    _ = document
    _ = feed
    _ = activities
    _ = count
    _ = byTeam
    _ = starts
    _ = entries
}
failures += await example("docs/TreeAndXPath.md:147") {
    let document = try XMLTreeDocument(contentsOf: "schedule.xml")
    let deep = try XPathExpression("count(//a[b])")
    let counted = try deep.evaluate(at: document.documentNode, options: .init(maximumNodes: 50_000_000))
    _ = document
    _ = deep
    _ = counted
}
failures += await example("docs/TreeAndXPath.md:175") {
    try XMLSubtreeStream.forEach("schedule/sites/site", contentsOf: "feed.xml") { site in
        print(site["code"] ?? "", site.childText(named: "name") ?? "")
    }
}
failures += await example("docs/TreeAndXPath.md:185") {
    let project = XMLElementBuilder("project")
    let chapter = project.addChild("chapter", stringValue: "Anfang")   // Scrivener's one-liner
    chapter.addAttribute("id", "1")
    try project.write(to: .file(path: "project.xml"), indentation: "  ")
    _ = project
    _ = chapter
}
failures += await example("docs/TreeAndXPath.md:229") {
    let document = try XMLTreeDocument(string: "<doc xmlns='urn:d' xmlns:ds='urn:ds'><ds:Signed ID='s1'><v>1</v></ds:Signed></doc>")
    let whole = try document.canonicalized()                                  // Canonical XML 1.0
    let exclusive = try document.canonicalized(XMLCanonicalization(.exclusive(inclusivePrefixes: ["#default"])))
    let signed = try document.canonicalized(
        XMLCanonicalization(.exclusive()),
        xpath: "(//. | //@* | //namespace::*)[ancestor-or-self::ds:Signed]",
        namespaces: ["ds": "urn:ds"])
    print(String(decoding: signed, as: UTF8.self))
    // <ds:Signed xmlns:ds="urn:ds" ID="s1"><v xmlns="urn:d">1</v></ds:Signed>
    _ = document
    _ = whole
    _ = exclusive
    _ = signed
}
exit(failures == 0 ? 0 : 1)
