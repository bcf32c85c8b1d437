// swift-tools-version: 6.2
import PackageDescription

// XMLStack: XML for Swift on top of the system's expat.
// Layers (dependencies point down): CExpat → XMLStreaming → XMLHandlerStack → tools and samples;
// XMLWriting stands apart from expat.
let package = Package(
    name: "XMLStack",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "XMLStreaming", targets: ["XMLStreaming"]),
        .library(name: "XMLHandlerStack", targets: ["XMLHandlerStack"]),
        .library(name: "XMLWriting", targets: ["XMLWriting"]),
        .executable(name: "xml", targets: ["XMLTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .executableTarget(
            name: "XMLTool",
            dependencies: [
                "XMLStreaming",
                "XMLWriting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .target(name: "XMLTestSupport", dependencies: ["XMLStreaming"], path: "Tests/XMLTestSupport"),
        .testTarget(
            name: "XMLStreamingTests",
            dependencies: ["XMLStreaming", "XMLTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "XMLHandlerStackTests", dependencies: ["XMLHandlerStack", "XMLTestSupport"]),
        .testTarget(name: "XMLWritingTests", dependencies: ["XMLWriting", "XMLStreaming", "XMLTestSupport"]),
        .testTarget(name: "ToolTests", dependencies: ["XMLTool", "XMLTestSupport"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
