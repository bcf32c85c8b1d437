// swift-tools-version: 6.2
import PackageDescription

// XML bodies for the clients and servers swift-openapi-generator writes, coded by
// XMLCoding: a package of its own beside the library (`../..`), so that an app depending on
// XMLStack resolves swift-openapi-runtime only when it depends on this one too.
//
//     Configuration(xmlCoder: XMLStackCoder())
//     swift test --package-path Adapters/OpenAPI
let package = Package(
    name: "XMLStackOpenAPI",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "XMLStackOpenAPI", targets: ["XMLStackOpenAPI"])
    ],
    dependencies: [
        .package(name: "XMLStack", path: "../.."),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    ],
    targets: [
        .target(
            name: "XMLStackOpenAPI",
            dependencies: [
                .product(name: "XMLCoding", package: "XMLStack"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
        .testTarget(
            name: "XMLStackOpenAPITests",
            dependencies: [
                "XMLStackOpenAPI",
                .product(name: "XMLCoding", package: "XMLStack"),
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
