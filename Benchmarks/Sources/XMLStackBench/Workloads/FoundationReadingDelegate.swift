import BenchmarkSupport
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The reading handler's work through Foundation's `XMLParser`: the element's name and
/// namespace, and every attribute's name and value from the dictionary it builds.
final class FoundationReadingDelegate: NSObject, XMLParserDelegate {
    var elements = 0
    var checksum = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements += 1
        checksum &+= elementName.utf8.count &+ (namespaceURI?.utf8.count ?? 0)
        for (name, value) in attributeDict {
            checksum &+= name.utf8.count &+ value.utf8.count
        }
    }
}

/// Runs `parser` with the reading delegate; returns the delegate, or the parser's error.
func parseWithFoundation(_ parser: XMLParser) -> Result<FoundationReadingDelegate, BenchError> {
    let delegate = FoundationReadingDelegate()
    parser.delegate = delegate
    parser.shouldProcessNamespaces = true
    if parser.parse() { return .success(delegate) }
    let reason = parser.parserError.map { error -> String in
        let error = error as NSError
        return "\(error.domain) \(error.code)"
    }
    return .failure(
        BenchError(
            "parse() returned false (\(reason ?? "no error")) at line \(parser.lineNumber), column "
                + "\(parser.columnNumber), after \(delegate.elements) start tags"))
}
