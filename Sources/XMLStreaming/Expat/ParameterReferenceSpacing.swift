/// The caller's DTD as expat is given it: a space between a `)` and a parameter-entity
/// reference right after it (`<!ELEMENT r ((a)%more;)>`). XML 1.0 reads the entity's text
/// there with a space on each side (4.4.8), so the space changes nothing; expat 2.5 takes
/// `)%` for an invalid token and refuses the DTD.
struct ParameterReferenceSpacing {
    /// The bytes expat reads.
    let bytes: [UInt8]
    /// Where a space was put, in `bytes`, ascending, with the line it is on (from 1).
    let insertions: [(offset: Int, line: Int)]

    /// Inside declarations only, outside their literals (as ``DTDTextScanner`` reads them).
    init(_ dtd: [UInt8]) {
        var places: [Int] = []
        var scanner = DTDTextScanner(dtd)
        while let token = scanner.next() {
            switch token {
            case .declaration(let declaration): places += declaration.referencesAfterParenthesis
            case .sectionStart(_, .written("IGNORE"), hasBracket: true): _ = scanner.skipIgnoredSection()
            default: break
            }
        }
        guard !places.isEmpty else {
            bytes = dtd
            insertions = []
            return
        }
        var out: [UInt8] = []
        out.reserveCapacity(dtd.count + places.count)
        var insertions: [(offset: Int, line: Int)] = []
        var line = 1
        var copied = 0
        for place in places {
            for k in copied..<place where dtd[k] == 0x0A || (dtd[k] == 0x0D && (k + 1 >= dtd.count || dtd[k + 1] != 0x0A)) {
                line += 1
            }
            out.append(contentsOf: dtd[copied..<place])
            insertions.append((out.count, line))
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
        var onLine = 0
        var k = low - 1
        while k >= 0, insertions[k].line == line {
            onLine += 1
            k -= 1
        }
        return (low, onLine)
    }
}
