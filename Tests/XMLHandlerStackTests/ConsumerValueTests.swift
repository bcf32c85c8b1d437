import Testing
import XMLHandlerStack

/// `value(as:)` and `is(_:)`: the fast forms of `as?` and `is` on `any ElementConsumer`,
/// which must answer exactly as the casts do.
@Suite("Consumers as their own types")
struct ConsumerValueTests {
    struct Note: ElementConsumer, Equatable, Labelled {
        var text: String
        var tags: [String]
    }

    struct Other: ElementConsumer {}

    protocol Labelled {}

    class Base: ElementConsumer {}
    final class Derived: Base {}

    @Test("an exact type gives back the value, equal and independent, as `as?` does")
    func exactStruct() {
        let note = Note(text: String(repeating: "long text, not a small string ", count: 3), tags: ["a", "b"])
        let consumer: any ElementConsumer = note
        #expect(consumer.value(as: Note.self) == note)
        #expect(consumer.value(as: Note.self) == consumer as? Note)
        #expect(consumer.is(Note.self))
        // The copy owns its storage: changing it leaves the consumer's value alone.
        var copy = consumer.value(as: Note.self)!
        copy.tags.append("c")
        #expect(consumer.value(as: Note.self)?.tags == ["a", "b"])
    }

    @Test("another type gives nil")
    func otherType() {
        let consumer: any ElementConsumer = Note(text: "x", tags: [])
        #expect(consumer.value(as: Other.self) == nil)
        #expect(!consumer.is(Other.self))
        #expect(consumer.value(as: Derived.self) == nil)
    }

    @Test("a class gives the object itself; a subclass and a protocol type answer as the casts do")
    func classesAndProtocols() {
        let derived = Derived()
        let consumer: any ElementConsumer = derived
        #expect(consumer.value(as: Derived.self) === derived)
        #expect(consumer.value(as: Base.self) === derived)
        #expect(consumer.is(Base.self))
        let base: any ElementConsumer = Base()
        #expect(base.value(as: Derived.self) == nil && !base.is(Derived.self))
        let note: any ElementConsumer = Note(text: "x", tags: [])
        #expect(note.value(as: (any Labelled).self) != nil)
        #expect(note.is((any Labelled).self) && !base.is((any Labelled).self))
    }
}
