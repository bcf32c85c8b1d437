// swift-tools-version: 6.2
import PackageDescription

// The book's SiteSchedule sample (8.3.3) as a tool: plain model types, the import layer
// (their Parseable conformances, the SQLite store, export), the same store on PostgreSQL,
// and the command line. A package of its own beside the library (`../..`), so that an app
// depending on XMLStack never resolves GRDB or postgres-nio. From the repository's root:
//
//     swift run --package-path Samples/SiteSchedule siteschedule
//     swift test --package-path Samples/SiteSchedule
let package = Package(
    name: "SiteSchedule",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "siteschedule", targets: ["siteschedule"]),
        // The import layer and the shared store, for the benchmarks (Benchmarks/).
        .library(name: "SiteScheduleModel", targets: ["SiteScheduleModel"]),
        .library(name: "SiteScheduleImport", targets: ["SiteScheduleImport"]),
        .library(name: "SiteSchedulePostgres", targets: ["SiteSchedulePostgres"]),
    ],
    dependencies: [
        .package(name: "XMLStack", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(name: "SiteScheduleModel"),
        .target(
            name: "SiteScheduleImport",
            dependencies: [
                "SiteScheduleModel",
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "XMLHandlerStack", package: "XMLStack"),
                .product(name: "XMLWriting", package: "XMLStack"),
                .product(name: "XMLCoding", package: "XMLStack"),
                .product(name: "XMLValidation", package: "XMLStack"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for binding the import's rows in place (BulkStatement).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The same store on a shared PostgreSQL server, through postgres-nio.
        .target(
            name: "SiteSchedulePostgres",
            dependencies: [
                "SiteScheduleImport", "SiteScheduleModel", .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .executableTarget(
            name: "siteschedule",
            dependencies: [
                "SiteScheduleImport", "SiteSchedulePostgres", "SiteScheduleModel",
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "XMLHandlerStack", package: "XMLStack"),
                .product(name: "XMLWriting", package: "XMLStack"),
                .product(name: "XMLValidation", package: "XMLStack"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The library's test support (a link to ../../Tests/XMLTestSupport).
        .target(
            name: "XMLTestSupport", dependencies: [.product(name: "XMLStreaming", package: "XMLStack")],
            path: "Tests/XMLTestSupport"
        ),
        .testTarget(
            name: "SiteScheduleTests",
            dependencies: [
                "siteschedule", "SiteScheduleImport", "SiteSchedulePostgres", "SiteScheduleModel", "XMLTestSupport",
                .product(name: "XMLHandlerStack", package: "XMLStack"),
                .product(name: "XMLCoding", package: "XMLStack"),
                .product(name: "XMLWriting", package: "XMLStack"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
