import CirclesTestSupport
import Foundation
import Testing

/// A package of a user's, in `Consumer/`, that depends on circles by URL with the
/// `Package.swift` README shows, verbatim but for the URL (its `main` branch): built from a bare
/// clone of this repository's committed HEAD, as SwiftPM builds a remote dependency. It uses UndoKit (a counter as Apple's
/// documentation writes one), CircleCanvas (separate and grouped steps) and CircleSnapshotTesting
/// (`assertSnapshot(of: canvas)`), so it fails when a product or an API it uses breaks, and when
/// assertSnapshot comes to need the command line (CirclesKit, libedit) again.
///
/// The build from scratch takes a minute or more, so the test runs only with
/// `CIRCLES_CONSUMER_TEST=1`: `scripts/test-consumer` sets it, and `scripts/test --all` (what CI
/// runs) calls that script.
@Suite("A package of a user's that depends on circles by URL and version")
struct ConsumerPackageTests {
  static let isEnabled = ProcessInfo.processInfo.environment["CIRCLES_CONSUMER_TEST"] == "1"
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Consumer", isDirectory: true)
  static let snapshot = "sunsetLooksAsRecorded"

  /// Runs a tool found on the `PATH`, with the environment of this process minus a record mode.
  static func tool(
    _ name: String, _ arguments: [String], in folder: URL, record: String? = nil
  ) async throws -> Executable.Outcome {
    var environment = ProcessInfo.processInfo.environment
    environment["CIRCLES_RECORD"] = record
    // As in CI, wherever it runs: a missing golden is recorded only when asked.
    environment["CI"] = "true"
    environment["CIRCLES_CONSUMER_TEST"] = nil
    environment["NO_COLOR"] = "1"
    return try await Executable.run(
      program: URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, in: folder,
      environment: environment)
  }

  /// The `Package.swift` README shows a user, verbatim.
  static func readmeManifest() throws -> String {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "```swift\n// swift-tools-version"))
    let end = try #require(readme[start.upperBound...].range(of: "\n```\n"))
    return String(readme[readme.index(start.lowerBound, offsetBy: 9)..<end.lowerBound]) + "\n"
  }

  /// The URL README's manifest names, which the test replaces with its clone's.
  static let readmeURL = "https://example.com/circles.git"

  /// A bare clone of the repository's committed HEAD, whose `main` is that commit, without tags:
  /// README's line must resolve as a clone of main is.
  static func bareClone(in folder: URL) async throws -> URL {
    let clone = try await tool(
      "git", ["clone", "--quiet", "--bare", repositoryRoot.path, "circles.git"], in: folder)
    try #require(clone.status == 0, "\(clone)")
    let bare = folder.appendingPathComponent("circles.git", isDirectory: true)
    // The clone's `main` is the commit under test, whatever branch is checked out here.
    let head = try await tool("git", ["rev-parse", "HEAD"], in: repositoryRoot)
    let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let main = try await tool("git", ["update-ref", "refs/heads/main", commit], in: bare)
    try #require(head.status == 0 && main.status == 0, "\(head) \(main)")
    let tags = try await tool("git", ["tag", "--list"], in: bare).stdout.split(separator: "\n")
    if !tags.isEmpty {
      _ = try await tool("git", ["tag", "--delete"] + tags.map(String.init), in: bare)
    }
    return bare
  }

  /// Checks that the consumer's build has what assertSnapshot needs and nothing of the command
  /// line: CircleSnapshotTesting and CircleEngine are compiled, CirclesKit is not, and the test
  /// binary links Cairo but not libedit (the REPL's line editor).
  static func expectNoCommandLine(in app: URL) async throws {
    let products = app.appendingPathComponent(".build/debug", isDirectory: true)
      .resolvingSymlinksInPath()
    let files = FileManager.default
    let built =
      try files.contentsOfDirectory(atPath: products.path)
      + files.contentsOfDirectory(atPath: products.appendingPathComponent("Modules").path)
    #expect(built.contains("CircleSnapshotTesting.build"), "\(built.sorted())")
    #expect(built.contains("CircleEngine.swiftmodule"), "\(built.sorted())")
    // SwiftPM makes a folder for every target of circles; only those it compiles have a module.
    #expect(!built.contains("CirclesKit.swiftmodule"), "\(built.sorted())")
    #expect(!built.contains("CirclesKit.o"), "\(built.sorted())")
    let tests = products.appendingPathComponent("DrawingPackageTests.xctest")
    let linked = try await tool("readelf", ["--dynamic", tests.path], in: app)
    try #require(linked.status == 0, "\(linked)")
    #expect(linked.stdout.contains("[libcairo.so"), "\(linked.stdout)")
    #expect(!linked.stdout.contains("libedit"), "\(linked.stdout)")
  }

  @Test(
    "it builds; its snapshot test fails without a golden, records only with CIRCLES_RECORD, then passes",
    .enabled(if: isEnabled, "slow: run by scripts/test-consumer"), .timeLimit(.minutes(10)))
  func consumerPackage() async throws {
    let folder = try TemporaryFolder()
    let text = try Self.readmeManifest()
    let bare = try await Self.bareClone(in: folder.url)
    let app = folder.url.appendingPathComponent("app", isDirectory: true)
    try FileManager.default.copyItem(at: Self.fixture, to: app)
    #expect(text.contains(Self.readmeURL))
    try Data(text.replacingOccurrences(of: Self.readmeURL, with: bare.absoluteString).utf8)
      .write(to: app.appendingPathComponent("Package.swift"))
    let cache = ["--cache-path", folder.url.appendingPathComponent("cache").path]

    let build = try await Self.tool("swift", ["build", "--build-tests"] + cache, in: app)
    try #require(build.status == 0, "\(build)")
    try await Self.expectNoCommandLine(in: app)

    // At the package's root, outside the test target, so SwiftPM finds no unhandled file.
    let golden = app.appendingPathComponent(
      "__snapshots__/Tests/DrawingTests/DrawingTests/\(Self.snapshot).png")
    let actual = app.appendingPathComponent(
      ".circles-artifacts/DrawingTests/\(Self.snapshot).actual.png")
    let test = ["test", "--skip-build"] + cache
    let first = try await Self.tool("swift", test, in: app)
    #expect(first.status != 0, "\(first)")
    #expect(first.stdout.contains("✔ Test counterUndoesAndRedoesEachEvent() passed"), "\(first)")
    #expect(
      first.stdout.contains("✔ Test canvasChangesAreSeparateOrGroupedSteps() passed"), "\(first)")
    #expect(first.stdout.contains("no golden for snapshot '\(Self.snapshot)' at "), "\(first)")
    #expect(first.stdout.contains("with 1 issue"), "\(first)")
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    #expect(FileManager.default.fileExists(atPath: actual.path))

    let recording = try await Self.tool("swift", test, in: app, record: "missing")
    #expect(recording.status != 0, "\(recording)")
    #expect(recording.stdout.contains("recorded snapshot '\(Self.snapshot)' at "), "\(recording)")
    #expect(FileManager.default.fileExists(atPath: golden.path))

    let last = try await Self.tool("swift", test, in: app)
    #expect(last.status == 0, "\(last)")
    #expect(last.stdout.contains("✔ Test run with 3 tests"), "\(last)")

    // With the golden recorded, the consumer's build warns of nothing of circles'.
    let rebuild = try await Self.tool("swift", ["build", "--build-tests"] + cache, in: app)
    #expect(rebuild.status == 0, "\(rebuild)")
    #expect(!(rebuild.stdout + rebuild.stderr).contains("unhandled"), "\(rebuild)")
    #expect(!(rebuild.stdout + rebuild.stderr).contains("warning:"), "\(rebuild)")
  }
}
