internal import XMLSyntax
import Foundation

// The core function library (section 4).
extension XPathEvaluator {
    func call(_ function: XPathFunction, _ arguments: [XPathSyntax], _ context: Context, column: Int) throws(XPathError)
        -> XPathValue
    {
        func value(_ i: Int) throws(XPathError) -> XPathValue { try evaluate(arguments[i], context) }
        func string(_ i: Int) throws(XPathError) -> String { try self.string(of: try value(i)) }
        func number(_ i: Int) throws(XPathError) -> Double { try self.number(of: try value(i)) }
        func nodeSet(_ i: Int) throws(XPathError) -> [XPathNode] {
            guard case .nodeSet(let nodes) = try value(i) else {
                throw error("\(function.rawValue)() needs a node-set", column: column)
            }
            return nodes
        }
        /// The node an optional node-set argument names: the first in document order, or
        /// the context node without an argument.
        func subject() throws(XPathError) -> XPathNode? { arguments.isEmpty ? context.node : try nodeSet(0).first }
        func stringArgument() throws(XPathError) -> String {
            arguments.isEmpty ? try self.string(of: context.node) : try string(0)
        }

        switch function {
        case .last: return .number(Double(context.size))
        case .position: return .number(Double(context.position))
        case .count:
            if let count = try countWithoutGathering(arguments[0], context) { return .number(Double(count)) }
            return .number(Double(try nodeSet(0).count))
        case .id:
            let argument = try value(0)
            // IDs are separated by XML's white space and compared by code points.
            let tokens: Set<CodePointString>
            if case .nodeSet(let nodes) = argument {
                var all: Set<CodePointString> = []
                for node in nodes { all.formUnion(Self.whitespaceSeparated(try self.string(of: node))) }
                tokens = all
            } else {
                tokens = Set(Self.whitespaceSeparated(argument.string))
            }
            return .nodeSet(identifiers.elements(withIDs: tokens, in: context.node.element.document).map { .node($0) })
        case .localName:
            return .string(try subject()?.localName ?? "")
        case .namespaceURI:
            return .string(try subject()?.namespaceURI ?? "")
        case .name:
            return .string(try subject()?.qualifiedName ?? "")
        case .string:
            return .string(try stringArgument())
        case .concat:
            var result = ""
            for i in arguments.indices { result += try string(i) }
            return .string(result)
        case .startsWith: return .boolean(try string(0).hasCodePointPrefix(try string(1)))
        case .contains:
            let needle = try string(1)
            let haystack = try string(0)
            return .boolean(needle.isEmpty || Self.range(of: needle, in: haystack) != nil)
        case .substringBefore:
            let haystack = try string(0)
            guard let range = Self.range(of: try string(1), in: haystack) else { return .string("") }
            return .string(String(haystack.unicodeScalars[..<range.lowerBound]))
        case .substringAfter:
            let haystack = try string(0)
            let needle = try string(1)
            if needle.isEmpty { return .string(haystack) }
            guard let range = Self.range(of: needle, in: haystack) else { return .string("") }
            return .string(String(haystack.unicodeScalars[range.upperBound...]))
        case .substring:
            // Positions count characters (scalars) from 1, rounded; NaN and infinities as
            // the recommendation's examples require.
            let scalars = Array(try string(0).unicodeScalars)
            let start = Self.xpathRound(try number(1))
            let end = arguments.count == 3 ? start + Self.xpathRound(try number(2)) : .infinity
            var result = String.UnicodeScalarView()
            for (offset, scalar) in scalars.enumerated() {
                let position = Double(offset + 1)
                if position >= start && position < end { result.append(scalar) }
            }
            return .string(String(result))
        case .stringLength:
            return .number(Double(try stringArgument().unicodeScalars.count))
        case .normalizeSpace:
            // By code points: a space followed by a combining mark is still a space.
            return .string(Self.whitespaceSeparated(try stringArgument()).map(\.string).joined(separator: " "))
        case .translate:
            let to = Array(try string(2).unicodeScalars)
            // The first occurrence of each character in the second argument decides.
            var from: [Unicode.Scalar: Int] = [:]
            for (index, scalar) in try string(1).unicodeScalars.enumerated() where from[scalar] == nil { from[scalar] = index }
            var result = String.UnicodeScalarView()
            for scalar in try string(0).unicodeScalars {
                if let index = from[scalar] {
                    if index < to.count { result.append(to[index]) }
                } else {
                    result.append(scalar)
                }
            }
            return .string(String(result))
        case .boolean: return .boolean(try value(0).boolean)
        case .not: return .boolean(!(try value(0).boolean))
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .lang:
            // Case is ignored as lxml and the recommendation's examples do, for ASCII letters
            // (language tags are ASCII); everything else compares by code points.
            let wanted = try string(0).asciiLowercased
            guard let language = languages.language(of: context.node.element)?.asciiLowercased else {
                return .boolean(false)
            }
            return .boolean(language.hasSameCodePoints(as: wanted) || language.hasCodePointPrefix(wanted + "-"))
        case .number:
            return .number(arguments.isEmpty ? XPathValue.parseNumber(try self.string(of: context.node)) : try number(0))
        case .sum:
            var sum = 0.0
            for node in try nodeSet(0) { sum += XPathValue.parseNumber(try self.string(of: node)) }
            return .number(sum)
        case .floor: return .number(Foundation.floor(try number(0)))
        case .ceiling: return .number(Foundation.ceil(try number(0)))
        case .round: return .number(Self.xpathRound(try number(0)))
        }
    }

    /// The runs of `text` between XML white space (space, tab, line feed, carriage return),
    /// split by code points.
    static func whitespaceSeparated(_ text: String) -> [CodePointString] {
        text.unicodeScalars.split(whereSeparator: XPathLexer.isWhitespace).map {
            CodePointString(String(String.UnicodeScalarView($0)))
        }
    }

    /// XPath's round: to the nearest integer, halves towards positive infinity.
    static func xpathRound(_ n: Double) -> Double {
        if n.isNaN || n.isInfinite { return n }
        if n < 0 && n >= -0.5 { return -0.0 }
        // Not floor(n + 0.5): the addition itself rounds for large or nearly-half values.
        let f = Foundation.floor(n)
        return n - f >= 0.5 ? f + 1 : f
    }

    /// Where `needle` first occurs in `haystack`, compared scalar by scalar.
    ///
    /// - Complexity: O(n + m) (Knuth–Morris–Pratt), so `contains()` on long strings with
    ///   long, nearly matching needles stays linear.
    static func range(of needle: String, in haystack: String) -> Range<String.UnicodeScalarView.Index>? {
        let h = haystack.unicodeScalars
        let n = Array(needle.unicodeScalars)
        guard !n.isEmpty else { return h.startIndex..<h.startIndex }
        // failure[i]: the length of the longest proper prefix of n[...i] that is also its suffix.
        var failure = [Int](repeating: 0, count: n.count)
        var k = 0
        for i in 1..<max(1, n.count) {
            while k > 0 && n[i] != n[k] { k = failure[k - 1] }
            if n[i] == n[k] { k += 1 }
            failure[i] = k
        }
        var matched = 0
        var offset = 0
        var index = h.startIndex
        while index != h.endIndex {
            let scalar = h[index]
            while matched > 0 && scalar != n[matched] { matched = failure[matched - 1] }
            if scalar == n[matched] { matched += 1 }
            index = h.index(after: index)
            offset += 1
            if matched == n.count {
                let start = h.index(h.startIndex, offsetBy: offset - n.count)
                return start..<index
            }
        }
        return nil
    }
}
