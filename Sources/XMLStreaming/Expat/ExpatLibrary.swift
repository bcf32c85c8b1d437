internal import CExpat

/// Facts about the expat library the package is linked against, read at run time.
public enum ExpatLibrary {
    /// The version of the linked library, "2.5.0".
    public static var version: String {
        let v = XML_ExpatVersionInfo()
        return "\(v.major).\(v.minor).\(v.micro)"
    }

    /// The version of the `expat.h` the package was compiled against, "2.5.0".
    public static var headerVersion: String {
        let v = CExpat_HeaderVersion()
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }

    /// The features expat reports through `XML_GetFeatureList`, by name
    /// (`XML_DTD`, `XML_NS`, `XML_CONTEXT_BYTES`, …) with their values.
    public static var features: [String: Int] {
        var result: [String: Int] = [:]
        guard var feature = unsafe XML_GetFeatureList() else { return result }
        while unsafe feature.pointee.feature != XML_FEATURE_END {
            if let name = unsafe feature.pointee.name {
                unsafe result[String(cString: name)] = Int(feature.pointee.value)
            }
            unsafe feature += 1
        }
        return result
    }

    /// Whether the linked expat is new enough to defer re-parsing of tokens that span many
    /// buffers itself (2.6.0 and later). The shim turns deferral on only when the header it
    /// was compiled against declares it too; otherwise the package holds input back while a
    /// token is pending.
    public static var hasReparseDeferral: Bool {
        let v = XML_ExpatVersionInfo()
        return v.major > 2 || (v.major == 2 && v.minor >= 6)
    }

    /// Whether the linked expat has the allocation tracker (2.7.2 and later).
    public static var hasAllocationTracker: Bool {
        let v = XML_ExpatVersionInfo()
        return v.major > 2 || (v.major == 2 && (v.minor > 7 || (v.minor == 7 && v.micro >= 2)))
    }
}
