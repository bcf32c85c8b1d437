import Foundation
import PropertyLists
import Testing
import XMLCoding
import XMLStreaming
import XMLTestSupport
import XMLTree
import XMLWriting

/// Every spelling renamed in 0.2 still compiles and does what its new name does, for one
/// release (CHANGELOG.md). Each use sits in a function marked deprecated itself, so the
/// test builds without warnings.
@Suite("The spellings before 0.2 still work")
struct DeprecatedSpellingsTests {
    @available(*, deprecated, message: "uses the spellings before 0.2 on purpose")
    private func oldOptions() throws {
        var parser = XMLParserOptions(processNamespaces: false, reportNamespacePrefixes: false)
        #expect(!parser.processesNamespaces && !parser.reportNamespacePrefixes)
        parser.processNamespaces = true
        #expect(parser.processesNamespaces)

        let tree = XMLTreeDocument.Options(parser: XMLParserOptions(processesNamespaces: false))
        #expect(!tree.parser.processesNamespaces && tree == XMLTreeDocument.Options(parserOptions: tree.parserOptions))

        let canonical = XMLCanonicalization(.canonical11, withComments: true)
        #expect(canonical.withComments && canonical.includesComments)

        let evaluation: XPathExpression.EvaluationOptions = .init(maximumNodes: 5)
        #expect(evaluation == XPathExpression.Options(maximumNodes: 5))

        let json = JSONOptions(datesAsISO8601Strings: true, humanReadable: true)
        #expect(json.writesDatesAsISO8601Strings && json.isHumanReadable && json.humanReadable && !json.dataAsBase64Strings)

        #expect(XMLEncoder.KeyEncodingStrategy.capitalized.isConvertToCapitalized)
    }

    @available(*, deprecated, message: "uses the spellings before 0.2 on purpose")
    private func oldErrors() {
        let input = XMLInputError(source: "a.xml", errno: 2, message: "gone")
        #expect(input.source == "a.xml" && input.fileName == "a.xml" && input.code == .cannotRead)
        let plist = PropertyListError("bad", line: 3, column: 4)
        #expect(plist.line == 3 && plist.column == 4 && plist.position == XMLPosition(line: 3, column: 4, byteOffset: 0))
        let binary = PropertyListError("bad", column: 17)
        #expect(binary.line == nil && binary.column == 17 && binary.position?.byteOffset == 17)
        #expect(XMLTreeError("too large").code == .documentTooLarge)
        #expect(XPathError("bad", column: 2, expression: "x!").code == .syntax)
    }

    @available(*, deprecated, message: "uses the spellings before 0.2 on purpose")
    private func oldFileLabels() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("<r><a/><a/></r>", named: "r.xml")
        var count = 0
        try XMLSubtreeStream.forEach("r/a", inFile: path) { _ in count += 1 }
        #expect(count == 2)
        try PropertyList.string("x").write(toFile: directory.path + "/x.plist", format: .xml)
        #expect(try PropertyList(contentsOf: directory.path + "/x.plist") == .string("x"))
    }

    @Test("Options, errors and file labels under their old names")
    @available(*, deprecated, message: "uses the spellings before 0.2 on purpose")
    func oldSpellings() throws {
        try oldOptions()
        oldErrors()
        try oldFileLabels()
    }
}

extension XMLEncoder.KeyEncodingStrategy {
    fileprivate var isConvertToCapitalized: Bool {
        if case .convertToCapitalized = self { return true }
        return false
    }
}
