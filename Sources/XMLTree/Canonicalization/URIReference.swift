/// Joining `xml:base` values as Canonical XML 1.1 does: RFC 3986's reference resolution
/// (5.2.2), allowed a relative base, with dot segments removed except a leading `..` that
/// has nothing left to remove. Read by code points: every delimiter is ASCII, and a `/`
/// followed by a combining mark is still a `/` (as `Character`s the two were one cluster).
enum URIReference {
    static func resolve(_ reference: String, against base: String) -> String {
        let ref = Parts(reference)
        if ref.scheme != nil { return ref.with(path: removeDotSegments(ref.path)).string }
        let b = Parts(base)
        var result = Parts()
        result.scheme = b.scheme
        if ref.authority != nil {
            result.authority = ref.authority
            result.path = removeDotSegments(ref.path)
            result.query = ref.query
        } else {
            result.authority = b.authority
            if ref.path.isEmpty {
                result.path = b.path
                result.query = ref.query ?? b.query
            } else {
                if ref.path.unicodeScalars.first == "/" {
                    result.path = removeDotSegments(ref.path)
                } else {
                    let merged: String
                    if b.authority != nil && b.path.isEmpty {
                        merged = "/" + ref.path
                    } else if let slash = b.path.unicodeScalars.lastIndex(of: "/") {
                        merged = String(b.path.unicodeScalars[...slash]) + ref.path
                    } else {
                        merged = ref.path
                    }
                    result.path = removeDotSegments(merged)
                }
                result.query = ref.query
            }
        }
        result.fragment = ref.fragment
        return result.string
    }

    /// RFC 3986 5.2.4, keeping `..` segments that would climb above a relative path's start.
    static func removeDotSegments(_ path: String) -> String {
        let absolute = path.unicodeScalars.first == "/"
        var output: [String] = []
        let segments = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (i, segment) in segments.enumerated() {
            let isLast = i == segments.count - 1
            if segment.utf8.elementsEqual(".".utf8) {
                if isLast { output.append("") }
            } else if segment.utf8.elementsEqual("..".utf8) {
                if let last = output.last, last != "..", !(absolute && output.count == 1 && last.isEmpty) {
                    output.removeLast()
                } else if !absolute {
                    output.append("..")
                }
                if isLast { output.append("") }
            } else {
                output.append(segment)
            }
        }
        var joined = output.joined(separator: "/")
        if absolute && joined.unicodeScalars.first != "/" { joined = "/" + joined }
        return joined
    }

    /// scheme:[//authority]path[?query][#fragment]
    struct Parts {
        var scheme: String?
        var authority: String?
        var path = ""
        var query: String?
        var fragment: String?

        init() {}

        init(_ text: String) {
            var rest = Substring(text).unicodeScalars
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let mark = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: mark)...])
                rest = rest[..<mark]
            }
            // RFC 3986's scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), ASCII only.
            func isAlpha(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
            if let colon = rest.firstIndex(of: ":"), let first = rest.first, isAlpha(first),
                rest[..<colon].allSatisfy({ isAlpha($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." })
            {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.starts(with: "//".unicodeScalars) {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        func with(path: String) -> Parts {
            var copy = self
            copy.path = path
            return copy
        }

        var string: String {
            var text = ""
            if let scheme { text += scheme + ":" }
            if let authority { text += "//" + authority }
            text += path
            if let query { text += "?" + query }
            if let fragment { text += "#" + fragment }
            return text
        }
    }
}
