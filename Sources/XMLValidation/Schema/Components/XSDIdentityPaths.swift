internal import XMLSyntax

/// The element steps of every identity constraint's selector and fields, as plain numbers:
/// each start tag below a constraint's element is matched against them (every open scope's
/// selector, every picked element's fields), where comparing names as strings, and copying
/// the constraints' arrays out, cost more than the rest of the validation. A document's
/// element names are numbered once, by ``nameNumbers`` and ``namespaceNumbers``.
struct XSDIdentityPaths: Sendable {
    /// One step: any element, an element of one name, or any element of one namespace
    /// (`prefix:*`), the name or namespace by its number.
    struct Step: Sendable {
        enum Kind: UInt8, Sendable { case any, name, namespace }
        var kind: Kind
        var number: Int32
    }

    /// One path: its steps in ``steps``, and whether it starts with `.//`.
    struct Path: Sendable {
        var steps: Range<Int>
        var fromDescendants: Bool
    }

    var steps: [Step] = []
    var paths: [Path] = []
    /// Each constraint's selector: its paths in ``paths``.
    var selectors: [Range<Int>] = []
    /// Each constraint's fields in ``fields``, and each field's paths in ``paths``, in the
    /// order of ``XSDIdentityConstraint/fields``.
    var constraintFields: [Range<Int>] = []
    var fields: [Range<Int>] = []
    /// For each constraint, whether an element it picks with a field missing can be dropped
    /// at its start tag: a `unique` or `keyref` (a `key` reports it) whose fields are all
    /// the element's own attributes (`@id`), which nothing after the start tag sets.
    var dropsIncomplete: [Bool] = []
    /// The numbers of the element names and namespaces the steps test.
    var nameNumbers: [XSDExpandedName: Int32] = [:]
    var namespaceNumbers: [CodePointString?: Int32] = [:]

    init() {}

    /// The paths of `constraints`, numbered.
    init(_ constraints: [XSDIdentityConstraint]) {
        for constraint in constraints {
            let first = paths.count
            for path in constraint.selector { add(path) }
            selectors.append(first..<paths.count)
            let firstField = fields.count
            for field in constraint.fields {
                let firstPath = paths.count
                for path in field { add(path) }
                fields.append(firstPath..<paths.count)
            }
            constraintFields.append(firstField..<fields.count)
            dropsIncomplete.append(
                constraint.kind != .key
                    && constraint.fields.allSatisfy { $0.allSatisfy { $0.steps.isEmpty && !$0.fromDescendants && $0.attribute != nil } })
        }
    }

    private mutating func add(_ path: XSDIdentityPath) {
        let first = steps.count
        for test in path.steps {
            switch test {
            case .any:
                steps.append(Step(kind: .any, number: -1))
            case .name(let name):
                let number = nameNumbers[name] ?? Int32(nameNumbers.count)
                nameNumbers[name] = number
                steps.append(Step(kind: .name, number: number))
            case .anyIn(let namespace):
                let key = namespace.map(CodePointString.init)
                let number = namespaceNumbers[key] ?? Int32(namespaceNumbers.count)
                namespaceNumbers[key] = number
                steps.append(Step(kind: .namespace, number: number))
            }
        }
        paths.append(Path(steps: first..<steps.count, fromDescendants: path.fromDescendants))
    }
}
