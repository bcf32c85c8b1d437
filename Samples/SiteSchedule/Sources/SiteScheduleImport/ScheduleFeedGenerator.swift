import XMLWriting

/// Writes realistic SiteSchedule feeds of any size, the same bytes for the same size:
/// German team and site names with umlauts and `&`, two or three contacts per team (one
/// head), three activities per site, a CDATA section in some activity texts. For tests,
/// benchmarks and demonstrations.
public struct ScheduleFeedGenerator {
    /// The number of bytes to aim for; the feed ends with the first site past it.
    public var size: Int
    /// Varies the content; the same seed and size give the same feed.
    public var seed: UInt64

    public init(size: Int, seed: UInt64 = 20_120_301) {
        self.size = size
        self.seed = seed
    }

    private static let trades = [
        "Betonbauer", "Zimmerei Holzmann", "Dachdecker Öztürk", "Gerüstbau Müller & Söhne", "Elektro Süd",
        "Schlosserei Weiß", "Glaserei Köhler", "Malerbetrieb Großmann", "Straßenbau Nord", "Fliesen Bäcker",
        "Steinmetze Jäger & Partner", "Restauratoren am Rhein", "Sanitär Böhm", "Trockenbau Kühn",
    ]
    private static let people = [
        "Hr. Meier", "Fr. Schäfer", "Hr. Müller", "Fr. Özdemir", "Hr. Groß", "Fr. Jähnke", "Hr. Weiß",
        "Fr. Krüger", "Hr. Schmitz", "Fr. Lößner", "Hr. Dvořák", "Fr. Åberg",
    ]
    private static let places: [(name: String, street: String, zip: String, city: String, country: String)] = [
        ("Kölner Dom", "Domkloster 4", "50667", "Köln", "de"),
        ("Brandenburger Tor", "Pariser Platz", "10117", "Berlin", "de"),
        ("Frauenkirche", "Neumarkt", "01067", "Dresden", "de"),
        ("Schloss Neuschwanstein", "Neuschwansteinstraße 20", "87645", "Schwangau", "de"),
        ("Hamburger Michel", "Englische Planke 1", "20459", "Hamburg", "de"),
        ("Zeche Zollverein", "Gelsenkirchener Straße 181", "45309", "Essen", "de"),
        ("Würzburger Residenz", "Residenzplatz 2", "97070", "Würzburg", "de"),
        ("Stephansdom", "Stephansplatz 3", "1010", "Wien", "at"),
        ("Grossmünster", "Zwingliplatz 7", "8001", "Zürich", "ch"),
        ("Kaiserdom", "Domplatz", "67346", "Speyer", "de"),
    ]
    private static let works = [
        "Stabilisierungsarbeiten", "Fassadenreinigung", "Gerüst aufstellen", "Dachsanierung",
        "Elektroprüfung & Abnahme", "Fenstertausch", "Schadstoffmessung", "Statische Prüfung",
        "Steinrestaurierung", "Entwässerung & Kanal", "Malerarbeiten Innenraum", "Bodenplatte gießen",
    ]

    /// How many teams a feed of this size has.
    public var teamCount: Int { max(20, size / 6000) }

    /// Writes the feed to `output` and returns the writer (for `.memory`, read its bytes).
    @discardableResult
    public func write(to output: XMLWriterOutput) throws -> XMLStreamWriter {
        var random = SplitMix(seed: seed &+ UInt64(size))
        let writer = try XMLStreamWriter(to: output, options: .init(indentation: "  "))
        do {
            try writer.declaration()
            try writer.startElement("schedule")
            try writer.startElement("teams")
            for t in 0..<teamCount {
                try writer.startElement("team")
                try writer.attribute("code", value: String(100 + t))
                try writer.element("name", text: "\(Self.trades[t % Self.trades.count]) \(t / Self.trades.count + 1)")
                for c in 0..<(2 + Int(random.next() % 2)) {
                    try writer.startElement("contact")
                    try writer.attribute("phone", value: "+49 1\(60 + random.next() % 20) \(1_000_000 + random.next() % 9_000_000)")
                    try writer.attribute("isHead", value: c == 0 ? "YES" : "NO")
                    try writer.text(Self.people[Int(random.next() % UInt64(Self.people.count))])
                    try writer.endElement()
                }
                try writer.endElement()
            }
            try writer.endElement()
            try writer.startElement("sites")
            var s = 0
            while s < 1 || writer.bytesWritten < size {
                let place = Self.places[s % Self.places.count]
                try writer.startElement("site")
                try writer.attribute("code", value: String(10_001 + s))
                try writer.element("name", text: s < Self.places.count ? place.name : "\(place.name), Bauabschnitt \(s / Self.places.count + 1)")
                try writer.element("street", text: place.street)
                try writer.startElement("city")
                try writer.attribute("zip", value: place.zip)
                try writer.text(place.city)
                try writer.endElement()
                try writer.element("countryCode", text: place.country)
                try writer.startElement("activities")
                var day = 1 + Int(random.next() % 20)
                for _ in 0..<3 {
                    let length = 1 + Int(random.next() % 8)
                    try writer.startElement("activity")
                    try writer.attribute("team", value: String(100 + Int(random.next() % UInt64(teamCount))))
                    try writer.attribute("start", value: "2012-03-\(day < 10 ? "0" : "")\(day) \(6 + random.next() % 3):00")
                    let end = min(31, day + length)
                    try writer.attribute("end", value: "2012-03-\(end < 10 ? "0" : "")\(end) \(12 + random.next() % 6):00")
                    let work = Self.works[Int(random.next() % UInt64(Self.works.count))]
                    if random.next() % 50 == 0 {
                        try writer.cdata("\(work): Prüfbericht <Statik> & Nachweis")
                    } else {
                        try writer.text(work)
                    }
                    try writer.endElement()
                    day = min(28, end)
                }
                try writer.endElement()
                try writer.endElement()
                s += 1
            }
            try writer.endElement()
            try writer.endElement()
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        return writer
    }
}

/// A small, fast, seeded generator (SplitMix64), so feeds are reproducible.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
