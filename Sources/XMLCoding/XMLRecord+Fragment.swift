import XMLStreaming

extension XMLRecord {
    /// The content of `element` as events, for an ``XMLFragment``: its children in order, with
    /// the comments, PIs, CDATA sections and namespace declarations the record keeps beside
    /// them.
    ///
    /// - Complexity: O(size of the content + the element's extras), recursing once per level.
    func fragmentEvents(of element: Int) -> [XMLEvent] {
        var events: [XMLEvent] = []
        appendContent(of: element, to: &events)
        return events
    }

    /// A text node's bytes as a fragment reads it: the text of `node`, or of one text node.
    func fragmentEvents(ofText node: Int) -> [XMLEvent] {
        var events: [XMLEvent] = []
        let n = nodes[node]
        var cursor = 0
        appendText(n.start, n.start + n.count, cdata: cdataRanges(in: extrasByElement[n.parent] ?? []), cursor: &cursor, to: &events)
        return events
    }

    private func appendContent(of element: Int, to events: inout [XMLEvent]) {
        let own = extrasByElement[element] ?? []
        // Comments and PIs by the child they follow (-1: before the first).
        let markup = own.filter { extras[$0].kind == .comment || extras[$0].kind == .processingInstruction }
        let cdata = cdataRanges(in: own)
        // The next CDATA section that can still lie ahead: text comes in document order.
        var cursor = 0
        var nextMarkup = 0
        func appendMarkup(after child: Int, before offset: Int = Int.max) {
            while nextMarkup < markup.count, extras[markup[nextMarkup]].after == child, extras[markup[nextMarkup]].offset <= offset {
                let extra = extras[markup[nextMarkup]]
                let (first, second) = extraStrings(extra)
                events.append(extra.kind == .comment ? .comment(first) : .processingInstruction(target: first, data: second))
                nextMarkup += 1
            }
        }
        appendMarkup(after: -1)
        var child = nodes[element].firstChild
        while child >= 0 {
            let node = nodes[child]
            if node.kind == .element {
                appendElement(child, to: &events)
            } else {
                // A text node split where comments and PIs stood inside it.
                var start = node.start
                let end = node.start + node.count
                while nextMarkup < markup.count, extras[markup[nextMarkup]].after == child {
                    let offset = min(max(extras[markup[nextMarkup]].offset, start), end)
                    appendText(start, offset, cdata: cdata, cursor: &cursor, to: &events)
                    appendMarkup(after: child, before: offset)
                    start = offset
                }
                appendText(start, end, cdata: cdata, cursor: &cursor, to: &events)
            }
            appendMarkup(after: child)
            child = node.next
        }
    }

    private func appendElement(_ element: Int, to events: inout [XMLEvent]) {
        let node = nodes[element]
        for index in extrasByElement[element] ?? [] where extras[index].kind == .namespace {
            let (prefix, uri) = extraStrings(extras[index])
            events.append(.startPrefixMapping(prefix: prefix.isEmpty ? nil : prefix, uri: uri.isEmpty ? nil : uri))
        }
        var attributes: [XMLOwnedAttribute] = []
        for a in node.start..<(node.start + node.count) {
            attributes.append(XMLOwnedAttribute(name: qualifiedName(self.attributes[a].name), value: value(of: a)))
        }
        let name = qualifiedName(node.name)
        events.append(.startElement(name, attributes: attributes))
        appendContent(of: element, to: &events)
        events.append(.endElement(name))
    }

    private func qualifiedName(_ index: Int) -> XMLQualifiedName {
        let name = names[index]
        return XMLQualifiedName(localName: name.local, namespaceURI: name.uri, prefix: name.prefix)
    }

    /// The CDATA sections among an element's extras, as byte ranges, in order.
    private func cdataRanges(in extras: [Int]) -> [Range<Int>] {
        extras.compactMap { self.extras[$0].kind == .cdata ? self.extras[$0].offset..<self.extras[$0].end : nil }
    }

    /// The text `bytes[start..<end]`, its CDATA sections as such; `cursor` is the first
    /// section not yet behind the text (pieces come in document order).
    private func appendText(_ start: Int, _ end: Int, cdata: [Range<Int>], cursor: inout Int, to events: inout [XMLEvent]) {
        guard start < end else { return }
        var position = start
        while cursor < cdata.count, cdata[cursor].upperBound <= start { cursor += 1 }
        var k = cursor
        while k < cdata.count, cdata[k].lowerBound < end {
            let lower = max(cdata[k].lowerBound, position)
            let upper = min(cdata[k].upperBound, end)
            if position < lower { events.append(.characters(string(position, lower - position))) }
            events.append(.startCDATA)
            events.append(.characters(string(lower, upper - lower)))
            events.append(.endCDATA)
            position = upper
            if cdata[k].upperBound > end { break }
            k += 1
        }
        cursor = k
        if position < end { events.append(.characters(string(position, end - position))) }
    }
}
