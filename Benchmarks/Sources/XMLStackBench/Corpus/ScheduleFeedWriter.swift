/// Writes a SiteSchedule feed (the book's sample, 8.3.3) of about a given size:
/// `schedule/teams/team[@code]` with `name` and `contact[@phone,@isHead]`, then
/// `schedule/sites/site[@code]` with `name`, `street`, `city[@zip]`, `countryCode` and
/// `activities/activity[@team,@start,@end]`. German names with umlauts, `&amp;` in some
/// names, and a CDATA section in about 2% of the activities.
struct ScheduleFeedWriter {
    private static let teamNames = [
        "Betonbauer", "Zimmerei Holzmann", "Dachdecker Öztürk", "Gerüstbau Müller & Söhne", "Elektro Süd",
        "Schlosserei Weiß", "Glaserei Köhler", "Malerbetrieb Großmann", "Straßenbau Nord", "Fliesen Bäcker",
        "Steinmetze Jäger & Partner", "Restauratoren am Rhein", "Sanitär Böhm", "Trockenbau Kühn",
        "Statik Schröder", "Vermessung Lübeck", "Kranverleih Hößl", "Abbruch & Entsorgung Weber",
    ]
    private static let contactNames = [
        "Hr. Meier", "Fr. Schäfer", "Hr. Müller", "Fr. Özdemir", "Hr. Groß", "Fr. Jähnke", "Hr. Weiß",
        "Fr. Krüger", "Hr. Schmitz", "Fr. Lößner", "Hr. Dvořák", "Fr. Åberg",
    ]
    private static let sites: [(name: String, street: String, zip: String, city: String, country: String)] = [
        ("Kölner Dom", "Domkloster 4", "50667", "Köln", "de"),
        ("Brandenburger Tor", "Pariser Platz", "10117", "Berlin", "de"),
        ("Frauenkirche", "Neumarkt", "01067", "Dresden", "de"),
        ("Schloss Neuschwanstein", "Neuschwansteinstraße 20", "87645", "Schwangau", "de"),
        ("Hamburger Michel", "Englische Planke 1", "20459", "Hamburg", "de"),
        ("Zeche Zollverein", "Gelsenkirchener Straße 181", "45309", "Essen", "de"),
        ("Würzburger Residenz", "Residenzplatz 2", "97070", "Würzburg", "de"),
        ("Porta Nigra", "Porta-Nigra-Platz", "54290", "Trier", "de"),
        ("Völklinger Hütte", "Rathausstraße 75-79", "66333", "Völklingen", "de"),
        ("Ulmer Münster", "Münsterplatz 21", "89073", "Ulm", "de"),
        ("Stephansdom", "Stephansplatz 3", "1010", "Wien", "at"),
        ("Schloss Schönbrunn", "Schönbrunner Schloßstraße 47", "1130", "Wien", "at"),
        ("Grossmünster", "Zwingliplatz 7", "8001", "Zürich", "ch"),
        ("Kapellbrücke", "Kapellbrücke", "6002", "Luzern", "ch"),
        ("Wartburg", "Auf der Wartburg 1", "99817", "Eisenach", "de"),
        ("Kaiserdom", "Domplatz", "67346", "Speyer", "de"),
    ]
    private static let activities = [
        "Stabilisierungsarbeiten", "Fassadenreinigung", "Gerüst aufstellen", "Dachsanierung",
        "Elektroprüfung & Abnahme", "Fenstertausch", "Schadstoffmessung", "Statische Prüfung",
        "Steinrestaurierung", "Entwässerung & Kanal", "Malerarbeiten Innenraum", "Bodenplatte gießen",
        "Brandschutzertüchtigung", "Glockenstuhl prüfen", "Außenanlagen pflastern",
    ]
    /// Written raw inside CDATA sections: markup characters that would otherwise need escaping.
    private static let cdataNotes = [
        "Prüfbericht <Statik> & Nachweis, Anlage B",
        "Hinweis: <b>Zugang</b> nur über Südportal & Nebeneingang",
        "Messwerte: a<b, c>d, e&f",
    ]

    /// The number of bytes to aim for; the file ends at the first site past it.
    let size: Int

    func write(to file: CorpusFileWriter) throws {
        var random = SeededRandom(label: "schedule:20120301:\(size)")
        let teamCount = max(20, size / 6000)
        let escapedTeams = Self.teamNames.map(escaped)
        let escapedActivities = Self.activities.map(escaped)
        let escapedSites = Self.sites.map {
            (escaped($0.name), escaped($0.street), $0.zip, escaped($0.city), $0.country)
        }
        var part: [UInt8] = []
        part.reserveCapacity(4096)

        try file.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<schedule>\n<teams>\n")
        for i in 0..<teamCount {
            part.removeAll(keepingCapacity: true)
            part.put("<team code=\"")
            part.put(number: 100 + i)
            part.put("\"><name>")
            part.put(escapedTeams[i % escapedTeams.count])
            part.put("</name>")
            for _ in 0..<(1 + random.below(3)) {
                part.put("<contact phone=\"+49 1")
                part.put(number: 50 + random.below(30), width: 2)
                part.put(" ")
                part.put(number: random.below(10_000_000), width: 7)
                part.put(random.chance(0.3) ? "\" isHead=\"YES\">" : "\" isHead=\"NO\">")
                part.put(escaping: random.pick(Self.contactNames))
                part.put("</contact>")
            }
            part.put("</team>\n")
            try file.write(part)
        }
        try file.write("</teams>\n<sites>\n")

        let tail: StaticString = "</sites>\n</schedule>\n"
        var siteCode = 10001
        while file.written + tail.utf8CodeUnitCount < size {
            let site = random.pick(escapedSites)
            part.removeAll(keepingCapacity: true)
            part.put("<site code=\"")
            part.put(number: siteCode)
            part.put("\"><name>")
            part.put(site.0)
            part.put("</name><street>")
            part.put(site.1)
            part.put("</street><city zip=\"")
            part.put(site.2)
            part.put("\">")
            part.put(site.3)
            part.put("</city><countryCode>")
            part.put(site.4)
            part.put("</countryCode><activities>")
            for _ in 0..<(1 + random.below(8)) {
                let month = 1 + random.below(12)
                let day = 1 + random.below(27)
                part.put("<activity team=\"")
                part.put(number: 100 + random.below(teamCount))
                part.put("\" start=\"2012-")
                part.put(number: month, width: 2)
                part.put("-")
                part.put(number: day, width: 2)
                part.put(" ")
                part.put(number: 6 + random.below(4))
                part.put(":00\" end=\"2012-")
                part.put(number: month, width: 2)
                part.put("-")
                part.put(number: day + 1, width: 2)
                part.put(" 1")
                part.put(number: random.below(8))
                part.put(":00\">")
                if random.chance(0.02) {
                    part.put("<![CDATA[")
                    part.put(random.pick(Self.cdataNotes))
                    part.put("]]>")
                } else {
                    part.put(random.pick(escapedActivities))
                }
                part.put("</activity>")
            }
            part.put("</activities></site>\n")
            try file.write(part)
            siteCode += 1
        }
        try file.write(tail)
    }
}

/// The UTF-8 bytes of `text`, escaped for XML.
func escaped(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.put(escaping: text)
    return bytes
}
