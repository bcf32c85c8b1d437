import Foundation
import OrderedCollections
internal import XMLSyntax

/// The bridge to the untyped values `PropertyListSerialization` code passes around, so such
/// code moves over one call at a time:
///
/// ```swift
/// // was: let object = try PropertyListSerialization.propertyList(from: data, format: nil)
/// let object = try PropertyList(data: data).propertyListObject
/// // was: let data = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
/// let written = try PropertyList(propertyListObject: object).data(format: .xml)
/// ```
extension PropertyList {
    /// The value as `PropertyListSerialization` gives it on this platform: `String`, an
    /// `NSNumber` for integers and reals (so `as? Int` and `as? Double` work), `Bool`,
    /// `Date`, `Data`, `[Any]` and `[String: Any]`. A UID is `["CF$UID": n]`, the form XML
    /// plists write it in (Foundation's own UID class is private).
    public var propertyListObject: Any {
        switch self {
        case .string(let s): return s
        case .integer(let i): return NSNumber(value: i)
        case .unsignedInteger(let u): return NSNumber(value: u)
        case .real(let r): return NSNumber(value: r)
        case .boolean(let b): return b
        case .date(let d): return d
        case .data(let d): return d
        case .array(let items): return items.map(\.propertyListObject)
        case .dictionary(let d):
            var result: [String: Any] = [:]
            result.reserveCapacity(d.count)
            // Foundation's dictionaries bridge to Swift's, which merge keys that differ only in
            // code points (`é` and `e` + U+0301): the last of them wins there.
            for (key, value) in d { result[key.string] = value.propertyListObject }
            return result
        case .uid(let u): return ["CF$UID": NSNumber(value: u)] as [String: Any]
        }
    }

    /// A value from what `PropertyListSerialization` takes: `String`/`NSString`, `Bool`,
    /// `NSNumber` and Swift's integer and floating-point types, `Date`/`NSDate`,
    /// `Data`/`NSData`, arrays, and dictionaries with `String` keys (`[String: Any]`,
    /// `NSDictionary`); a ``PropertyList`` stands for itself, and `["CF$UID": n]` is a UID.
    /// Anything else (`NSNull`, `nil`, a key that is not a string, a custom class) is
    /// refused with a ``PropertyListError`` naming its key path, code
    /// `.propertyListWriteInvalid`, as Foundation refuses it.
    public init(propertyListObject object: Any) throws {
        self = try Self.bridged(object, depth: 0)
    }

    /// The class Foundation gives booleans as numbers (`NSNumber(value: true)`): the only
    /// sure way to tell `true` from `1`.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    private static func bridged(_ object: Any, depth: Int) throws -> PropertyList {
        guard depth < maximumDepth else {
            throw PropertyListError("the value is nested deeper than \(maximumDepth)", code: .propertyListWriteInvalid)
        }
        switch object {
        case let plist as PropertyList: return plist
        case let string as String: return .string(string)
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let number as NSNumber: return number.propertyListValue(isBoolean: ObjectIdentifier(type(of: number)) == booleanClass)
        case let items as [Any]:
            var result: [PropertyList] = []
            result.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                try within(.index(index)) { result.append(try bridged(item, depth: depth + 1)) }
            }
            return .array(result)
        case let dictionary as [AnyHashable: Any]:
            var result = OrderedDictionary<DictionaryKey, PropertyList>()
            result.reserveCapacity(dictionary.count)
            // Sorted, so the value (and an error about it) is the same from run to run.
            let entries = try dictionary.map { entry -> (String, Any) in
                guard let key = entry.key.base as? String else {
                    throw PropertyListError(
                        "a dictionary key is \(type(of: entry.key.base)) \(entry.key.base), not a string",
                        code: .propertyListWriteInvalid)
                }
                return (key, entry.value)
            }.sorted { $0.0.precedesInCodePointOrder($1.0) }
            for (key, value) in entries {
                try within(.key(key)) { result[DictionaryKey(key)] = try bridged(value, depth: depth + 1) }
            }
            return XMLPlistBuilder.collapsingUID(result)
        default:
            let description = Self.describe(object)
            throw PropertyListError("\(description) is not a property-list value", code: .propertyListWriteInvalid)
        }
    }

    private static func describe(_ object: Any) -> String {
        let mirror = Mirror(reflecting: object)
        if mirror.displayStyle == .optional, mirror.children.isEmpty { return "nil" }
        return "a value of type \(type(of: object))"
    }
}

extension NSNumber {
    /// The number as a property-list value: a boolean, a real for floating-point numbers, an
    /// integer otherwise (up to UInt64.max).
    fileprivate func propertyListValue(isBoolean: Bool) -> PropertyList {
        if isBoolean { return .boolean(boolValue) }
        switch unsafe String(cString: objCType) {
        case "f", "d": return .real(doubleValue)
        case "Q", "L", "I", "S", "C": return .integer(exactly: uint64Value)
        default: return .integer(int64Value)
        }
    }
}
