/// Teams or sites read back from a query that joins each to its children (`LEFT JOIN`, one
/// row per child, or one row without a child) ordered by code: gathers each entity's
/// children and hands the entity on when the next code begins. Every store's export uses it.
public struct RowsByCode<Entity> {
    private var current: (code: String, entity: Entity)?

    public init() {}

    /// Takes one row of the entity with `code`: `entity` makes it on its first row, `child`
    /// adds the row's child (if the row has one), and the previous entity goes to `finished`.
    public mutating func add(
        code: String, entity: () throws -> Entity, child: (inout Entity) throws -> Void, finished: (Entity) throws -> Void
    ) throws {
        // Byte for byte, as the stores order and compare codes (ExactText).
        if current.map({ !$0.code.isExactly(code) }) ?? true {
            if let current { try finished(current.entity) }
            current = (code, try entity())
        }
        try child(&current!.entity)
    }

    /// The rows ended: the last entity goes to `finished`.
    public mutating func end(_ finished: (Entity) throws -> Void) throws {
        if let current { try finished(current.entity) }
        current = nil
    }
}
