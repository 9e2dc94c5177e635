import CircleCanvas
import CircleSnapshot
import CircleSnapshotTesting
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `circles review --artifacts`: the failures `assertSnapshot` calls left, accepted into the
/// goldens of the calls' own layout.
@Suite("circles review of a test run's artifacts", .timeLimit(.minutes(3)))
struct ReviewArtifactsTests {
  /// A package folder with a test file, whose canvas snapshot `sun` and script snapshot
  /// `scene` were recorded, then checked again changed: both fail, with artifacts.
  static func failedRun() throws -> (TemporaryFolder, URL) {
    let folder = try TemporaryFolder()
    try folder.write("// swift-tools-version: 6.0\n", to: "Package.swift")
    let test = try folder.write("", to: "Tests/DrawingTests/DrawingTests.swift")
    func verifier(_ mode: RecordMode) -> SnapshotVerifier {
      SnapshotVerifier(
        record: mode, artifactsDirectory: folder.url.appendingPathComponent(".circles-artifacts"),
        environment: [:])
    }
    func canvas(_ fill: Colour) -> CanvasState {
      CanvasState(
        width: 20, height: 20,
        circles: [Circle(id: "sun", center: Point(x: 10, y: 10), radius: 6, fill: fill)])
    }
    let scene = "canvas 20x20\nadd a at 10,10 radius 4 fill gold\nmove a by 3,0\n"
    #expect(
      verifier(.missing).verify(canvas(Colour(hex: "#ffd700")!), named: "sun", testFile: test.path)
        != nil)
    #expect(verifier(.missing).verify(script: scene, named: "scene", testFile: test.path) != nil)
    #expect(
      verifier(.none).verify(canvas(Colour(hex: "#ffd700")!), named: "sun", testFile: test.path)
        == nil)
    let changed = scene.replacingOccurrences(of: "gold", with: "tomato")
    #expect(
      verifier(.none).verify(canvas(Colour(hex: "#ff6347")!), named: "sun", testFile: test.path)
        != nil)
    #expect(verifier(.none).verify(script: changed, named: "scene", testFile: test.path) != nil)
    return (folder, test)
  }

  @Test("each failure is listed from its entry; accepting writes the golden the call would record")
  func accept() async throws {
    let (folder, test) = try Self.failedRun()
    let entries = ReviewSubject.snapshots(
      in: folder.url.appendingPathComponent(".circles-artifacts"))
    #expect(entries.count == 2)
    let review = try await RunningReview.start(
      ["--artifacts", ".circles-artifacts"], in: folder.url)
    defer { review.program.signal(SIGKILL) }
    #expect(review.lines.dropFirst().first == "page 1: 3 to review", "\(review.lines)")
    let (data, _) = try await URLSession.shared.data(from: review.address)
    let page = String(decoding: data, as: UTF8.self)
    let token = try #require(page.firstMatch(of: /TOKEN = '([0-9a-f]+)'/)).1
    let ids = page.matches(of: /data-id="([^"]+)"/).map { String($0.1) }
    #expect(ids.count == 3)
    #expect(page.contains("record: .missingAndFailed in the call at DrawingTests.swift"))
    for id in ids {
      var request = URLRequest(
        url: review.address.appendingPathComponent("accept").appending(
          queryItems: [URLQueryItem(name: "frame", value: id)]))
      request.httpMethod = "POST"
      request.setValue(String(token), forHTTPHeaderField: "X-Circles-Token")
      let (body, response) = try await URLSession.shared.data(for: request)
      #expect(
        (response as? HTTPURLResponse)?.statusCode == 200,
        "\(String(decoding: body, as: UTF8.self))")
    }
    review.program.signal(SIGINT)
    let outcome = try #require(await review.program.outcome(within: .seconds(60)))
    #expect(outcome.status == 0, "\(outcome)")
    #expect(review.lines.last == "review: 3 accepted, 0 rejected; every frame matches its golden")
    // The calls pass now, against goldens where they keep them.
    let verifier = SnapshotVerifier(
      record: RecordMode.none,
      artifactsDirectory: folder.url.appendingPathComponent(".circles-artifacts"),
      environment: [:])
    let sun = CanvasState(
      width: 20, height: 20,
      circles: [
        Circle(id: "sun", center: Point(x: 10, y: 10), radius: 6, fill: Colour(hex: "#ff6347")!)
      ])
    #expect(verifier.verify(sun, named: "sun", testFile: test.path) == nil)
    let scene = "canvas 20x20\nadd a at 10,10 radius 4 fill tomato\nmove a by 3,0\n"
    #expect(verifier.verify(script: scene, named: "scene", testFile: test.path) == nil)
    #expect(
      ReviewSubject.snapshots(in: folder.url.appendingPathComponent(".circles-artifacts")).isEmpty,
      "a call that passes takes its entry away")
  }

  @Test("--artifacts needs a folder; review needs scripts or it")
  func usage() async throws {
    let folder = try TemporaryFolder()
    let none = try await Executable.run(["review", "--artifacts", "nothere"], in: folder.url)
    #expect(none.status == 2)
    #expect(none.stderr == "circles: error: cannot review 'nothere': not a folder of artifacts\n")
    let neither = try await Executable.run(["review"], in: folder.url)
    #expect(neither.status == 2)
    #expect(
      neither.stderr.hasPrefix(
        "circles: error: review needs at least one script or folder, or --artifacts <dir>"))
  }

  @Test("an entry whose golden folder lies outside the current folder is shown, never accepted")
  func outside() throws {
    let folder = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    let artifacts = folder.url.appendingPathComponent(".circles-artifacts/T", isDirectory: true)
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    SnapshotReviewEntry.keep(
      SnapshotReviewEntry(
        kind: .script, name: "evil", goldens: elsewhere.url.path, script: "canvas 4x4\n",
        scriptPath: elsewhere.url.appendingPathComponent("evil.circles").path, test: "T.swift",
        comparison: .exact),
      at: SnapshotReviewEntry.file(in: artifacts, name: "evil"))
    let session = ReviewSession(
      subjects: ReviewSubject.snapshots(
        in: folder.url.appendingPathComponent(".circles-artifacts")),
      options: CheckOptions(), currentDirectory: folder.url, channel: PreviewChannel())
    let round = try session.refresh()
    #expect(round.errors == 1)
    #expect(session.currentItems.isEmpty)
    let page = String(decoding: session.channel.current.page, as: UTF8.self)
    #expect(page.contains("is outside the current folder, where circles review may write"))
    #expect(elsewhere.files(in: ".").isEmpty, "nothing written there")
  }

  @Test("a script with a mistake: its diagnostic on standard error, as check prints it")
  func mistake() async throws {
    let folder = try TemporaryFolder()
    try folder.write("canvas 60x40\nadd sun at 10,10 radius 5 fill whte\n", to: "bad.circles")
    let review = try await RunningReview.start(["bad.circles"], in: folder.url)
    defer { review.program.signal(SIGKILL) }
    #expect(review.lines.dropFirst().first == "page 1: nothing to review, 1 script with an error")
    let shown = await eventually { review.program.stderr.contains("whte") }
    #expect(shown)
    #expect(
      review.program.stderr.contains(
        "bad.circles:2:32: error: unknown colour 'whte'; did you mean 'white'?\n"
          + "add sun at 10,10 radius 5 fill whte\n"))
    review.program.signal(SIGINT)
    #expect(await review.program.outcome(within: .seconds(60))?.status == 1)
  }
}
