/// Writes a document whose one element carries a single attribute value of exactly
/// `valueSize` bytes: a token that spans hundreds of 64 KiB reads, which expat before 2.6
/// re-scans from its start at every read.
struct BigAttributeWriter {
    private static let words = [
        "Stabilisierungsarbeiten", "Köln", "Straße", "Gerüst", "Prüfung", "Fußboden", "Übersicht", "Maß",
        "Dachsanierung", "Fenstertausch", "Größe", "Bäume", "Ölpreis", "Zeichen", "Daten",
    ]

    let valueSize: Int

    func write(to file: CorpusFileWriter) throws {
        var random = SeededRandom(label: "big-attribute:20120301:\(valueSize)")
        try file.write(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<blob xmlns=\"urn:example:blob\" id=\"big\" value=\"")
        let words = Self.words.map { Array($0.utf8) }
        let longest = words.map(\.count).max()! + 1
        var part: [UInt8] = []
        part.reserveCapacity(1 << 16)
        var remaining = valueSize
        while remaining > 0 {
            part.removeAll(keepingCapacity: true)
            while part.count < (1 << 16) - longest && remaining - part.count > longest {
                part.put(random.pick(words))
                part.append(UInt8(ascii: " "))
            }
            if remaining - part.count <= longest {
                // The end: pad with ASCII so the value has exactly `valueSize` bytes.
                while part.count < remaining { part.append(UInt8(ascii: "x")) }
            }
            remaining -= part.count
            try file.write(part)
        }
        try file.write("\"/>\n")
    }
}
