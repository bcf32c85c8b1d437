import SiteScheduleModel
import Testing

@Suite("ScheduleTime and the model")
struct ScheduleTimeTests {
    @Test("the feed's form reads and writes back exactly, and sorts in time order")
    func feedForm() throws {
        let time = try #require(ScheduleTime("2012-03-01 6:00"))
        #expect(time.description == "2012-03-01 6:00")
        #expect(time.sortableText == "2012-03-01 06:00")
        #expect(ScheduleTime("2012-03-01 06:00") == time)
        #expect(ScheduleTime("2012-03-01T06:00") == time)
        #expect(try #require(ScheduleTime("2012-03-31 12:00")) > time)
        #expect(try #require(ScheduleTime("2012-02-29 23:59")) < time)
    }

    @Test("the feed's form has the hour without a leading zero and pads the rest, for every hour and out-of-range fields")
    func feedFormDigits() throws {
        for hour in 0..<24 {
            let time = try #require(ScheduleTime(year: 7, month: 1, day: 9, hour: hour, minute: 5))
            #expect(time.description == "0007-01-09 \(hour):05")
            #expect(ScheduleTime(time.description) == time)
        }
        var odd = try #require(ScheduleTime(year: 2012, month: 3, day: 1, hour: 6, minute: 0))
        odd.hour = 123
        odd.year = 12345
        #expect(odd.description == "12345-03-01 123:00")
    }

    @Test("anything else is not a time", arguments: [
        "", "2012-03-01", "2012-3-1 6:00", "2012-03-01 6", "2012-03-01 6:0", "2012-03-01 24:00", "2012-02-30 6:00",
        "2011-02-29 6:00", "2012-13-01 6:00", "2012-03-01 6:00 ", " 2012-03-01 6:00", "2012-03-01 123:00", "März",
    ])
    func notATime(_ text: String) {
        #expect(ScheduleTime(text) == nil)
    }

    @Test("the head comes first, the others keep their order")
    func headFirst() {
        let team = Team(code: "1", name: "T", contacts: [
            Contact(name: "A", phone: "1", isHead: false), Contact(name: "B", phone: "2", isHead: true),
            Contact(name: "C", phone: "3", isHead: false),
        ])
        #expect(team.contactsHeadFirst.map(\.name) == ["B", "A", "C"])
    }
}

@Suite("Stored times")
struct SortableTextTests {
    @Test("sortableText pads every field, written digit by digit, and falls back for values set out of range")
    func sortable() throws {
        #expect(ScheduleTime(year: 2012, month: 3, day: 1, hour: 6, minute: 0)?.sortableText == "2012-03-01 06:00")
        #expect(ScheduleTime(year: 7, month: 12, day: 31, hour: 23, minute: 59)?.sortableText == "0007-12-31 23:59")
        var odd = try #require(ScheduleTime(year: 2012, month: 3, day: 1, hour: 6, minute: 0))
        odd.year = 12_345
        #expect(odd.sortableText == "12345-03-01 06:00")
        odd.year = -1
        #expect(odd.sortableText.hasSuffix("-03-01 06:00"))
    }
}
