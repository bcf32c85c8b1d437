/// The caller's DTD as expat is given it: a space between a `)` and a parameter-entity
/// reference right after it (`<!ELEMENT r ((a)%more;)>`). XML 1.0 reads the entity's text
/// there with a space on each side (4.4.8), so the space changes nothing; expat 2.5 takes
/// `)%` for an invalid token and refuses the DTD.
struct ParameterReferenceSpacing {
    /// The bytes expat reads.
    let bytes: [UInt8]
    /// Where a space was put, in `bytes`, ascending, with the line it is on (from 1).
    let insertions: [(offset: Int, line: Int)]

    /// Inside declarations only, outside their literals; comments and processing
    /// instructions are passed over. One pass.
    init(_ dtd: [UInt8]) {
        var out: [UInt8] = []
        var insertions: [(offset: Int, line: Int)] = []
        var line = 1
        var inDeclaration = false
        var quote: UInt8? = nil
        var i = 0
        func starts(_ marker: String, at i: Int) -> Bool { dtd[i...].starts(with: marker.utf8) }
        /// Copies up to and including `marker` (or to the end), counting lines.
        func copy(through marker: String, from start: Int) -> Int {
            var j = start
            while j < dtd.count, !starts(marker, at: j) { j += 1 }
            let end = min(dtd.count, j + marker.utf8.count)
            for k in i..<end where dtd[k] == 0x0A || (dtd[k] == 0x0D && (k + 1 >= dtd.count || dtd[k + 1] != 0x0A)) { line += 1 }
            out.append(contentsOf: dtd[i..<end])
            return end
        }
        while i < dtd.count {
            let byte = dtd[i]
            if let open = quote {
                if byte == open { quote = nil }
            } else if !inDeclaration, starts("<!--", at: i) {
                i = copy(through: "-->", from: i + 4)
                continue
            } else if !inDeclaration, starts("<?", at: i) {
                i = copy(through: "?>", from: i + 2)
                continue
            } else if inDeclaration {
                if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if byte == 0x3E {
                    inDeclaration = false
                } else if byte == 0x29, i + 1 < dtd.count, dtd[i + 1] == 0x25 {
                    out.append(byte)
                    insertions.append((out.count, line))
                    out.append(0x20)
                    i += 1
                    continue
                }
            } else if starts("<!", at: i), i + 2 < dtd.count, dtd[i + 2] != 0x5B {
                inDeclaration = true
            }
            if byte == 0x0A || (byte == 0x0D && (i + 1 >= dtd.count || dtd[i + 1] != 0x0A)) { line += 1 }
            out.append(byte)
            i += 1
        }
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
