/// A content model set aside until every declaration is known.
struct PendingContentModel {
    var index: Int
    var particle: XSDParticle
    var typeName: String
    var node: SchemaNode
}

extension XSDSchemaCompiler {
    /// Checks each substitution group and lists, for each head, what may stand in its place:
    /// no group contains itself (e-props-correct.6); a member without a type of its own has
    /// its head's; a member's type derives from its head's, by methods the head's `final`
    /// allows (e-props-correct.4); and a head's `block` (with its type's, and those of the
    /// types between) keeps members out whose derivation it names, or all of them for
    /// `substitution`.
    mutating func resolveSubstitutionGroups() throws(XSDSchemaError) {
        guard !substitutionHeads.isEmpty else { return }
        // Heads before members, so that a member without a type takes its head's final one.
        var depth: [Int: Int] = [:]
        for member in substitutionHeads.keys.sorted() {
            var chain: [Int] = []
            var current = member
            while let (head, node, _) = substitutionHeads[current], depth[current] == nil {
                if chain.contains(current) || head == member {
                    throw XSDSchemaError(
                        "the substitution group of \(model.elements[current].name) contains it (e-props-correct.6)", at: node)
                }
                chain.append(current)
                current = head
            }
            var level = depth[current] ?? 0
            for element in chain.reversed() {
                level += 1
                depth[element] = level
            }
        }
        for member in substitutionHeads.keys.sorted(by: { (depth[$0]!, $0) < (depth[$1]!, $1) }) {
            let (head, node, hasOwnType) = substitutionHeads[member]!
            if !hasOwnType {
                model.elements[member].type = model.elements[head].type
                model.elements[member].valueConstraint = try valueConstraint(of: node, type: model.elements[member].type)
            }
            let memberType = model.elements[member].type
            let headType = model.elements[head].type
            guard let methods = model.derivation(of: memberType, from: headType) else {
                throw XSDSchemaError(
                    "the type of \(model.elements[member].name), \(model.typeName(memberType)), does not derive from "
                        + "\(model.typeName(headType)), the type of the head of its substitution group, \(model.elements[head].name) "
                        + "(e-props-correct.4)", at: node)
            }
            if let excluded = methods.first(where: { elementFinals[head, default: []].contains($0) }) {
                throw XSDSchemaError(
                    "\(model.elements[head].name) does not take members whose type derives by \(excluded.rawValue) (its final); "
                        + "\(model.elements[member].name)'s does (e-props-correct.4)", at: node)
            }
        }
        for (member, entry) in substitutionHeads {
            directMembers[entry.head, default: []].append(member)
            model.elements[member].substitutionGroup = entry.head
        }
    }

    /// The declarations that may stand in place of `head` (transitively, those its `block`
    /// allows), in name order; empty for an element that heads no group. Worked out when a
    /// content model first places the head, and kept: a chain of n groups has n²/2 pairs of
    /// head and member, which only the heads a model names pay for.
    mutating func substitutes(of head: Int) -> [Int] {
        if let known = substitutes[head] { return known }
        guard let direct = directMembers[head] else { return [] }
        var members: [Int] = []
        if !model.elements[head].block.contains(.substitution) {
            var pending = direct
            var seen: Set<Int> = []
            while let member = pending.popLast() {
                guard seen.insert(member).inserted else { continue }
                // An abstract or blocked member's own members may still stand in.
                pending += directMembers[member] ?? []
                if model.substitutionRefusal(of: member, for: head) == nil { members.append(member) }
            }
            let names = members.map { model.elements[$0].name.description }
            members = members.indices.sorted { names[$0] < names[$1] }.map { members[$0] }
        }
        substitutes[head] = members
        return members
    }
}
