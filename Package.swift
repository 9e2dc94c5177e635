// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "circles",
  products: [
    .executable(name: "circles", targets: ["circles"]),
    .library(name: "UndoKit", targets: ["UndoKit"]),
    .library(name: "CircleCanvas", targets: ["CircleCanvas"]),
    .library(name: "CircleScript", targets: ["CircleScript"]),
    .library(name: "CircleRender", targets: ["CircleRender"]),
    .library(name: "CircleSnapshot", targets: ["CircleSnapshot"]),
    .library(name: "CircleSnapshotTesting", targets: ["CircleSnapshotTesting"]),
    .library(name: "CirclesKit", targets: ["CirclesKit"]),
  ],
  targets: [
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // igzip, the deflate compressor of Intel's Intelligent Storage Acceleration Library: the
    // `fast` PNG compression (the default is zlib's).
    .systemLibrary(name: "CIsal", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
    // giflib: GIF writing for `circles run --animation history.gif` (and reading, in tests).
    .systemLibrary(
      name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
    // libedit: line editing, history and completion for `circles repl` at a terminal.
    .systemLibrary(
      name: "CEditLine", pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
    ),
    // GNU libmicrohttpd: the HTTP server of `circles preview`.
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
    // libarchive: the tar files of `circles check --blob`, which `circles merge-reports` reads.
    .systemLibrary(
      name: "CArchive", pkgConfig: "libarchive",
      providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]),
    .target(name: "UndoKit", exclude: ["README.md"]),
    // Files and threads: writes that are whole or absent, folders written beneath only, names
    // that are not UTF-8, worker threads. Not a product: every declaration is `package`.
    .target(name: "CircleSystem"),
    .target(name: "CircleCanvas", dependencies: ["UndoKit"]),
    .target(name: "CircleScript", dependencies: ["CircleCanvas", "CircleSystem", "UndoKit"]),
    .target(
      name: "CircleRender",
      dependencies: ["CCairo", "CZlib", "CIsal", "CGif", "CSpng", "CircleCanvas", "CircleSystem"]),
    .target(
      name: "CircleSnapshot", dependencies: ["CircleRender", "CircleCanvas", "CircleSystem"],
      exclude: ["README.md"]),
    // What turns a script into frames and checks them against goldens: `circles run` and
    // `circles check`, and assertSnapshot's scripts, without the command line.
    .target(
      name: "CircleEngine",
      dependencies: [
        "CircleScript", "CircleRender", "CircleSnapshot", "CircleCanvas", "CircleSystem", "UndoKit",
      ]),
    .target(
      name: "CircleSnapshotTesting",
      dependencies: [
        "CircleSnapshot", "CircleRender", "CircleCanvas", "CircleScript", "CircleEngine",
        "CircleSystem",
      ]),
    .target(
      name: "CirclesKit",
      dependencies: [
        "CircleEngine", "CircleScript", "CircleRender", "CircleSnapshot", "CircleCanvas", "UndoKit",
        "CircleSystem", "CEditLine", "CMicroHTTPD", "CArchive",
      ]
    ),
    .executableTarget(name: "circles", dependencies: ["CirclesKit"]),
    // libspng, which circles-bench measures against circles' own PNG decoder (BENCHMARKS.md).
    .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
    // Benchmarks against a C + Cairo reference built at run time from reference/ (release only).
    .executableTarget(
      name: "circles-bench",
      dependencies: [
        "CircleRender", "CircleCanvas", "CircleScript", "CircleSystem", "UndoKit", "CCairo",
        "CSpng",
        "CZlib",
        // The history viewer's page is timed in Chromium through the tests' driver.
        "CirclesTestSupport",
      ],
      exclude: ["reference"]),
    .testTarget(name: "UndoKitTests", dependencies: ["UndoKit", "CirclesTestSupport"]),
    // Ported Apple-platform code must also compile in the Swift 5 language mode.
    .testTarget(
      name: "UndoKitSwift5Tests",
      dependencies: ["UndoKit"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
      name: "CircleCanvasTests",
      dependencies: ["CircleCanvas", "UndoKit", "CirclesTestSupport"]
    ),
    .testTarget(
      name: "CircleScriptTests",
      dependencies: ["CircleScript", "CircleCanvas", "CirclesTestSupport"]
    ),
    .testTarget(
      name: "CircleSystemTests",
      dependencies: ["CircleSystem", "CirclesTestSupport"]
    ),
    .testTarget(
      name: "CircleRenderTests",
      dependencies: ["CircleRender", "CircleCanvas", "CirclesTestSupport"]
    ),
    .testTarget(
      name: "CircleSnapshotTests",
      dependencies: [
        "CircleSnapshot", "CircleSnapshotTesting", "CircleRender", "CircleCanvas", "CircleSystem",
        "CirclesTestSupport",
      ],
      // pixelmatch's test images, read from the source tree.
      exclude: ["Comparison/Fixtures"]
    ),
    .testTarget(
      name: "CircleEngineTests",
      dependencies: [
        "CircleEngine", "CircleScript", "CircleCanvas", "CircleRender", "CircleSnapshot",
        "CircleSystem", "CirclesTestSupport",
      ]),
    .testTarget(
      name: "CirclesKitTests",
      dependencies: [
        "CirclesKit", "CircleEngine", "CircleRender", "CircleSnapshot", "CircleSystem",
        "CirclesTestSupport",
      ],
      resources: []
    ),
    // What the test targets share: running the built binary, temporary folders, reading back
    // documents and contact sheets.
    .target(
      name: "CirclesTestSupport",
      dependencies: [
        "CircleRender", "CircleCanvas", "CircleScript", "CircleEngine", "CGif", "CCairo", "CZlib",
      ],
      path: "Tests/Support"),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "CirclesKit", "CircleEngine", "CircleRender", "CircleSnapshot", "CircleSnapshotTesting",
        "CirclesTestSupport",
      ]
    ),
    // Builds and tests a package that depends on circles by URL and version (slow: run by
    // scripts/test-consumer).
    .testTarget(
      name: "ConsumerPackageTests", dependencies: ["CirclesTestSupport"], exclude: ["Consumer"]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "CircleEngine", "CirclesKit", "CircleScript", "CircleCanvas", "CircleRender",
        "CircleSnapshot", "UndoKit", "CirclesTestSupport", "CZlib",
      ]
    ),
  ]
)

// The libFuzzer target has no `main`, so it links only in fuzzer builds (see scripts/fuzz).
if Context.environment["CIRCLES_FUZZ"] != nil {
  package.targets.append(
    .executableTarget(
      name: "CircleFuzz",
      dependencies: ["CircleScript", "CircleCanvas", "CircleRender", "CircleSnapshot"]))
}
