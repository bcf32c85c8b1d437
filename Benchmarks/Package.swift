// swift-tools-version: 6.1
import PackageDescription

// XMLStack's benchmarks: their own package, so `swift test` in the main package never
// resolves or builds them. Run them as release builds only (see README.md):
//
//     swift build -c release --package-path Benchmarks
//     swift run -c release --package-path Benchmarks xmlstack-bench generate
//     swift run -c release --package-path Benchmarks xmlstack-bench run
let package = Package(
    name: "XMLStackBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "xmlstack-bench", targets: ["XMLStackBench"]),
        .executable(name: "xmlstack-alloc-check", targets: ["XMLStackAllocCheck"]),
        .executable(name: "xmlstack-write-bench", targets: ["XMLStackWriteBench"]),
        .executable(name: "siteschedule-bench", targets: ["SiteScheduleBench"]),
        .executable(name: "xmltree-bench", targets: ["XMLTreeBench"]),
        .executable(name: "plist-bench", targets: ["PlistBench"]),
        .executable(name: "xmlcoding-bench", targets: ["XMLCodingBench"]),
        .executable(name: "xmlvalidation-bench", targets: ["XMLValidationBench"]),
    ],
    dependencies: [
        .package(name: "XMLStack", path: ".."),
        .package(name: "SiteSchedule", path: "../Samples/SiteSchedule"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/drmohundro/SWXMLHash", from: "8.1.1"),
        .package(url: "https://github.com/CoreOffice/XMLCoder", exact: "0.18.2"),
    ],
    targets: [
        // Raw expat in C with no-op handlers: the limit for this design, measured in the same
        // run as everything built on top of it.
        .target(
            name: "CExpatBaseline",
            linkerSettings: [.linkedLibrary("expat")]
        ),
        // malloc/calloc/realloc/free replacements that count calls. Linked only into
        // xmlstack-alloc-check, so the timed runs use the allocator untouched.
        .target(name: "CAllocationCounter"),
        // Child processes with their peak memory, shared by the benchmark programs.
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "XMLStackBench",
            dependencies: [
                "CExpatBaseline", "BenchmarkSupport",
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "XMLHandlerStack", package: "XMLStack"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "XMLStackAllocCheck",
            dependencies: [
                "CAllocationCounter",
                .product(name: "XMLStreaming", package: "XMLStack"),
            ]
        ),
        .executableTarget(
            name: "XMLStackWriteBench",
            dependencies: [.product(name: "XMLWriting", package: "XMLStack")]
        ),
        // pugixml in C++ (Debian's libpugixml-dev): the fastest DOM, for xmltree-bench.
        .target(
            name: "CPugiBaseline",
            linkerSettings: [.linkedLibrary("pugixml")]
        ),
        // libplist in C (Debian's libplist-dev), for plist-bench.
        .target(name: "CLibplistBaseline", linkerSettings: [.linkedLibrary("plist-2.0")]),
        .executableTarget(
            name: "PlistBench",
            dependencies: [
                "CExpatBaseline", "CLibplistBaseline", "BenchmarkSupport",
                .product(name: "PropertyLists", package: "XMLStack"),
            ]
        ),
        .executableTarget(
            name: "XMLTreeBench",
            dependencies: [
                "CExpatBaseline", "CPugiBaseline", "BenchmarkSupport",
                .product(name: "XMLTree", package: "XMLStack"),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
            ]
        ),
        // Codable XML against XMLCoder, the hand-written handlers and raw expat.
        .executableTarget(
            name: "XMLCodingBench",
            dependencies: [
                "CExpatBaseline", "BenchmarkSupport",
                .product(name: "XMLCoding", package: "XMLStack"),
                .product(name: "SiteScheduleImport", package: "SiteSchedule"),
                .product(name: "SiteScheduleModel", package: "SiteSchedule"),
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "XMLHandlerStack", package: "XMLStack"),
                .product(name: "XMLCoder", package: "XMLCoder"),
            ]
        ),
        .executableTarget(
            name: "XMLValidationBench",
            dependencies: [
                "CExpatBaseline", "BenchmarkSupport",
                .product(name: "XMLValidation", package: "XMLStack"),
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "SiteScheduleImport", package: "SiteSchedule"),
            ]
        ),
        .executableTarget(
            name: "SiteScheduleBench",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "SiteSchedulePostgres", package: "SiteSchedule"),
                .product(name: "SiteScheduleImport", package: "SiteSchedule"),
                .product(name: "SiteScheduleModel", package: "SiteSchedule"),
                .product(name: "XMLStreaming", package: "XMLStack"),
                .product(name: "XMLHandlerStack", package: "XMLStack"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
