import Foundation

/// The types both coders read and write as text themselves: found with one conformance check
/// per value instead of a cast per candidate type.
///
/// A new conformer also goes in ``XMLTypeTraits/scalar(_:)``, where the decoder recognises
/// scalars by identity.
protocol XMLScalar: Encodable {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> Self
    /// The text of the value, or nil when a strategy writes it through the encoder.
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) throws -> String?
    /// Writes the value through the encoder, when ``xmlText(in:at:)`` gave no text.
    func encodeByStrategy(to encoder: XMLValueEncoder, in context: XMLEncodingContext) throws
}

extension XMLScalar {
    func encodeByStrategy(to encoder: XMLValueEncoder, in context: XMLEncodingContext) throws { try encode(to: encoder) }
}

extension String: XMLScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> String { try decoder.decodeScalarText(String.self) }
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) -> String? { self }
}

extension Bool: XMLScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> Bool { try decoder.decodeBool() }
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) -> String? { context.boolText(self) }
}

/// Integers, through one generic implementation.
protocol XMLIntegerScalar: XMLScalar, FixedWidthInteger {}
extension XMLIntegerScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> Self { try decoder.decodeInteger(Self.self) }
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) -> String? { description }
}
extension Int: XMLIntegerScalar {}
extension Int8: XMLIntegerScalar {}
extension Int16: XMLIntegerScalar {}
extension Int32: XMLIntegerScalar {}
extension Int64: XMLIntegerScalar {}
extension UInt: XMLIntegerScalar {}
extension UInt8: XMLIntegerScalar {}
extension UInt16: XMLIntegerScalar {}
extension UInt32: XMLIntegerScalar {}
extension UInt64: XMLIntegerScalar {}

/// Floating-point types, through one generic implementation.
protocol XMLFloatScalar: XMLScalar, BinaryFloatingPoint, LosslessStringConvertible {}
extension XMLFloatScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> Self { try decoder.decodeFloat(Self.self) }
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) throws -> String? {
        try context.floatText(self, at: tail)
    }
}
extension Double: XMLFloatScalar {}
extension Float: XMLFloatScalar {}

extension Date: XMLScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> Date { try decoder.decodeDate() }
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) throws -> String? {
        try context.dateText(self, at: tail)
    }
    func encodeByStrategy(to encoder: XMLValueEncoder, in context: XMLEncodingContext) throws {
        if case .custom(let write) = context.settings.dateEncodingStrategy { try write(self, encoder) } else { try encode(to: encoder) }
    }
}

extension Data: XMLScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> Data { try decoder.decodeData() }
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) -> String? { context.dataText(self) }
    func encodeByStrategy(to encoder: XMLValueEncoder, in context: XMLEncodingContext) throws {
        if case .custom(let write) = context.settings.dataEncodingStrategy { try write(self, encoder) } else { try encode(to: encoder) }
    }
}

extension URL: XMLScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> URL {
        let text = try decoder.decodeScalarText(URL.self)
        guard let url = URL(string: text) else { throw decoder.mismatch(URL.self, expected: "a URL", found: text) }
        return url
    }
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) -> String? { absoluteString }
}

extension Decimal: XMLScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> Decimal {
        let text = try decoder.decodeScalarText(Decimal.self)
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw decoder.mismatch(Decimal.self, expected: "a decimal number", found: text)
        }
        return decimal
    }
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) -> String? { description }
}

extension XMLFragment: XMLScalar {
    static func decodeXML(from decoder: XMLValueDecoder) throws -> XMLFragment {
        if decoder.isAbsent { throw decoder.missing(XMLFragment.self) }
        let record = decoder.record
        switch decoder.value {
        case .attribute(let a, _): return XMLFragment(text: record.value(of: a))
        case .textNode(let node): return XMLFragment(events: record.fragmentEvents(ofText: node))
        case .choice(let node):
            if record.nodes[node].kind == .text { return XMLFragment(events: record.fragmentEvents(ofText: node)) }
            return XMLFragment(events: record.fragmentEvents(of: node))
        case .text(let element), .element(let element): return XMLFragment(events: record.fragmentEvents(of: element))
        case .elements:
            guard let element = try decoder.singleElement() else { throw decoder.missing(XMLFragment.self) }
            return XMLFragment(events: record.fragmentEvents(of: element))
        }
    }

    /// Markup has no text: it is written as markup.
    func xmlText(in context: XMLEncodingContext, at tail: XMLCodingPathTail) -> String? { nil }

    func encodeByStrategy(to encoder: XMLValueEncoder, in context: XMLEncodingContext) throws { try encoder.encodeHere(self) }
}
