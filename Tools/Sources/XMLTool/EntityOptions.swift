import ArgumentParser
import Foundation
import XMLStreaming

/// What the commands that read XML do with a reference to an entity the parser cannot expand
/// (`&nbsp;` under an XHTML DOCTYPE: the DTD that declares it is never read). Each command
/// has its own default, the one its library call has.
struct EntityOptions: ParsableArguments {
    enum Choice: String, ExpressibleByArgument, CaseIterable {
        case fail, keep, skip, html
    }

    @Option(help: """
        What a reference to an entity the parser cannot expand (one the external DTD may \
        declare, which is never read) becomes: fail, keep (as &name;), skip (left out, as \
        xmllint's string values do) or html (HTML's character: &nbsp; is U+00A0).
        """)
    var entities: Choice?

    @Option(help: """
        Read entity declarations (<!ENTITY name "text">, such as XHTML's xhtml-lat1.ent) from \
        this file and replace references with their text; names it lacks are read as html.
        """)
    var entityTable: String?

    func validate() throws {
        if entityTable != nil, let entities, entities != .html {
            throw ValidationError("--entity-table replaces references; it cannot be combined with --entities \(entities.rawValue).")
        }
    }

    /// The policy asked for, or `nil` for the command's default.
    func policy() throws -> XMLUnexpandedEntityPolicy? {
        if let entityTable {
            let declarations: String
            do {
                declarations = try String(contentsOfFile: entityTable, encoding: .utf8)
            } catch {
                throw ValidationError("--entity-table \(entityTable): cannot read the file.")
            }
            do {
                return .replace(XMLEntityTable.html.merging(try XMLEntityTable(declarations: declarations)))
            } catch var error as XMLParseError {
                error.fileName = entityTable
                throw error
            }
        }
        switch entities {
        case nil: return nil
        case .fail?: return .throw
        case .keep?: return .keep
        case .skip?: return .skip
        case .html?: return .replace(.html)
        }
    }
}
