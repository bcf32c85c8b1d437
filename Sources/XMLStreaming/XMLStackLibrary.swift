/// Facts about this package, as ``ExpatLibrary`` gives them about expat.
public enum XMLStackLibrary {
    /// XMLStack's version, `0.2.0`: the one place the tools (`xml --version`,
    /// `plist --version`) and the sample read it from. `CHANGELOG.md` says what each
    /// version changed.
    public static let version = "0.2.0"
}
