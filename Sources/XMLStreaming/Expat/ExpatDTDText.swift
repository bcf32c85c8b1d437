/// The caller's DTD as expat is given it, which reads the same as written (XML 1.0) where
/// expat 2.5 would refuse or misread it, with every position as written or mapped back:
///
/// - A space between a `)` and a parameter-entity reference right after it
///   (`<!ELEMENT r ((a)%more;)>`). XML 1.0 reads the entity's text there with a space on
///   each side (4.4.8), so the space changes nothing; expat takes `)%` for an invalid token.
/// - The `<![INCLUDE[` and `]]>` of an included section that references a parameter entity
///   between declarations (`<![%module;[ %decls; ]]>`) blanked out: expat ends the
///   entity's text there as if the section had to close in it, and refuses the DTD. An
///   included section's content reads the same without them (XML 1.0, 3.4); the spaces keep
///   every offset, and line breaks stay.
struct ExpatDTDText {
    /// The bytes expat reads.
    let bytes: [UInt8]
    /// Where a space was put, in `bytes`, ascending, with the line it is on (from 1) and the
    /// index of the first space put on that line.
    let insertions: [(offset: Int, line: Int, firstOnLine: Int)]

    /// Inside declarations only, outside their literals (as ``DTDTextScanner`` reads them),
    /// and not in an ignored section: a section's keyword from a parameter entity is read
    /// through `parameterEntities` (the internal subset's, which bind first) and the entities
    /// the DTD declares before the section with a literal that references nothing.
    init(_ dtd: [UInt8], parameterEntities: [String: String] = [:]) {
        var places: [Int] = []
        var blanks: [Range<Int>] = []
        var known = parameterEntities
        // The sections open, innermost last: where each begins and its `[` ends, whether it
        // is included (as far as is known here), whether its keyword is unknown, and whether
        // a reference between declarations is inside it.
        var open: [(markers: Range<Int>, isIncluded: Bool, isUnknown: Bool, holdsReference: Bool)] = []
        // How many of them have a keyword not known here (an entity whose text references
        // another): expat may ignore what they hold, so their declarations bind nothing
        // here, and no section inside them is blanked.
        var unknown = 0
        var scanner = DTDTextScanner(dtd)
        while let token = scanner.next() {
            switch token {
            case .declaration(let declaration):
                places += declaration.referencesAfterParenthesis
                if unknown == 0, declaration.isParameterEntity, known[declaration.name] == nil, let literal = declaration.literal,
                    !literal.utf8.contains(UInt8(ascii: "%")), !literal.utf8.contains(UInt8(ascii: "&"))
                {
                    known[declaration.name] = literal
                }
            case .sectionStart(_, let keyword, hasBracket: true) where keyword.word(in: known) == "IGNORE":
                _ = scanner.skipIgnoredSection()
            case .sectionStart(let start, let keyword, let hasBracket):
                let isIncluded = hasBracket && keyword.word(in: known) == "INCLUDE"
                open.append((start..<scanner.offset, isIncluded && unknown == 0, !isIncluded, false))
                if !isIncluded { unknown += 1 }
            case .reference:
                if !open.isEmpty { open[open.count - 1].holdsReference = true }
            case .sectionEnd(let offset):
                guard let section = open.popLast() else { break }
                if section.isUnknown { unknown -= 1 }
                guard section.holdsReference else { break }
                // expat counts every section open: the ones around it must go as well.
                if !open.isEmpty { open[open.count - 1].holdsReference = true }
                if section.isIncluded { blanks += [section.markers, offset..<(offset + 3)] }
            }
        }
        var dtd = dtd
        for blank in blanks {
            for k in blank where dtd[k] != 0x0A && dtd[k] != 0x0D { dtd[k] = 0x20 }
        }
        guard !places.isEmpty else {
            bytes = dtd
            insertions = []
            return
        }
        var out: [UInt8] = []
        out.reserveCapacity(dtd.count + places.count)
        var insertions: [(offset: Int, line: Int, firstOnLine: Int)] = []
        var line = 1
        var copied = 0
        for place in places {
            for k in copied..<place where dtd[k] == 0x0A || (dtd[k] == 0x0D && (k + 1 >= dtd.count || dtd[k + 1] != 0x0A)) {
                line += 1
            }
            out.append(contentsOf: dtd[copied..<place])
            let firstOnLine = insertions.last.map { $0.line == line ? $0.firstOnLine : insertions.count } ?? 0
            insertions.append((out.count, line, firstOnLine))
            out.append(0x20)
            copied = place
        }
        out.append(contentsOf: dtd[copied...])
        bytes = out
        self.insertions = insertions
    }

    /// How many of the spaces put in lie before `offset` of ``bytes``, and how many of those
    /// are on `line`.
    func spaces(before offset: Int, line: Int) -> (all: Int, onLine: Int) {
        var low = 0
        var high = insertions.count
        while low < high {
            let middle = (low + high) / 2
            if insertions[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        // Counted from the line's first space, not walked back one by one: a DTD on one line
        // may have a space for every declaration.
        guard low > 0, insertions[low - 1].line == line else { return (low, 0) }
        return (low, low - insertions[low - 1].firstOnLine)
    }
}
