internal import XMLSyntax

/// An identity constraint (`<xs:unique>`, `<xs:key>` or `<xs:keyref>`) of an element
/// declaration: the elements its selector picks below the element, each identified by the
/// values of its fields.
struct XSDIdentityConstraint: Sendable {
    enum Kind: Sendable, Equatable {
        case unique
        case key
        /// A `keyref`, with the index of the `key` or `unique` it refers to.
        case keyReference(Int)
    }

    var name: XSDExpandedName
    var kind: Kind
    /// The paths, any of which selects an element.
    var selector: [XSDIdentityPath]
    /// Each field's paths, any of which gives its value.
    var fields: [[XSDIdentityPath]]
    /// `<xs:key name="siteCode">` at `schedule.xsd:31`: how messages name it.
    var component: String
}

/// A path of the XPath subset identity constraints are written in (Structures 3.11.6):
/// `.//` or not, then element steps (a name, `*` or `prefix:*`), and, for a field, an
/// attribute at its end. `.` steps are dropped: they stay where they are.
struct XSDIdentityPath: Sendable {
    enum Test: Sendable {
        case name(XSDExpandedName)
        case any
        case anyIn(namespace: String?)

        func matches(_ name: XSDExpandedName) -> Bool {
            switch self {
            case .name(let expected): return expected == name
            case .any: return true
            case .anyIn(let namespace): return name.namespace.hasSameCodePoints(as: namespace)
            }
        }
    }

    /// `.//`: the steps may start at any depth below the constraint's element.
    var fromDescendants = false
    var steps: [Test] = []
    /// For a field: the attribute the path ends at.
    var attribute: Test?

    /// The paths of a selector (`field: false`) or field, as the schema writes them; throws
    /// a message for text outside the subset.
    static func parse(
        _ text: String, field: Bool, namespaces: (String) -> String??
    ) throws(XSDValueError) -> [XSDIdentityPath] {
        var paths: [XSDIdentityPath] = []
        for alternative in text.splitByCodePoint(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false) {
            let pieces = alternative.splitAtXMLWhitespace()
            // White space may stand between XPath's tokens, not inside one: a name, a
            // prefix's colon, `*` after one (XPath 1.0, 3.7).
            for (left, right) in zip(pieces, pieces.dropFirst()) {
                let last = left.unicodeScalars.last!
                let first = right.unicodeScalars.first!
                func isNamePart(_ c: Unicode.Scalar) -> Bool { (XMLNameValidation.isNameChar(c) && c != ":") || c == "*" }
                let namesMeet = isNamePart(last) && isNamePart(first)
                let colonApart = (left.hasSuffix(":") && !left.hasSuffix("::")) || (right.hasPrefix(":") && !right.hasPrefix("::"))
                // `//` is one token: `./ /a` is two `/`s, in neither grammar.
                let slashApart = last == "/" && first == "/"
                if namesMeet || colonApart || slashApart {
                    let token = slashApart ? "//" : "a name"
                    throw XSDValueError("\"\(text)\" is not in the XPath subset of identity constraints: white space inside \(token) (\"\(left) \(right)\")")
                }
            }
            var rest = Substring(pieces.joined())
            var path = XSDIdentityPath()
            if rest.hasPrefix(".//") {
                path.fromDescendants = true
                rest = rest.dropFirst(3)
            }
            let steps = rest.splitByCodePoint(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            for (k, step) in steps.enumerated() {
                var step = step
                if step == "." { continue }
                let isAttribute = step.hasPrefix("@") || step.hasPrefix("attribute::")
                if isAttribute {
                    step = step.hasPrefix("@") ? step.dropFirst() : step.dropFirst("attribute::".count)
                    guard field, k == steps.count - 1 else {
                        throw XSDValueError("\"\(text)\": an attribute may only end a field's path")
                    }
                } else if step.hasPrefix("child::") {
                    step = step.dropFirst("child::".count)
                }
                let test = try Self.test(step, in: text, namespaces: namespaces)
                if isAttribute { path.attribute = test } else { path.steps.append(test) }
            }
            paths.append(path)
        }
        return paths
    }

    private static func test(_ step: Substring, in text: String, namespaces: (String) -> String??) throws(XSDValueError) -> Test {
        if step == "*" { return .any }
        let parts = step.splitByCodePoint(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ XMLNameValidation.isValid(String($0), allowingColon: false) || $0 == "*" }),
            parts.last != nil, !(parts.count == 1 && parts[0] == "*"), parts.first != "*"
        else {
            throw XSDValueError("\"\(text)\" is not in the XPath subset of identity constraints (at \"\(step)\")")
        }
        // An unprefixed name is in no namespace, as in XPath 1.0 (not the default namespace).
        var namespace: String?
        if parts.count == 2 {
            guard let bound = namespaces(String(parts[0])) else {
                throw XSDValueError("\"\(text)\": the prefix \(parts[0]) is not bound")
            }
            namespace = bound
        }
        if parts.last == "*" { return .anyIn(namespace: namespace) }
        return .name(XSDExpandedName(namespace: namespace, localName: String(parts.last!)))
    }
}
