// swift-tools-version: 6.0
// A package of a user of circles: it depends on circles by URL and version, as README shows.
// The consumer-package test puts the URL of a bare clone of the repository here.
import PackageDescription

let package = Package(
  name: "Drawing",
  dependencies: [
    .package(url: "CIRCLES_URL", from: "1.0.0")
  ],
  targets: [
    .target(
      name: "Drawing",
      dependencies: [
        .product(name: "UndoKit", package: "circles"),
        .product(name: "CircleCanvas", package: "circles"),
      ]),
    .testTarget(
      name: "DrawingTests",
      dependencies: [
        "Drawing",
        .product(name: "UndoKit", package: "circles"),
        .product(name: "CircleCanvas", package: "circles"),
        .product(name: "CircleSnapshotTesting", package: "circles"),
      ]),
  ]
)
