/// An `<!ELEMENT name content>` declaration of the internal DTD subset: which content
/// XML 1.0's validity constraints allow in the elements called `name`.
///
/// Its ``description`` is the declaration's content as the DTD spells it, without
/// spaces: `EMPTY`, `ANY`, `(#PCDATA|em)*`, `(head,body?)`.
public struct XMLElementDeclaration: Hashable, Sendable, CustomStringConvertible {
    /// What an element's content may be.
    public enum Content: Hashable, Sendable {
        /// `EMPTY`: no content at all.
        case empty
        /// `ANY`: any content.
        case any
        /// `(#PCDATA)` or `(#PCDATA|a|b)*`: text mixed with the named elements, in any
        /// order and number (no names: text only).
        case mixed([String])
        /// Element content: child elements only, as the particle describes (`(a,(b|c)+)`).
        case children(Particle)
    }

    /// A name, choice or sequence in element content, with how often it occurs.
    public struct Particle: Hashable, Sendable, CustomStringConvertible {
        /// What the particle matches.
        public indirect enum Kind: Hashable, Sendable {
            /// An element of this name.
            case name(String)
            /// One of the particles: `(a|b)`.
            case choice([Particle])
            /// Each of the particles, in order: `(a,b)`.
            case sequence([Particle])
        }

        /// How often a particle occurs: `?`, `*`, `+` or once.
        public enum Quantifier: Hashable, Sendable {
            /// Exactly once (no suffix).
            case one
            /// `?`: at most once.
            case optional
            /// `*`: any number of times.
            case zeroOrMore
            /// `+`: at least once.
            case oneOrMore
        }

        /// What the particle matches.
        public var kind: Kind
        /// How often.
        public var quantifier: Quantifier

        /// Creates a particle.
        public init(_ kind: Kind, _ quantifier: Quantifier = .one) {
            self.kind = kind
            self.quantifier = quantifier
        }

        /// The particle as a DTD writes it: `a`, `(a|b)*`, `(a,b?)+`.
        public var description: String {
            let body: String
            switch kind {
            case .name(let name): body = name
            case .choice(let particles): body = "(" + particles.map(\.description).joined(separator: "|") + ")"
            case .sequence(let particles): body = "(" + particles.map(\.description).joined(separator: ",") + ")"
            }
            return body + suffix
        }

        /// The quantifier as the DTD writes it after the particle.
        var suffix: String {
            switch quantifier {
            case .one: return ""
            case .optional: return "?"
            case .zeroOrMore: return "*"
            case .oneOrMore: return "+"
            }
        }
    }

    /// The element type's name.
    public var name: String
    /// The content its elements may have.
    public var content: Content

    /// Creates an element type declaration.
    public init(name: String, content: Content) {
        self.name = name
        self.content = content
    }

    /// The content as the DTD spells it: `EMPTY`, `ANY`, `(#PCDATA)`, `(#PCDATA|a)*`, `(a,b)`.
    public var description: String {
        switch content {
        case .empty: return "EMPTY"
        case .any: return "ANY"
        case .mixed(let names) where names.isEmpty: return "(#PCDATA)"
        case .mixed(let names): return "(#PCDATA|" + names.joined(separator: "|") + ")*"
        case .children(let particle):
            // A lone name is written in parentheses, as XML requires: `(a)`, `(a)*`.
            guard case .name(let name) = particle.kind else { return particle.description }
            return "(" + name + ")" + particle.suffix
        }
    }
}
