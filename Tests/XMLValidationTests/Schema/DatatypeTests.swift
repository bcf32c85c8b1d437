import Testing

@testable import XMLValidation

/// XML Schema's built-in datatypes: lexical spaces, values, their equality and order, and
/// the facets of a restriction.
@Suite("XSD datatypes")
struct DatatypeTests {
    /// Prefixes as a test document binds them: `xs` and the default namespace (none).
    static func namespaces(_ prefix: String) -> String?? {
        switch prefix {
        case "xs": return .some("http://www.w3.org/2001/XMLSchema")
        case "": return .some(nil)
        default: return nil
        }
    }

    static func value(_ type: XSDBuiltinType, _ text: String) throws(XSDValueError) -> XSDValue {
        try XSDSimpleType.builtin(type).validate(text, namespaces: namespaces)
    }

    /// Checked against the recommendation case by case; xmllint 2.9.14 and xmlschema 4.3.2
    /// agree with every row but four: xmllint refuses `-0` as an unsignedByte and accepts
    /// `1e` as a float and an empty NMTOKENS (minLength 1), each against the recommendation.
    @Test("lexical forms each built-in type accepts and refuses", arguments: [
        (.decimal, "1.0", true), (.decimal, "-.5", true), (.decimal, "+5.", true), (.decimal, "1e3", false),
        (.decimal, ".", false), (.decimal, "", false), (.decimal, "1,5", false), (.decimal, " 12 ", true),
        (.integer, "0012", true), (.integer, "1.0", false), (.integer, "-0", true), (.byte, "-128", true),
        (.byte, "128", false), (.unsignedByte, "-0", true), (.unsignedByte, "-1", false), (.long, "9223372036854775808", false),
        (.unsignedLong, "18446744073709551615", true), (.positiveInteger, "0", false), (.negativeInteger, "-1", true), (.nonPositiveInteger, "+0", true),
        (.float, "1.", true), (.float, ".5e-3", true), (.float, "1e400", true), (.float, "INF", true),
        (.float, "+INF", false), (.float, "-INF", true), (.float, "inf", false), (.float, "NaN", true),
        (.float, "nan", false), (.float, "0x1p3", false), (.float, "1e", false), (.double, "-1.5E+10", true),
        (.double, ".e1", false), (.boolean, "true", true), (.boolean, "1", true), (.boolean, "TRUE", false),
        (.boolean, "yes", false), (.dateTime, "2002-10-10T12:00:00-05:00", true), (.dateTime, "2002-10-10T12:00:00Z", true), (.dateTime, "2002-10-10T24:00:00", true),
        (.dateTime, "2002-10-10T24:00:01", false), (.dateTime, "2002-10-10T12:00:00.123456789", true), (.dateTime, "2002-10-10T12:00", false), (.dateTime, "2002-10-10", false),
        (.dateTime, "0000-01-01T00:00:00", false), (.dateTime, "-0001-01-01T00:00:00", true), (.dateTime, "12345-01-01T00:00:00", true), (.dateTime, "01234-01-01T00:00:00", false),
        (.dateTime, "2001-02-29T00:00:00", false), (.dateTime, "2000-02-29T00:00:00", true), (.dateTime, "1900-02-29T00:00:00", false), (.dateTime, "2002-10-10T12:00:00+14:00", true),
        (.dateTime, "2002-10-10T12:00:00+14:01", false), (.dateTime, "2002-10-10T12:00:00+15:00", false), (.dateTime, "2002-10-10T12:00:00.", false), (.dateTime, "2002-1-10T12:00:00", false),
        (.date, "2002-10-10", true), (.date, "2002-10-10Z", true), (.date, "2002-10-10+05:30", true), (.date, "2002-13-10", false),
        (.date, "2002-04-31", false), (.time, "13:20:00", true), (.time, "24:00:00", true), (.time, "13:20:00.5Z", true),
        (.time, "13:60:00", false), (.time, "1:20:00", false), (.gYearMonth, "2002-10", true), (.gYearMonth, "2002-10Z", true),
        (.gYearMonth, "2002", false), (.gYear, "2002", true), (.gYear, "-2002", true), (.gYear, "02", false),
        (.gYear, "0000", false), (.gMonthDay, "--02-29", true), (.gMonthDay, "--02-30", false), (.gMonthDay, "--04-31", false),
        (.gMonthDay, "--12-25Z", true), (.gDay, "---31", true), (.gDay, "---32", false), (.gDay, "--31", false),
        (.gMonth, "--12", true), (.gMonth, "--13", false), (.gMonth, "--12--", false), (.duration, "P1Y2M3DT10H30M", true),
        (.duration, "-P120D", true), (.duration, "P1Y2MT2H", true), (.duration, "PT1.5S", true), (.duration, "P", false),
        (.duration, "PT", false), (.duration, "P1YT", false), (.duration, "P1M1Y", false), (.duration, "P1.5Y", false),
        (.duration, "P-1Y", false), (.duration, "1Y", false), (.duration, "P0Y", true), (.hexBinary, "0FB7", true),
        (.hexBinary, "0fb7", true), (.hexBinary, "0FB", false), (.hexBinary, "", true), (.hexBinary, "0G", false),
        (.base64Binary, "QQ==", true), (.base64Binary, "QR==", false), (.base64Binary, "QUI=", true), (.base64Binary, "QUJ=", false),
        (.base64Binary, "QUJD", true), (.base64Binary, "QUJ", false), (.base64Binary, "Q U J D", true), (.base64Binary, "QUJD=", false),
        (.base64Binary, "", true), (.base64Binary, "QQ==QUJD", false), (.language, "en", true), (.language, "en-US", true),
        (.language, "i-klingon", true), (.language, "x-1234", true), (.language, "1en", false), (.language, "abcdefghi", false),
        (.language, "en-", false), (.language, "en_US", false), (.NMTOKEN, "-a.b:c", true), (.NMTOKEN, "a b", false),
        (.NMTOKENS, "a b c", true), (.NMTOKENS, "", false), (.Name, ":a", true), (.Name, "1a", false),
        (.NCName, "a:b", false), (.NCName, "_a", true), (.ID, "a1", true), (.IDREFS, "a b", true),
        (.QName, "xs:string", true), (.QName, "a:b:c", false), (.QName, "undeclared:x", false), (.QName, "local", true),
        (.anyURI, "http://example.com/a b", true), (.anyURI, "", true), (.token, "  a   b  ", true), (.normalizedString, "a\tb", true),
        (.string, "anything <>", true),    ] as [(XSDBuiltinType, String, Bool)])
    func lexicalSpaces(type: XSDBuiltinType, text: String, valid: Bool) {
        #expect(((try? Self.value(type, text)) != nil) == valid)
    }

    @Test("values: canonical decimals, exact digits, and equality across lexical forms")
    func values() throws {
        #expect(try Self.value(.decimal, "0001.2300") == Self.value(.decimal, "1.23"))
        #expect(try Self.value(.decimal, "-0.0") == Self.value(.decimal, "0"))
        #expect(XSDDecimal("0001.2300")?.description == "1.23")
        #expect(XSDDecimal("-0.001")?.description == "-0.001")
        #expect(XSDDecimal("1000")?.description == "1000")
        #expect(XSDDecimal(".5")?.description == "0.5")
        #expect(XSDDecimal("0001.2300")?.totalDigits == 3)
        #expect(XSDDecimal("0001.2300")?.fractionDigits == 2)
        #expect(XSDDecimal("1000")?.totalDigits == 4)
        #expect(XSDDecimal("-0.001")?.totalDigits == 3)
        #expect(XSDDecimal("0")?.totalDigits == 1)
        #expect(XSDDecimal("0.25")?.complement.description == "0.75")
        #expect(XSDDecimal("0.001")?.complement.description == "0.999")
        // A 30-digit integer is exact, and one unit apart from its neighbour.
        #expect(try Self.value(.integer, "123456789012345678901234567890") != Self.value(.integer, "123456789012345678901234567891"))
        #expect(try Self.value(.float, "NaN") == Self.value(.float, "NaN"))
        #expect(try Self.value(.double, "-0") == Self.value(.double, "0"))
        #expect(try Self.value(.double, "1e0") == Self.value(.double, "1.0"))
        #expect(try Self.value(.boolean, "1") == Self.value(.boolean, "true"))
        #expect(try Self.value(.hexBinary, "0fb7") == Self.value(.hexBinary, "0FB7"))
        #expect(try Self.value(.base64Binary, "QUJD") == .base64Binary(Array("ABC".utf8)))
        #expect(try Self.value(.base64Binary, "Q U I =") == .base64Binary(Array("AB".utf8)))
        // Different primitive types never hold equal values.
        #expect(try Self.value(.string, "1") != Self.value(.decimal, "1"))
        #expect(try Self.value(.anyURI, "a") != Self.value(.string, "a"))
        #expect(try Self.value(.QName, "xs:int") == .qualifiedName(namespace: "http://www.w3.org/2001/XMLSchema", localName: "int"))
        #expect(try Self.value(.QName, "int") == .qualifiedName(namespace: nil, localName: "int"))
        #expect(try Self.value(.token, "  a \n b ") == .string("a b"))
        #expect(try Self.value(.normalizedString, " a\tb ") == .string(" a b "))
        #expect(try Self.value(.NMTOKENS, " a  b ") == .list([.string("a"), .string("b")]))
    }

    @Test("dates and times: time zones, 24:00:00, years without a 0, and the partial order")
    func dates() throws {
        func order(_ type: XSDBuiltinType, _ a: String, _ b: String) throws -> XSDOrder? {
            XSDValue.compare(try Self.value(type, a), try Self.value(type, b))
        }
        #expect(try Self.value(.dateTime, "2002-10-10T12:00:00Z") == Self.value(.dateTime, "2002-10-10T13:00:00+01:00"))
        #expect(try Self.value(.dateTime, "2002-10-10T24:00:00") == Self.value(.dateTime, "2002-10-11T00:00:00"))
        #expect(try Self.value(.time, "24:00:00") == Self.value(.time, "00:00:00"))
        #expect(try Self.value(.time, "23:00:00-02:00") == Self.value(.time, "01:00:00Z"))
        // With a zone and without are never equal, even at the same reading.
        #expect(try Self.value(.dateTime, "2002-10-10T12:00:00Z") != Self.value(.dateTime, "2002-10-10T12:00:00"))
        #expect(try order(.dateTime, "2000-01-01T12:00:00Z", "2000-01-02T12:00:00") == .less)
        #expect(try order(.dateTime, "2000-01-01T12:00:00Z", "2000-01-01T12:00:00") == nil)
        #expect(try order(.dateTime, "2000-01-01T12:00:00", "2000-01-01T12:00:00Z") == nil)
        #expect(try order(.dateTime, "2000-01-01T12:00:00", "2000-01-01T00:00:00Z") == nil)
        #expect(try order(.dateTime, "2000-01-01T12:00:00", "1999-12-31T21:59:59Z") == .greater)
        #expect(try order(.dateTime, "2000-01-01T12:00:00.5", "2000-01-01T12:00:00.25") == .greater)
        #expect(try order(.dateTime, "-0001-12-31T00:00:00", "0001-01-01T00:00:00") == .less)
        #expect(try order(.date, "2000-03-01", "2000-02-29") == .greater)
        #expect(try order(.gYear, "-0044", "2002") == .less)
        #expect(try order(.gMonthDay, "--02-29", "--03-01") == .less)
        #expect(try order(.time, "23:59:59.999", "24:00:00") == .greater)
        // Values of different types never compare.
        #expect(XSDValue.compare(try Self.value(.date, "2000-01-01"), try Self.value(.gYear, "2000")) == nil)
        // Years of more than four digits, and the largest an Int64 of seconds holds.
        #expect(try order(.gYear, "10000", "9999") == .greater)
        #expect((try? Self.value(.gYear, "99999999999999999999")) == nil)
    }

    @Test("durations: months and seconds apart, the four-date order, and incomparable pairs")
    func durations() throws {
        func order(_ a: String, _ b: String) throws -> XSDOrder? {
            XSDValue.compare(try Self.value(.duration, a), try Self.value(.duration, b))
        }
        #expect(try Self.value(.duration, "P1Y") == Self.value(.duration, "P12M"))
        #expect(try Self.value(.duration, "P1D") == Self.value(.duration, "PT24H"))
        #expect(try Self.value(.duration, "PT0S") == Self.value(.duration, "-P0D"))
        #expect(try Self.value(.duration, "P1M") != Self.value(.duration, "P30D"))
        #expect(try order("P1M", "P30D") == nil)
        #expect(try order("P1M", "P27D") == .greater)
        #expect(try order("P1M", "P32D") == .less)
        #expect(try order("P1Y", "P364D") == .greater)
        #expect(try order("P1Y", "P365D") == nil)
        #expect(try order("P5M", "P153D") == nil)
        #expect(try order("-P1D", "PT0S") == .less)
        #expect(try order("-PT1.5S", "-PT1S") == .less)
        #expect(try order("PT1.5S", "PT1.25S") == .greater)
        #expect((try? Self.value(.duration, "P2000000000Y")) == nil)
    }

    @Test("a duration or year written right but too large to hold says so, as a processor's limit (Datatypes 5.4), not that it is no duration")
    func valuesBeyondRange() throws {
        func message(_ type: XSDBuiltinType, _ text: String) -> String {
            do {
                _ = try Self.value(type, text)
                return "accepted"
            } catch { return error.message }
        }
        #expect(message(.duration, "P2000000000Y") == #""P2000000000Y" is a duration too large for this validator, which holds durations up to a billion years (a processor's limit, Datatypes 5.4)"#)
        #expect(message(.duration, "-PT9223372036854775808.5S").hasPrefix(#""-PT9223372036854775808.5S" is a duration too large"#))
        #expect(message(.dateTime, "99999999999999999999-01-01T00:00:00Z") == #""99999999999999999999-01-01T00:00:00Z" is a dateTime too large for this validator, which holds years up to about 292 billion (a processor's limit, Datatypes 5.4)"#)
        #expect(message(.gYear, "-99999999999999999999").hasSuffix("years up to about 292 billion (a processor's limit, Datatypes 5.4)"))
        // Written wrong, whatever the size: not a value at all.
        #expect(message(.duration, "P99999999999YT") == #""P99999999999YT" is not a valid duration"#)
        #expect(message(.duration, "P1.5Y") == #""P1.5Y" is not a valid duration"#)
        #expect(message(.date, "099999999999999-01-01") == #""099999999999999-01-01" is not a valid date"#)
        #expect(message(.date, "99999999999999-13-01") == #""99999999999999-13-01" is not a valid date"#)
        // A long year in range keeps its own leap years: 10001 has no February 29.
        #expect(message(.date, "10001-02-29") == #""10001-02-29" is not a valid date"#)
        #expect(message(.date, "99999999999999-02-29") == #""99999999999999-02-29" is not a valid date"#)
        #expect(message(.date, "99999999999996-02-29").hasSuffix("(a processor's limit, Datatypes 5.4)"))
    }

    static func restricted(_ base: XSDBuiltinType, _ facets: [(XSDFacetKind, String)]) throws(XSDValueError) -> XSDSimpleType {
        try XSDSimpleType.builtin(base).restricted(
            named: "T", by: facets.map { XSDFacetDeclaration(kind: $0.0, value: $0.1) }, namespaces: namespaces)
    }

    @Test("facets restrict values, and say which facet a value breaks")
    func facets() throws {
        func error(_ type: XSDSimpleType, _ text: String) -> String? {
            do {
                _ = try type.validate(text, namespaces: Self.namespaces)
                return nil
            } catch {
                return error.message
            }
        }
        let code = try Self.restricted(.string, [(.pattern, "[A-Z]{3}"), (.pattern, "x"), (.maxLength, "3")])
        #expect(error(code, "ABC") == nil)
        #expect(error(code, "x") == nil)
        #expect(error(code, "AB1") == "\"AB1\" does not match the pattern \"[A-Z]{3}\" or \"x\" of T")
        // Patterns of two steps must both match.
        let narrower = try code.restricted(named: "U", by: [XSDFacetDeclaration(kind: .pattern, value: "A.*")], namespaces: Self.namespaces)
        #expect(error(narrower, "ABC") == nil)
        #expect(error(narrower, "BCD") == "\"BCD\" does not match the pattern \"A.*\" of U")
        let price = try Self.restricted(.decimal, [(.totalDigits, "5"), (.fractionDigits, "2"), (.minExclusive, "0"), (.maxInclusive, "999.99")])
        #expect(error(price, "0001.50") == nil)
        #expect(error(price, "1.505") == "\"1.505\" has 3 digits after the point, more than the fractionDigits 2 of T")
        #expect(error(price, "0") == "\"0\" is not more than the minExclusive 0 of T")
        #expect(error(price, "1000") == "\"1000\" is more than the maxInclusive 999.99 of T")
        let size = try Self.restricted(.token, [(.enumeration, "S"), (.enumeration, "M"), (.enumeration, "L")])
        #expect(error(size, " M ") == nil)
        #expect(error(size, "XL") == "\"XL\" is not one of the values of T: \"S\", \"M\", \"L\"")
        let binary = try Self.restricted(.hexBinary, [(.length, "2")])
        #expect(error(binary, "0FB7") == nil)
        #expect(error(binary, "0F") == "\"0F\" has 1 octets; T has a length of 2")
        // The length of a string counts code points, not UTF-16 units.
        #expect(error(try Self.restricted(.string, [(.length, "1")]), "𝄞") == nil)
        // A time without a zone near a bound with one is incomparable: not within it.
        let before = try Self.restricted(.dateTime, [(.maxInclusive, "2000-01-01T12:00:00Z")])
        #expect(error(before, "2000-01-01T12:00:00") != nil)
        #expect(error(before, "1999-12-31T21:00:00") == nil)
        #expect(error(try Self.restricted(.double, [(.maxInclusive, "10")]), "NaN") != nil)
        #expect(error(try Self.restricted(.double, [(.enumeration, "NaN")]), "NaN") == nil)
        let list = XSDSimpleType(name: "L", variety: .list(.builtin(.int)), builtin: .anySimpleType, whiteSpace: .collapse, facets: XSDFacets())
        let pair = try list.restricted(named: "Pair", by: [XSDFacetDeclaration(kind: .length, value: "2")], namespaces: Self.namespaces)
        #expect(error(pair, " 1  2 ") == nil)
        #expect(error(pair, "1 2 3") == "\"1 2 3\" has 3 items; Pair has a length of 2")
        #expect(error(pair, "1 x") == "\"x\" is not a valid int")
        let union = XSDSimpleType(name: "IntOrAll", variety: .union([.builtin(.int), try Self.restricted(.token, [(.enumeration, "all")])]),
            builtin: .anySimpleType, whiteSpace: .collapse, facets: XSDFacets())
        #expect(try union.validate(" 7 ", namespaces: Self.namespaces) == .decimal(XSDDecimal(7)))
        #expect(try union.validate("all", namespaces: Self.namespaces) == .string("all"))
        #expect(error(union, "some") == "\"some\" is not a value of any member of IntOrAll (int, T)")
    }

    @Test("a restriction that breaks the recommendation's rules is refused, saying which", arguments: [
        (XSDBuiltinType.string, [(XSDFacetKind.totalDigits, "3")], "does not apply to string"),
        (.boolean, [(.maxLength, "3")], "does not apply to boolean"),
        (.int, [(.maxInclusive, "3000000000")], "more than the greatest int"),
        (.decimal, [(.minInclusive, "5"), (.maxInclusive, "4")], "leaves no value below"),
        (.decimal, [(.minInclusive, "5"), (.maxExclusive, "5")], "leaves no value below"),
        (.string, [(.minLength, "5"), (.maxLength, "4")], "minLength 5 is more than maxLength 4"),
        (.string, [(.length, "-1")], "non-negative integer"),
        (.decimal, [(.totalDigits, "0")], "positive integer"),
        (.decimal, [(.totalDigits, "2"), (.fractionDigits, "3")], "fractionDigits 3 is more than totalDigits 2"),
        (.token, [(.whiteSpace, "preserve")], "would loosen"),
        (.string, [(.whiteSpace, "trim")], "preserve, replace or collapse"),
        (.string, [(.pattern, "[a")], "not a regular expression"),
        (.byte, [(.enumeration, "300")], "more than the greatest byte"),
        (.string, [(.maxLength, "3"), (.maxLength, "4")], "appears twice"),
    ] as [(XSDBuiltinType, [(XSDFacetKind, String)], String)])
    func refusedRestrictions(base: XSDBuiltinType, facets: [(XSDFacetKind, String)], message: String) {
        #expect {
            _ = try Self.restricted(base, facets)
        } throws: { error in
            (error as? XSDValueError)?.message.contains(message) == true
        }
    }

    @Test("a restriction of a restriction only narrows it, and fixed facets stay")
    func derivationChain() throws {
        let short = try XSDSimpleType.builtin(.string).restricted(
            named: "Short", by: [XSDFacetDeclaration(kind: .maxLength, value: "8", isFixed: true)], namespaces: Self.namespaces)
        #expect(throws: XSDValueError.self) {
            try short.restricted(named: "S2", by: [XSDFacetDeclaration(kind: .maxLength, value: "6")], namespaces: Self.namespaces)
        }
        #expect(throws: Never.self) {
            try short.restricted(named: "S3", by: [XSDFacetDeclaration(kind: .maxLength, value: "8")], namespaces: Self.namespaces)
        }
        let small = try Self.restricted(.decimal, [(.maxExclusive, "10")])
        #expect(throws: Never.self) {
            try small.restricted(named: "S4", by: [XSDFacetDeclaration(kind: .maxExclusive, value: "10")], namespaces: Self.namespaces)
        }
        #expect(throws: XSDValueError.self) {
            try small.restricted(named: "S5", by: [XSDFacetDeclaration(kind: .maxInclusive, value: "10")], namespaces: Self.namespaces)
        }
        let digits = try Self.restricted(.decimal, [(.totalDigits, "4")])
        #expect(throws: XSDValueError.self) {
            try digits.restricted(named: "S6", by: [XSDFacetDeclaration(kind: .totalDigits, value: "5")], namespaces: Self.namespaces)
        }
        // An enumeration's values are the base's.
        let sizes = try Self.restricted(.token, [(.enumeration, "S"), (.enumeration, "M")])
        #expect(throws: XSDValueError.self) {
            try sizes.restricted(named: "S7", by: [XSDFacetDeclaration(kind: .enumeration, value: "L")], namespaces: Self.namespaces)
        }
    }
}
