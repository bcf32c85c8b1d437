/// A Markdown table printed with padded columns, so it reads in a terminal and pastes
/// into `docs/` unchanged.
struct MarkdownTable {
    enum Alignment { case left, right }

    let headers: [String]
    let alignments: [Alignment]
    private(set) var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    mutating func add(_ row: [String]) {
        precondition(row.count == headers.count, "a row needs one cell per column")
        rows.append(row)
    }

    var rendered: String {
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func pad(_ text: String, _ i: Int) -> String {
            let padding = String(repeating: " ", count: widths[i] - text.count)
            return alignments[i] == .left ? text + padding : padding + text
        }
        var lines: [String] = []
        lines.append("| " + headers.indices.map { pad(headers[$0], $0) }.joined(separator: " | ") + " |")
        lines.append(
            "| "
                + headers.indices.map {
                    alignments[$0] == .left
                        ? String(repeating: "-", count: widths[$0])
                        : String(repeating: "-", count: widths[$0] - 1) + ":"
                }.joined(separator: " | ") + " |")
        for row in rows {
            lines.append("| " + row.indices.map { pad(row[$0], $0) }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
