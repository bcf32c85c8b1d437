// swift-tools-version: 6.2
import PackageDescription

// XMLStack's command-line tools, `xml` and `plist`: a package of their own beside the
// library (`..`), so that an app depending on XMLStack never resolves swift-argument-parser.
//
//     swift run --package-path Tools xml check feed.xml
//     swift run --package-path Tools plist -p Info.plist
//     swift test --package-path Tools
let package = Package(
    name: "XMLStackTools",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "xml", targets: ["XMLTool"]),
        .executable(name: "plist", targets: ["PlistTool"]),
    ],
    dependencies: [
        .package(name: "XMLStack", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "XMLTool",
            dependencies: [
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "XMLWriting", package: "XMLStack"),
                .product(name: "XMLTree", package: "XMLStack"),
                .product(name: "XMLValidation", package: "XMLStack"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "PlistTool",
            dependencies: [
                .product(name: "PropertyLists", package: "XMLStack"),
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The library's test support (a link to ../Tests/XMLTestSupport: no product of the
        // library, so that apps never see it).
        .target(
            name: "XMLTestSupport", dependencies: [.product(name: "XMLStreaming", package: "XMLStack")],
            path: "Tests/XMLTestSupport"
        ),
        .testTarget(
            name: "ToolTests",
            dependencies: ["XMLTool", "XMLTestSupport", .product(name: "XMLStreaming", package: "XMLStack")],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "PlistToolTests",
            dependencies: ["PlistTool", "XMLTestSupport", .product(name: "XMLStreaming", package: "XMLStack")]),
        // Time for n and 4n on hostile files, for each tool command that reads them.
        .testTarget(name: "ToolScalingTests", dependencies: ["XMLTool", "PlistTool", "XMLTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
