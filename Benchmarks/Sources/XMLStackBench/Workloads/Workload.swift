import BenchmarkSupport
import ArgumentParser
import CExpatBaseline
import Foundation
import XMLHandlerStack
import XMLStreaming

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What one run of a workload produced: a summary that is printed (so nothing is optimised
/// away) and, where the workload counts them, start tags, checked against raw expat's count.
struct WorkloadOutcome {
    var summary: String
    var elements: Int?
}

/// Everything the runner can measure. Each case parses one file once per call.
enum Workload: String, CaseIterable, ExpressibleByArgument, Sendable {
    case expatC = "expat-c"
    case expatCNoNamespaces = "expat-c-no-ns"
    case expatCReading = "expat-c-reading"
    case expatC64K = "expat-c-64k"
    case streamNoOp = "stream-noop"
    case streamReading = "stream-reading"
    case streamText = "stream-text"
    case streamReading64KUnlimited = "stream-reading-64k-unlimited"
    case streamReadingRecovering = "stream-reading-recovering"
    case handlerStack = "handler-stack"
    case handWrittenModels = "hand-written-models"
    case foundationModelStack = "foundation-model-stack"
    case foundationStream = "foundation-stream"
    case foundationData = "foundation-data"
    /// Parses nothing: the peak memory of the benchmark process itself.
    case idle = "idle"

    /// The row title in the tables.
    func title(for shape: CorpusFixture.Shape) -> String {
        switch self {
        case .expatC: return "raw expat (C, no-op handlers, namespaces, 256 KiB reads) — baseline"
        case .expatCNoNamespaces: return "raw expat (C, no-op handlers, no namespaces, 256 KiB reads)"
        case .expatCReading: return "raw expat (C, reading names and attributes as stream-reading does)"
        case .expatC64K: return "raw expat (C, no-op handlers, fixed 64 KiB reads)"
        case .streamNoOp: return "XMLStreamParser, no-op handler"
        case .streamReading: return "XMLStreamParser, reading handler (names, attributes)"
        case .streamText: return "XMLStreamParser, text accumulation"
        case .streamReading64KUnlimited:
            return "XMLStreamParser, reading handler, chunkSize 64 KiB, XMLLimits.unlimited"
        case .streamReadingRecovering: return "XMLStreamParser, reading handler, recovering reader"
        case .handlerStack:
            switch shape {
            case .schedule, .damagedSchedule: return "HandlerStack, Team/Contact/Site/Activity models"
            case .namespaced, .bigAttribute, .news: return "HandlerStack, generic consumers (section, meta:record)"
            }
        case .handWrittenModels: return "hand-written XMLEventHandler, the same models, no stack"
        case .foundationModelStack: return "Foundation XMLParser(stream:), the book's delegate stack, the same models"
        case .foundationStream: return "Foundation XMLParser(stream:), reading delegate"
        case .foundationData: return "Foundation XMLParser(data:), reading delegate"
        case .idle: return "the benchmark process, nothing parsed"
        }
    }

    func run(file path: String, shape: CorpusFixture.Shape) throws -> WorkloadOutcome {
        switch self {
        case .expatC: return try Self.expat(path, chunkSize: 256 * 1024, namespaces: true)
        case .expatCNoNamespaces: return try Self.expat(path, chunkSize: 256 * 1024, namespaces: false)
        case .expatCReading: return try Self.expat(path, chunkSize: 256 * 1024, namespaces: true, reading: true)
        case .expatC64K: return try Self.expat(path, chunkSize: 64 * 1024, namespaces: true)

        case .streamNoOp:
            let parser = XMLStreamParser(handler: NoOpHandler())
            try parser.parse(contentsOf: path)
            return WorkloadOutcome(summary: "ended on line \(parser.position.line)", elements: nil)

        case .streamReading:
            let parser = XMLStreamParser(handler: ReadingHandler())
            try parser.parse(contentsOf: path)
            let handler = parser.handler
            return WorkloadOutcome(
                summary: "\(handler.elements) elements, checksum \(handler.checksum)", elements: handler.elements)

        case .streamText:
            let parser = XMLStreamParser(handler: TextAccumulatingHandler())
            try parser.parse(contentsOf: path)
            let handler = parser.handler
            return WorkloadOutcome(
                summary: "\(handler.elements) elements, checksum \(handler.checksum)", elements: handler.elements)

        case .streamReading64KUnlimited:
            let options = XMLParserOptions(limits: .unlimited, chunkSize: 64 * 1024)
            let parser = XMLStreamParser(handler: ReadingHandler(), options: options)
            try parser.parse(contentsOf: path)
            let handler = parser.handler
            return WorkloadOutcome(
                summary: "\(handler.elements) elements, checksum \(handler.checksum)", elements: handler.elements)

        case .streamReadingRecovering:
            let parser = XMLStreamParser(handler: ReadingHandler(), options: XMLParserOptions(recovery: XMLRecovery()))
            try parser.parse(contentsOf: path)
            let handler = parser.handler
            let repairs = parser.repairCount == 0 ? "" : ", \(parser.repairCount) repairs"
            return WorkloadOutcome(
                summary: "\(handler.elements) elements, checksum \(handler.checksum)\(repairs)",
                elements: parser.repairCount == 0 ? handler.elements : nil)

        case .handlerStack:
            switch shape {
            case .schedule, .damagedSchedule:
                let root = try HandlerStack.parse(
                    contentsOf: path, root: ScheduleImportCounter(), routes: ScheduleImportCounter.routes)
                return WorkloadOutcome(summary: root.summary + ", checksum \(root.checksum)", elements: nil)
            case .namespaced, .bigAttribute, .news:
                let root = try HandlerStack.parse(
                    contentsOf: path, root: DocumentImportCounter(), routes: DocumentImportCounter.routes)
                return WorkloadOutcome(summary: root.summary + ", checksum \(root.checksum)", elements: nil)
            }

        case .handWrittenModels:
            let parser = XMLStreamParser(handler: HandWrittenScheduleHandler())
            try parser.parse(contentsOf: path)
            let counter = parser.handler.counter
            return WorkloadOutcome(summary: counter.summary + ", checksum \(counter.checksum)", elements: nil)

        case .foundationModelStack:
            guard let stream = InputStream(fileAtPath: path) else { throw BenchError("cannot open \(path)") }
            let parser = XMLParser(stream: stream)
            let delegate = BookScheduleDelegate()
            parser.delegate = delegate
            parser.shouldProcessNamespaces = true
            guard parser.parse() else { throw BenchError("XMLParser failed at line \(parser.lineNumber)") }
            let counter = delegate.counter
            return WorkloadOutcome(summary: counter.summary + ", checksum \(counter.checksum)", elements: nil)

        case .foundationStream:
            guard let stream = InputStream(fileAtPath: path) else { throw BenchError("cannot open \(path)") }
            let delegate = try parseWithFoundation(XMLParser(stream: stream)).get()
            return WorkloadOutcome(
                summary: "\(delegate.elements) elements, checksum \(delegate.checksum)", elements: delegate.elements)

        case .foundationData:
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let delegate = try parseWithFoundation(XMLParser(data: data)).get()
            return WorkloadOutcome(
                summary: "\(delegate.elements) elements, checksum \(delegate.checksum)", elements: delegate.elements)

        case .idle:
            return WorkloadOutcome(summary: "nothing parsed", elements: nil)
        }
    }

    private static func expat(_ path: String, chunkSize: Int, namespaces: Bool, reading: Bool = false) throws
        -> WorkloadOutcome
    {
        let result = CExpatBaseline_parseFile(path, chunkSize, namespaces ? 1 : 0, reading ? 1 : 0)
        if result.error < 0 {
            throw BenchError("cannot read \(path): \(String(cString: strerror(-result.error)))")
        }
        if result.error > 0 {
            throw BenchError("expat error \(result.error) on line \(result.errorLine) of \(path)")
        }
        let summary =
            reading
            ? "\(result.elements) elements, checksum \(result.checksum)"
            : "\(result.elements) elements, \(result.textCallbacks) text callbacks"
        return WorkloadOutcome(summary: summary, elements: Int(result.elements))
    }
}
