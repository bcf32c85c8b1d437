// swift-tools-version: 6.2
import PackageDescription

// XMLStack: XML for Swift on top of the system's expat.
// Layers (dependencies point down): CExpat → XMLStreaming → XMLHandlerStack → XMLCoding,
// XMLStreaming → XMLValidation → XMLCoding (a document validated as it is decoded);
// XMLWriting stands apart from expat. The tools (Tools/), the SiteSchedule sample
// (Samples/SiteSchedule/), the benchmarks and the fuzz targets are packages of their own
// that depend on this one, so an app that depends on XMLStack builds and resolves none of them.
/// The guides' example programs (Tests/DocExamples/NAME/main.swift).
let docExamples = [
    "DocExampleReadme", "DocExampleGettingStarted", "DocExampleHandlerStack", "DocExampleMigratingFromFoundation",
    "DocExampleCodableXML",
    "DocExamplePropertyLists", "DocExamplePublicAPI", "DocExampleRecoveringXML", "DocExampleSecurity", "DocExampleTreeAndXPath",
    "DocExampleValidation", "DocExampleWritingXML",
]
/// Swift's strict memory safety checking for the library targets: every unsafe construct is
/// marked `unsafe` where it stands (docs/UnsafeCode.md lists them with their invariants).
let strictMemorySafety: [SwiftSetting] = [.strictMemorySafety()]

let package = Package(
    name: "XMLStack",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "XMLStreaming", targets: ["XMLStreaming"]),
        .library(name: "XMLHandlerStack", targets: ["XMLHandlerStack"]),
        .library(name: "XMLWriting", targets: ["XMLWriting"]),
        .library(name: "XMLTree", targets: ["XMLTree"]),
        .library(name: "PropertyLists", targets: ["PropertyLists"]),
        .library(name: "XMLCoding", targets: ["XMLCoding"]),
        .library(name: "XMLValidation", targets: ["XMLValidation"]),
    ],
    // Only what the library products use: an app that depends on XMLStack resolves nothing
    // else. The tools (Tools/) and the SiteSchedule sample (Samples/SiteSchedule/) are
    // packages of their own beside this one, with their own dependencies.
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // FilePath and FileDescriptor, which every API that reads or writes a file takes.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // The system's expat, never vendored: Debian's libexpat1-dev, Homebrew's expat.
        .systemLibrary(
            name: "CExpat",
            pkgConfig: "expat",
            providers: [.apt(["libexpat1-dev"]), .brew(["expat"])]
        ),
        // What reading and writing share: XML 1.0's character and name productions, the byte
        // buffer, the lock.
        .target(name: "XMLSyntax", swiftSettings: strictMemorySafety),
        .target(
            name: "XMLStreaming", dependencies: ["CExpat", "XMLSyntax", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strictMemorySafety),
        .target(
            name: "XMLHandlerStack", dependencies: ["XMLStreaming", "XMLSyntax", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strictMemorySafety),
        // Writing XML; deliberately independent of expat.
        .target(
            name: "XMLWriting", dependencies: ["XMLSyntax", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strictMemorySafety),
        // The document tree: contiguous storage, navigation, paths, output, canonical form.
        .target(
            name: "XMLTree", dependencies: ["XMLStreaming", "XMLWriting", "XMLSyntax", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strictMemorySafety),
        // Codable XML: values read from the stream parser's events and written through the writer.
        .target(
            name: "XMLCoding",
            dependencies: [
                "XMLStreaming", "XMLHandlerStack", "XMLWriting", "XMLSyntax", .product(name: "SystemPackage", package: "swift-system"),
                // A document validated as it is decoded (XMLDecoder.validation).
                "XMLValidation",
                // OrderedDictionary: a map written and read in its own order.
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: strictMemorySafety),
        // Property lists: XML (through the stream parser and the writer) and binary.
        .target(
            name: "PropertyLists",
            dependencies: [
                "XMLStreaming", "XMLWriting", "XMLSyntax", .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictMemorySafety
        ),
        // Validation on the stream parser's events: DTDs (XML 1.0's validity constraints).
        .target(name: "XMLValidation", dependencies: ["XMLStreaming", "XMLSyntax"], swiftSettings: strictMemorySafety),
        .target(name: "XMLTestSupport", dependencies: ["XMLStreaming"], path: "Tests/XMLTestSupport"),
        .testTarget(
            name: "XMLStreamingTests",
            dependencies: ["XMLStreaming", "XMLTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "XMLHandlerStackTests", dependencies: ["XMLHandlerStack", "XMLTestSupport"]),
        .testTarget(
            name: "XMLCodingTests",
            dependencies: [
                "XMLCoding", "XMLStreaming", "XMLHandlerStack", "XMLWriting", "XMLValidation", "XMLTestSupport",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "XMLValidationTests", dependencies: ["XMLValidation", "XMLStreaming", "XMLSyntax", "XMLTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "XMLWritingTests", dependencies: ["XMLWriting", "XMLStreaming", "XMLTestSupport"]),
        .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists", "XMLTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "XMLTreeTests", dependencies: ["XMLTree", "XMLStreaming", "XMLWriting", "XMLTestSupport"],
            resources: [.copy("Fixtures")]),
        // Time for n and 4n on hostile inputs, for every reader and writer (the tools: Tools/).
        .testTarget(
            name: "ScalingTests",
            dependencies: ["XMLStreaming", "XMLWriting", "XMLTree", "PropertyLists", "XMLValidation", "XMLTestSupport"]
        ),
        // docs/PublicAPI.md's rules, across the library's modules.
        .testTarget(
            name: "PublicAPITests",
            dependencies: [
                "XMLStreaming", "XMLHandlerStack", "XMLWriting", "XMLTree", "XMLCoding", "PropertyLists", "XMLValidation",
                "XMLTestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Every Swift block of README.md and docs/, one program per guide (the DocExample*
        // executables, generated by scripts/doc-examples.sh): checked current and run.
        .testTarget(
            name: "DocExamplesTests",
            dependencies: ["XMLTestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

package.targets += [.target(name: "DocExampleSupport", path: "Tests/DocExampleSupport")]
package.targets += docExamples.map { name in
    .executableTarget(
        name: name,
        dependencies: [
            "DocExampleSupport", "XMLStreaming", "XMLHandlerStack", "XMLWriting", "XMLTree", "PropertyLists", "XMLCoding",
            "XMLValidation",
        ],
        path: "Tests/DocExamples/\(name)"
    )
}

// The documentation tooling, only when asked for (scripts/docs.sh, run by .ci/run): an app
// depending on XMLStack never resolves swift-docc-plugin.
if Context.environment["XMLSTACK_DOCC"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
