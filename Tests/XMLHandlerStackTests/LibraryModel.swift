import XMLHandlerStack
import XMLStreaming

// A small made-up domain, as plain value types: a library with shelves of books, and loans
// that refer to books by ISBN. The parsing code lives in the extensions below, not in the
// types, as the handler stack intends.

struct Book: Equatable {
    var isbn: String
    var shelfCode: String
    var title = ""
    var authors: [String] = []
}

struct Shelf: Equatable {
    var code: String
    var label = ""
    var books: [Book] = []
}

struct Loan: Equatable {
    var isbn: String
    var member: String
    var note = ""
}

struct Library: Equatable {
    var name = ""
    var shelves: [Shelf] = []
    var loans: [Loan] = []
}

/// A date-free error type of the model, to check that consumers' own errors pass unchanged.
struct UnknownBook: Error, Equatable { let isbn: String }

extension Library: ElementConsumer {
    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        switch name.localName {
        case "name": self.name = text.string
        case "shelves", "loans": break
        default: return false
        }
        return true
    }

    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        switch child {
        case let shelf as Shelf: shelves.append(shelf)
        case let loan as Loan:
            guard shelves.contains(where: { $0.books.contains { $0.isbn == loan.isbn } }) else {
                throw UnknownBook(isbn: loan.isbn)
            }
            loans.append(loan)
        default: break
        }
    }
}

extension Shelf: Parseable {
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let code = attributes["code"], !code.isEmpty else { throw context.invalid("a shelf without a code") }
        self.init(code: code.string)
    }

    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        guard name.localName == "label" else { return false }
        label = text.string
        return true
    }

    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        if let book = child as? Book { books.append(book) }
    }
}

extension Book: Parseable {
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let shelf = predecessor as? Shelf else { throw context.invalid("a book outside a shelf") }
        guard let isbn = attributes["isbn"] else { throw context.invalid("a book without an isbn") }
        self.init(isbn: isbn.string, shelfCode: shelf.code)
    }

    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        switch name.localName {
        case "title": title = text.string
        case "author": authors.append(text.string)
        default: return false
        }
        return true
    }
}

extension Loan: Parseable {
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer, context: ParseContext) throws {
        guard let isbn = attributes["book"], let member = attributes["member"] else {
            throw context.invalid("a loan needs book and member")
        }
        self.init(isbn: isbn.string, member: member.string)
    }

    mutating func didEnd(text: XMLStringView, context: ParseContext) throws { note = text.string }
}

extension ParseRoutes {
    static var library: ParseRoutes {
        var routes = ParseRoutes()
        routes.route("shelf", to: Shelf.self)
        routes.route("book", to: Book.self)
        routes.route("loan", to: Loan.self)
        return routes
    }
}

let libraryXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <library>
      <name>Stadtbücherei Köln</name>
      <shelves>
        <shelf code="A">
          <label>Romane</label>
          <book isbn="111"><title>Der Process</title><author>Franz Kafka</author></book>
          <book isbn="222"><title>Faust &amp; Co.</title><author>J. W. Goethe</author><author>Anon</author></book>
        </shelf>
        <shelf code="B"><label><![CDATA[Kinder & Jugend]]></label></shelf>
      </shelves>
      <loans>
        <loan book="222" member="m7">
          bis Ende März
        </loan>
      </loans>
    </library>
    """

let expectedLibrary = Library(
    name: "Stadtbücherei Köln",
    shelves: [
        Shelf(
            code: "A", label: "Romane",
            books: [
                Book(isbn: "111", shelfCode: "A", title: "Der Process", authors: ["Franz Kafka"]),
                Book(isbn: "222", shelfCode: "A", title: "Faust & Co.", authors: ["J. W. Goethe", "Anon"]),
            ]),
        Shelf(code: "B", label: "Kinder & Jugend"),
    ],
    loans: [Loan(isbn: "222", member: "m7", note: "bis Ende März")])
