// Generated from docs/HandlerStack.md by scripts/doc-examples.sh: do not edit; run the script after
// changing the guide. Each block's statements run in order, in a closure of their own;
// declarations stay at the top. DocExamplesTests checks this file and runs it.

import DocExampleSupport
import Foundation
import XMLHandlerStack
import XMLStreaming

// docs/HandlerStack.md:47
struct EveryCall: ElementConsumer {
    // The consumer on top of the stack (or the root, when the stack is empty)
    mutating func didStartChild(_ name: XMLName, attributes: XMLAttributes, context: ParseContext) throws {}
    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool { false }
    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {}
    // An entity, when its own element ends
    mutating func didEnd(text: XMLStringView, context: ParseContext) throws {}
    // The root only
    mutating func documentDidStart(context: ParseContext) throws {}
    mutating func documentDidEnd(context: ParseContext) throws {}
    mutating func documentDidFail(_ error: any Error) {}
}

// docs/HandlerStack.md:92
// Model/Library.swift
struct Book {
    var isbn: String
    var shelfCode: String
    var title = ""
    var authors: [String] = []
}


// docs/HandlerStack.md:92
struct Shelf {
    var code: String
    var label = ""
    var books: [Book] = []
}


// docs/HandlerStack.md:92
struct Loan {
    var isbn: String
    var member: String
    var note = ""
}

// docs/HandlerStack.md:121
extension Shelf: Parseable {
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
         context: ParseContext) throws {
        guard let code = attributes["code"], !code.isEmpty else {
            throw context.invalid("a shelf without a code")
        }
        self.init(code: code.string)
    }

    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        guard name.localName == "label" else { return false }
        label = text.string
        return true
    }

    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        if let book = child.value(as: Book.self) { books.append(book) }
    }
}


// docs/HandlerStack.md:121
extension Book: Parseable {
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
         context: ParseContext) throws {
        guard let shelf = predecessor.value(as: Shelf.self) else { throw context.invalid("a book outside a shelf") }
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


// docs/HandlerStack.md:121
extension Loan: Parseable {
    init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
         context: ParseContext) throws {
        guard let isbn = attributes["book"], let member = attributes["member"] else {
            throw context.invalid("a loan needs book and member")
        }
        self.init(isbn: isbn.string, member: member.string)
    }

    mutating func didEnd(text: XMLStringView, context: ParseContext) throws {
        note = text.string
    }
}

// docs/HandlerStack.md:197
extension ParseRoutes {
    static var library: ParseRoutes {
        var routes = ParseRoutes()
        routes.route("shelf", to: Shelf.self)
        routes.route("book", to: Book.self)
        routes.route("loan", to: Loan.self)
        return routes
    }
}

// docs/HandlerStack.md:237
// Import/LibraryImport.swift
protocol LibraryStore: AnyObject {
    func begin() throws
    func replace(_ shelf: Shelf) throws   // same code: replace the shelf and all its books
    func add(_ loan: Loan) throws
    func commit() throws
    func rollback()                       // must be harmless when nothing was begun
}


// docs/HandlerStack.md:237
struct LibraryImport: ElementConsumer {
    let store: any LibraryStore
    var name = ""
    var shelves: [Shelf] = []
    var loans: [Loan] = []

    mutating func documentDidStart(context: ParseContext) throws {
        name = ""
        shelves.removeAll()
        loans.removeAll()
        try store.begin()
    }

    mutating func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) throws -> Bool {
        switch name.localName {
        case "name": self.name = text.string
        case "library", "shelves", "loans": break   // the document element and the wrappers
        default: return false
        }
        return true
    }

    mutating func adopt(_ child: any ElementConsumer, context: ParseContext) throws {
        switch child {
        case let shelf as Shelf:
            try store.replace(shelf)
            shelves.append(shelf)
        case let loan as Loan:
            guard shelves.contains(where: { $0.books.contains { $0.isbn == loan.isbn } }) else {
                throw context.invalid("a loan of book \(loan.isbn), which no shelf holds")
            }
            try store.add(loan)
            loans.append(loan)
        default:
            break
        }
    }

    mutating func documentDidEnd(context: ParseContext) throws { try store.commit() }
    mutating func documentDidFail(_ error: any Error) { store.rollback() }
}

// docs/HandlerStack.md:304
final class MemoryStore: LibraryStore {
    var shelves: [String: Shelf] = [:]
    var loans: [Loan] = []
    func begin() throws {}
    func replace(_ shelf: Shelf) throws { shelves[shelf.code] = shelf }
    func add(_ loan: Loan) throws { loans.append(loan) }
    func commit() throws {}
    func rollback() {}
}

// docs/HandlerStack.md:391
final class Team { let code: String; var name = ""; var contacts: [Contact] = []
                   init(code: String) { self.code = code } }

// docs/HandlerStack.md:391
final class Contact { weak var team: Team?; var isHead: Bool; var name = ""
                      init(team: Team, isHead: Bool) { self.team = team; self.isHead = isHead } }


// docs/HandlerStack.md:391
extension Team: Parseable {
    convenience init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
                     context: ParseContext) throws {
        guard let code = attributes["code"] else { throw context.invalid("a team without a code") }
        self.init(code: code.string)
    }
    func didEndChild(_ name: XMLName, text: XMLStringView, context: ParseContext) -> Bool {
        guard name.localName == "name" else { return false }
        self.name = text.string
        return true
    }
}


// docs/HandlerStack.md:391
extension Contact: Parseable {
    convenience init(element: XMLName, attributes: XMLAttributes, predecessor: any ElementConsumer,
                     context: ParseContext) throws {
        guard let team = predecessor as? Team else { throw context.invalid("a contact outside a team") }
        self.init(team: team, isHead: attributes["isHead"].map { $0 == "YES" } ?? false)
        team.contacts.append(self)          // the very object below on the stack
    }
    func didEnd(text: XMLStringView, context: ParseContext) { name = text.string }
}

var failures = 0
failures += await example("docs/HandlerStack.md:28") {

}
failures += await example("docs/HandlerStack.md:47") {

}
failures += await example("docs/HandlerStack.md:92") {

}
failures += await example("docs/HandlerStack.md:121") {

}
failures += await example("docs/HandlerStack.md:197") {

}
failures += await example("docs/HandlerStack.md:216") {
    var routes = ParseRoutes()
    routes.route(XMLQualifiedName(localName: "shelf", namespaceURI: "urn:lib"), to: Shelf.self)
    _ = routes
}
failures += await example("docs/HandlerStack.md:237") {

}
failures += await example("docs/HandlerStack.md:304") {
    let store = MemoryStore()
    do {
        let result = try HandlerStack.parse(
            contentsOf: "library.xml", root: LibraryImport(store: store), routes: .library)
        print(result.name, result.shelves.count, result.loans.count)
    } catch {
        print(error)   // e.g. library.xml:5:5: error: a shelf without a code
    }
    _ = store
}
failures += await example("docs/HandlerStack.md:391") {

}
failures += await example("docs/HandlerStack.md:447") {
    let store = MemoryStore()
    let xml = try String(contentsOfFile: "library.xml", encoding: .utf8)
    let library = try HandlerStack.parse(xml, root: LibraryImport(store: store), routes: .library,
                                         trimsWhitespace: false)
    _ = store
    _ = xml
    _ = library
}
failures += await example("docs/HandlerStack.md:490") {
    let store = MemoryStore()
    let path = "library.xml"
    do {
        _ = try HandlerStack.parse(contentsOf: path, root: LibraryImport(store: store), routes: .library)
    } catch let error as XMLParseError {
        print(error)                         // e.g. library.xml:7:12: error: mismatched tag
    } catch let error as HandlerStackError {
        print(error)                         // library.xml:5:5: error: a shelf without a code
        switch error.kind {
        case .invalidData(let message): print("bad data:", message)
        case .unknownElement(let name): print("unknown element:", name)
        case .model(let underlying): print("model error:", underlying)
        }
    } catch {
        print(error)                         // XMLInputError: the file could not be read
    }
    _ = store
    _ = path
}
failures += await example("docs/HandlerStack.md:554") {
    let store = MemoryStore()
    let chunks = AsyncStream<[UInt8]> { continuation in
        continuation.yield(Array("<library><shelves/><loans/></library>".utf8))
        continuation.finish()
    }
    let stack = HandlerStack(root: LibraryImport(store: store), routes: .library, unknownElementPolicy: .collect)
    let parser = XMLStreamParser(handler: stack)
    do {
        try await parser.parse(chunks)          // any input method
    } catch {
        parser.handler.abandon(after: error)    // clears the stack, calls root.documentDidFail
        throw error
    }
    for unknown in parser.handler.unknownElements {
        print("skipped <\(unknown.name)> at \(unknown.position)")
    }
    let library = parser.handler.root
    _ = store
    _ = chunks
    _ = stack
    _ = parser
    _ = library
}
exit(failures == 0 ? 0 : 1)
