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
    // Cairo's headers only: the library is not linked but loaded on first use by CCairoLoader,
    // so the package takes no `pkgConfig` here (pkg-config would add `-lcairo`, and with it
    // Cairo's two dozen libraries to every start of `circles`).
    .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // igzip, the deflate compressor of Intel's Intelligent Storage Acceleration Library: the
    // `fast` PNG compression (the default is zlib's).
    .systemLibrary(name: "CIsal", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
    // Cairo's functions, forwarded to the library loaded on first use (see CairoLoader.c).
    .target(name: "CCairoLoader", dependencies: ["CCairo"]),
    .target(name: "UndoKit", exclude: ["README.md"]),
    .target(name: "CircleCanvas", dependencies: ["UndoKit"]),
    .target(name: "CircleScript", dependencies: ["CircleCanvas", "UndoKit"]),
    .target(
      name: "CircleRender",
      dependencies: ["CCairo", "CCairoLoader", "CZlib", "CIsal", "CircleCanvas"]),
    .target(
      name: "CircleSnapshot", dependencies: ["CircleRender", "CircleCanvas"], exclude: ["README.md"]
    ),
    .target(name: "CircleSnapshotTesting", dependencies: ["CircleSnapshot", "CircleRender"]),
    .target(
      name: "CirclesKit",
      dependencies: ["CircleScript", "CircleRender", "CircleSnapshot", "CircleCanvas", "UndoKit"]
    ),
    // Release builds link a position-dependent executable: with the Swift runtime linked in
    // statically there are no tens of thousands of relocations to apply at every start, which
    // takes `circles --version` from about 2.9 to 2.4 ms (BENCHMARKS.md). The price is that the
    // executable itself always loads at the same address.
    .executableTarget(
      name: "circles", dependencies: ["CirclesKit"],
      linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]
    ),
    // Benchmarks against a C + Cairo reference built at run time from reference/ (release only).
    .executableTarget(
      name: "circles-bench",
      dependencies: ["CircleRender", "CircleCanvas", "CircleScript", "UndoKit"],
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
      name: "CircleRenderTests",
      dependencies: ["CircleRender", "CircleCanvas", "CirclesTestSupport"]
    ),
    .testTarget(
      name: "CircleSnapshotTests",
      dependencies: ["CircleSnapshot", "CircleSnapshotTesting", "CircleRender", "CircleCanvas"]
    ),
    .testTarget(
      name: "CirclesKitTests",
      dependencies: ["CirclesKit", "CircleRender", "CircleSnapshot", "CirclesTestSupport"],
      resources: []
    ),
    // What the end-to-end tests share: running the built binary, temporary folders.
    .target(name: "CirclesTestSupport", path: "Tests/Support"),
    .testTarget(
      name: "CLITests",
      dependencies: ["CirclesKit", "CircleRender", "CirclesTestSupport"]
    ),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "CirclesKit", "CircleScript", "CircleCanvas", "CircleRender", "CircleSnapshot", "UndoKit",
        "CirclesTestSupport",
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
