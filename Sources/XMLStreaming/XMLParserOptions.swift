internal import XMLSyntax
/// How the stream parser reads a document.
///
/// Everything that makes parsing safe is on by default and cannot be turned off here:
/// external entities are never loaded, nor a DTD the document names, parameter entities are
/// expanded only when the caller gives a DTD (``externalDTD``), and expat's billion-laughs
/// protection is always on (only its thresholds are configurable, through ``limits``).
public struct XMLParserOptions: Hashable, Sendable {
    /// Resolve namespace prefixes: names report their namespace URI, local name and
    /// prefix, and `xmlns` attributes become prefix-mapping events. Foundation's
    /// `shouldProcessNamespaces`. Default `true`.
    public var processesNamespaces: Bool
    /// Report the start and end of each namespace prefix mapping as events. Foundation's
    /// `shouldReportNamespacePrefixes`; only meaningful with ``processesNamespaces``.
    /// Default `true`.
    public var reportsNamespacePrefixes: Bool
    /// The encoding to use instead of what the document declares (an override, like
    /// expat's `XML_SetEncoding`). `nil` (the default) honours the declaration, the
    /// byte-order mark, or UTF-8.
    public var encoding: XMLEncodingName?
    /// The limits on depth, sizes and entity amplification.
    public var limits: XMLLimits
    /// Read damaged documents as well-formed ones, repairing what is wrong and reporting
    /// each repair (see ``XMLRecovery``). `nil` (the default): the first error stops parsing.
    public var recovery: XMLRecovery?
    /// How many bytes the file, descriptor and in-memory conveniences hand expat at a
    /// time. Default 256 KiB; never less than 4 KiB (smaller values are raised to it).
    public var chunkSize: Int {
        didSet { if chunkSize < 4096 { chunkSize = 4096 } }
    }
    /// What the parser does with a reference to an entity it cannot expand (`&nbsp;` in an
    /// XHTML page, whose DTD is never read), in content and in attribute values.
    ///
    /// `nil` (the default) reports each one to the handler:
    /// ``XMLEventHandler/skippedEntity(name:isParameterEntity:)`` in content, and
    /// ``XMLEventHandler/skippedAttributeEntity(name:attribute:position:)`` in an attribute
    /// value, whose default throws. A policy decides instead, before any handler sees the
    /// reference: ``XMLUnexpandedEntityPolicy/keep`` and
    /// ``XMLUnexpandedEntityPolicy/replace(_:)`` hand its text to the handler as characters
    /// (and put it in its place in an attribute value), ``XMLUnexpandedEntityPolicy/skip``
    /// drops it, ``XMLUnexpandedEntityPolicy/throw`` stops with
    /// ``XMLParseError/Code/unexpandedEntity``. References to parameter entities, which
    /// concern declarations only, are always reported.
    public var unexpandedEntities: XMLUnexpandedEntityPolicy?
    /// Read references to the control characters XML 1.0 forbids (`&#x1E;`; XML 1.1
    /// allows them) in text and attribute values as U+FDD0 plus the character's value, for
    /// a consumer that maps them back (XMLCoding's decoder), and refuse U+FDD0 to U+FDEF
    /// themselves (``XMLParseError/Code/reservedCharacter``). See the input stage `ControlReferenceInput`.
    package var readsControlCharacterReferences = false
    /// A DTD to read as the document's external subset, from a local file or bytes the
    /// caller names (see ``XMLExternalDTD``), in place of the one its `<!DOCTYPE>` names or
    /// for a document without one. With it, parameter entities are expanded, in the internal
    /// subset as in this DTD (one naming a file is still not read, and is reported as
    /// skipped). `nil` (the default): no external DTD is read, no parameter entity is
    /// expanded (a reference to one is reported as skipped), and the internal subset's
    /// declarations are the only ones (its attribute-list and entity declarations after such
    /// a reference are dropped, as XML 1.0 says a processor that does not read it must).
    public var externalDTD: XMLExternalDTD?

    /// Creates options; every argument has the safe default.
    public init(
        processesNamespaces: Bool = true,
        reportsNamespacePrefixes: Bool = true,
        encoding: XMLEncodingName? = nil,
        limits: XMLLimits = .default,
        recovery: XMLRecovery? = nil,
        chunkSize: Int = 256 * 1024,
        unexpandedEntities: XMLUnexpandedEntityPolicy? = nil
    ) {
        self.unexpandedEntities = unexpandedEntities
        self.processesNamespaces = processesNamespaces
        self.reportsNamespacePrefixes = reportsNamespacePrefixes
        self.encoding = encoding
        self.limits = limits
        self.recovery = recovery
        self.chunkSize = max(4096, chunkSize)
    }

    /// Creates options with the labels before 0.2.
    @available(*, deprecated, renamed: "init(processesNamespaces:reportsNamespacePrefixes:encoding:limits:recovery:chunkSize:unexpandedEntities:)")
    @_disfavoredOverload
    public init(
        processNamespaces: Bool = true, reportNamespacePrefixes: Bool = true, encoding: XMLEncodingName? = nil,
        limits: XMLLimits = .default, recovery: XMLRecovery? = nil, chunkSize: Int = 256 * 1024
    ) {
        self.init(
            processesNamespaces: processNamespaces, reportsNamespacePrefixes: reportNamespacePrefixes, encoding: encoding,
            limits: limits, recovery: recovery, chunkSize: chunkSize)
    }

    /// Whether namespace prefixes are resolved: the name before 0.2.
    @available(*, deprecated, renamed: "processesNamespaces")
    public var processNamespaces: Bool {
        get { processesNamespaces }
        set { processesNamespaces = newValue }
    }

    /// Whether prefix mappings are reported as events: the name before 0.2.
    @available(*, deprecated, renamed: "reportsNamespacePrefixes")
    public var reportNamespacePrefixes: Bool {
        get { reportsNamespacePrefixes }
        set { reportsNamespacePrefixes = newValue }
    }
}

/// The name of a character encoding, as an XML declaration spells it ("UTF-8",
/// "ISO-8859-1", "windows-1252", "macintosh").
///
/// expat reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII itself; the package adds the common
/// single-byte encodings listed in ``supportedSingleByte`` as tables, and reads every other
/// encoding the system's iconv knows by converting it to UTF-8 ahead of expat.
public struct XMLEncodingName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The name as given.
    public var rawValue: String
    /// Creates a name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a name from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// UTF-8, which expat reads itself (and assumes without a declaration or byte-order mark).
    public static let utf8: XMLEncodingName = "UTF-8"
    /// UTF-16, which expat reads itself.
    public static let utf16: XMLEncodingName = "UTF-16"
    /// ISO-8859-1 (Latin-1), which expat reads itself.
    public static let iso8859_1: XMLEncodingName = "ISO-8859-1"
    /// US-ASCII, which expat reads itself.
    public static let usASCII: XMLEncodingName = "US-ASCII"
    /// windows-1252 (Western European Windows text), one of the single-byte encodings the package adds.
    public static let windows1252: XMLEncodingName = "windows-1252"
    /// Mac OS Roman, which XML declarations call `macintosh`; added by the package.
    public static let macRoman: XMLEncodingName = "macintosh"
    /// ISO-8859-15 (Latin-9: Latin-1 with the euro sign); added by the package.
    public static let iso8859_15: XMLEncodingName = "ISO-8859-15"

    /// The single-byte encodings the package adds to expat's own, by canonical name.
    public static var supportedSingleByte: [String] { SingleByteEncoding.all.map(\.name) }

    /// The encodings expat reads itself.
    public static let expatEncodings = ["UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE", "ISO-8859-1", "US-ASCII"]

    /// Whether the parser can read this encoding, by any of its names (matched as IANA and
    /// iconv match them: `latin1`, `Latin-1` and `ISO_8859-1` are one): one of
    /// ``expatEncodings``, ``supportedSingleByte``, or an encoding the system's iconv knows
    /// (Shift_JIS, GB18030, Big5, EUC-KR, ISO-2022-JP, UTF-32, IBM866, …).
    public var isSupported: Bool { EncodingResolver.resolve(rawValue) != nil }
}
