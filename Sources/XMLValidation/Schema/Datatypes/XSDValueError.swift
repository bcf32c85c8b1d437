/// Why a value is not in a simple type: a sentence the validator places at the value's
/// position and under the component that declared the type.
struct XSDValueError: Error, Hashable, Sendable, CustomStringConvertible {
    var message: String

    init(_ message: String) { self.message = message }

    var description: String { message }

    /// `"x" is not a valid decimal`, quoting at most 40 characters of the value.
    static func notValid(_ text: String, _ type: String) -> XSDValueError {
        XSDValueError("\(quoted(text)) is not a valid \(type)")
    }

    /// `"P9999999999Y" is a duration too large for this validator (…)`: a value written
    /// right whose size passes what it holds, a limit Datatypes 5.4 lets a processor set.
    static func beyondRange(_ text: String, _ type: String, limit: String) -> XSDValueError {
        XSDValueError("\(quoted(text)) is a \(type) too large for this validator, which holds \(limit) (a processor's limit, Datatypes 5.4)")
    }

    /// `text` in quotation marks, cut to 40 characters, on one line (``quotedValue(_:limit:)``).
    static func quoted(_ text: String) -> String { quotedValue(text, limit: 40) }
}
