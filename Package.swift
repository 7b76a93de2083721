// swift-tools-version: 6.2
// cardform: a payment card form served as server-rendered HTML.
// No package dependencies: only the toolchain and Debian C libraries (see README.md).
import PackageDescription

let package = Package(
    name: "cardform",
    products: [
        .executable(name: "cardform", targets: ["cardform"]),
    ],
    targets: [
        // The C boundary: libmicrohttpd through a module map and a few static inline shims.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Sources/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // libsodium: HMAC-SHA256 for signed webhooks and processor requests (no hand-rolled crypto).
        .systemLibrary(
            name: "CSodium",
            path: "Sources/CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // zlib: gzip for pages, fragments and assets (precompressed once), when the client accepts it.
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // hiredis: the Redis client under the shared session store and webhook outbox. No pkgConfig:
        // hiredis.pc adds -D_FILE_OFFSET_BITS=64, which SwiftPM refuses with a warning on every
        // build; the header is in the default include path (<hiredis/hiredis.h>) and the module map
        // links the library.
        .systemLibrary(
            name: "CRedis",
            path: "Sources/CRedis",
            providers: [.apt(["libhiredis-dev"])]
        ),
        // The only module that imports CMicroHTTPD.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CardFormSupport"]),
        // Mustache templates: lexer → parser → AST → renderer. Knows nothing of HTTP or cards.
        .target(name: "Mustache"),
        // The card session engine: pure Swift, no I/O.
        .target(name: "CardEngine", exclude: ["Countries/ATTRIBUTION.md"]),
        // What the app, HTTPServer, Payments and TemplateLint share: the redacting logger, random
        // tokens, the block scanner (how the server cuts a render into blocks, and the linter checks
        // them), file layers, `CodedError` (every module's error shape), hex digits. Imports nothing
        // of ours.
        .target(name: "CardFormSupport"),
        // Vault, processors, the merchant's hook, webhooks. Never imports CardFormApp.
        .target(name: "Payments", dependencies: ["CardEngine", "CardFormSupport", "CSodium"]),
        // `cardform check`: the designer's linter. Renders with sample data it is handed (a real
        // session's, built by the app); never imports CardFormApp.
        .target(name: "TemplateLint", dependencies: ["Mustache", "CardEngine", "CardFormSupport"]),
        // Glue: routes, session store, view models, fragments, commands.
        .target(
            name: "CardFormApp",
            dependencies: [
                "HTTPServer", "Mustache", "CardEngine", "CardFormSupport", "Payments", "TemplateLint", "CRedis", "CZlib",
            ],
            plugins: ["EmbedResources"]
        ),
        // main.swift only: hands the command line to CardFormApp.
        .executableTarget(name: "cardform", dependencies: ["CardFormApp"]),
        // `make bench`: speed figures measured in-process (not tests). One file per suite.
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["Mustache", "CardEngine", "CardFormApp"],
            path: "Benchmarks"
        ),

        // Build-time only: embeds the default Templates/ and Public/ into CardFormApp (one binary).
        .plugin(name: "EmbedResources", capability: .buildTool()),

        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "CardEngineTests", dependencies: ["CardEngine"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        // Every committed fuzz corpus input through its target once; `make fuzz` builds the
        // libFuzzer binaries from the same Fuzz/Targets outside SwiftPM (see Fuzz/README.md).
        .testTarget(
            name: "FuzzCorpusTests",
            dependencies: ["Mustache", "HTTPServer", "CardEngine"],
            path: "Fuzz",
            exclude: ["Entry", "Corpus", "README.md"]
        ),
        .testTarget(
            name: "CardFormAppTests",
            dependencies: ["CardFormApp", "CardFormSupport", "Payments", "TemplateLint", "cardform"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
