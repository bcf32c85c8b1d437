// swift-tools-version: 6.2
import PackageDescription

// XMLStack: XML for Swift on top of the system's expat.
// Layers (dependencies point down): CExpat → XMLStreaming → XMLHandlerStack → tools and samples;
// XMLWriting stands apart from expat.
/// The guides' example programs (Tests/DocExamples/NAME/main.swift).
let docExamples = [
    "DocExampleReadme", "DocExampleGettingStarted", "DocExampleHandlerStack", "DocExampleMigratingFromFoundation",
    "DocExampleCodableXML",
    "DocExamplePropertyLists", "DocExampleRecoveringXML", "DocExampleSecurity", "DocExampleTreeAndXPath",
    "DocExampleWritingXML",
]
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
        .executable(name: "xml", targets: ["XMLTool"]),
        .library(name: "SiteScheduleModel", targets: ["SiteScheduleModel"]),
        .library(name: "SiteScheduleImport", targets: ["SiteScheduleImport"]),
        // The shared store, for tools of one's own (and the benchmarks): only those that name
        // this product build postgres-nio.
        .library(name: "SiteSchedulePostgres", targets: ["SiteSchedulePostgres"]),
        .executable(name: "siteschedule", targets: ["siteschedule"]),
        .executable(name: "plist", targets: ["PlistTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // Only for the SiteSchedule sample's shared store (SiteSchedulePostgres): no other library
        // product depends on it, so building XMLStreaming, XMLTree or PropertyLists never builds it.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The system's expat, never vendored: Debian's libexpat1-dev, Homebrew's expat.
        .systemLibrary(
            name: "CExpat",
            pkgConfig: "expat",
            providers: [.apt(["libexpat1-dev"]), .brew(["expat"])]
        ),
        // XML 1.0's character and name productions, shared by reading and writing.
        .target(name: "XMLSyntax"),
        .target(name: "XMLStreaming", dependencies: ["CExpat", "XMLSyntax"]),
        .target(name: "XMLHandlerStack", dependencies: ["XMLStreaming"]),
        // Writing XML; deliberately independent of expat.
        .target(name: "XMLWriting", dependencies: ["XMLSyntax"]),
        // The document tree: contiguous storage, navigation, paths, output, canonical form.
        .target(name: "XMLTree", dependencies: ["XMLStreaming", "XMLWriting", "XMLSyntax"]),
        // Codable XML: values read from the stream parser's events and written through the writer.
        .target(name: "XMLCoding", dependencies: ["XMLStreaming", "XMLHandlerStack", "XMLWriting", "XMLSyntax"]),
        // Property lists: XML (through the stream parser and the writer) and binary.
        .target(
            name: "PropertyLists",
            dependencies: [
                "XMLStreaming", "XMLWriting", "XMLSyntax", .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .executableTarget(
            name: "XMLTool",
            dependencies: [
                "XMLStreaming",
                "XMLWriting",
                "XMLTree",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .executableTarget(
            name: "PlistTool",
            dependencies: ["PropertyLists", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The book's SiteSchedule sample (8.3.3) as a tool: plain model types, the import
        // layer (their Parseable conformances, the SQLite store, export), the command line.
        .target(name: "SiteScheduleModel", path: "Samples/SiteSchedule/Sources/SiteScheduleModel"),
        .target(
            name: "SiteScheduleImport",
            dependencies: [
                "SiteScheduleModel", "XMLStreaming", "XMLHandlerStack", "XMLWriting", "XMLCoding",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for binding the import's rows in place (BulkStatement).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Samples/SiteSchedule/Sources/SiteScheduleImport"
        ),
        // The same store on a shared PostgreSQL server, through postgres-nio.
        .target(
            name: "SiteSchedulePostgres",
            dependencies: [
                "SiteScheduleImport", "SiteScheduleModel", .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Samples/SiteSchedule/Sources/SiteSchedulePostgres"
        ),
        .executableTarget(
            name: "siteschedule",
            dependencies: [
                "SiteScheduleImport", "SiteSchedulePostgres", "SiteScheduleModel", "XMLStreaming", "XMLHandlerStack", "XMLWriting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Samples/SiteSchedule/Sources/siteschedule"
        ),

        .target(name: "XMLTestSupport", dependencies: ["XMLStreaming"], path: "Tests/XMLTestSupport"),
        .testTarget(
            name: "XMLStreamingTests",
            dependencies: ["XMLStreaming", "XMLTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "XMLHandlerStackTests", dependencies: ["XMLHandlerStack", "XMLTestSupport"]),
        .testTarget(name: "XMLCodingTests", dependencies: ["XMLCoding", "XMLStreaming", "XMLHandlerStack", "XMLWriting", "XMLTestSupport"]),
        .testTarget(name: "XMLWritingTests", dependencies: ["XMLWriting", "XMLStreaming", "XMLTestSupport"]),
        .testTarget(name: "PlistToolTests", dependencies: ["PlistTool", "XMLTestSupport"]),
        .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists", "XMLTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "XMLTreeTests", dependencies: ["XMLTree", "XMLStreaming", "XMLWriting", "XMLTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "ToolTests", dependencies: ["XMLTool", "XMLTestSupport"], resources: [.copy("Fixtures")]),
        // Time for n and 4n on hostile inputs, for every reader, writer and tool path.
        .testTarget(
            name: "ScalingTests",
            dependencies: ["XMLStreaming", "XMLWriting", "XMLTree", "PropertyLists", "XMLTool", "PlistTool", "XMLTestSupport"]
        ),
        // Every Swift block of README.md and docs/, one program per guide (the DocExample*
        // executables, generated by scripts/doc-examples.sh): checked current and run.
        .testTarget(
            name: "DocExamplesTests",
            dependencies: ["XMLTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SiteScheduleTests",
            dependencies: [
                "siteschedule", "SiteScheduleImport", "SiteSchedulePostgres", "SiteScheduleModel", "XMLTestSupport", "XMLHandlerStack", "XMLCoding", "XMLWriting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
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
        ],
        path: "Tests/DocExamples/\(name)"
    )
}
