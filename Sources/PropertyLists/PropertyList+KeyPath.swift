/// Key paths as plutil takes them: keys separated by `.`, a number indexing an array, and
/// `\.` for a dot inside a key (`com\.apple\.security\.app-sandbox`; `\\` is a backslash).
extension PropertyList {
    /// The value at `keyPath` (`"items.2.title"`), or `nil` when any step finds nothing.
    public func value(atKeyPath keyPath: String) -> PropertyList? {
        var current = self
        for component in Self.components(keyPath) {
            switch current {
            case .dictionary(let d):
                guard let next = d[DictionaryKey(component)] else { return nil }
                current = next
            case .array(let a):
                guard let index = Int(component), a.indices.contains(index) else { return nil }
                current = a[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Sets the value at `keyPath`. With `replacing: false` (plutil's `-insert`) the key must
    /// not exist yet (a number one past an array's end appends, a number inside inserts); with
    /// `true` (`-replace`) it is created or overwritten (a number one past an array's end
    /// appends). The parent must exist.
    public mutating func set(_ value: PropertyList, atKeyPath keyPath: String, replacing: Bool) throws {
        let components = Self.components(keyPath)
        guard !components.isEmpty else {
            self = value
            return
        }
        try Self.set(value, at: components[...], in: &self, replacing: replacing, path: keyPath)
    }

    /// Removes the value at `keyPath`; an error when there is none.
    public mutating func remove(atKeyPath keyPath: String) throws {
        let components = Self.components(keyPath)
        guard !components.isEmpty else { throw PropertyListError("cannot remove the top level") }
        try Self.remove(at: components[...], in: &self, path: keyPath)
    }

    /// By code points, as plutil splits: a `.` followed by a combining mark still separates
    /// (as `Character`s the two were one cluster, neither `.` nor `\\`).
    static func components(_ keyPath: String) -> [String] {
        guard !keyPath.isEmpty else { return [] }
        var components: [String] = []
        var current = String.UnicodeScalarView()
        var escaped = false
        for character in keyPath.unicodeScalars {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "." {
                components.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        components.append(String(current))
        return components
    }

    private static func set(
        _ value: PropertyList, at components: ArraySlice<String>, in target: inout PropertyList, replacing: Bool,
        path: String
    ) throws {
        let key = components.first!
        let dictionaryKey = DictionaryKey(key)
        let last = components.count == 1
        switch target {
        case .dictionary(var d):
            if last {
                if !replacing && d[dictionaryKey] != nil { throw PropertyListError("\(path) already exists: use replace") }
                d[dictionaryKey] = value
            } else {
                guard var child = d[dictionaryKey] else { throw PropertyListError("\(path): no value at \"\(key)\"") }
                try set(value, at: components.dropFirst(), in: &child, replacing: replacing, path: path)
                d[dictionaryKey] = child
            }
            target = .dictionary(d)
        case .array(var a):
            guard let index = Int(key), index >= 0 else { throw PropertyListError("\(path): \"\(key)\" is not an array index") }
            if last {
                if replacing {
                    guard index <= a.count else { throw PropertyListError("\(path): index \(index) out of range") }
                    if index == a.count { a.append(value) } else { a[index] = value }
                } else {
                    guard index <= a.count else { throw PropertyListError("\(path): index \(index) out of range") }
                    a.insert(value, at: index)
                }
            } else {
                guard a.indices.contains(index) else { throw PropertyListError("\(path): index \(index) out of range") }
                var child = a[index]
                try set(value, at: components.dropFirst(), in: &child, replacing: replacing, path: path)
                a[index] = child
            }
            target = .array(a)
        default:
            throw PropertyListError("\(path): \"\(key)\" is inside a \(target.typeName), which has no keys")
        }
    }

    private static func remove(at components: ArraySlice<String>, in target: inout PropertyList, path: String) throws {
        let key = components.first!
        let dictionaryKey = DictionaryKey(key)
        let last = components.count == 1
        switch target {
        case .dictionary(var d):
            guard var child = d[dictionaryKey] else { throw PropertyListError("\(path): no value at \"\(key)\"") }
            if last {
                d[dictionaryKey] = nil
            } else {
                try remove(at: components.dropFirst(), in: &child, path: path)
                d[dictionaryKey] = child
            }
            target = .dictionary(d)
        case .array(var a):
            guard let index = Int(key), a.indices.contains(index) else { throw PropertyListError("\(path): no value at \"\(key)\"") }
            if last {
                a.remove(at: index)
            } else {
                var child = a[index]
                try remove(at: components.dropFirst(), in: &child, path: path)
                a[index] = child
            }
            target = .array(a)
        default:
            throw PropertyListError("\(path): no value at \"\(key)\"")
        }
    }
}
