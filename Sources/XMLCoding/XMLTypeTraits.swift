import Synchronization

/// What the decoder needs to know of a type's conformances to XMLCoding's protocols, found
/// once per type and kept: a cast to a protocol costs the runtime a hash lookup, and a
/// decode would otherwise make several for every value.
struct XMLTypeTraits: @unchecked Sendable {
    // @unchecked: the fields are metatypes and flags, immutable and the same for every
    // thread; the existential metatypes are what the compiler cannot see as Sendable.
    let scalar: (any XMLScalar.Type)?
    let optional: (any XMLOptionalValue.Type)?
    let placing: (any XMLNodePlacing.Type)?
    let layouts: (any XMLArrayLayouts.Type)?
    let isChoice: Bool
    let isChoiceArray: Bool
    let absentAsEmpty: Bool

    private init(_ type: Any.Type) {
        scalar = type as? any XMLScalar.Type
        optional = type as? any XMLOptionalValue.Type
        placing = type as? any XMLNodePlacing.Type
        layouts = type as? any XMLArrayLayouts.Type
        isChoice = type is any XMLChoice.Type
        isChoiceArray = type is any XMLChoiceArray.Type
        absentAsEmpty = type is any XMLAbsentAsEmpty.Type
    }

    private static let known = Mutex<[ObjectIdentifier: XMLTypeTraits]>([:])

    /// The traits of `type`, worked out on first use.
    static func of(_ type: Any.Type) -> XMLTypeTraits {
        let id = ObjectIdentifier(type)
        if let traits = known.withLock({ $0[id] }) { return traits }
        let traits = XMLTypeTraits(type)
        known.withLock { $0[id] = traits }
        return traits
    }
}
