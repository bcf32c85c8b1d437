import Foundation
internal import XMLSyntax

/// What the decoder needs to know of a type's conformances to XMLCoding's protocols, found
/// once per type and kept: a cast to a protocol costs the runtime a hash lookup, and a
/// decode would otherwise make several for every value.
struct XMLTypeTraits: @unchecked Sendable {
    // @unchecked: the fields are metatypes and flags, immutable and the same for every
    // thread; the existential metatypes are what the compiler cannot see as Sendable.
    //
    // Plain data only, no strings, arrays or closures: the traits are copied for every value,
    // and a field that needs reference counting made the 1 MiB document's decode take 9.4%
    // more instructions and its encode 17% (issue 30's first version). What a few types need
    // beyond flags (a key namespace, declarations, a choice's cases) is looked up when used.
    let scalar: (any XMLScalar.Type)?
    let optional: (any XMLOptionalValue.Type)?
    let placing: (any XMLNodePlacing.Type)?
    let layouts: (any XMLArrayLayouts.Type)?
    let mapLayouts: (any XMLMapLayouts.Type)?
    /// The type's plain keys name elements of one namespace (``XMLKeyNamespace``).
    let keyNamespacing: (any XMLKeyNamespace.Type)?
    /// The type declares namespaces on its element (``XMLNamespaceDeclaring``).
    let namespaceDeclaring: (any XMLNamespaceDeclaring.Type)?
    let isChoice: Bool
    let isChoiceArray: Bool
    let absentAsEmpty: Bool
    /// A `[String: V]`, whose keys no key strategy converts (see ``XMLStringKeyedDictionary``).
    let isStringKeyedDictionary: Bool
    /// A `Dictionary` of any key type, whose entries ``XMLEncoder/sortsKeys`` sorts.
    let isDictionary: Bool

    private init(_ type: Any.Type) {
        scalar = type as? any XMLScalar.Type
        optional = type as? any XMLOptionalValue.Type
        absentAsEmpty = type is any XMLAbsentAsEmpty.Type
        isChoiceArray = type is any XMLChoiceArray.Type
        isStringKeyedDictionary = type is any XMLStringKeyedDictionary.Type
        isDictionary = type is any XMLDictionary.Type
        // A scalar, an optional or a collection adopts none of the protocols a type adopts
        // to describe its keys: each failed check scans every conformance of the program
        // once, which a decode of a small document notices.
        guard scalar == nil, optional == nil, !absentAsEmpty, !isDictionary else {
            (placing, layouts, mapLayouts, keyNamespacing, namespaceDeclaring, isChoice) = (nil, nil, nil, nil, nil, false)
            return
        }
        placing = type as? any XMLNodePlacing.Type
        layouts = type as? any XMLArrayLayouts.Type
        mapLayouts = type as? any XMLMapLayouts.Type
        keyNamespacing = type as? any XMLKeyNamespace.Type
        namespaceDeclaring = type as? any XMLNamespaceDeclaring.Type
        isChoice = type is any XMLChoice.Type
    }

    /// The cases of a choice type, or of an array of choices' items, learned on first use
    /// (``XMLChoiceCases``) and kept.
    static func choiceCases(of type: Any.Type, userInfo: [CodingUserInfoKey: Any]) -> XMLChoiceCases? {
        let id = ObjectIdentifier(type)
        if let known = learnedCases.withLock({ $0[id] }) { return known }
        var cases: XMLChoiceCases?
        if type is any XMLChoice.Type, let decodable = type as? any Decodable.Type {
            cases = XMLChoiceCases.of(decodable, userInfo: userInfo)
        } else if let array = type as? any XMLChoiceArray.Type, let decodable = array.choiceType as? any Decodable.Type {
            cases = XMLChoiceCases.of(decodable, userInfo: userInfo)
        }
        learnedCases.withLock { $0[id] = cases }
        return cases
    }

    private static let learnedCases = LockedValue<[ObjectIdentifier: XMLChoiceCases?]>([:])

    /// The scalar types (XMLScalar's conformers, a closed set) by identity: comparing a few
    /// metatypes costs less than any lookup, and it runs for every value decoded.
    static func scalar(_ type: Any.Type) -> (any XMLScalar.Type)? {
        // The strings and numbers first: they are most of the values.
        if type == String.self { return String.self }
        if type == Int.self { return Int.self }
        if type == Double.self { return Double.self }
        if type == Bool.self { return Bool.self }
        if type == Date.self { return Date.self }
        if type == Int64.self { return Int64.self }
        if type == Int32.self { return Int32.self }
        if type == Float.self { return Float.self }
        if type == Data.self { return Data.self }
        if type == URL.self { return URL.self }
        if type == Decimal.self { return Decimal.self }
        if type == UInt.self { return UInt.self }
        if type == UInt64.self { return UInt64.self }
        if type == UInt32.self { return UInt32.self }
        if type == Int16.self { return Int16.self }
        if type == UInt16.self { return UInt16.self }
        if type == Int8.self { return Int8.self }
        if type == UInt8.self { return UInt8.self }
        if type == XMLFragment.self { return XMLFragment.self }
        return nil
    }

    /// Whether `type` is an `Optional`: a look at its metadata, no conformance lookup.
    static func optional<T>(_ type: T.Type) -> (any XMLOptionalValue.Type)? {
        _isOptional(type) ? type as? any XMLOptionalValue.Type : nil
    }

    private static let known = LockedValue<[ObjectIdentifier: XMLTypeTraits]>([:])

    /// The traits of `type`, worked out on first use.
    static func of(_ type: Any.Type) -> XMLTypeTraits {
        let id = ObjectIdentifier(type)
        if let traits = known.withLock({ $0[id] }) { return traits }
        let traits = XMLTypeTraits(type)
        known.withLock { $0[id] = traits }
        return traits
    }
}

extension XMLTypeTraits {
    /// The traits of the few types one decode or encode meets, each looked up in ``of(_:)``
    /// once: after that a comparison of metatypes, where ``of(_:)`` takes a lock and hashes
    /// for every element.
    ///
    /// Used by one decode or encode at a time (a route hands it from one element to the next
    /// with its record in progress).
    final class Cache {
        // Unchecked: no overlapping access, re-entrant calls included. One decode or encode
        // uses the cache at a time, and no access calls out (to user code) while it holds one.
        // Apart, so a lookup compares identifiers and copies one traits value, not each
        // entry it passes.
        @exclusivity(unchecked) private var types: [ObjectIdentifier] = []
        @exclusivity(unchecked) private var entries: [XMLTypeTraits] = []
        /// Past this many types (a model of many types) the rest are looked up each time.
        private static let capacity = 32

        init() {}

        // Unchecked: as `entries`.
        @exclusivity(unchecked) private var plans: [(type: ObjectIdentifier?, keyType: ObjectIdentifier, plans: XMLKeyPlans)] = []

        /// The key plans of `type`'s keys of `keyType`, made empty on first use; nil past the
        /// cache's capacity. The cache keeps every plans object it returns for as long as it
        /// lives.
        func keyPlans(for type: Any.Type?, keyType: Any.Type) -> XMLKeyPlans? {
            let id = type.map { ObjectIdentifier($0) }
            let keyID = ObjectIdentifier(keyType)
            for entry in unsafe plans where entry.keyType == keyID && entry.type == id { return entry.plans }
            guard unsafe plans.count < Self.capacity else { return nil }
            let made = XMLKeyPlans()
            unsafe plans.append((id, keyID, made))
            return made
        }

        func traits(of type: Any.Type) -> XMLTypeTraits {
            let id = ObjectIdentifier(type)
            var index = 0
            let count = unsafe types.count
            while index < count {
                if unsafe types[index] == id { return unsafe entries[index] }
                index += 1
            }
            let traits = XMLTypeTraits.of(type)
            if unsafe types.count < Self.capacity {
                unsafe types.append(id)
                unsafe entries.append(traits)
            }
            return traits
        }
    }
}

/// Where a key of one type is looked for in its element: its document spelling, placement
/// and array layout. They depend only on the decoded type, the key and the decoder's
/// settings (unless a setting decides by coding path), so they are worked out once per key
/// instead of for every element.
///
/// A class: a lookup takes a reference to it (one retain) rather than a copy of its strings.
///
/// It holds the key it was made for (any key of the type with the same bits is equal to it),
/// which errors and coding paths name.
final class XMLKeyPlan: XMLKeyHolder {
    /// The name of the key's elements.
    let name: XMLCodingName
    /// The name of the key's attribute: `name`, except for a plain key of a type with a
    /// key namespace (``XMLKeyNamespace``), whose attribute is in no namespace.
    let attributeName: XMLCodingName
    /// Whether the name's namespace is the type's key namespace, not the key's own
    /// spelling: elements of that name in other namespaces are expected, not a mistyped URI.
    let isInKeyNamespace: Bool
    /// The key `""`: the element's own text.
    let isText: Bool
    let placement: XMLNodePlacement
    let wrapped: Bool

    init(
        key: any CodingKey, name: XMLCodingName, attributeName: XMLCodingName? = nil, isText: Bool,
        placement: XMLNodePlacement, wrapped: Bool, mapLayout: XMLMapLayout? = nil
    ) {
        self.name = name
        self.attributeName = attributeName ?? name
        isInKeyNamespace = attributeName != nil
        self.isText = isText
        self.placement = placement
        self.wrapped = wrapped
        super.init(key: key, mapLayout: mapLayout == .namedByKeys ? nil : mapLayout)
    }
}

/// The plans of one decoded type's keys, by the key's bit pattern.
///
/// A synthesized `CodingKeys` enum is a plain value of at most one byte whose bits are its
/// case, so the byte finds the key's plan without asking for its `stringValue`. Key types of
/// any other kind, and settings that decide by coding path, work each key out every time.
final class XMLKeyPlans {
    // Unchecked: no overlapping access, re-entrant calls included. One decode uses the plans
    // at a time (they travel with the traits cache), and a plan is made before it is stored,
    // so no user code runs during an access.
    @exclusivity(unchecked) private var byPattern: [XMLKeyPlan?] = []

    subscript(pattern: Int) -> XMLKeyPlan? {
        get { unsafe pattern < byPattern.count ? byPattern[pattern] : nil }
        set {
            if unsafe pattern >= byPattern.count { unsafe byPattern += Array(repeating: nil, count: pattern + 1 - byPattern.count) }
            unsafe byPattern[pattern] = newValue
        }
    }

    /// Whether keys of `Key` can be told apart by one byte of their value, and the settings
    /// let a key's plan be kept.
    static func usable<Key: CodingKey>(for key: Key.Type, context: XMLDecodingContext) -> Bool {
        context.plansApply && _isPOD(Key.self) && MemoryLayout<Key>.size <= 1
    }

    /// The key's byte (0 for a key type of one case, which has no bytes).
    ///
    /// Invariant: only for key types `usable(for:context:)` accepts, plain values of at most
    /// one byte, whose bits are the whole value, so equal bytes mean equal keys. Pays for
    /// itself: finding plans by the key's name instead cost 8.9% more instructions on the
    /// 1 MiB document decode (298.0M to 324.6M, 2026-11-26); the bit cast itself, against a
    /// pointer closure, saves 0.66% (b0f6fac).
    static func pattern<Key: CodingKey>(of key: Key) -> Int {
        unsafe MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
    }
}

/// `[String: V]`: its keys are the document's names as written, in both directions, and no
/// key strategy converts them, as `JSONDecoder` and `JSONEncoder` leave a `String`-keyed
/// dictionary's keys alone (its keys are data, not Swift names). Decoding a dictionary
/// looked each document name up converted (`aB` as `a_b` under snake case), which lost it.
protocol XMLStringKeyedDictionary {}

extension Dictionary: XMLStringKeyedDictionary where Key == String {}

/// Any `Dictionary`: its entries are keys of its element, in Swift's order unless the
/// encoder sorts them.
protocol XMLDictionary {}
extension Dictionary: XMLDictionary {}
