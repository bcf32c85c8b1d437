import Foundation
internal import XMLSyntax

/// Decoding class hierarchies (or protocol families) from plists safely: the file names a
/// type, and the decoder makes it only if the caller listed it. A file never chooses a type
/// the caller did not allow (what `NSClassFromString` on a name read from a file would do).
///
/// ```swift
/// let shapes = PlistTypeAllowlist<any Shape>(typeKey: "type", ["circle": Circle.self, "square": Square.self])
/// let shape = try shapes.decode(from: decoder)          // inside init(from:), or:
/// let all = try PlistDecoder().decode([PlistPolymorphic<any Shape>].self, from: data, allowlist: shapes)
/// ```
public struct PlistTypeAllowlist<Base>: @unchecked Sendable {
    /// The key that names the type in each encoded value.
    public let typeKey: String
    private let types: [String: any Decodable.Type]

    /// Allows exactly `types`, by the names files use for them.
    public init(typeKey: String = "type", _ types: [String: any Decodable.Type]) {
        self.typeKey = typeKey
        self.types = types
    }

    /// The names the list allows, in code-point order.
    public var allowedNames: [String] { types.keys.sorted { $0.precedesInCodePointOrder($1) } }

    /// Decodes the value `decoder` holds as the allowed type its `typeKey` names.
    public func decode(from decoder: any Decoder) throws -> Base {
        let container = try decoder.container(keyedBy: PlistKey.self)
        let key = PlistKey(typeKey)
        let name = try container.decode(String.self, forKey: key)
        // The name is its code points: a file's "e\u{301}" must not pick the type listed as "é".
        guard let type = types.value(forCodePoints: name) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [key],
                    debugDescription:
                        "\(describePath(decoder.codingPath + [key])): the type \"\(name)\" is not allowed (allowed: \(allowedNames.joined(separator: ", ")))"
                ))
        }
        let value = try type.init(from: decoder)
        guard let typed = value as? Base else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(describePath(decoder.codingPath)): \(type) is not a \(Base.self)"))
        }
        return typed
    }
}

/// A value decoded through an allowlist: use it where a `Decodable` type is needed
/// (`[PlistPolymorphic<any Shape>]`), with the list in the decoder's ``PlistDecoder/userInfo``.
public struct PlistPolymorphic<Base>: Decodable {
    /// The decoded value, of the allowed type the file named.
    public let value: Base

    /// The `userInfo` key under which ``PlistDecoder`` passes the allowlist.
    public static var allowlistKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "XMLStack.PlistTypeAllowlist")! }

    /// Decodes the value through the ``PlistTypeAllowlist`` in the decoder's `userInfo` under
    /// ``PlistPolymorphic/allowlistKey``; without one, throws a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        guard let allowlist = decoder.userInfo[Self.allowlistKey] as? PlistTypeAllowlist<Base> else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no PlistTypeAllowlist<\(Base.self)> given to the decoder"))
        }
        value = try allowlist.decode(from: decoder)
    }
}

extension PlistDecoder {
    /// Decodes with `allowlist` available to every ``PlistPolymorphic`` in the value.
    public func decode<T: Decodable, Base>(_ type: T.Type, from data: Data, allowlist: PlistTypeAllowlist<Base>) throws -> T {
        var userInfo = self.userInfo
        userInfo[PlistPolymorphic<Base>.allowlistKey] = allowlist
        return try decode(from: data, userInfo: userInfo) { try $0.decodeValue(type) }
    }
}

/// A versioned file format: the top level is always a dictionary with `majorVersion` and
/// `minorVersion` beside the value's own keys. A reader refuses a newer major version (the
/// format changed in ways it cannot read) and accepts a newer minor one (only additions).
public struct PlistVersionedFormat: Sendable {
    /// The major version: a reader refuses a file with a newer one.
    public let majorVersion: Int
    /// The minor version: a reader accepts a file with a newer one.
    public let minorVersion: Int

    /// A format at this version, which `encode(_:encoder:)` writes into each file.
    public init(majorVersion: Int, minorVersion: Int) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
    }

    /// Encodes `value` (which must encode as a dictionary) with the version keys added.
    public func encode<T: Encodable>(_ value: T, encoder: PlistEncoder = PlistEncoder()) throws -> Data {
        guard case .dictionary(var dictionary) = try encoder.encodeValue(value) else {
            throw PropertyListError("a versioned file's value must encode as a dictionary")
        }
        dictionary["majorVersion"] = .integer(Int64(majorVersion))
        dictionary["minorVersion"] = .integer(Int64(minorVersion))
        return try encoder.write(.dictionary(dictionary))
    }

    /// Decodes a file written by this format's version or an older or newer minor one.
    /// - Returns: the value and the file's version.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, decoder: PlistDecoder = PlistDecoder()) throws
        -> (value: T, majorVersion: Int, minorVersion: Int)
    {
        let plist = try PropertyList(data: data)
        guard case .dictionary = plist else {
            throw PropertyListError("not a versioned file: the top level is \(describeFound(plist)), not a dictionary")
        }
        guard let major = plist["majorVersion"]?.intValue, let minor = plist["minorVersion"]?.intValue else {
            throw PropertyListError("not a versioned file: majorVersion and minorVersion are missing")
        }
        guard major <= majorVersion else {
            throw PropertyListError(
                "the file is version \(major).\(minor), newer than this program reads (\(majorVersion).x): update the program")
        }
        return (try decoder.decode(type, from: plist), major, minor)
    }
}
