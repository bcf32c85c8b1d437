// swift-tools-version: 6.1
import PackageDescription

// XMLStack's fuzz targets: a package of their own, so `swift test` in the main package
// never builds them. Each target is a libFuzzer program built with AddressSanitizer and
// coverage instrumentation by `Fuzz/run.sh` (see docs/Fuzzing.md); a plain `swift build`
// of this package does not link (the flags that bring in libFuzzer come from the script).
let fuzzTargets = [
    "FuzzStreamParser", "FuzzPullReader", "FuzzRecovery", "FuzzTreeXPath",
    "FuzzCanonical", "FuzzPropertyLists", "FuzzPlistDecoder", "FuzzWriter",
    "FuzzCodable", "FuzzPlistScanner", "FuzzDTDValidation", "FuzzSchemaValidation",
]
/// Products of the main package a target needs beside the ones every target gets.
let extraProducts: [String: [String]] = [
    "FuzzCodable": ["XMLCoding"], "FuzzDTDValidation": ["XMLValidation"], "FuzzSchemaValidation": ["XMLValidation"],
]

let package = Package(
    name: "XMLStackFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "XMLStack", path: "..")],
    targets: [
        // Declares libFuzzer's LLVMFuzzerRunDriver, which each target's @main calls:
        // SwiftPM renames an executable's `main`, so libFuzzer's own main cannot be used.
        .target(name: "CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "XMLWriting", package: "XMLStack"),
                .product(name: "XMLValidation", package: "XMLStack"),
            ]
        ),
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzSupport",
                    .product(name: "XMLStreaming", package: "XMLStack"),
                    .product(name: "XMLWriting", package: "XMLStack"),
                    .product(name: "XMLTree", package: "XMLStack"),
                    .product(name: "PropertyLists", package: "XMLStack"),
                ] + (extraProducts[name] ?? []).map { .product(name: $0, package: "XMLStack") },
                // gold fails on the sanitizer runtime's debug information; lld links it.
                linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
            )
        },
    swiftLanguageModes: [.v6]
)
